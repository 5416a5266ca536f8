import Segue

extension TransitionScenario {
    /// The package's animator as a transition the catalog knows: timed (the card presented with
    /// the corner reveal) and driven by a drag (`CornerRevealPan`). Registered by an app with
    /// `catalog.register(.scenario(.cornerReveal))`, it appears in `segue play`'s window list,
    /// the player and the gesture soak like a built-in.
    public static let cornerReveal = TransitionScenario(
        name: "corner-reveal",
        summary: "the card grows out of the top-left corner while it fades in (0.4 s); drag right to reveal it",
        duration: 0.4,
        gesture: ScenarioGesture(summary: "drag right: percent = translation.x / width; on release finish past half") { window, from, to in
            let pan = CornerRevealPan(presenting: from, presented: to)
            window.retain(pan)
            return pan
        }
    ) { window, from, to in
        let delegate = FixedTransitioningDelegate(present: CornerRevealAnimator(), dismiss: CornerRevealAnimator())
        window.retain(delegate)
        to.transitioningDelegate = delegate
        from.present(to, animated: true)
    }
}

/// The corner reveal driven by a horizontal pan: a press presents, the drag sets the percent, a
/// release past half finishes, else it is cancelled.
@MainActor
public final class CornerRevealPan: ScenarioInteraction {
    private let presenting: ViewController
    private let presented: ViewController
    private let interaction = PercentDrivenInteractiveTransition()
    private let delegate: FixedTransitioningDelegate
    private var began = false

    public init(presenting: ViewController, presented: ViewController) {
        (self.presenting, self.presented) = (presenting, presented)
        delegate = FixedTransitioningDelegate(present: CornerRevealAnimator())
        delegate.presentInteraction = interaction
        presented.transitioningDelegate = delegate
    }

    public func handle(_ pan: PanGestureRecognizer, in view: View) {
        let percent = min(1, max(0, pan.translation(in: view).x / max(1, view.bounds.width)))
        switch pan.state {
        case .began:
            guard !began else { return }
            began = true
            presenting.present(presented, animated: true)
            interaction.update(percent)
        case .changed:
            interaction.update(percent)
        case .ended, .cancelled:
            if pan.state == .ended && percent > 0.5 { interaction.finish() } else { interaction.cancel() }
        default:
            break
        }
    }

    public var phase: ScenarioInteractionPhase {
        guard began else { return .idle }
        if let window = Window.containing(presented.view) ?? Window.containing(presenting.view),
           window.transitionDriver.isTransitioning { return .running }
        return presenting.presentedViewController === presented ? .finished : .cancelled
    }

    public var percentComplete: Double {
        switch phase {
        case .idle, .cancelled: 0
        case .finished: 1
        case .running: interaction.percentComplete
        }
    }

    /// Finished: the card presented and at rest; otherwise the list alone, presenting nothing.
    public var isSettledCleanly: Bool {
        switch phase {
        case .running: false
        case .finished: presenting.presentedViewController === presented && presented.view.isAtRest
        case .idle, .cancelled: presenting.presentedViewController == nil && presenting.view.isAtRest
        }
    }
}
