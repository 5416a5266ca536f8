/// Routes one pointer's events (window coordinates: the target's pixels, top-left origin, as
/// GLFW reports them; timestamps in seconds) to the gesture recognizers and views of a view
/// tree, UIKit style. Every window has one (`window.pointerDispatcher`).
///
/// **Hit testing** (`hitTest`) asks the root view's `hitTest(_:with:)`, which views may override
/// (as `point(inside:with:)`). Its default follows UIKit's on the model values (a view
/// being animated is hit where it is going, as in UIKit): starting at the root, a view that is
/// hidden, has `alpha < 0.01`, has `isUserInteractionEnabled` off, or does not contain the
/// point in its bounds (the point is mapped with `convert(_:from: nil)`, so transforms, bounds
/// origins and perspective count) is skipped together with its subtree; otherwise its
/// subviews are tried front to back (last subview first) and the first hit wins, else the view
/// itself. As in UIKit, a subview sticking out of its superview's bounds cannot be hit there.
///
/// **Candidates**: a press goes to the enabled recognizers attached to the hit view and its
/// ancestors that follow its button and whose delegate lets them receive it, deepest view first
/// and, on one view, in the order they were added. Every event goes to each of them in that
/// order, then to the hit view's `touchesBegan/Moved/Ended/Cancelled`.
///
/// **Arbitration**: a recognizer that recognizes (begins, or recognizes a discrete gesture)
/// fails the undecided candidates and cancels the recognizing ones, unless a delegate lets them
/// recognize simultaneously (or `canPrevent`/`canBePrevented` say otherwise); with
/// `cancelsTouchesInView` the hit view's touches are cancelled. One that must wait for another
/// to fail (`require(toFail:)`, delegate, subclass) is held in `.possible` until that one fails
/// (then it recognizes) or recognizes (then it fails). So when several would begin on the same
/// move, the deepest wins; a veto fails one and the next may begin on that move.
///
/// **A gesture** lasts from the press until the pointer is up and every candidate has
/// finished. Candidates still undecided after the release (a tap waiting for its next tap) keep
/// it going and take the next press if it reaches them; time reaches them through `advance(to:)`
/// (the window calls it every frame, and every event advances time first). A press that
/// reaches none of them fails them.
@MainActor
public final class PointerDispatcher {
    public let root: View

    /// The recognizers taking part in the current gesture, deepest view first; empty between gestures.
    private(set) var candidates: [GestureRecognizer] = []
    /// The press under way.
    private var touch: Touch?
    /// Its second finger, when it is a two-finger press (`pinchDown`).
    private var secondTouch: Touch?
    /// The view the press hit, which gets the touch methods.
    private weak var touchView: View?
    /// The touch the hit view is following (nil once it got its end or cancellation).
    private var viewTouch: Touch?
    /// A release held back from the hit view while a `delaysTouchesEnded` recognizer decides.
    private var heldViewEnd: TouchEvent?
    /// The latest time seen (events or `advance(to:)`).
    public private(set) var currentTime = -Double.infinity

    public init(root: View) {
        self.root = root
    }

    /// Attaches `recognizer` to `view`: the same as `view.addGestureRecognizer(recognizer)`.
    /// Adding it again moves it.
    public func add(_ recognizer: GestureRecognizer, to view: View) {
        view.addGestureRecognizer(recognizer)
    }

    /// Detaches `recognizer` from its view (`view.removeGestureRecognizer`). If it is following
    /// the current gesture it leaves it: failed if undecided, cancelled (actions run) if it had begun.
    public func remove(_ recognizer: GestureRecognizer) {
        recognizer.view?.removeGestureRecognizer(recognizer)
    }

    /// Whether a gesture is under way: a press is down, or recognizers of the last one are still
    /// undecided (a single tap waiting out the double-tap interval). When time must pass for them
    /// to decide, `nextTimedDecision` says.
    public var isFollowingGesture: Bool { touch != nil || !candidates.isEmpty }

    /// When the current gesture next needs time to pass: the earliest `nextTimedDecision` of the
    /// recognizers time still reaches (a long press resting, a tap waiting out the double-tap
    /// interval). nil: only events move it on (a pan resting under a held button), or no gesture
    /// is under way. A host may sleep until then and call `advance(to:)` (a frame does).
    public var nextTimedDecision: Double? {
        // Asked on every pass of a host's loop: a plain loop, no arrays.
        var earliest: Double?
        for recognizer in candidates where isCandidate(recognizer) && recognizer.takesTime {
            if let time = recognizer.nextTimedDecision, time < earliest ?? .infinity { earliest = time }
        }
        return earliest
    }

    // MARK: - Events

    /// Lets time pass to `time` (seconds): recognizers of the current gesture that act on time
    /// (long press, multi-tap) decide. `Window.renderFrame(at:)` calls it once per frame.
    public func advance(to time: Double) {
        guard time > currentTime else { return }
        currentTime = time
        for recognizer in candidates where isCandidate(recognizer) { recognizer.advance(to: time) }
        endGestureIfFinished()
    }

    /// Starts a press. A press arriving while another is under way (a lost release) first
    /// cancels the old one.
    public func pointerDown(at point: Point, time: Double) { pointerDown(at: point, time: time, button: .primary) }
    public func pointerMoved(to point: Point, time: Double) { pointerMoved(to: point, time: time, modifiers: []) }
    public func pointerUp(at point: Point, time: Double) { pointerUp(at: point, time: time, modifiers: []) }

    /// A press of `button` with `modifiers` held; the press follows that button until the release.
    public func pointerDown(at point: Point, time: Double, button: PointerButton, modifiers: KeyModifiers = []) {
        if touch != nil { pointerCancelled(time: time) }
        advance(to: time)
        flushHeldViewEnd()
        let event = TouchEvent(timestamp: time, modifierFlags: modifiers, button: button)
        let hit = hitTest(point, with: event)
        let touch = Touch(at: point, time: time, button: button, modifiers: modifiers, view: hit)
        let chain = recognizerChain(from: hit).filter {
            $0.isEnabled && $0.allowedButtons.contains(button) && ($0.delegate?.gestureRecognizer($0, shouldReceive: touch) ?? true)
        }
        takeCandidates(chain)
        self.touch = touch
        touchView = hit
        viewTouch = nil
        for recognizer in candidates where isCandidate(recognizer) && recognizer.state == .possible && recognizer.pendingState == nil {
            recognizer.deliverBegan(touch, event)
        }
        if self.touch === touch, let hit, !candidates.contains(where: { $0.cancelsTouchesInView && $0.state.isRecognizing }) {
            viewTouch = touch
            hit.touchesBegan([touch], with: event)
        }
    }

    /// The candidates of a new press: what the last gesture still waited for and the press does
    /// not reach is over (undecided ones fail first, so a recognition held back for them goes
    /// through); the rest start afresh.
    private func takeCandidates(_ chain: [GestureRecognizer]) {
        // The press went elsewhere: what the last gesture still waited for is over. Undecided
        // ones fail first, so that a recognition held back for them goes through.
        let leaving = candidates.filter { old in !chain.contains { $0 === old } }
        for old in leaving where isCandidate(old) && old.pendingState == nil { old.finish() }
        for old in leaving where isCandidate(old) { old.finish() }
        for old in leaving where old.arbiter === self { old.arbiter = nil }
        for recognizer in chain where !(isCandidate(recognizer) && recognizer.state == .possible) { recognizer.reset() }
        candidates = chain
        for recognizer in chain { recognizer.arbiter = self }
    }

    // MARK: - Two fingers

    /// Two fingers down at `first` and `second` (window coordinates): a press hit-tested at their
    /// midpoint that only the pinch recognizers of the hit view and its ancestors follow (views
    /// get no touches of it). Arbitration among them is a one-finger press's. A press under way
    /// is cancelled first.
    public func pinchDown(at first: Point, _ second: Point, time: Double) {
        if touch != nil { pointerCancelled(time: time) }
        advance(to: time)
        flushHeldViewEnd()
        let event = TouchEvent(timestamp: time)
        let hit = hitTest(Point(x: (first.x + second.x) / 2, y: (first.y + second.y) / 2), with: event)
        let touch = Touch(at: first, time: time, button: .primary, modifiers: [], view: hit)
        let companion = Touch(at: second, time: time, button: .primary, modifiers: [], view: hit)
        takeCandidates(recognizerChain(from: hit).filter {
            $0 is PinchGestureRecognizer && $0.isEnabled && ($0.delegate?.gestureRecognizer($0, shouldReceive: touch) ?? true)
        })
        (self.touch, secondTouch, touchView, viewTouch) = (touch, companion, hit, nil)
        for recognizer in candidates where isCandidate(recognizer) && recognizer.state == .possible && recognizer.pendingState == nil {
            recognizer.deliverBegan(touch, event, companion: companion)
        }
    }

    /// The two fingers of a `pinchDown` press moved to `first` and `second`.
    public func pinchMoved(to first: Point, _ second: Point, time: Double) {
        guard let touch, let secondTouch else { return }
        secondTouch.update(to: second, time: time, phase: .moved, modifiers: [])
        update(touch, to: first, time: time, phase: .moved, modifiers: []) { $0.deliverMoved($1, $2) }
    }

    /// Both fingers of a `pinchDown` press lift where they are.
    public func pinchUp(time: Double) {
        guard let touch, let secondTouch else { return }
        secondTouch.update(to: secondTouch.windowLocation, time: time, phase: .ended, modifiers: [])
        update(touch, to: touch.windowLocation, time: time, phase: .ended, modifiers: []) { $0.deliverEnded($1, $2) }
        (self.touch, self.secondTouch) = (nil, nil)
        endGestureIfFinished()
    }

    /// Whether a two-finger press (`pinchDown`) is under way.
    public var isPinching: Bool { secondTouch != nil }

    public func pointerMoved(to point: Point, time: Double, modifiers: KeyModifiers) {
        guard let touch, secondTouch == nil else { return }
        let event = update(touch, to: point, time: time, phase: .moved, modifiers: modifiers) { $0.deliverMoved($1, $2) }
        if viewTouch === touch { touchView?.touchesMoved([touch], with: event) }
    }

    public func pointerUp(at point: Point, time: Double, modifiers: KeyModifiers) {
        guard let touch, secondTouch == nil else { return }
        let event = update(touch, to: point, time: time, phase: .ended, modifiers: modifiers) { $0.deliverEnded($1, $2) }
        self.touch = nil
        if viewTouch === touch {
            if delaysViewEnd { heldViewEnd = event } else { endViewTouch(with: event) }
        }
        endGestureIfFinished()
    }

    public func pointerCancelled(time: Double) {
        guard let touch else { return }
        secondTouch?.phase = .cancelled
        update(touch, to: touch.windowLocation, time: time, phase: .cancelled, modifiers: touch.modifiers) { $0.deliverCancelled($1, $2) }
        (self.touch, secondTouch) = (nil, nil)
        cancelViewTouch()
        endGestureIfFinished()
    }

    /// Lets time pass to `time`, moves `touch` on to `phase` at `point`, and hands it with its
    /// event to every recognizer still following it (`deliver`); returns the event.
    @discardableResult
    private func update(
        _ touch: Touch, to point: Point, time: Double, phase: Touch.Phase, modifiers: KeyModifiers,
        deliver: (GestureRecognizer, Touch, TouchEvent) -> Void
    ) -> TouchEvent {
        advance(to: time)
        touch.update(to: point, time: time, phase: phase, modifiers: modifiers)
        let event = TouchEvent(timestamp: touch.timestamp, modifierFlags: modifiers, button: touch.button)
        for recognizer in candidates where isCandidate(recognizer) && recognizer.follows(touch) {
            deliver(recognizer, touch, event)
        }
        return event
    }

    // MARK: - Hit testing

    /// Topmost view containing `point` (window coordinates), or nil (see the type's notes).
    public func hitTest(_ point: Point) -> View? { hitTest(point, with: nil) }

    /// The root view's `hitTest(_:with:)` at `point` (window coordinates): views' overrides of
    /// it and of `point(inside:with:)` decide, as in UIKit.
    public func hitTest(_ point: Point, with event: TouchEvent?) -> View? {
        guard let local = root.convert(point, from: nil) else { return nil }
        return root.hitTest(local, with: event)
    }

    private func recognizerChain(from hit: View?) -> [GestureRecognizer] {
        var result: [GestureRecognizer] = []
        var current = hit
        while let view = current {
            result += view.gestureRecognizers
            current = view.superview
        }
        return result
    }

    // MARK: - Arbitration (called by the recognizers)

    enum Admission { case proceed, wait, fail }

    /// Whether `recognizer` may leave `.possible` now.
    func admission(for recognizer: GestureRecognizer) -> Admission {
        guard isCandidate(recognizer) else { return .proceed }
        for other in candidates where other !== recognizer && isCandidate(other) {
            if other.state.isRecognizing || other.state == .ended, other.prevents(recognizer) { return .fail }
        }
        var wait = false
        for other in candidates where other !== recognizer && isCandidate(other) && recognizer.waits(for: other) {
            switch other.state {
            case .possible: wait = true
            case .began, .changed, .ended: return .fail
            case .cancelled, .failed: break
            }
        }
        return wait ? .wait : .proceed
    }

    func recognizer(_ recognizer: GestureRecognizer, didChangeTo state: GestureRecognizer.State) {
        guard isCandidate(recognizer) else { return }
        switch state {
        case .began, .ended:
            for other in candidates where other !== recognizer && isCandidate(other) && other.state < .ended {
                if recognizer.prevents(other) { other.finish() }
            }
            if recognizer.cancelsTouchesInView { cancelViewTouch() }
        case .failed, .cancelled:
            for waiting in candidates where waiting.pendingState != nil && isCandidate(waiting) { waiting.resolvePending() }
        case .possible, .changed:
            break
        }
        if heldViewEnd != nil, !delaysViewEnd, let event = heldViewEnd { endViewTouch(with: event) }
        if touch == nil { endGestureIfFinished() }
    }

    /// A recognizer left the gesture (disabled, taken off its view): those waiting on it go on.
    func recognizerLeft(_ recognizer: GestureRecognizer) {
        candidates.removeAll { $0 === recognizer }
        if recognizer.arbiter === self { recognizer.arbiter = nil }
        for waiting in candidates where waiting.pendingState != nil && isCandidate(waiting) { waiting.resolvePending() }
        if heldViewEnd != nil, !delaysViewEnd, let event = heldViewEnd { endViewTouch(with: event) }
        if touch == nil { endGestureIfFinished() }
    }

    func remove(fromGesture recognizer: GestureRecognizer) {
        candidates.removeAll { $0 === recognizer }
        if recognizer.arbiter === self { recognizer.arbiter = nil }
    }

    // MARK: - Private

    private func isCandidate(_ recognizer: GestureRecognizer) -> Bool {
        recognizer.arbiter === self && recognizer.isEnabled && candidates.contains { $0 === recognizer }
    }

    /// Whether an undecided recognizer still holds the hit view's release back.
    private var delaysViewEnd: Bool {
        candidates.contains { isCandidate($0) && $0.delaysTouchesEnded && $0.cancelsTouchesInView && $0.state == .possible }
    }

    private func endViewTouch(with event: TouchEvent) {
        guard let viewTouch else { return }
        self.viewTouch = nil
        heldViewEnd = nil
        touchView?.touchesEnded([viewTouch], with: event)
    }

    private func cancelViewTouch() {
        guard let viewTouch else { return }
        self.viewTouch = nil
        heldViewEnd = nil
        viewTouch.phase = .cancelled
        touchView?.touchesCancelled([viewTouch], with: TouchEvent(timestamp: viewTouch.timestamp, modifierFlags: viewTouch.modifiers, button: viewTouch.button))
    }

    /// A release still held back when the next press comes is delivered first.
    private func flushHeldViewEnd() {
        if let event = heldViewEnd { endViewTouch(with: event) }
    }

    /// The press is over and every recognizer decided: each that ended, was cancelled or failed
    /// goes back to `.possible` now (UIKit resets them once the gesture is over, after their
    /// actions ran), so a recognizer read between presses says `.possible`.
    private func endGestureIfFinished() {
        guard touch == nil, !candidates.isEmpty else { return }
        guard !candidates.contains(where: { isCandidate($0) && $0.state < .ended }) else { return }
        for recognizer in candidates where recognizer.arbiter === self {
            recognizer.arbiter = nil
            if recognizer.state >= .ended { recognizer.resetAfterActions() }
        }
        candidates = []
        flushHeldViewEnd()
    }
}

extension GestureRecognizer.State {
    /// `.began` or `.changed`: a continuous gesture under way.
    var isRecognizing: Bool { self == .began || self == .changed }
}
