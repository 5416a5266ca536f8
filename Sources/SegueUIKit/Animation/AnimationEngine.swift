import SegueTiming

/// Runs the animations of one window (`Window.animationEngine`): its tracks, animation groups,
/// property animators, time domains and display links. Time is an input: nothing moves until
/// `advance(to:)`, called by the window's `renderFrame(at:)` with real time or by tests and
/// offline rendering with a virtual clock. Animations created between two advances start at the
/// time of the last one — of their own window's clock, so two windows may run at different times.
@MainActor
public final class AnimationEngine {
    /// The process default, a UIKit-compatibility default: it runs animations of views that are
    /// in no window (UIKit code animates views before adding them) when no window's frame or
    /// transition is running. Such animations move to a window's engine when their views join
    /// it. Nothing advances it but its owner: a program with no window calls `advance(to:)`.
    public static let main = AnimationEngine()

    /// The time of the last `advance(to:)`.
    public private(set) var now: Double = 0
    /// Set for a window's engine: animations recorded on the process default move here when
    /// their views join the window.
    let servesWindow: Bool
    /// The window whose engine this is.
    weak var servedWindow: Window?

    var tracks: [Track] = []
    var groups: [AnimationGroup] = []
    var animators: [PropertyAnimator] = []
    private var domains: [AnimationTimeDomain] = []
    private var displayLinks: [DisplayLink] = []

    /// An engine of its own (a window makes one; tests may make others).
    public init() { servesWindow = false }

    init(servingWindow: Bool) { servesWindow = servingWindow }

    /// Calls `tick` with the time on every `advance(to:)`, before animations update — the
    /// display link of the seeds' GPU animator. Invalidate it when done.
    ///
    /// On the process default `AnimationEngine.main` while a window exists (code written before
    /// engines were per window), the link goes to the window whose frames tick, as a
    /// `CADisplayLink` added to the main run loop ticks with the screen: the window whose frame or
    /// transition runs now, else the key window. The first such link is reported (the window's
    /// diagnostics and the log): add it to `view.animationEngine` instead.
    public func addDisplayLink(_ tick: @escaping @MainActor (Double) -> Void) -> DisplayLink {
        if let window = windowServingLinksOfMain() { return window.animationEngine.addDisplayLink(tick) }
        let link = DisplayLink(tick: tick)
        link.engine = self
        displayLinks.append(link)
        return link
    }

    /// Whether a valid display link that is not paused is registered (a window host keeps
    /// drawing while one is).
    public var hasDisplayLinks: Bool { displayLinks.contains { $0.isValid && !$0.isPaused && $0.asksForFrames } }

    /// A link that ticks on every frame this engine advances but asks for none (see
    /// `DisplayLink.asksForFrames`): what follows a transition's progress uses it.
    func addFrameFollower(_ tick: @escaping @MainActor (Double) -> Void) -> DisplayLink {
        let link = DisplayLink(tick: tick, asksForFrames: false)
        link.engine = self
        displayLinks.append(link)
        return link
    }

    /// Runs `body` so that the animations it starts run on `domain`'s local time (what a
    /// percent-driven interactive transition does to the animator's animations); the domain
    /// is advanced by this engine from now on.
    public func withTimeDomain(_ domain: AnimationTimeDomain, _ body: () -> Void) {
        register(domain)
        AnimationTransaction.inCharge(self) { AnimationTransaction.withTimeDomain(domain, body) }
    }

    /// Forgets a domain whose animations are over. The engine also forgets a domain by itself
    /// once it is idle (no run in progress, no animation on it): one interaction controller per
    /// transition would otherwise leave one domain per transition, each costing every frame.
    public func removeTimeDomain(_ domain: AnimationTimeDomain) { domains.removeAll { $0 === domain } }

    /// Ends the animations still on `domain` where their model values are (their completions
    /// run with `finished == false`, as for `removeAllAnimations`) and forgets the domain.
    public func endAnimations(in domain: AnimationTimeDomain) {
        let remaining = groups.filter { $0.domain === domain }
        for group in remaining { end(group, finished: false) }
        removeTimeDomain(domain)
        for group in remaining {
            let completion = group.completion
            group.completion = nil
            completion?(false)
        }
    }

    /// Time domains the engine advances now (flat over a long session: idle ones are dropped).
    public var timeDomainCount: Int { domains.count }
    /// Animation groups (one per `View.animate` call or animator) that have not ended.
    public var animationGroupCount: Int { groups.count }

    /// A domain set running registers itself: its arrival must be seen even if it was dropped
    /// while idle.
    func register(_ domain: AnimationTimeDomain) {
        if let previous = domain.engine, previous !== self { previous.removeTimeDomain(domain) }
        domain.attach(to: self)
        if !domains.contains(where: { $0 === domain }) { domains.append(domain) }
    }

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
        /// Additive (UIKit's model for geometry and alpha): it adds its displacement to the
        /// model value. Otherwise it shows its own value and covers older tracks.
        var isAdditive = true
        /// Set when a newer non-additive track covers it: it shows nothing, yet its group keeps
        /// its timing and completes on time.
        var isCovered = false
        /// A delayed track of a property animator: before its base progress it shows `from`.
        var holdsBeforeBase = false
        /// A keyframe animation's values over the group's progress (`View.animateKeyframes`).
        var keyframes: KeyframePath?

        func value(at progress: Double) -> AnimatableValue {
            if let keyframes { return keyframes.value(at: progress) }
            var t = baseProgress < 1 ? (progress - baseProgress) / (1 - baseProgress) : 1
            if holdsBeforeBase { t = max(t, 0) }
            return AnimatableValue.interpolate(from, to, t)
        }
    }

    /// Whether any animation or running animator remains.
    public var isAnimating: Bool { !groups.isEmpty || !tracks.isEmpty || !animators.isEmpty }

    /// Whether a frame at a later time would show something else: an animation on the clock, a
    /// running time domain or property animator. Animations on a domain an interaction holds
    /// (a percent-driven transition under a resting finger) and paused animators wait for their
    /// owner to move them, which marks the window (`Window.needsDisplay`).
    public var isMovingWithTime: Bool {
        if animators.contains(where: \.isRunning) || domains.contains(where: { !$0.isPaused }) { return true }
        return groups.contains { group in
            guard group.isTimeDriven else { return false }
            guard let domain = group.domain else { return true }
            return !(domain.isPaused && domain.isHeld)
        }
    }

    /// Whether any animation runs on `domain`.
    public func hasAnimations(in domain: AnimationTimeDomain) -> Bool { groups.contains { $0.domain === domain } }

    /// Drops every animation without completions and sets the clock (tests start from here).
    public func reset(to time: Double = 0) {
        for track in tracks { if let view = track.view { view.presentation = view.model } }
        tracks.removeAll()
        groups.removeAll()
        animators.removeAll()
        domains.removeAll()
        displayLinks.removeAll()
        now = time
    }

    /// Moves every animation to `time`, updates presentation values and then runs the
    /// completions of what finished (completions may start new animations).
    public func advance(to time: Double) {
        // Completions and display links started here belong to this engine's window.
        AnimationTransaction.inCharge(self) { advanceInCharge(to: time) }
    }

    private func advanceInCharge(to time: Double) {
        now = max(now, time)
        // Set when a domain arrived or one of its animations ended: it may be idle now.
        var domainMayBeIdle = false
        for domain in domains where domain.advance(to: now) { domainMayBeIdle = true }
        if !displayLinks.isEmpty {
            displayLinks.removeAll { !$0.isValid }
            for link in displayLinks where link.isValid && !link.isPaused { link.tick(now) }
        }
        for index in animators.indices { animators[index].advance(to: now) }
        // Every animated property starts from its model value; then each track adds its
        // displacement, newest first (the order matters for transforms).
        for index in tracks.indices {
            guard let view = tracks[index].view else { continue }
            view.presentation[tracks[index].key] = view.model[tracks[index].key]
        }
        for index in tracks.indices.reversed() { apply(tracks[index]) }
        // Index loops and a lazily made list: a frame where nothing ends allocates nothing.
        var finished: [AnimationGroup]? = nil
        for index in groups.indices where groups[index].hasEnded(at: now) {
            if finished == nil { finished = [] }
            finished?.append(groups[index])
        }
        guard let finished else {
            removeInactiveAnimators()
            if domainMayBeIdle { removeIdleDomains() }
            return
        }
        for group in finished { end(group, finished: true) }
        removeInactiveAnimators()
        for group in finished {
            if group.domain != nil { domainMayBeIdle = true }
            let completion = group.completion
            group.completion = nil
            completion?(true)
        }
        if domainMayBeIdle { removeIdleDomains() }
    }

    /// Drops domains with no run in progress and no animation: advancing them does nothing, and
    /// `withTimeDomain` or a new run registers them again.
    private func removeIdleDomains() {
        domains.removeAll { domain in
            domain.isPaused && domain !== AnimationTransaction.captureDomain && !groups.contains { $0.domain === domain }
        }
    }

    private func removeInactiveAnimators() {
        guard animators.contains(where: { $0.state == .inactive }) else { return }
        animators.removeAll { $0.state == .inactive }
    }

    // MARK: Tracks (View+Animation.swift routes property changes here)

    /// Adds a track for a property `view` changed inside the recording of `group`, which runs
    /// on this engine.
    ///
    /// Additive properties get a track from the old model value to the new one, stacked on
    /// whatever still runs (UIKit since iOS 8); the background colour (and a transform towards a
    /// singular one) starts from what is on screen and replaces the running animation.
    func addTrack(_ view: View, old: AnimatableValue, group: AnimationGroup, keyframes: KeyframePath? = nil) {
        let key = old.key
        let newValue = view.model[key]
        let running = tracks.indices.filter { tracks[$0].view === view && tracks[$0].key == key && !tracks[$0].isCovered }
        let additive = key.isAdditive && newValue.canBeAdditiveEnd && running.allSatisfy { tracks[$0].to.canBeAdditiveEnd }
        let from: AnimatableValue
        if additive {
            from = old
        } else {
            from = view.presentation[key]
            if key.isAdditive {
                for index in running { tracks[index].isCovered = true }
            } else {
                removeTracks(of: view, key: key)
            }
        }
        let base = group.isTimeDriven ? 0 : group.externalProgress
        tracks.append(Track(
            view: view, key: key, from: from, to: newValue, group: group, baseProgress: base, isAdditive: additive,
            holdsBeforeBase: group.recordsDelayedTracks, keyframes: keyframes))
        view.animatingEngine = self
        group.trackCount += 1
        if !groups.contains(where: { $0 === group }) { groups.append(group) }
        refresh(view, key)
    }

    /// A change made outside an animation shows at once and running additive animations stay,
    /// now displacing the new model value: they end on time, where the new value is — as a Core
    /// Animation layer's additive animations do when its model value is set without an action.
    /// A running background colour animation ends (superseded).
    func changedWithoutAnimation(_ view: View, key: AnimatableValue.Key) {
        if !key.isAdditive { removeTracks(of: view, key: key) }
        refresh(view, key)
    }

    /// Adds one track's displacement to its property's presentation value.
    private func apply(_ track: Track) {
        guard let view = track.view, !track.isCovered else { return }
        let shown = track.value(at: track.group.progress(at: now))
        guard track.isAdditive, let sum = view.presentation[track.key].adding(displacementOf: shown, from: track.to) else {
            view.presentation[track.key] = shown
            return
        }
        view.presentation[track.key] = sum
    }

    /// Recomputes one property's presentation value from its model value and its tracks.
    func refresh(_ view: View, _ key: AnimatableValue.Key) {
        view.presentation[key] = view.model[key]
        for index in tracks.indices.reversed() where tracks[index].view === view && tracks[index].key == key {
            apply(tracks[index])
        }
    }

    /// Registers a group that is waiting for its timing even with no tracks (a completion
    /// must still run after the duration).
    func add(_ group: AnimationGroup) {
        if !groups.contains(where: { $0 === group }) { groups.append(group) }
    }

    /// Makes this engine run `group`; a time-driven group not on a domain starts now, on this clock.
    func bind(_ group: AnimationGroup) {
        group.engine = self
        if group.domain == nil { group.startTime = now }
    }

    func register(_ animator: PropertyAnimator) {
        if !animators.contains(where: { $0 === animator }) { animators.append(animator) }
    }

    /// Tracks of a group, for an animator that ends or scrubs it.
    func tracks(of group: AnimationGroup) -> [Track] { tracks.filter { $0.group === group } }

    /// Shows an animator-driven group at `progress` now (scrubbing between advances).
    func present(_ group: AnimationGroup) {
        servedWindow?.needsDisplay = true  // a scrubbed animator: drawn though nothing moves with time
        for track in tracks where track.group === group {
            if let view = track.view { refresh(view, track.key) }
        }
    }

    /// Removes a group's tracks: the properties show their model values plus what else runs.
    func end(_ group: AnimationGroup, finished: Bool) {
        let removed = tracks.filter { $0.group === group }
        tracks.removeAll { $0.group === group }
        groups.removeAll { $0 === group }
        for track in removed { if let view = track.view { refresh(view, track.key) } }
    }

    /// Removes every animation of `view`; their completions run with `finished == false`.
    public func removeAllAnimations(of view: View) {
        let affected = tracks.filter { $0.view === view }.map(\.group)
        for key in Set(tracks.filter { $0.view === view }.map(\.key.rawValue)) {
            if let k = AnimatableValue.Key(rawValue: key) { removeTracks(of: view, key: k) }
        }
        view.presentation = view.model
        for group in affected where !groups.contains(where: { $0 === group }) { group.completion?(false) }
    }

    /// Drops a property's tracks (UIKit's replacement of a non-additive animation).
    private func removeTracks(of view: View, key: AnimatableValue.Key) {
        while let index = tracks.firstIndex(where: { $0.view === view && $0.key == key }) {
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
}

