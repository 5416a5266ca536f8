import SegueTiming

/// Animations started together: one timing, one completion.
@MainActor
final class AnimationGroup {
    enum Driver {
        /// Progress from the timeline: `delay` after `startTime`, then `timing`.
        case time(delay: Double, timing: AnimationTiming)
        /// Progress set by a property animator.
        case animator
    }

    let driver: Driver
    /// The timeline the group runs on: its engine's clock, or a time domain's local time.
    let domain: AnimationTimeDomain?
    /// Where the group starts on its timeline: the domain's local time when it was made, or its
    /// engine's clock when it was bound to that engine (so each window's clock gives its own start).
    var startTime: Double
    /// The engine that runs the group (the window of its views); nil until its first track or
    /// the end of its recording.
    weak var engine: AnimationEngine?
    var completion: ((Bool) -> Void)?
    var trackCount = 0
    /// For animator-driven groups: the eased progress the animator last computed.
    var externalProgress: Double = 0
    /// Set while a property animator records a delayed block (`addAnimations(_:delayFactor:)`):
    /// its tracks hold their start values until the group's progress reaches their base.
    var recordsDelayedTracks = false

    init(driver: Driver, domain: AnimationTimeDomain? = nil, completion: ((Bool) -> Void)?) {
        self.driver = driver
        self.domain = domain
        self.completion = completion
        startTime = domain?.localTime ?? 0
    }

    var isTimeDriven: Bool { if case .time = driver { return true } else { return false } }

    func progress(at now: Double) -> Double {
        switch driver {
        case let .time(delay, timing): return timing.progress(at: (domain?.localTime ?? now) - startTime - delay)
        case .animator: return externalProgress
        }
    }

    func hasEnded(at now: Double) -> Bool {
        guard case let .time(delay, timing) = driver else { return false }
        if let domain, domain.endsAllAnimations { return true }
        // A domain held by an interaction shows its end state without ending (update(1) while
        // the finger is down): the animations end only after finish() or cancel() runs it.
        if let domain, domain.isHeld { return false }
        return (domain?.localTime ?? now) - startTime - delay >= timing.duration
    }

    /// Runs the completion with `false` once, when a newer animation took all the tracks.
    func supersededCompletion() {
        let completion = self.completion
        self.completion = nil
        completion?(false)
    }
}

/// A local timeline for animations, like a CALayer's speed and timeOffset. Paused, its time is
/// set directly (an interactive transition sets it from a gesture's percent); running, it moves
/// from its current time to a target over a real duration with a curve, then pauses there.
@MainActor
public final class AnimationTimeDomain {
    public private(set) var localTime: Double = 0
    /// Set when a run towards 0 arrives: the domain's animations end where they are shown
    /// (their completions run), as a cancelled interactive transition requires.
    public private(set) var endsAllAnimations = false
    /// True from `setTime` until the next `run`: the interaction owns the time, so animations
    /// that reached their end keep waiting (a paused CALayer fires no completion either).
    public private(set) var isHeld = false
    private var run: Run?
    private var arrival: (() -> Void)?
    /// The engine that advances the domain: the one of the window whose transition it serves
    /// (set by `AnimationEngine.withTimeDomain`).
    public private(set) weak var engine: AnimationEngine?

    private struct Run {
        let from: Double, to: Double, startTime: Double, duration: Double, curve: TimingCurve
    }

    public init() {}

    public var isPaused: Bool { run == nil }

    /// Pauses and shows local time `time`.
    public func setTime(_ time: Double) {
        // A host that draws only on change draws this (nothing else moves while the domain rests).
        engine?.servedWindow?.needsDisplay = true
        run = nil
        localTime = max(0, time)
        isHeld = true
        endsAllAnimations = false  // a domain reused for a new interaction starts afresh
    }

    /// Runs from the current local time to `target` over `duration` real seconds from `now`
    /// with `curve`, then calls `arrived`. Arriving at 0 ends the domain's animations.
    public func run(to target: Double, over duration: Double, curve: TimingCurve, from now: Double, arrived: (() -> Void)? = nil) {
        isHeld = false
        run = Run(from: localTime, to: max(0, target), startTime: now, duration: max(0, duration), curve: curve)
        arrival = arrived
        // A domain never used through `withTimeDomain` runs on the engine in charge now.
        (engine ?? AnimationTransaction.engineInCharge).register(self)
        engine?.servedWindow?.needsDisplay = true
    }

    func attach(to engine: AnimationEngine) { self.engine = engine }

    /// Moves a running domain; true when it arrived (it is paused now).
    func advance(to now: Double) -> Bool {
        guard let run else { return false }
        let t = run.duration > 0 ? min(max((now - run.startTime) / run.duration, 0), 1) : 1
        localTime = run.from + (run.to - run.from) * run.curve.value(at: t)
        guard t >= 1 else { return false }
        localTime = run.to
        self.run = nil
        if run.to == 0 { endsAllAnimations = true }
        let arrived = arrival
        arrival = nil
        arrived?()
        return true
    }
}

/// A per-frame callback registered with the engine (CADisplayLink's role).
@MainActor
public final class DisplayLink {
    let tick: @MainActor (Double) -> Void
    public private(set) var isValid = true
    /// CADisplayLink's `isPaused`: a paused link is not called and keeps no frames coming (a
    /// GPU animator under a resting finger shows the same picture); unpausing asks for a frame.
    public var isPaused = false {
        didSet { if oldValue && !isPaused { engine?.servedWindow?.needsDisplay = true } }
    }
    /// The engine that ticks it.
    weak var engine: AnimationEngine?
    /// False for a link that follows frames others ask for (shared elements follow their
    /// transition's progress): it ticks on every frame but keeps none coming, so a transition
    /// under a resting finger still draws no frames.
    let asksForFrames: Bool
    init(tick: @escaping @MainActor (Double) -> Void, asksForFrames: Bool = true) {
        self.tick = tick
        self.asksForFrames = asksForFrames
    }
    /// Stops the callbacks; the engine forgets the link on its next frame.
    public func invalidate() { isValid = false }
}
