import SegueTiming

extension View {
    /// Shows `before` turning, curling or fading into `after` over `superview` (both at their
    /// views' frames, the views hidden meanwhile), then removes them and shows the views again.
    static func showTransition(
        _ options: AnimationOptions, duration: Double, before: View, after: View, in superview: View, hiding views: [View],
        completion: @escaping (Bool) -> Void
    ) {
        let hidden = views.filter { !$0.isHidden }
        for view in hidden { view.isHidden = true }
        superview.addSubview(after)
        superview.addSubview(before)
        let total = max(0, duration)
        let finish: (Bool) -> Void = { finished in
            before.removeFromSuperview()
            after.removeFromSuperview()
            for view in hidden { view.isHidden = false }
            completion(finished)
        }
        if options.transitionKind == 3 || options.transitionKind == 4 {
            before.isHidden = true  // the curl's own view shows both looks
            after.isHidden = true
            let up = options.transitionKind == 3
            if !showPageCurl(up: up, duration: total, before: before, after: after, in: superview, completion: finish) { finish(true) }
            return
        }
        if options.transitionKind == 5 {
            View.animate(withDuration: total, options: .curveEaseInOut, animations: { before.alpha = 0 }, completion: finish)
            return
        }
        // A flip: the old look turns edge-on over the first half, the new one turns in from
        // edge-on over the second (UIKit's flip, perspective m34 = −1/500 as the modal flip).
        let (axis, sign) = flipAxis(options.transitionKind)
        let perspective = Transform3D.perspective(m34: -1.0 / 500)
        after.isHidden = true
        after.transform = perspective.rotated(by: -sign * .pi / 2, x: axis.x, y: axis.y, z: 0)
        View.animate(withDuration: total / 2, options: .curveEaseIn, animations: {
            before.transform = perspective.rotated(by: sign * .pi / 2, x: axis.x, y: axis.y, z: 0)
        }, completion: { _ in
            before.isHidden = true
            after.isHidden = false
        })
        View.animate(withDuration: total / 2, delay: total / 2, options: .curveEaseOut, animations: {
            after.transform = perspective
        }, completion: finish)
    }

    /// The rotation axis and direction of a flip: from the left, the left edge comes forward
    /// (a turn about y that takes the right edge away); from the top, the top edge comes forward.
    private static func flipAxis(_ kind: Int) -> (axis: (x: Double, y: Double), sign: Double) {
        switch kind {
        case 1: ((0, 1), 1)
        case 2: ((0, 1), -1)
        case 6: ((1, 0), -1)
        default: ((1, 0), 1)
        }
    }
}
