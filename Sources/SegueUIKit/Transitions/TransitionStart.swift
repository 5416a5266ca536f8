/// How the system starts a transition once its context exists, shared by presentations,
/// navigation and tab bar controllers and the swipe container (UIKit's rules):
/// - a percent-driven interaction controller is always given the transition; it starts it
///   interactively or, with `wantsInteractiveStart == false`, running (so that `pause()` can
///   grab it later);
/// - another interaction controller is started when it wants an interactive start; otherwise,
///   or with none, the animator's `animateTransition` runs;
/// - the animator is asked for its interruptible animator: when it vends one, the coordinator's
///   alongside animations join it (they pause, scrub and reverse with the transition);
/// - views of the two screens that share a `View.transitionID` fly between their frames above
///   the animator's work, following the transition's progress (`SharedElementFlight`).
@MainActor
enum TransitionStart {
    static func start(
        context: TransitionContext, animator: any ViewControllerAnimatedTransitioning,
        interaction: (any ViewControllerInteractiveTransitioning)?, coordinator: TransitionCoordinator?
    ) {
        // Shared elements (View.transitionID) hide before the animator runs, so an animator that
        // snapshots a screen leaves them out, and fly above it once it has placed the screens.
        let sharedElements = coordinator.flatMap { SharedElementFlight.prepare(context: context, coordinator: $0) }
        // Animations of views in no window (a snapshot not added yet) start on the container's window.
        AnimationTransaction.inCharge(context.containerView.animationEngine) {
            startInCharge(context: context, animator: animator, interaction: interaction, coordinator: coordinator)
        }
        sharedElements?.launch()
    }

    private static func startInCharge(
        context: TransitionContext, animator: any ViewControllerAnimatedTransitioning,
        interaction: (any ViewControllerInteractiveTransitioning)?, coordinator: TransitionCoordinator?
    ) {
        coordinator?.interaction = interaction
        if let percentDriven = interaction as? PercentDrivenInteractiveTransition {
            percentDriven.transitionAnimator = animator
            percentDriven.startInteractiveTransition(context)
            coordinator?.interruptibleAnimator = percentDriven.interruptibleAnimator
            if percentDriven.interruptibleAnimator == nil { coordinator?.timeDomain = percentDriven.timeDomain }
        } else if let interaction, context.isInteractive {
            interaction.startInteractiveTransition(context)
            coordinator?.interruptibleAnimator = animator.interruptibleAnimator(using: context)
        } else {
            animator.animateTransition(using: context)
            coordinator?.interruptibleAnimator = animator.interruptibleAnimator(using: context)
        }
    }
}
