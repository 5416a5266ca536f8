import SegueAnimation

/// UIPercentDrivenInteractiveTransition: drives an existing animator's animations by a
/// fraction. The animator runs once, on a paused time domain; `update` sets the domain's time
/// (the interactive part is linear); `finish` and `cancel` let the rest play over
/// `(1 − percent) × duration / completionSpeed` (or `percent × …` when cancelling) with
/// `completionCurve`, after which the animator's completions call `completeTransition`.
@MainActor
open class PercentDrivenInteractiveTransition: ViewControllerInteractiveTransitioning {
    /// > 0: how fast the rest plays after finish or cancel.
    public var completionSpeed: Double = 1
    public var completionCurve: TimingCurve = .easeInOut
    public var wantsInteractiveStart = true
    public private(set) var percentComplete: Double = 0
    /// The animator's duration, known once the transition started.
    public private(set) var duration: Double = 0
    /// The timeline the animator's animations run on.
    public let timeDomain = AnimationTimeDomain()
    /// Set by the system before `startInteractiveTransition`.
    var transitionAnimator: (any ViewControllerAnimatedTransitioning)?
    private weak var context: (any ViewControllerContextTransitioning)?
    /// Set by an `update` made while no transition of this controller runs (one requested and
    /// still queued): the next transition starts at that percent instead of 0.
    private var percentAwaitsStart = false

    public init() {}

    open func startInteractiveTransition(_ context: any ViewControllerContextTransitioning) {
        self.context = context
        guard let animator = transitionAnimator else {
            TransitionDiagnostics.shared.report("percent-driven transition started without an animator")
            return
        }
        duration = max(0.0001, animator.transitionDuration(using: context))
        // One interaction controller often serves many transitions (the seeds keep one for a
        // controller's life): each starts at 0, not where the previous one ended — unless the
        // gesture already moved on while this transition waited in the queue.
        if !percentAwaitsStart { percentComplete = 0 }
        percentAwaitsStart = false
        // The animations are added at the domain's time 0, then shown at the percent.
        timeDomain.setTime(0)
        AnimationEngine.main.withTimeDomain(timeDomain) { animator.animateTransition(using: context) }
        if percentComplete > 0 {
            timeDomain.setTime(percentComplete * duration)
            context.updateInteractiveTransition(percentComplete)
        }
    }

    /// Shows the transition at `percent` (0...1).
    public func update(_ percent: Double) {
        percentComplete = min(max(percent.isNaN ? 0 : percent, 0), 1)
        // (A custom container's own context does not say when it ended: taken as running.)
        guard let context, (context as? TransitionContext)?.isCompleted != true else {
            percentAwaitsStart = true
            return
        }
        timeDomain.setTime(percentComplete * duration)
        context.updateInteractiveTransition(percentComplete)
    }

    public func pause() {
        timeDomain.setTime(percentComplete * duration)
        context?.pauseInteractiveTransition()
    }

    public func finish() {
        guard let context, context.isInteractive else { return reportIgnored("finish()") }
        context.finishInteractiveTransition()
        let speed = completionSpeed > 0 ? completionSpeed : 1
        timeDomain.run(to: duration, over: (1 - percentComplete) * duration / speed, curve: completionCurve, from: AnimationEngine.main.now)
    }

    public func cancel() {
        guard let context, context.isInteractive else { return reportIgnored("cancel()") }
        context.cancelInteractiveTransition()
        let speed = completionSpeed > 0 ? completionSpeed : 1
        timeDomain.run(to: 0, over: percentComplete * duration / speed, curve: completionCurve, from: AnimationEngine.main.now)
    }

    /// A finish or cancel with no interaction in progress (before the start, after the end, or
    /// a second one) changes nothing; it is reported rather than dropped silently.
    private func reportIgnored(_ call: String) {
        TransitionDiagnostics.shared.report("percent-driven \(call) with no interactive transition in progress; ignored")
    }
}
