/// UIControl: a view that turns the touches it gets (as the hit view, `View.touchesBegan` …)
/// into control events, with UIKit's tracking.
///
/// A primary-button press on an enabled control starts tracking (`beginTracking`): it is
/// highlighted and sends `.touchDown`. Moves send `.touchDragInside`/`.touchDragOutside`, and
/// `.touchDragEnter`/`.touchDragExit` on crossing, where "inside" is the bounds grown by
/// `touchTrackingSlop` on every side (UIKit keeps a touch inside about 70 points beyond the
/// bounds, as developers observe; it is not documented); the highlight follows. The release sends `.touchUpInside` or `.touchUpOutside`; a
/// cancellation (a gesture recognizer took the press) sends `.touchCancel`. Other buttons'
/// presses go up the responder chain.
///
/// As UIKit does since iOS 6, a control keeps single taps from its ancestors' tap recognizers
/// (`gestureRecognizerShouldBegin`), so a button inside a tappable view acts as a button.
@MainActor
open class Control: View {
    /// UIControl.Event.
    public struct Event: OptionSet, Sendable, Hashable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchDragInside = Event(rawValue: 1 << 2)
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        public static let touchDragExit = Event(rawValue: 1 << 5)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let touchCancel = Event(rawValue: 1 << 8)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let allTouchEvents = Event(rawValue: 0x0FFF)
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    /// Identifies an action added with `addAction(for:_:)`.
    public struct ActionToken: Hashable, Sendable { let value: Int }

    /// Off: presses are not tracked (and a press being tracked is cancelled).
    open var isEnabled = true {
        didSet { if !isEnabled, isTracking { stopTracking(cancelled: true, event: nil) } }
    }
    /// Shown pressed; subclasses change their look by observing it (`override var isHighlighted { didSet … }`).
    open var isHighlighted = false
    open var isSelected = false
    /// Points beyond the bounds on every side where a tracked touch still counts as inside.
    public var touchTrackingSlop: Double = 70

    public private(set) var isTracking = false
    public private(set) var isTouchInside = false

    private var actions: [(token: ActionToken, events: Event, run: @MainActor (Control) -> Void)] = []
    private var nextToken = 0
    private var trackedTouch: Touch?

    public override init(frame: Rect = .zero, name: String = "control") {
        super.init(frame: frame, name: name)
    }

    /// Runs `handler` whenever one of `events` is sent (UIKit's `addAction(_:for:)`).
    @discardableResult
    public func addAction(for events: Event, _ handler: @escaping @MainActor (Control) -> Void) -> ActionToken {
        nextToken += 1
        let token = ActionToken(value: nextToken)
        actions.append((token, events, handler))
        return token
    }

    public func removeAction(_ token: ActionToken) {
        actions.removeAll { $0.token == token }
    }

    /// Runs the actions registered for any of `events`, each once, in the order added.
    open func sendActions(for events: Event) {
        for action in actions where !action.events.isDisjoint(with: events) { action.run(self) }
    }

    // MARK: - Tracking (overridable, as UIControl's)

    /// A press starts; false: not tracked.
    open func beginTracking(_ touch: Touch, with event: TouchEvent) -> Bool { true }
    /// A tracked press moved; false: tracking stops (no release events follow).
    open func continueTracking(_ touch: Touch, with event: TouchEvent) -> Bool { true }
    /// The tracked press was released (after the highlight is cleared, before the touch-up events).
    open func endTracking(_ touch: Touch?, with event: TouchEvent?) {}
    /// The tracked press was cancelled.
    open func cancelTracking(with event: TouchEvent?) {}

    /// Whether `touch` counts as inside: within the bounds grown by `touchTrackingSlop`.
    public func isInsideForTracking(_ touch: Touch) -> Bool {
        bounds.insetBy(dx: -touchTrackingSlop, dy: -touchTrackingSlop).contains(touch.location(in: self))
    }

    // MARK: - Touches

    open override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let touch = touches.first, touch.button == .primary else { return super.touchesBegan(touches, with: event) }
        guard isEnabled, !isTracking, beginTracking(touch, with: event) else { return }
        trackedTouch = touch
        isTracking = true
        isTouchInside = true
        isHighlighted = true
        sendActions(for: .touchDown)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let touch = touches.first, touch === trackedTouch else { return super.touchesMoved(touches, with: event) }
        let wasInside = isTouchInside
        let inside = isInsideForTracking(touch)
        isTouchInside = inside
        isHighlighted = inside
        var events: Event = inside ? .touchDragInside : .touchDragOutside
        if inside != wasInside { events.insert(inside ? .touchDragEnter : .touchDragExit) }
        sendActions(for: events)
        if !continueTracking(touch, with: event) { stopTracking(cancelled: false, event: event, sendTouchUp: false) }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let touch = touches.first, touch === trackedTouch else { return super.touchesEnded(touches, with: event) }
        isTouchInside = isInsideForTracking(touch)
        stopTracking(cancelled: false, event: event)
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let touch = touches.first, touch === trackedTouch else { return super.touchesCancelled(touches, with: event) }
        stopTracking(cancelled: true, event: event)
    }

    /// Keeps single taps of ancestors' recognizers off the control (UIKit, iOS 6 and later).
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        if let tap = gestureRecognizer as? TapGestureRecognizer, tap.numberOfTapsRequired == 1, tap.view !== self { return false }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }

    private func stopTracking(cancelled: Bool, event: TouchEvent?, sendTouchUp: Bool = true) {
        let touch = trackedTouch
        trackedTouch = nil
        isTracking = false
        isHighlighted = false
        if cancelled {
            cancelTracking(with: event)
            sendActions(for: .touchCancel)
        } else {
            endTracking(touch, with: event)
            if sendTouchUp { sendActions(for: isTouchInside ? .touchUpInside : .touchUpOutside) }
        }
    }
}
