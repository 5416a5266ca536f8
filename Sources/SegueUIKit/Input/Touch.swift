/// One pointer press followed from down to up (UITouch's role). The same object is handed to
/// the hit view and to the gesture recognizers for every event of the press, so it can be
/// compared by identity. Locations are kept in window coordinates (the target's pixels,
/// top-left origin) and converted on request.
@MainActor
public final class Touch {
    /// UITouch.Phase.
    public enum Phase: Sendable, Equatable { case began, moved, stationary, ended, cancelled }

    public internal(set) var phase: Phase
    /// Seconds on the caller's clock (the one passed with the events), never read from a clock.
    public internal(set) var timestamp: Double
    /// The button that started the press; the press follows it until it is released.
    public let button: PointerButton
    /// The modifier keys held at the latest event.
    public internal(set) var modifiers: KeyModifiers
    /// The view the press hit (hit testing at the press point), as UITouch.view.
    public internal(set) weak var view: View?

    var windowLocation: Point
    var previousWindowLocation: Point

    init(at point: Point, time: Double, button: PointerButton, modifiers: KeyModifiers, view: View?) {
        phase = .began
        timestamp = time
        self.button = button
        self.modifiers = modifiers
        self.view = view
        windowLocation = point
        previousWindowLocation = point
    }

    /// The latest position in `view`'s bounds coordinates (nil: window). Zero where the point
    /// cannot be converted (another tree, a view seen edge-on).
    public func location(in view: View?) -> Point { Self.convert(windowLocation, into: view) ?? .zero }

    /// The position at the event before the latest one, in `view`'s bounds coordinates.
    public func previousLocation(in view: View?) -> Point { Self.convert(previousWindowLocation, into: view) ?? .zero }

    func update(to point: Point, time: Double, phase: Phase, modifiers: KeyModifiers) {
        previousWindowLocation = windowLocation
        windowLocation = point
        // Timestamps never go backwards, so durations and velocities stay non-negative.
        timestamp = max(timestamp, time)
        self.phase = phase
        self.modifiers = modifiers
    }

    static func convert(_ windowPoint: Point, into view: View?) -> Point? {
        guard let view else { return windowPoint }
        return view.convert(windowPoint, from: nil)
    }
}

extension Touch: Hashable {
    public nonisolated static func == (lhs: Touch, rhs: Touch) -> Bool { lhs === rhs }
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// What an input event carries besides its touches (UIEvent's role for pointer events).
public struct TouchEvent: Sendable, Equatable {
    /// Seconds on the caller's clock.
    public var timestamp: Double
    /// UIEvent.modifierFlags: the modifier keys held.
    public var modifierFlags: KeyModifiers
    /// UIEvent.buttonMask for one pointer: the button of the press.
    public var button: PointerButton

    public init(timestamp: Double, modifierFlags: KeyModifiers = [], button: PointerButton = .primary) {
        self.timestamp = timestamp
        self.modifierFlags = modifierFlags
        self.button = button
    }
}
