/// UIModalTransitionStyle: how a presentation without a vended animator looks. The presented
/// controller's style is used for both its presentation and its dismissal.
public enum ModalTransitionStyle: Sendable, Equatable {
    /// The presented view slides up from the bottom (dismissal: back down). 0.3 s.
    case coverVertical
    /// The presented view fades in over the presenter (dismissal: out). 0.3 s.
    case crossDissolve
    /// The screen turns about its vertical axis, right edge away, showing the presented view
    /// on its back (dismissal: the other way). 0.6 s, in two halves: the leaving view turns
    /// edge-on, then the arriving one turns in from edge-on. Perspective m34 = −1/500.
    case flipHorizontal
    /// The presenter's screen curls up from its bottom edge part way (the bottom-right corner
    /// first), showing the presented view beneath, and stays curled while it is presented;
    /// dismissal uncurls it. 0.6 s. Drawn on the GPU from a snapshot of the presenter (a window
    /// without a compositor shows the change at once, reported); the curled page takes no
    /// input (UIKit dismisses on a tap on it: dismiss yourself).
    case partialCurl
}

/// What a transition without a vended animator looks like: the presented controller's
/// `modalTransitionStyle`, or an immediate change when not animated.
@MainActor
final class StandardTransitionAnimator: ViewControllerAnimatedTransitioning {
    let animated: Bool
    init(animated: Bool) { self.animated = animated }

    private static func style(_ context: (any ViewControllerContextTransitioning)?) -> ModalTransitionStyle {
        guard let context, let to = context.viewController(forKey: .to), let from = context.viewController(forKey: .from) else {
            return .coverVertical
        }
        return (isPresentation(context) ? to : from).modalTransitionStyle
    }

    private static func isPresentation(_ context: any ViewControllerContextTransitioning) -> Bool {
        guard let to = context.viewController(forKey: .to), let from = context.viewController(forKey: .from) else { return false }
        return to.presentingViewController === from
    }

    func transitionDuration(using context: (any ViewControllerContextTransitioning)?) -> Double {
        guard animated else { return 0 }
        return [.flipHorizontal, .partialCurl].contains(Self.style(context)) ? 0.6 : 0.3
    }

    func animateTransition(using context: any ViewControllerContextTransitioning) {
        let isPresenting = Self.isPresentation(context)
        if isPresenting, let to = context.viewController(forKey: .to), let toView = context.view(forKey: .to) {
            toView.frame = context.finalFrame(for: to)
            context.containerView.addSubview(toView)
        }
        let duration = transitionDuration(using: context)
        let finish: (Bool) -> Void = { _ in context.completeTransition(!context.transitionWasCancelled) }
        if Self.style(context) == .partialCurl, !isPresenting, duration == 0 { PartialCurl.end(context) }
        guard duration > 0 else { return finish(true) }
        switch Self.style(context) {
        case .coverVertical: coverVertical(context, isPresenting: isPresenting, duration: duration, finish: finish)
        case .crossDissolve: crossDissolve(context, isPresenting: isPresenting, duration: duration, finish: finish)
        case .flipHorizontal: flipHorizontal(context, isPresenting: isPresenting, duration: duration, finish: finish)
        case .partialCurl:
            if isPresenting {
                PartialCurl.curl(context, duration: duration, finish: finish)
            } else {
                PartialCurl.uncurl(context, duration: duration, finish: finish)
            }
        }
    }

    private func coverVertical(
        _ context: any ViewControllerContextTransitioning, isPresenting: Bool, duration: Double, finish: @escaping (Bool) -> Void
    ) {
        let height = context.containerView.bounds.height
        if isPresenting, let toView = context.view(forKey: .to) {
            let final = toView.frame
            toView.frame = final.offsetBy(dx: 0, dy: height)
            View.animate(withDuration: duration, options: .curveEaseOut, animations: { toView.frame = final }, completion: finish)
        } else if let fromView = context.view(forKey: .from) {
            let start = fromView.frame
            View.animate(withDuration: duration, options: .curveEaseIn, animations: {
                fromView.frame = start.offsetBy(dx: 0, dy: height)
            }, completion: finish)
        } else {
            finish(true)
        }
    }

    private func crossDissolve(
        _ context: any ViewControllerContextTransitioning, isPresenting: Bool, duration: Double, finish: @escaping (Bool) -> Void
    ) {
        if isPresenting, let toView = context.view(forKey: .to) {
            let alpha = toView.alpha
            toView.alpha = 0
            View.animate(withDuration: duration, options: .curveEaseInOut, animations: { toView.alpha = alpha }, completion: finish)
        } else if let fromView = context.view(forKey: .from) {
            let alpha = fromView.alpha
            View.animate(withDuration: duration, options: .curveEaseInOut, animations: { fromView.alpha = 0 }, completion: {
                fromView.alpha = alpha  // the view is shown as it was if it is presented again
                finish($0)
            })
        } else {
            finish(true)
        }
    }

    private func flipHorizontal(
        _ context: any ViewControllerContextTransitioning, isPresenting: Bool, duration: Double, finish: @escaping (Bool) -> Void
    ) {
        let container = context.containerView
        guard let fromView = context.view(forKey: .from) ?? context.viewController(forKey: .from)?.view,
            let toView = context.view(forKey: .to) ?? context.viewController(forKey: .to)?.view
        else { return finish(true) }
        if !isPresenting, toView.superview !== container {
            // The presenter turns in on the front face: it must not show behind the leaving view
            // (the driver puts it back where it belongs when the dismissal completes).
            if let to = context.viewController(forKey: .to) { toView.frame = context.finalFrame(for: to) }
            container.insertSubview(toView, at: 0)
        }
        // Presenting turns right edge away (+y rotation); dismissing turns back the other way.
        let sign: Double = isPresenting ? 1 : -1
        let perspective = Transform3D.perspective(m34: -1.0 / 500)
        let (fromTransform, toTransform) = (fromView.transform, toView.transform)
        toView.transform = perspective.rotated(by: -sign * .pi / 2, x: 0, y: 1, z: 0)
        let half = duration / 2
        View.animate(withDuration: half, options: .curveEaseIn, animations: {
            fromView.transform = perspective.rotated(by: sign * .pi / 2, x: 0, y: 1, z: 0)
        })
        View.animate(withDuration: half, delay: half, options: .curveEaseOut, animations: {
            toView.transform = perspective
        }, completion: { finished in
            fromView.transform = fromTransform
            toView.transform = toTransform
            finish(finished)
        })
    }
}
