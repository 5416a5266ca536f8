import SegueTiming
import SegueUIKit

/// Example e (objc.io): a push where the from-view shrinks to 0.1 while the to-view fades in
/// from alpha 0 (0.25 s).
@MainActor
public final class ZoomPushAnimator: ViewControllerAnimatedTransitioning {
    public let duration: Double
    public init(duration: Double = 0.25) { self.duration = duration }

    public func transitionDuration(using context: (any ViewControllerContextTransitioning)?) -> Double { duration }

    public func animateTransition(using context: any ViewControllerContextTransitioning) {
        guard let fromController = context.viewController(forKey: .from), let toController = context.viewController(forKey: .to) else {
            return context.completeTransition(false)
        }
        let fromView = context.view(forKey: .from) ?? fromController.view
        let toView = context.view(forKey: .to) ?? toController.view
        let finalFrame = context.finalFrame(for: toController)
        toView.frame = finalFrame == .zero ? context.containerView.bounds : finalFrame
        context.containerView.addSubview(toView)
        toView.alpha = 0
        View.animate(withDuration: duration, animations: {
            fromView.transform = Transform3D(scaleX: 0.1, y: 0.1, z: 1)
            toView.alpha = 1
        }, completion: { _ in
            View.performWithoutAnimation { fromView.transform = .identity }
            if context.transitionWasCancelled { toView.removeFromSuperview() } else { fromView.removeFromSuperview() }
            context.completeTransition(!context.transitionWasCancelled)
        })
    }
}

/// Example e's interactive push: a pan that starts on the right half of the view pushes
/// interactively with percent = −translation.x / width; on release it finishes if the
/// horizontal velocity is negative, else cancels. The interaction controller is dropped
/// afterwards so the next push is not interactive by accident.
@MainActor
public final class ZoomPushInteraction {
    /// Non-nil only while a pan drives a push: the navigation delegate vends this.
    public private(set) var interactionController: PercentDrivenInteractiveTransition?
    private let beginPush: @MainActor () -> Void

    public init(beginPush: @escaping @MainActor () -> Void) { self.beginPush = beginPush }

    public func handle(_ pan: PanGestureRecognizer, in view: View) {
        switch pan.state {
        case .began:
            guard pan.location(in: view).x > view.bounds.midX else { return }
            interactionController = PercentDrivenInteractiveTransition()
            beginPush()
        case .changed:
            guard let interactionController, view.bounds.width > 0 else { return }
            interactionController.update(-pan.translation(in: view).x / view.bounds.width)
        case .ended, .cancelled:
            guard let interactionController else { return }
            if pan.state == .ended && pan.velocity(in: view).x < 0 { interactionController.finish() } else { interactionController.cancel() }
            self.interactionController = nil
        default:
            break
        }
    }
}
