import CardTransitions
import Segue

/// Vends the package's `CornerRevealAnimator` both ways, and for a dismissal the interaction
/// an edge pan started (none: the dismissal just plays).
@MainActor
public final class CardTransitioningDelegate: ViewControllerTransitioningDelegate {
    public let duration: Double
    /// Set by the detail screen's edge pan while it drives a dismissal.
    public internal(set) var dismissalInteraction: PercentDrivenInteractiveTransition?

    public init(duration: Double = 0.4) { self.duration = duration }

    public func animationController(
        forPresented presented: ViewController, presenting: ViewController, source: ViewController
    ) -> (any ViewControllerAnimatedTransitioning)? {
        CornerRevealAnimator(duration: duration)
    }

    public func animationController(forDismissed dismissed: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
        CornerRevealAnimator(duration: duration)
    }

    public func interactionControllerForDismissal(
        using animator: any ViewControllerAnimatedTransitioning
    ) -> (any ViewControllerInteractiveTransitioning)? {
        dismissalInteraction
    }
}
