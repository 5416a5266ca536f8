import SegueTiming

/// UIPercentDrivenInteractiveTransition: drives an existing animator's animations by a
/// fraction. Two ways, as in UIKit (iOS 10+):
/// - the animator vends an interruptible animator (`interruptibleAnimator(using:)`): that
///   property animator is paused, `update` sets its `fractionComplete`, and `finish`/`cancel`
///   continue it forwards or reversed (`continueAnimation(withTimingParameters:durationFactor:)`);
///   `animateTransition` is not called for an interactive start;
/// - otherwise the animator runs once, on a paused time domain; `update` sets the domain's time
///   (the interactive part is linear); `finish` and `cancel` let the rest play.
/// Either way the rest plays over `(1 − percent) × duration / completionSpeed` (or `percent × …`
/// when cancelling) with `timingCurve` (or `completionCurve`), after which the animator's
/// completions call `completeTransition`. With `wantsInteractiveStart == false` the transition
/// starts running, and `pause()` turns it interactive where it is.
@MainActor
open class PercentDrivenInteractiveTransition: ViewControllerInteractiveTransitioning {
    /// > 0: how fast the rest plays after finish or cancel.
    open var completionSpeed: Double = 1
    open var completionCurve: TimingCurve = .easeInOut
    /// UIKit's `timingCurve`: the timing of the rest after finish or cancel (a spring, say);
    /// nil plays it with `completionCurve`.
    open var timingCurve: AnimationTiming?
    open var wantsInteractiveStart = true
    public private(set) var percentComplete: Double = 0
    /// The animator's duration, known once the transition started.
    public private(set) var duration: Double = 0
    /// The timeline the animator's animations run on (when it vends no interruptible animator).
    public let timeDomain = AnimationTimeDomain()
    /// The animator's interruptible animator, while a transition that vended one runs.
    public private(set) var interruptibleAnimator: PropertyAnimator?
    /// Set by the system before `startInteractiveTransition`.
    var transitionAnimator: (any ViewControllerAnimatedTransitioning)?
    private weak var context: (any ViewControllerContextTransitioning)?
    /// The diagnostics of the window of the last transition, for calls made after it ended.
    private weak var diagnostics: TransitionDiagnostics?
    /// Set by an `update` made while no transition of this controller runs (one requested and
    /// still queued): the next transition starts at that percent instead of 0.
    private var percentAwaitsStart = false

    public init() {}

    open func startInteractiveTransition(_ context: any ViewControllerContextTransitioning) {
        self.context = context
        diagnostics = context.containerView.transitionDiagnostics
        guard let animator = transitionAnimator else {
            context.containerView.transitionDiagnostics.report("percent-driven transition started without an animator")
            return
        }
        duration = max(0.0001, animator.transitionDuration(using: context))
        // One interaction controller often serves many transitions (the seeds keep one for a
        // controller's life): each starts at 0, not where the previous one ended — unless the
        // gesture already moved on while this transition waited in the queue.
        if !percentAwaitsStart || !context.isInteractive { percentComplete = 0 }
        percentAwaitsStart = false
        interruptibleAnimator = animator.interruptibleAnimator(using: context)
        if let interruptible = interruptibleAnimator {
            if context.isInteractive {
                interruptible.pauseAnimation()
                interruptible.fractionComplete = percentComplete
                if percentComplete > 0 { context.updateInteractiveTransition(percentComplete) }
            } else {
                animator.animateTransition(using: context)
                if interruptible.state == .inactive { interruptible.startAnimation() }
            }
            return
        }
        // The animations are added at the domain's time 0, then shown at the percent (or run).
        timeDomain.setTime(0)
        // The domain runs on the engine of the container's window.
        let engine = context.containerView.animationEngine
        engine.withTimeDomain(timeDomain) { animator.animateTransition(using: context) }
        if !context.isInteractive {
            timeDomain.run(to: duration, over: duration, curve: .linear, from: engine.now)
        } else if percentComplete > 0 {
            timeDomain.setTime(percentComplete * duration)
            context.updateInteractiveTransition(percentComplete)
        }
    }

    /// Shows the transition at `percent` (0...1).
    open func update(_ percent: Double) {
        percentComplete = min(max(percent.isNaN ? 0 : percent, 0), 1)
        // (A custom container's own context does not say when it ended: taken as running.)
        // A transition playing out after finish or cancel is not interactive: an update then
        // (a new gesture during the settle) must not take its timeline over — it would stop it
        // where it is for good. `pause()` grabs it; otherwise the percent waits for the next start.
        guard let context, (context as? TransitionContext)?.isCompleted != true, context.isInteractive else {
            percentAwaitsStart = true
            return
        }
        if let interruptible = interruptibleAnimator {
            if interruptible.isRunning { interruptible.pauseAnimation() }
            interruptible.fractionComplete = percentComplete
        } else {
            timeDomain.setTime(percentComplete * duration)
        }
        context.updateInteractiveTransition(percentComplete)
    }

    /// Stops the transition where it is and makes it interactive: a transition started with
    /// `wantsInteractiveStart == false`, or one playing out after `finish()` or `cancel()`,
    /// can be grabbed again and then updated, finished or cancelled from there.
    open func pause() {
        guard let context, (context as? TransitionContext)?.isCompleted != true else { return }
        if let interruptible = interruptibleAnimator {
            interruptible.pauseAnimation()
            percentComplete = interruptible.fractionComplete
        } else {
            percentComplete = min(max(timeDomain.localTime / duration, 0), 1)
            timeDomain.setTime(percentComplete * duration)
        }
        context.pauseInteractiveTransition()
        context.updateInteractiveTransition(percentComplete)
    }

    open func finish() {
        guard let context, context.isInteractive else { return reportIgnored("finish()") }
        context.finishInteractiveTransition()
        playRest(forwards: true)
    }

    open func cancel() {
        guard let context, context.isInteractive else { return reportIgnored("cancel()") }
        context.cancelInteractiveTransition()
        playRest(forwards: false)
    }

    private func playRest(forwards: Bool) {
        let speed = completionSpeed > 0 && completionSpeed.isFinite ? completionSpeed : 1
        let remaining = forwards ? 1 - percentComplete : percentComplete
        if let interruptible = interruptibleAnimator {
            interruptible.isReversed = !forwards
            let timing = timingCurve ?? .curve(completionCurve, duration: duration)
            interruptible.continueAnimation(withTimingParameters: timing, durationFactor: remaining / speed)
        } else {
            timeDomain.run(
                to: forwards ? duration : 0, over: remaining * duration / speed, curve: completionCurve,
                from: (timeDomain.engine ?? context?.containerView.animationEngine ?? .main).now)
        }
    }

    /// A finish or cancel with no interaction in progress (before the start, after the end, or
    /// a second one) changes nothing; it is reported rather than dropped silently.
    private func reportIgnored(_ call: String) {
        (context?.containerView.transitionDiagnostics ?? diagnostics ?? .shared).report("percent-driven \(call) with no interactive transition in progress; ignored")
    }
}
