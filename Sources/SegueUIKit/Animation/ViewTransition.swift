import SegueTiming

/// UIKit's transition options of `View.transition(with:...)` and `transition(from:to:...)`
/// (raw values are UIKit's).
extension AnimationOptions {
    /// `transition(from:to:)` hides and shows the views instead of removing and adding them.
    public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
    /// The view turns about its vertical axis, its left edge coming towards the viewer.
    public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
    /// The view turns about its vertical axis, its right edge coming towards the viewer.
    public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
    /// The old look curls up from its bottom edge, the bottom-right corner first, showing the new one.
    public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
    /// The new look curls down from the top over the old one (curl up played backwards).
    public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
    /// The old look fades out over the new one.
    public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
    /// The view turns about its horizontal axis, its top edge coming towards the viewer.
    public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
    /// The view turns about its horizontal axis, its bottom edge coming towards the viewer.
    public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)

    /// The transition kind (bits 20–23), 0 for none.
    var transitionKind: Int { (rawValue >> 20) & 0xF }
}

extension View {
    /// UIKit's `transition(with:duration:options:animations:completion:)`: `animations` change the
    /// view (its subviews, its content) at once, and the change shows through the transition the
    /// options name: the old and the new look are snapshots drawn once by the window's compositor
    /// into textures, turned (flips, with perspective), curled (page curls) or faded (cross-dissolve) on the GPU over
    /// `duration`, while the view itself is hidden. Without a compositor (or a transition option)
    /// the change shows at once, the reason going to the window's diagnostics.
    public static func transition(
        with view: View, duration: Double, options: AnimationOptions = [], animations: (() -> Void)?,
        completion: ((Bool) -> Void)? = nil
    ) {
        let before = snapshotForTransition(of: view, options: options)
        View.performWithoutAnimation { animations?() }
        view.layoutIfNeeded()
        guard let before, let after = snapshotForTransition(of: view, options: options), let superview = view.superview else {
            return View.animate(withDuration: 0, animations: {}, completion: completion)
        }
        showTransition(options, duration: duration, before: before, after: after, in: superview, hiding: [view]) { finished in
            completion?(finished)
        }
    }

    /// UIKit's `transition(from:to:duration:options:completion:)`: `toView` takes `fromView`'s
    /// place (added where it was, `fromView` removed; with `.showHideTransitionViews` one is shown
    /// and the other hidden) through the transition the options name, drawn as above.
    public static func transition(
        from fromView: View, to toView: View, duration: Double, options: AnimationOptions = [],
        completion: ((Bool) -> Void)? = nil
    ) {
        guard let superview = fromView.superview else {
            fromView.transitionDiagnostics.report("transition(from:to:): \(fromView.name) has no superview; nothing to replace")
            return View.animate(withDuration: 0, animations: {}, completion: completion)
        }
        let showHide = options.contains(.showHideTransitionViews)
        let before = snapshotForTransition(of: fromView, options: options)
        if showHide {
            toView.isHidden = false
        } else if toView.superview !== superview, let index = superview.subviews.firstIndex(where: { $0 === fromView }) {
            superview.insertSubview(toView, at: index)
        }
        toView.layoutIfNeeded()
        let after = snapshotForTransition(of: toView, options: options)
        let swap = {
            if showHide { fromView.isHidden = true } else { fromView.removeFromSuperview() }
        }
        guard let before, let after else {
            swap()
            return View.animate(withDuration: 0, animations: {}, completion: completion)
        }
        showTransition(options, duration: duration, before: before, after: after, in: superview, hiding: [fromView, toView]) { finished in
            swap()
            completion?(finished)
        }
    }

    /// A snapshot for a transition, nil when the options name none or it cannot be drawn.
    private static func snapshotForTransition(of view: View, options: AnimationOptions) -> View? {
        guard (1...7).contains(options.transitionKind) else { return nil }
        return view.snapshotView(afterScreenUpdates: true)
    }
}
