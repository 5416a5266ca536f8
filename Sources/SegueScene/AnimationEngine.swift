import SegueAnimation

/// Runs every view animation. Time is an input: nothing moves until `advance(to:)`, called by
/// a display loop with real time or by tests and offline rendering with a virtual clock.
/// Animations created between two advances start at the time of the last one.
@MainActor
public final class AnimationEngine {
    public static let main = AnimationEngine()

    /// The time of the last `advance(to:)`.
    public private(set) var now: Double = 0

    private var recording: [AnimationGroup] = []
    private var suppressRecording = 0
    private var tracks: [Track] = []
    private var groups: [AnimationGroup] = []
    private var animators: [PropertyAnimator] = []

    /// A property of one view animating from one value to another as its group progresses.
    struct Track {
        weak var view: View?
        let key: AnimatableValue.Key
        let from: AnimatableValue
        var to: AnimatableValue
        let group: AnimationGroup
        /// The group's progress when the track was added (an animation added to a running
        /// property animator covers only what remains).
        var baseProgress: Double = 0

        func value(at progress: Double) -> AnimatableValue {
            let t = baseProgress < 1 ? (progress - baseProgress) / (1 - baseProgress) : 1
            return AnimatableValue.interpolate(from, to, t)
        }
    }

    /// Whether any animation or running animator remains.
    public var isAnimating: Bool { !groups.isEmpty || !tracks.isEmpty || !animators.isEmpty }

    /// Drops every animation without completions and sets the clock (tests start from here).
    public func reset(to time: Double = 0) {
        for track in tracks { if let view = track.view { view.presentation = view.model } }
        tracks.removeAll()
        groups.removeAll()
        animators.removeAll()
        recording.removeAll()
        now = time
    }

    /// Moves every animation to `time`, updates presentation values and then runs the
    /// completions of what finished (completions may start new animations).
    public func advance(to time: Double) {
        now = max(now, time)
        for index in animators.indices { animators[index].advance(to: now) }
        for index in tracks.indices {
            guard let view = tracks[index].view else { continue }
            view.presentation[tracks[index].key] = tracks[index].value(at: tracks[index].group.progress(at: now))
        }
        // Index loops and a lazily made list: a frame where nothing ends allocates nothing.
        var finished: [AnimationGroup]? = nil
        for index in groups.indices where groups[index].hasEnded(at: now) {
            if finished == nil { finished = [] }
            finished?.append(groups[index])
        }
        guard let finished else { return removeInactiveAnimators() }
        for group in finished { end(group, finished: true) }
        removeInactiveAnimators()
        for group in finished {
            let completion = group.completion
            group.completion = nil
            completion?(true)
        }
    }

    private func removeInactiveAnimators() {
        guard animators.contains(where: { $0.state == .inactive }) else { return }
        animators.removeAll { $0.state == .inactive }
    }

    // MARK: Recording (View.animate and property animators)

    func beginRecording(_ group: AnimationGroup) { recording.append(group) }
    func endRecording() -> AnimationGroup? { recording.popLast() }

    func withoutRecording(_ body: () -> Void) {
        suppressRecording += 1
        body()
        suppressRecording -= 1
    }

    /// Called by a view's property setter with the value it had before.
    func propertyChanged(_ view: View, old: AnimatableValue) {
        let key = old.key
        let newValue = view.model[key]
        if suppressRecording == 0, let group = recording.last {
            // Start from what is on screen now, replacing an animation of the same property.
            let from = view.presentation[key]
            replaceTrack(of: view, key: key)
            let base = group.isTimeDriven ? 0 : group.externalProgress
            tracks.append(Track(view: view, key: key, from: from, to: newValue, group: group, baseProgress: base))
            group.trackCount += 1
            if !groups.contains(where: { $0 === group }) { groups.append(group) }
        } else {
            // A change outside an animation shows at once and ends an animation of it.
            replaceTrack(of: view, key: key)
            view.presentation[key] = newValue
        }
    }

    /// Registers a group that is waiting for its timing even with no tracks (a completion
    /// must still run after the duration).
    func add(_ group: AnimationGroup) {
        if !groups.contains(where: { $0 === group }) { groups.append(group) }
    }

    func register(_ animator: PropertyAnimator) {
        if !animators.contains(where: { $0 === animator }) { animators.append(animator) }
    }

    /// Tracks of a group, for an animator that ends or scrubs it.
    func tracks(of group: AnimationGroup) -> [Track] { tracks.filter { $0.group === group } }

    /// Shows an animator-driven group at `progress` now (scrubbing between advances).
    func present(_ group: AnimationGroup) {
        for track in tracks where track.group === group {
            track.view?.presentation[track.key] = track.value(at: group.externalProgress)
        }
    }

    /// Removes a group's tracks: presentation returns to the model values.
    func end(_ group: AnimationGroup, finished: Bool) {
        for track in tracks where track.group === group { track.view?.presentation[track.key] = track.view?.model[track.key] ?? track.from }
        tracks.removeAll { $0.group === group }
        groups.removeAll { $0 === group }
    }

    /// Removes every animation of `view`; their completions run with `finished == false`.
    public func removeAllAnimations(of view: View) {
        let affected = tracks.filter { $0.view === view }.map(\.group)
        for key in Set(tracks.filter { $0.view === view }.map(\.key.rawValue)) {
            if let k = AnimatableValue.Key(rawValue: key) { replaceTrack(of: view, key: k) }
        }
        view.presentation = view.model
        for group in affected where !groups.contains(where: { $0 === group }) { group.completion?(false) }
    }

    private func replaceTrack(of view: View, key: AnimatableValue.Key) {
        guard let index = tracks.firstIndex(where: { $0.view === view && $0.key == key }) else { return }
        let group = tracks[index].group
        tracks.remove(at: index)
        group.trackCount -= 1
        // A time-driven group that lost all its tracks was superseded: it did not finish.
        if group.trackCount == 0, group.isTimeDriven, groups.contains(where: { $0 === group }) {
            groups.removeAll { $0 === group }
            group.supersededCompletion()
        }
    }
}

/// Animations started together: one timing, one completion.
@MainActor
final class AnimationGroup {
    enum Driver {
        /// Progress from the engine's clock: `delay` then `timing`.
        case time(start: Double, delay: Double, timing: AnimationTiming)
        /// Progress set by a property animator.
        case animator
    }

    let driver: Driver
    var completion: ((Bool) -> Void)?
    var trackCount = 0
    /// For animator-driven groups: the eased progress the animator last computed.
    var externalProgress: Double = 0

    init(driver: Driver, completion: ((Bool) -> Void)?) {
        self.driver = driver
        self.completion = completion
    }

    var isTimeDriven: Bool { if case .time = driver { return true } else { return false } }

    func progress(at now: Double) -> Double {
        switch driver {
        case let .time(start, delay, timing): return timing.progress(at: now - start - delay)
        case .animator: return externalProgress
        }
    }

    func hasEnded(at now: Double) -> Bool {
        guard case let .time(start, delay, timing) = driver else { return false }
        return now - start - delay >= timing.duration
    }

    /// Runs the completion with `false` once, when a newer animation took all the tracks.
    func supersededCompletion() {
        let completion = self.completion
        self.completion = nil
        completion?(false)
    }
}
