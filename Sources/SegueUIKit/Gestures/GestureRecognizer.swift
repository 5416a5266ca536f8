import Logging

/// UIGestureRecognizer: turns one pointer's presses into a gesture, with UIKit's state machine.
///
/// - Continuous gestures (pan, long press): `.possible` → `.began` → `.changed`… → `.ended`
///   or `.cancelled`; or `.possible` → `.failed`.
/// - Discrete gestures (tap, swipe): `.possible` → `.recognized` (= `.ended`) or `.failed`.
///
/// **Writing a recognizer** (UIGestureRecognizerSubclass): override `touchesBegan`,
/// `touchesMoved`, `touchesEnded`, `touchesCancelled` (and `timeDidAdvance(to:)` for gestures
/// that act while nothing moves), set `state` as the gesture unfolds, and clear your own fields
/// in `reset()` (calling `super.reset()`). Setting `state` goes through the same checks as the
/// built-in recognizers: invalid transitions are ignored (and logged), leaving `.possible` asks
/// the delegate and waits for recognizers this one must wait for (`require(toFail:)`); a
/// recognition another recognizer prevents gives `.failed`.
///
/// **Feeding**: attached to a view (`view.addGestureRecognizer`), the window's
/// `PointerDispatcher` delivers presses and time. A recognizer can also be fed directly with
/// `pointerDown(at:time:)` … and `advance(to:)` (no arbitration then), which is how its own
/// logic is tested. Times are seconds passed in with the events; nothing reads a clock.
///
/// Through a window (its `PointerDispatcher`), a recognizer that ended, failed or was cancelled
/// is reset to `.possible` as soon as the press is over and every recognizer of it decided, after
/// its actions ran, as UIKit does. Fed directly, it keeps that state readable until the next
/// press reaches it (the way its own logic is tested).
@MainActor
open class GestureRecognizer: GestureActionSending {
    /// In UIKit's order, so `state >= .ended` means the gesture is over.
    public enum State: Sendable, Equatable, Comparable {
        case possible, began, changed, ended, cancelled, failed
        /// A discrete gesture's success: the same state as `.ended`, as in UIKit.
        public static let recognized = State.ended
    }

    /// The view it is attached to. The view owns it; reassigning moves it to another view.
    public weak var view: View? {
        didSet {
            guard oldValue !== view else { return }
            oldValue?.gestureRecognizers.removeAll { $0 === self }
            if let view, !view.gestureRecognizers.contains(where: { $0 === self }) { view.gestureRecognizers.append(self) }
        }
    }

    /// False: presses are ignored. Disabling one that has begun cancels it (its actions run with
    /// `.cancelled`); one still in `.possible` drops its press silently.
    public var isEnabled = true {
        didSet {
            guard oldValue != isEnabled, !isEnabled else { return }
            let wasRecognizing = storedState == .began || storedState == .changed
            (trackedTouch, companionTouch) = (nil, nil)
            pendingState = nil
            if wasRecognizing { apply(.cancelled) }
            arbiter?.recognizerLeft(self)
        }
    }

    /// How the latest gesture ended (`.ended`, `.cancelled` or `.failed`), kept after the reset
    /// to `.possible` that follows it (not UIKit API: for diagnostics and tests). Nil before any.
    public private(set) var lastOutcome: State?

    public weak var delegate: (any GestureRecognizerDelegate)?
    /// A name for diagnostics.
    public var name: String?

    /// UIKit's `cancelsTouchesInView` (default true): when this recognizer recognizes, the view
    /// the press hit gets `touchesCancelled` and no more touches of that press.
    public var cancelsTouchesInView = true
    /// UIKit's `delaysTouchesEnded` (default true): a release is handed to the hit view only once
    /// this recognizer has failed; if it recognizes instead, the view gets `touchesCancelled`.
    public var delaysTouchesEnded = true
    /// The pointer buttons whose presses this recognizer follows (UIKit's `buttonMaskRequired`
    /// role). Touch-style recognizers follow the primary button.
    public var allowedButtons: Set<PointerButton> = [.primary]

    /// The modifier keys held at the latest event it received (UIKit's `modifierFlags`).
    public private(set) var modifierFlags: KeyModifiers = []
    /// The button of the press it follows (nil between presses).
    public var button: PointerButton? { trackedTouch?.button }
    /// The time of the latest event or `advance(to:)` it received (seconds; -infinity before any).
    public private(set) var currentTime = -Double.infinity

    /// The gesture's state. Subclasses set it (UIGestureRecognizerSubclass); see the type's notes.
    public var state: State {
        get { storedState }
        set { request(newValue) }
    }

    static let logger = Logger(label: "segue.gestures")

    private var storedState: State = .possible
    /// A recognition (`.began` or `.ended`) held back until recognizers it waits for have failed.
    var pendingState: State?
    /// The press being followed (nil between presses, after a release, and after `reset()`).
    public private(set) var trackedTouch: Touch?
    /// The second finger of a two-finger press (`PointerDispatcher.pinchDown`), nil otherwise.
    public private(set) var companionTouch: Touch?
    private var lastWindowLocation: Point?
    private var failureRequirements: [WeakRecognizer] = []
    private var actions: [(token: GestureActionToken, run: @MainActor (GestureRecognizer) -> Void)] = []
    private var nextActionToken = 0
    /// The dispatcher arbitrating the gesture it takes part in (nil when fed directly).
    weak var arbiter: PointerDispatcher?

    public init() {}

    /// A recognizer whose one action gets it as a `GestureRecognizer` (subclasses offer typed ones).
    public convenience init(action: @escaping @MainActor (GestureRecognizer) -> Void) {
        self.init()
        appendAction(action)
    }

    /// Removes an action added with `addAction(_:)`.
    public func removeAction(_ token: GestureActionToken) {
        actions.removeAll { $0.token == token }
    }

    @discardableResult
    func appendAction(_ run: @escaping @MainActor (GestureRecognizer) -> Void) -> GestureActionToken {
        nextActionToken += 1
        let token = GestureActionToken(value: nextActionToken)
        actions.append((token, run))
        return token
    }

    /// UIKit's `require(toFail:)`: this recognizer recognizes only once `other` has failed
    /// (e.g. a single tap waiting on a double tap); if `other` recognizes, this one fails. A
    /// recognizer that is not following the same press does not hold it back.
    public func require(toFail other: GestureRecognizer) {
        guard other !== self, !failureRequirements.contains(where: { $0.recognizer === other }) else { return }
        failureRequirements.removeAll { $0.recognizer == nil }
        failureRequirements.append(WeakRecognizer(recognizer: other))
    }

    // MARK: - Reading

    /// The fingers of the press followed: 1 for a pointer, 2 for a two-finger press, else 0.
    public var numberOfTouches: Int { trackedTouch == nil ? 0 : companionTouch == nil ? 1 : 2 }

    /// The latest pointer position of the gesture in `view`'s bounds coordinates (nil: window);
    /// it stays readable after the release. Zero before any press or where it cannot be converted.
    open func location(in view: View?) -> Point {
        guard let point = lastWindowLocation else { return .zero }
        return Touch.convert(point, into: view) ?? .zero
    }

    // MARK: - Subclass contract (UIGestureRecognizerSubclass)

    open func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {}
    open func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {}
    open func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {}
    open func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {}

    /// Time passed to `time` (seconds) while the gesture is followed: a frame went by or an event
    /// arrived. Recognizers that act on time alone (a long press, a tap waiting for its next
    /// tap) decide here; it is Segue's stand-in for UIKit's internal timers.
    open func timeDidAdvance(to time: Double) {}

    /// When this recognizer next decides by time alone, with no event (seconds, on the clock of
    /// its events), so that a host which sleeps while nothing moves wakes then instead of drawing
    /// every frame while a press rests. nil: only events move it on. The default, `currentTime`,
    /// asks for every frame, so a subclass acting in `timeDidAdvance(to:)` works without saying
    /// when; override it to let the window sleep (the built-in recognizers do).
    open var nextTimedDecision: Double? { currentTime }

    /// How far past a strict limit (`elapsed > limit`) a timed decision is asked for: well above
    /// the rounding of the subtraction, far below a frame.
    static let pastTheLimit = 1e-6

    /// Whether time passing reaches it now (`advance(to:)` calls `timeDidAdvance`).
    var takesTime: Bool { isEnabled && storedState < .ended && pendingState == nil }

    /// Back to `.possible`, forgetting the press, without running actions. Called before a
    /// finished recognizer takes part in a new gesture; subclasses clear their fields and call super.
    open func reset() {
        storedState = .possible
        pendingState = nil
        trackedTouch = nil
        companionTouch = nil
        lastWindowLocation = nil
    }

    /// Whether this recognizer waits for `other` to fail (besides `require(toFail:)`). Default false.
    open func shouldRequireFailure(of other: GestureRecognizer) -> Bool { false }
    /// Whether `other` waits for this recognizer to fail. Default false.
    open func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { false }
    /// Whether recognizing this gesture fails (or cancels) `other`. Default true.
    open func canPrevent(_ other: GestureRecognizer) -> Bool { true }
    /// Whether `other` recognizing fails (or cancels) this recognizer. Default true.
    open func canBePrevented(by other: GestureRecognizer) -> Bool { true }

    // MARK: - Feeding directly (no arbitration)

    /// Starts a press at `point` (window coordinates). Ignored while disabled, for a button not
    /// in `allowedButtons`, and while a continuous gesture is under way (a lost release).
    public func pointerDown(at point: Point, time: Double) { pointerDown(at: point, time: time, button: .primary) }
    public func pointerMoved(to point: Point, time: Double) { pointerMoved(to: point, time: time, modifiers: []) }
    public func pointerUp(at point: Point, time: Double) { pointerUp(at: point, time: time, modifiers: []) }

    /// A press of `button` with `modifiers` held (see `allowedButtons` and `modifierFlags`).
    public func pointerDown(at point: Point, time: Double, button: PointerButton, modifiers: KeyModifiers = []) {
        guard isEnabled, allowedButtons.contains(button), storedState != .began, storedState != .changed else { return }
        if storedState >= .ended { reset() }
        let touch = Touch(at: point, time: time, button: button, modifiers: modifiers, view: view)
        deliverBegan(touch, TouchEvent(timestamp: time, modifierFlags: modifiers, button: button))
    }

    public func pointerMoved(to point: Point, time: Double, modifiers: KeyModifiers) {
        guard isEnabled, let touch = trackedTouch else { return }
        touch.update(to: point, time: time, phase: .moved, modifiers: modifiers)
        deliverMoved(touch, TouchEvent(timestamp: touch.timestamp, modifierFlags: modifiers, button: touch.button))
    }

    public func pointerUp(at point: Point, time: Double, modifiers: KeyModifiers) {
        guard isEnabled, let touch = trackedTouch else { return }
        touch.update(to: point, time: time, phase: .ended, modifiers: modifiers)
        deliverEnded(touch, TouchEvent(timestamp: touch.timestamp, modifierFlags: modifiers, button: touch.button))
    }

    public func pointerCancelled(time: Double) {
        guard isEnabled, let touch = trackedTouch else { return }
        touch.update(to: touch.windowLocation, time: time, phase: .cancelled, modifiers: touch.modifiers)
        deliverCancelled(touch, TouchEvent(timestamp: touch.timestamp, modifierFlags: touch.modifiers, button: touch.button))
    }

    /// Lets time pass to `time` (seconds) without an event (see `timeDidAdvance(to:)`).
    public func advance(to time: Double) {
        guard isEnabled, time > currentTime else { return }
        currentTime = time
        guard storedState < .ended, pendingState == nil else { return }
        timeDidAdvance(to: time)
    }

    // MARK: - Delivery (shared with PointerDispatcher)

    /// Whether it takes the events of `touch`: enabled, following it, and not finished or
    /// waiting with a discrete recognition.
    func follows(_ touch: Touch) -> Bool {
        isEnabled && trackedTouch === touch && storedState < .ended && pendingState != .ended
    }

    /// `companion`: the second finger of a two-finger press; the location is then their midpoint.
    func deliverBegan(_ touch: Touch, _ event: TouchEvent, companion: Touch? = nil) {
        advance(to: event.timestamp)
        guard isEnabled else { return }
        trackedTouch = touch
        companionTouch = companion
        lastWindowLocation = Self.midpoint(touch, companion)
        modifierFlags = event.modifierFlags
        touchesBegan(Self.touches(touch, companion), with: event)
    }

    func deliverMoved(_ touch: Touch, _ event: TouchEvent) {
        advance(to: event.timestamp)
        guard follows(touch) else { return }
        lastWindowLocation = Self.midpoint(touch, companionTouch)
        modifierFlags = event.modifierFlags
        touchesMoved(Self.touches(touch, companionTouch), with: event)
    }

    func deliverEnded(_ touch: Touch, _ event: TouchEvent) {
        advance(to: event.timestamp)
        defer { if trackedTouch === touch { trackedTouch = nil; companionTouch = nil } }
        guard follows(touch) else { return }
        lastWindowLocation = Self.midpoint(touch, companionTouch)
        modifierFlags = event.modifierFlags
        touchesEnded(Self.touches(touch, companionTouch), with: event)
    }

    func deliverCancelled(_ touch: Touch, _ event: TouchEvent) {
        defer { if trackedTouch === touch { trackedTouch = nil; companionTouch = nil } }
        guard follows(touch) else { return }
        touchesCancelled(Self.touches(touch, companionTouch), with: event)
        // A subclass that ignored the cancellation still leaves the gesture.
        finish()
    }

    // MARK: - State changes

    /// Ends the gesture from outside (prevented by another recognizer, taken off its view, the
    /// press cancelled): undecided → `.failed`, recognizing → `.cancelled` (actions run).
    func finish() {
        guard storedState < .ended else { return }
        pendingState = nil
        (trackedTouch, companionTouch) = (nil, nil)
        apply(storedState == .possible ? .failed : .cancelled)
    }

    private func request(_ newState: State) {
        let old = storedState
        if old == .possible, pendingState != nil {
            // Waiting for other recognizers to fail: keep the latest wish; a failure is final.
            switch newState {
            case .failed: pendingState = nil; apply(.failed)
            case .began, .ended: pendingState = newState
            default: break
            }
            return
        }
        guard Self.isAllowed(from: old, to: newState) else {
            if old != newState || newState != .possible {
                Self.logger.debug("ignored state change \(old) -> \(newState) of \(name ?? String(describing: type(of: self)))")
            }
            return
        }
        if old == .possible, newState == .began || newState == .ended {
            guard isEnabled else { return }
            switch arbiter?.admission(for: self) ?? .proceed {
            case .wait: pendingState = newState; return
            case .fail: apply(.failed); return
            case .proceed: break
            }
            guard mayLeavePossible() else { apply(.failed); return }
        }
        apply(newState)
    }

    /// Applies a held recognition once nothing holds it back any more (PointerDispatcher).
    func resolvePending() {
        guard let pending = pendingState, storedState == .possible else { return }
        switch arbiter?.admission(for: self) ?? .proceed {
        case .wait: return
        case .fail: pendingState = nil; apply(.failed)
        case .proceed:
            pendingState = nil
            if mayLeavePossible() { apply(pending) } else { apply(.failed) }
        }
    }

    private func mayLeavePossible() -> Bool {
        if let delegate, !delegate.gestureRecognizerShouldBegin(self) { return false }
        // UIView.gestureRecognizerShouldBegin, asked of the view the press hit (a control
        // keeps its own taps from its ancestors' tap recognizers).
        if let hitView = trackedTouch?.view, !hitView.gestureRecognizerShouldBegin(self) { return false }
        return isEnabled
    }

    private func apply(_ newState: State) {
        isApplying = true
        defer {
            isApplying = false
            if resetsAfterApplying {
                resetsAfterApplying = false
                reset()
            }
        }
        storedState = newState
        if newState >= .ended { lastOutcome = newState }
        arbiter?.recognizer(self, didChangeTo: newState)
        guard newState != .failed, newState != .possible else { return }
        for action in actions { action.run(self) }
    }

    /// True while `apply` tells the arbiter and runs the actions of a change.
    private var isApplying = false
    private var resetsAfterApplying = false

    /// The dispatcher's reset once a gesture is over: now, or, when this recognizer's own change
    /// ended the gesture (the arbiter hears of it before the actions run), after its actions ran,
    /// so they read the state they were sent for (`.ended`), as UIKit's do.
    func resetAfterActions() {
        if isApplying { resetsAfterApplying = true } else { reset() }
    }

    private static func isAllowed(from old: State, to new: State) -> Bool {
        switch (old, new) {
        case (.possible, .began), (.possible, .ended), (.possible, .failed): true
        case (.began, .changed), (.began, .ended), (.began, .cancelled): true
        case (.changed, .changed), (.changed, .ended), (.changed, .cancelled): true
        default: false
        }
    }

    // MARK: - Arbitration relations

    /// Whether this recognizer must wait for `other` to fail before recognizing.
    func waits(for other: GestureRecognizer) -> Bool {
        failureRequirements.contains { $0.recognizer === other }
            || shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: self)
            || delegate?.gestureRecognizer(self, shouldRequireFailureOf: other) == true
            || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: self) == true
    }

    /// Whether this recognizer recognizing fails or cancels `other`.
    func prevents(_ other: GestureRecognizer) -> Bool {
        guard canPrevent(other), other.canBePrevented(by: self) else { return false }
        let simultaneous = delegate?.gestureRecognizer(self, shouldRecognizeSimultaneouslyWith: other) == true
            || other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: self) == true
        return !simultaneous
    }

    /// Leaves the current gesture when taken off its view: cancelled (actions run) if it had
    /// begun, failed if still undecided, as UIKit does.
    func detachedFromView() {
        let dispatcher = arbiter
        dispatcher?.remove(fromGesture: self)
        if trackedTouch != nil || storedState == .began || storedState == .changed || pendingState != nil { finish() }
        dispatcher?.recognizerLeft(self)
    }
}
