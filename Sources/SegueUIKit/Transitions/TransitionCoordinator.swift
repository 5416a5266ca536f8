import SegueTiming

/// UIViewControllerTransitionCoordinator: exists only while a transition runs. Other objects
/// (a presentation controller, the view controllers) add animations that run alongside the
/// transition, and completions that run after it with the context.
@MainActor
public final class TransitionCoordinator {
    public let context: TransitionContext
    public let transitionDuration: Double
    public var completionCurve: TimingCurve
    public private(set) var initiallyInteractive: Bool
    /// The animations' own timeline when a percent-driven interaction drives the transition.
    var timeDomain: AnimationTimeDomain?
    /// The animator's interruptible animator, when it vended one: alongside animations join it.
    var interruptibleAnimator: PropertyAnimator?
    /// The interaction controller, for the speed the rest plays at once the interaction ends.
    weak var interaction: (any ViewControllerInteractiveTransitioning)?
    /// When the animations started (the clock's time), for a timed transition's progress.
    private var startTime: Double = 0
    /// An interaction without a timeline of its own (a grabbed zoom) ended: the rest plays from
    /// the percent it left, not from the transition's start, towards its end (1) or back (0).
    private var rest: (from: Double, to: Double, start: Double, duration: Double)?

    private var alongside: [(animation: ((TransitionContext) -> Void)?, completion: ((TransitionContext) -> Void)?)] = []
    private var interactionObservers: [(TransitionContext) -> Void] = []
    private var didStart = false
    private var didFinish = false

    init(context: TransitionContext, duration: Double, curve: TimingCurve) {
        self.context = context
        transitionDuration = duration
        completionCurve = curve
        initiallyInteractive = context.isInteractive
        context.onInteractionEnd = { [weak self] _ in self?.interactionEnded() }
    }

    /// The coordinator of a size transition (a window resize over `duration`): its alongside
    /// animations run with the resize, its completions after it.
    convenience init(sizeTransitionIn containerView: View, duration: Double) {
        self.init(context: TransitionContext(sizeTransitionIn: containerView, isAnimated: duration > 0), duration: duration, curve: .easeInOut)
    }

    public var isAnimated: Bool { context.isAnimated }
    public var isInteractive: Bool { context.isInteractive }
    public var isCancelled: Bool { context.transitionWasCancelled }
    /// How far the transition is, 0...1: the interruptible animator's fraction, the
    /// percent-driven timeline's position, or, for a timed transition, the time elapsed over
    /// the duration.
    public var percentComplete: Double {
        let value: Double
        if let interruptibleAnimator {
            value = interruptibleAnimator.fractionComplete
        } else if let timeDomain {
            value = transitionDuration > 0 ? timeDomain.localTime / transitionDuration : context.percentComplete
        } else if context.isInteractive || context.isCompleted {
            value = context.isCompleted && !context.transitionWasCancelled && !context.isInteractive ? 1 : context.percentComplete
        } else if let rest {
            let t = rest.duration > 0 ? (engine.now - rest.start) / rest.duration : 1
            value = rest.from + (rest.to - rest.from) * min(max(t, 0), 1)
        } else {
            value = transitionDuration > 0 ? (engine.now - startTime) / transitionDuration : 1
        }
        return value.isFinite ? min(max(value, 0), 1) : 0
    }
    /// The speed the rest of an interactive transition plays at after finish or cancel (the
    /// interaction controller's `completionSpeed`; 1 for a transition that is not interactive).
    public var completionVelocity: Double {
        guard let speed = interaction?.completionSpeed, speed.isFinite, speed > 0 else { return 1 }
        return speed
    }
    public var presentationStyle: PresentationStyle { context.presentationStyle }
    public var containerView: View { context.containerView }
    public func viewController(forKey key: TransitionKey) -> ViewController? { context.viewController(forKey: key) }
    public func view(forKey key: TransitionKey) -> View? { context.view(forKey: key) }
    /// The engine of the container's window, whose clock times the transition.
    var engine: AnimationEngine { context.containerView.animationEngine }

    /// Adds animations that run with the transition (same duration, curve and, when
    /// interactive, the same timeline) and a completion that runs after it. As in UIKit, a
    /// transition that is not animated runs the animations too, without animation, before the
    /// completions. Returns whether they were queued: false once the transition is over (a
    /// coordinator kept past its transition), when nothing runs.
    @discardableResult
    public func animate(
        alongsideTransition animation: ((TransitionContext) -> Void)?,
        completion: ((TransitionContext) -> Void)? = nil
    ) -> Bool {
        guard !didFinish else { return false }
        alongside.append((animation, completion))
        if didStart, let animation { run(animation) }
        return true
    }

    /// The same, for animations of views outside the container (UIKit's `in:` variant): they
    /// run with the transition's timing and, when it is interactive, on its timeline. The view
    /// (or an ancestor of the animated views) is required, as in UIKit: without one nothing is
    /// registered, the call is reported and returns false.
    @discardableResult
    public func animateAlongsideTransition(
        in view: View?, animation: ((TransitionContext) -> Void)?, completion: ((TransitionContext) -> Void)? = nil
    ) -> Bool {
        guard view != nil else {
            containerView.transitionDiagnostics.report("animateAlongsideTransition(in: nil): a view is required; the animations are not run")
            return false
        }
        return animate(alongsideTransition: animation, completion: completion)
    }

    /// Called when an interactive transition finishes or is cancelled by its interaction.
    public func notifyWhenInteractionChanges(_ handler: @escaping (TransitionContext) -> Void) {
        interactionObservers.append(handler)
    }

    // MARK: Driver

    func start() {
        guard !didStart, !didFinish else { return }
        didStart = true
        startTime = engine.now
        for entry in alongside { if let animation = entry.animation { run(animation) } }
    }

    func finish() {
        guard !didFinish else { return }
        // A transition that ended before its animations started (not animated: the animator
        // completed at once) still runs them, at their end values.
        if !didStart {
            didStart = true
            View.performWithoutAnimation { for entry in alongside { entry.animation?(context) } }
        }
        didFinish = true
        for entry in alongside { entry.completion?(context) }
        alongside.removeAll()
        interactionObservers.removeAll()
        // The transition is over: a percent-driven timeline left with paused animations (an
        // animator that completed early, an interaction abandoned mid-way) is ended, not kept
        // for the rest of the session.
        if let timeDomain { (timeDomain.engine ?? engine).endAnimations(in: timeDomain) }
    }

    private func run(_ animation: @escaping (TransitionContext) -> Void) {
        let context = self.context
        if let interruptibleAnimator, interruptibleAnimator.state != .stopped {
            interruptibleAnimator.addAnimations { animation(context) }
            return
        }
        guard context.isAnimated else { return View.performWithoutAnimation { animation(context) } }
        let body = {
            View.animate(withDuration: self.transitionDuration, options: .curveEaseInOut, animations: { animation(context) })
        }
        if let timeDomain {
            (timeDomain.engine ?? engine).withTimeDomain(timeDomain, body)
        } else {
            AnimationTransaction.inCharge(engine, body)
        }
    }

    private func interactionEnded() {
        if interruptibleAnimator == nil, timeDomain == nil {
            let from = context.percentComplete, to: Double = context.transitionWasCancelled ? 0 : 1
            rest = (from, to, engine.now, abs(to - from) * transitionDuration / completionVelocity)
        }
        for observer in interactionObservers { observer(context) }
    }
}

extension ViewController {
    /// The coordinator of the transition this controller takes part in, while it runs.
    public var transitionCoordinator: TransitionCoordinator? {
        TransitionRegistry.coordinator(for: self) ?? parent?.transitionCoordinator
    }
}

/// Which controllers are in a running transition: each controller holds the coordinator lent to
/// it (no table shared between windows).
@MainActor
enum TransitionRegistry {
    static func coordinator(for viewController: ViewController) -> TransitionCoordinator? {
        viewController.lentTransitionCoordinator
    }
    static func set(_ coordinator: TransitionCoordinator?, for controllers: [ViewController]) {
        for controller in controllers { controller.lentTransitionCoordinator = coordinator }
    }

    /// A size transition's coordinator, for the controllers that take part in no transition of
    /// their own (a running presentation's coordinator stays theirs). Returns those it was lent to.
    static func lend(_ coordinator: TransitionCoordinator, to controllers: [ViewController]) -> [ViewController] {
        let free = controllers.filter { $0.lentTransitionCoordinator == nil }
        set(coordinator, for: free)
        return free
    }

    /// Takes a lent coordinator back from those that still have it (a transition that started
    /// since has registered its own and cleared it when it ended).
    static func takeBack(_ coordinator: TransitionCoordinator, from controllers: [ViewController]) {
        for controller in controllers where controller.lentTransitionCoordinator === coordinator {
            controller.lentTransitionCoordinator = nil
        }
    }
}
