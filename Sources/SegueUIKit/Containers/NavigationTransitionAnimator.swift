/// A push or pop without a vended animator: UIKit's slide. On push the new view slides in from
/// the right while the old one moves left by 30 % of the width; a pop is the mirror. 0.35 s,
/// ease-in-out; not animated, the new view is simply in place. Driven by a percent-driven
/// interaction (the edge pan's pop) the slide is linear, as UIKit's: the screen's edge stays
/// under the finger (percent = translation / width) instead of lagging and overtaking it.
@MainActor
final class NavigationTransitionAnimator: ViewControllerAnimatedTransitioning {
    static let duration = 0.35
    /// How far the covered view moves, as a fraction of the width (parallax).
    static let parallax = 0.3
    let operation: NavigationOperation
    let animated: Bool

    init(operation: NavigationOperation, animated: Bool) {
        self.operation = operation
        self.animated = animated
    }

    func transitionDuration(using context: (any ViewControllerContextTransitioning)?) -> Double {
        animated ? Self.duration : 0
    }

    func animateTransition(using context: any ViewControllerContextTransitioning) {
        let container = context.containerView
        guard let to = context.viewController(forKey: .to), let toView = context.view(forKey: .to),
            let fromView = context.view(forKey: .from)
        else { return context.completeTransition(!context.transitionWasCancelled) }
        let final = context.finalFrame(for: to)
        let start = fromView.frame
        let width = container.bounds.width
        let isPush = operation == .push
        if isPush {
            container.addSubview(toView)
        } else if toView.superview !== container {
            container.insertSubview(toView, belowSubview: fromView)
        }
        guard context.isAnimated else {
            toView.frame = final
            return context.completeTransition(true)
        }
        toView.frame = final.offsetBy(dx: isPush ? width : -Self.parallax * width, dy: 0)
        let curve: AnimationOptions = context.isInteractive ? .curveLinear : .curveEaseInOut
        View.animate(withDuration: Self.duration, options: curve, animations: {
            toView.frame = final
            fromView.frame = start.offsetBy(dx: isPush ? -Self.parallax * width : width, dy: 0)
        }, completion: { _ in
            // The from view is shown again after a cancel, and reused after a pop's undo.
            fromView.frame = start
            if context.transitionWasCancelled { toView.frame = final }
            context.completeTransition(!context.transitionWasCancelled)
        })
    }
}
