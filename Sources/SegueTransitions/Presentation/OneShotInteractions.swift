import SegueUIKit

/// A transitioning delegate whose interaction controllers serve one transition each: a gesture
/// sets one just before it presents or dismisses, the delegate hands it over when asked and
/// forgets it, so the next transition (a tap, a button) is not interactive by accident — what
/// seed e does by dropping its interaction controller after each transition.
@MainActor
public protocol OneShotInteractionVending: ViewControllerTransitioningDelegate {
    /// Vended for the next presentation only.
    var presentationInteraction: (any ViewControllerInteractiveTransitioning)? { get set }
    /// Vended for the next dismissal only.
    var dismissalInteraction: (any ViewControllerInteractiveTransitioning)? { get set }
}

extension OneShotInteractionVending {
    public func interactionControllerForPresentation(
        using animator: any ViewControllerAnimatedTransitioning
    ) -> (any ViewControllerInteractiveTransitioning)? {
        defer { presentationInteraction = nil }
        return presentationInteraction
    }

    public func interactionControllerForDismissal(
        using animator: any ViewControllerAnimatedTransitioning
    ) -> (any ViewControllerInteractiveTransitioning)? {
        defer { dismissalInteraction = nil }
        return dismissalInteraction
    }
}
