import SegueUIKit

/// Example b (AppCoda's `CustomPresentAnimationController`): the "to" view starts one
/// container height below its final frame (above it with `fromAbove`) and springs in
/// (2.5 s, damping 0.5, initial velocity 0) while the "from" view's alpha goes to 0.5; the
/// from view's alpha is restored (to what it was, 1 in the seed) when the animation ends.
///
/// The seed is presentation-only. Vended for a dismissal, this animator plays the mirror: the
/// "from" view leaves by one container height the way it came in, with an ease-in curve over
/// `dismissalDuration` (a spring with damping 0.5 would swing back into view past an
/// off-screen target).
@MainActor
public final class SlideUpSpringPresentAnimator: ViewControllerAnimatedTransitioning {
    public let duration: Double
    public let dampingRatio: Double
    public let initialSpringVelocity: Double
    /// The "from" view's alpha while the "to" view springs in.
    public let fromViewAlpha: Double
    /// The variant: the "to" view comes down from one height above.
    public let fromAbove: Bool
    public let dismissalDuration: Double

    public init(
        fromAbove: Bool = false, duration: Double = 2.5, dampingRatio: Double = 0.5, initialSpringVelocity: Double = 0,
        fromViewAlpha: Double = 0.5, dismissalDuration: Double = 0.5
    ) {
        self.fromAbove = fromAbove
        self.duration = max(0, duration)
        self.dampingRatio = dampingRatio
        self.initialSpringVelocity = initialSpringVelocity
        self.fromViewAlpha = fromViewAlpha
        self.dismissalDuration = max(0, dismissalDuration)
    }

    public func transitionDuration(using context: (any ViewControllerContextTransitioning)?) -> Double {
        guard let context, !context.isPresentingTransition else { return duration }
        return dismissalDuration
    }

    /// Where the entering view starts (and a dismissed one goes): one container height away.
    func offset(in container: View) -> Double { (fromAbove ? -1 : 1) * container.bounds.height }

    public func animateTransition(using context: any ViewControllerContextTransitioning) {
        let container = context.containerView
        let duration = transitionDuration(using: context)
        let offset = offset(in: container)
        if context.isPresentingTransition {
            guard let (toController, toView) = context.presentedControllerAndView() else { return context.completeWithoutAnimation() }
            // Nil in a custom presentation (the presenter's view is not part of it).
            let fromView = context.view(forKey: .from)
            let originalAlpha = fromView?.alpha ?? 1
            let originalFrame = toView.frame
            let final = context.finalFrame(for: toController)
            toView.frame = final.offsetBy(dx: 0, dy: offset)
            container.addSubview(toView)
            View.animate(
                withDuration: duration, usingSpringWithDamping: dampingRatio, initialSpringVelocity: initialSpringVelocity,
                animations: {
                    fromView?.alpha = self.fromViewAlpha
                    toView.frame = final
                },
                completion: { _ in
                    fromView?.alpha = originalAlpha
                    context.endPresentation(of: toView) { toView.frame = originalFrame }
                })
        } else {
            guard let fromView = context.view(forKey: .from) else {
                return context.completeWithoutAnimation()
            }
            let start = fromView.frame
            View.animate(withDuration: duration, options: .curveEaseIn, animations: {
                fromView.frame = start.offsetBy(dx: 0, dy: offset)
            }, completion: { _ in
                context.endDismissal(of: fromView) { fromView.frame = start }
            })
        }
    }
}
