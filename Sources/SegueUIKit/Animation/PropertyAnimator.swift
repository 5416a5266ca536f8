import SegueTiming

/// UIViewPropertyAnimator's model: animations you can start, pause, scrub, reverse, continue
/// with new timing, stop, and finish at the start, the end or where they are.
///
/// Internally a run is a segment from the current progress to 0 or 1 with a timing; pausing
/// freezes it, and continuing starts a new segment from what is on screen, so nothing jumps.
///
/// Open to subclassing, as UIViewPropertyAnimator is: overrides of the control methods should
/// call `super`.
@MainActor
open class PropertyAnimator {
    public enum State: Sendable { case inactive, active, stopped }
    public enum Position: Sendable { case start, end, current }

    public let duration: Double
    public let timing: AnimationTiming
    public private(set) var state: State = .inactive
    public private(set) var isRunning = false
    /// While paused, `fractionComplete` maps to progress linearly instead of through the curve.
    public var scrubsLinearly = true
    /// UIKit's `pausesOnCompletion`: when the animations reach their end (or their start, reversed),
    /// the animator stays `.active` and paused there and runs no completion, so it can still be
    /// reversed or scrubbed; `stopAnimation(_:)` ends it. Off by default.
    public var pausesOnCompletion = false
    /// Runs the animations backwards (towards `.start`); changing it while running turns round.
    public var isReversed = false {
        didSet {
            guard oldValue != isReversed, isRunning else { return }
            startSegment(timing: timing, remainingDuration: nil)
        }
    }

    /// Blocks added while inactive, with their delay factors.
    private var pendingAnimations: [(block: () -> Void, delayFactor: Double)] = []
    private var completions: [(Position) -> Void] = []
    /// The animations while active; its engine (the window of the animated views) runs this animator.
    private(set) var group: AnimationGroup?
    private var fraction: Double = 0
    private var progress: Double = 0
    private var segment: Segment?

    private struct Segment {
        let startTime: Double
        let length: Double
        let fromFraction: Double, toFraction: Double
        let fromProgress: Double, toProgress: Double
        let timing: AnimationTiming
    }

    public init(duration: Double, curve: TimingCurve = .easeInOut, animations: (() -> Void)? = nil) {
        self.duration = max(0, duration)
        timing = .curve(curve, duration: max(0, duration))
        if let animations { pendingAnimations.append((animations, 0)) }
    }

    public init(duration: Double, dampingRatio: Double, animations: (() -> Void)? = nil) {
        self.duration = max(0, duration)
        timing = .spring(Spring(dampingRatio: dampingRatio, duration: max(0.001, duration)), duration: max(0, duration))
        if let animations { pendingAnimations.append((animations, 0)) }
    }

    /// Time fraction, 0...1. Setting it pauses nothing by itself: set it while paused (UIKit's
    /// scrubbing); on an inactive animator it activates it paused.
    open var fractionComplete: Double {
        get { fraction }
        set {
            guard state != .stopped else { return }
            if state == .inactive { pauseAnimation() }
            guard !isRunning else { return }
            fraction = min(max(newValue.isNaN ? 0 : newValue, 0), 1)
            progress = scrubsLinearly ? fraction : timingValue(timing, fraction)
            show()
        }
    }

    open func addAnimations(_ animations: @escaping () -> Void) { addAnimations(animations, delayFactor: 0) }

    /// UIKit's `addAnimations(_:delayFactor:)`: the block's animations start after `delayFactor`
    /// (0...1) × the remaining duration (the whole duration while inactive) and end with the
    /// others: they run over what is left of the animator's progress from there, and hold their
    /// start values before it.
    open func addAnimations(_ animations: @escaping () -> Void, delayFactor: Double) {
        let factor = delayFactor.isFinite ? min(max(delayFactor, 0), 1) : 0
        if state == .active { record(animations, delayFactor: factor) } else { pendingAnimations.append((animations, factor)) }
    }

    open func addCompletion(_ completion: @escaping (Position) -> Void) { completions.append(completion) }

    open func startAnimation(afterDelay delay: Double = 0) {
        guard state != .stopped, !isRunning else { return }
        activate()
        isRunning = true
        startSegment(timing: timing, remainingDuration: nil, delay: delay)
    }

    open func pauseAnimation() {
        guard state != .stopped else { return }
        activate()
        freeze()
    }

    /// Resumes a paused animator with new timing (nil keeps the original) and a remaining
    /// duration of `durationFactor` × `duration`.
    open func continueAnimation(withTimingParameters parameters: AnimationTiming?, durationFactor: Double) {
        guard state == .active, !isRunning else { return }
        isRunning = true
        startSegment(timing: parameters ?? timing, remainingDuration: max(0, durationFactor) * duration)
    }

    /// Stops where it is. `withoutFinishing`: the views keep the values on screen, no completion
    /// runs and the animator is inactive. Otherwise it is `.stopped` until `finishAnimation(at:)`.
    open func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { return }
        freeze()
        if withoutFinishing {
            finish(at: .current, runCompletions: false)
        } else {
            state = .stopped
        }
    }

    /// Ends a stopped animator at a position: the views get the start, end or current values.
    open func finishAnimation(at position: Position) {
        guard state == .stopped else { return }
        finish(at: position, runCompletions: true)
    }

    // MARK: Engine

    func advance(to now: Double) {
        guard isRunning, let segment else { return }
        let elapsed = now - segment.startTime
        guard elapsed >= 0 else { return }
        let t = segment.length > 0 ? min(elapsed / segment.length, 1) : 1
        fraction = segment.fromFraction + (segment.toFraction - segment.fromFraction) * t
        let eased = timingValue(segment.timing, t)
        progress = segment.fromProgress + (segment.toProgress - segment.fromProgress) * eased
        show()
        guard t >= 1 else { return }
        isRunning = false
        if pausesOnCompletion {
            self.segment = nil
        } else {
            finish(at: isReversed ? .start : .end, runCompletions: true)
        }
    }

    // MARK: Private

    private func activate() {
        guard state == .inactive else { return }
        state = .active
        fraction = 0
        progress = 0
        let group = AnimationGroup(driver: .animator, completion: nil)
        self.group = group
        let blocks = pendingAnimations
        pendingAnimations.removeAll()
        for pending in blocks { record(pending.block, delayFactor: pending.delayFactor) }
        // Nothing animated yet: the engine in charge runs it until its views name a window.
        if group.engine == nil { AnimationTransaction.engineInCharge.bind(group) }
        group.engine?.register(self)
    }

    private func record(_ animations: () -> Void, delayFactor: Double = 0) {
        guard let group else { return }
        if delayFactor > 0 {
            // The block's tracks start where the animator's progress will be after the delay.
            let start = fraction + delayFactor * (1 - fraction)
            group.externalProgress = timingValue(timing, start)
            group.recordsDelayedTracks = true
        } else {
            group.externalProgress = progress
        }
        AnimationTransaction.record(group, animations)
        group.recordsDelayedTracks = false
        group.externalProgress = progress
        group.engine?.present(group)
    }

    /// The engine whose clock times the runs.
    private var engine: AnimationEngine { group?.engine ?? AnimationTransaction.engineInCharge }

    /// Its group moved to another engine (its views joined a window): a run keeps its progress.
    func moved(clockShift: Double) {
        guard let running = segment else { return }
        segment = Segment(
            startTime: running.startTime + clockShift, length: running.length, fromFraction: running.fromFraction,
            toFraction: running.toFraction, fromProgress: running.fromProgress, toProgress: running.toProgress,
            timing: running.timing)
    }

    private func startSegment(timing: AnimationTiming, remainingDuration: Double?, delay: Double = 0) {
        let target = isReversed ? 0.0 : 1.0
        let remainingFraction = abs(target - fraction)
        let length = remainingDuration ?? remainingFraction * duration
        segment = Segment(
            startTime: engine.now + max(0, delay), length: length,
            fromFraction: fraction, toFraction: target, fromProgress: progress, toProgress: target, timing: timing)
    }

    private func freeze() {
        isRunning = false
        segment = nil
    }

    private func show() {
        guard let group else { return }
        group.externalProgress = progress
        group.engine?.present(group)
    }

    private func finish(at position: Position, runCompletions: Bool) {
        guard let group else { return }
        let engine = self.engine
        for track in engine.tracks(of: group) {
            guard let view = track.view else { continue }
            switch position {
            case .start: view.setModel(track.from)
            // The model already holds the end values (or newer ones set since: they stay).
            case .end: break
            // This animator's displacement joins the model; other animations keep theirs.
            case .current:
                let shown = track.value(at: group.externalProgress)
                let model = view.model[track.key]
                view.setModel(track.isAdditive ? model.adding(displacementOf: shown, from: track.to) ?? shown : shown)
            }
        }
        engine.end(group, finished: true)
        self.group = nil
        state = .inactive
        isRunning = false
        segment = nil
        if runCompletions { for completion in completions { completion(position) } }
    }

    private func timingValue(_ timing: AnimationTiming, _ t: Double) -> Double {
        timing.progress(at: t * timing.duration) 
    }
}
