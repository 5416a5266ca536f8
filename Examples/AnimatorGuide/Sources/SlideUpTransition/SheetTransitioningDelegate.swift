import Segue

/// Vends the animator for the sheet's presentation and dismissal, and the interaction
/// controller while a swipe drives the dismissal.
@MainActor
public final class SheetTransitioningDelegate: ViewControllerTransitioningDelegate {
    public let duration: Double
    /// The swipe that can dismiss the sheet on screen (set when it is presented).
    public var swipeToDismiss: SwipeDownToDismiss?

    public init(duration: Double = 0.4) { self.duration = duration }

    public func animationController(
        forPresented presented: ViewController, presenting: ViewController, source: ViewController
    ) -> (any ViewControllerAnimatedTransitioning)? {
        SheetAnimator(presenting: true, duration: duration)
    }

    public func animationController(forDismissed dismissed: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
        SheetAnimator(presenting: false, duration: duration)
    }

    /// Only a dismissal a finger started is interactive; `dismiss(animated: true)` from code
    /// (or a tap) just plays the animator.
    public func interactionControllerForDismissal(
        using animator: any ViewControllerAnimatedTransitioning
    ) -> (any ViewControllerInteractiveTransitioning)? {
        guard let swipe = swipeToDismiss, swipe.isInteracting else { return nil }
        return swipe
    }
}
