import SegueTiming
import SegueUIKit

/// Example c: a dismissal where a snapshot of the leaving view shrinks to its centre while the
/// view underneath fades from alpha 0.5 to 1 (2 s). The snapshot is why subviews shrink too:
/// scaling a view's frame would not scale its subviews, scaling a picture of it does.
@MainActor
public final class ShrinkDismissAnimator: ViewControllerAnimatedTransitioning {
    public let duration: Double
    /// The alpha the revealed view starts from.
    public let revealedStartAlpha: Double

    public init(duration: Double = 2, revealedStartAlpha: Double = 0.5) {
        self.duration = duration
        self.revealedStartAlpha = revealedStartAlpha
    }

    public func transitionDuration(using context: (any ViewControllerContextTransitioning)?) -> Double { duration }

    public func animateTransition(using context: any ViewControllerContextTransitioning) {
        let container = context.containerView
        guard let (_, toController, fromView) = context.controllersAndLeavingView() else { return context.completeTransition(false) }
        let toView = context.view(forKey: .to)
        if let toView {
            let final = context.finalFrame(for: toController)
            if final != .zero { toView.frame = final }
            toView.alpha = revealedStartAlpha
        }
        guard let snapshot = fromView.snapshotView(afterScreenUpdates: false) else {
            toView?.alpha = 1
            return context.completeWithoutAnimation()
        }
        snapshot.frame = fromView.convert(fromView.bounds, to: container) ?? fromView.frame
        container.addSubview(snapshot)
        fromView.isHidden = true
        View.animate(withDuration: duration, animations: {
            snapshot.frame = snapshot.frame.insetBy(dx: snapshot.frame.width / 2, dy: snapshot.frame.height / 2)
            toView?.alpha = 1
        }, completion: { _ in
            snapshot.removeFromSuperview()
            fromView.isHidden = false
            toView?.alpha = 1
            context.completeTransition(!context.transitionWasCancelled)
        })
    }
}
