/// Which engine an animation runs on. A group binds to an engine when its first track arrives
/// (the engine of that view's window), or when a view in a window changes without animation
/// inside its block (`performWithoutAnimation`), or, with neither, when its recording ends (its
/// time domain's engine, else the engine in charge). A group bound to an engine that serves no window
/// (the process default) moves to the first window engine one of its views belongs to, and the
/// animations of a view that joins another window move with it: animations follow their views,
/// keeping the time they have run.
extension AnimationEngine {
    /// Called by every animatable property's setter with the value it had before.
    static func propertyChanged(_ view: View, old: AnimatableValue) {
        // Inside `animateKeyframes`: the change becomes a keyframe value, animated once the block ends.
        if let keyframes = KeyframeRecording.active.last, AnimationTransaction.currentGroup === keyframes.group {
            return keyframes.capture(view, old: old)
        }
        guard let group = AnimationTransaction.currentGroup else {
            // Not animated, yet inside a block: the block's completion belongs to this window.
            if let pending = AnimationTransaction.recording.last, pending.engine == nil,
                let windowEngine = Window.containing(view)?.animationEngine {
                windowEngine.bind(pending)
            }
            if let engine = view.animatingEngine {
                engine.changedWithoutAnimation(view, key: old.key)
            } else {
                view.presentation[old.key] = view.model[old.key]
            }
            return
        }
        engine(running: group, for: view).addTrack(view, old: old, group: group)
    }

    /// The engine a track of `view` in `group` goes to, binding or moving the group there.
    static func engine(running group: AnimationGroup, for view: View) -> AnimationEngine {
        let windowEngine = Window.containing(view)?.animationEngine
        if let bound = group.engine {
            guard let windowEngine, windowEngine !== bound, !bound.servesWindow else { return bound }
            bound.move(group, to: windowEngine)
            return windowEngine
        }
        let engine = group.domain?.engine ?? windowEngine ?? AnimationTransaction.engineInCharge
        engine.bind(group)
        return engine
    }

    /// Binds a group whose recording ended without tracks (a completion-only block) and makes
    /// the engine wait for its timing.
    static func recordingEnded(_ group: AnimationGroup) {
        let engine = group.engine ?? group.domain?.engine ?? AnimationTransaction.engineInCharge
        if group.engine == nil { engine.bind(group) }
        engine.add(group)
    }

    /// Moves a group, its tracks and the property animator driving it to `other`, keeping the
    /// time it has run (a group on its own clock starts as long before `other.now`).
    func move(_ group: AnimationGroup, to other: AnimationEngine) {
        guard other !== self else { return }
        let elapsed = now - group.startTime
        if group.domain == nil { group.startTime = other.now - elapsed }
        group.engine = other
        let moving = tracks.filter { $0.group === group }
        tracks.removeAll { $0.group === group }
        if groups.contains(where: { $0 === group }) {
            groups.removeAll { $0 === group }
            other.add(group)
        }
        for track in moving {
            other.tracks.append(track)
            track.view?.animatingEngine = other
        }
        for animator in animators where animator.group === group {
            animator.moved(clockShift: other.now - now)
            other.register(animator)
        }
        animators.removeAll { $0.group === group }
    }
}

extension View {
    /// After this view joined a window: the animations of its subtree recorded on another engine
    /// move to the window's engine.
    func moveAnimations(to engine: AnimationEngine) {
        var sources: [AnimationEngine] = []
        var groups: [AnimationGroup] = []
        visit { view in
            guard let source = view.animatingEngine, source !== engine else { return }
            if !sources.contains(where: { $0 === source }) { sources.append(source) }
            for track in source.tracks where track.view === view && !groups.contains(where: { $0 === track.group }) {
                groups.append(track.group)
            }
        }
        for group in groups { group.engine?.move(group, to: engine) }
    }

    private func visit(_ body: (View) -> Void) {
        body(self)
        for subview in subviews { subview.visit(body) }
    }
}

extension AnimationEngine {
    /// Whether a display link was routed from the process default yet (reported once).
    private static var reportedRoutedLink = false

    /// For a link added to `AnimationEngine.main`: the window that ticks it instead (the one in
    /// charge now, else the key window), reporting the first such link; nil for any other engine,
    /// or when no window exists (a program without windows advances `main` itself).
    func windowServingLinksOfMain() -> Window? {
        guard self === AnimationEngine.main else { return nil }
        let inCharge = AnimationTransaction.engineInCharge
        let window = inCharge.servesWindow ? inCharge.servedWindow : Window.key
        guard let window else { return nil }
        if !Self.reportedRoutedLink {
            Self.reportedRoutedLink = true
            window.diagnostics.report(
                "AnimationEngine.main.addDisplayLink with a window on screen: the link ticks with that window's frames; "
                    + "add it to the window's engine (view.animationEngine) instead")
        }
        return window
    }
}
