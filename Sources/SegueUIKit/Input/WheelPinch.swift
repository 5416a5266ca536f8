/// The desktop's pinch: Ctrl + scroll wheel, as browsers map a trackpad pinch, turned into a
/// two-finger pinch on a window (`Window.pinchDown` … `pinchUp`), so that a
/// `PinchGestureRecognizer` works with a mouse. `WindowHost` feeds it.
///
/// - The first wheel step with Ctrl held puts two fingers down `startDistance` apart on a
///   horizontal line through the pointer; each step then moves them `notchDistance` apart per
///   notch up (spreading, scale > 1) or together per notch down (closing, scale < 1; they stop
///   `minimumDistance` apart), so after n notches down the scale is 1 - n / 10.
/// - The pinch ends (the fingers lift) when Ctrl is released, or once the host's frame clock has
///   gone `idleEnd` seconds past the last step with Ctrl still held: a wheel has no "lift", so
///   a pause ends it. The clock is an input (`advance(to:)`, the host's frame time), never a
///   sleep, and `nextDecision` tells a sleeping host when to wake for that end.
/// - A wheel step without Ctrl, a press, or the window losing focus ends it first.
@MainActor
public struct WheelPinch {
    /// Window points between the fingers when they go down.
    public static let startDistance = 200.0
    /// Window points the fingers move apart per wheel notch (a tenth of the start distance).
    public static let notchDistance = 20.0
    /// The closest the fingers come.
    public static let minimumDistance = 10.0
    /// Seconds without a wheel step after which the fingers lift.
    public static let idleEnd = 0.3

    private var distance = WheelPinch.startDistance
    private var center = Point(x: 0, y: 0)
    private var lastStep: Double?

    public init() {}

    /// Whether the fingers are down.
    public var isPinching: Bool { lastStep != nil }

    /// When the pause after the last step ends the pinch (seconds on the events' clock), nil when none is under way.
    public var nextDecision: Double? { lastStep.map { $0 + Self.idleEnd } }

    /// A wheel step of `notches` (positive: up, away from the user) at `location` with Ctrl held.
    public mutating func wheel(at location: Point, notches: Double, time: Double, window: Window) {
        if lastStep == nil || !window.pointerDispatcher.isPinching {
            (center, distance) = (location, Self.startDistance)
            let (a, b) = fingers
            window.pinchDown(at: a, b, time: time)
        }
        lastStep = time
        distance = max(Self.minimumDistance, distance + notches * Self.notchDistance)
        let (a, b) = fingers
        window.pinchMoved(to: a, b, time: time)
    }

    /// Lets the frame clock reach `time`: past the pause, the fingers lift (at the pause's end).
    public mutating func advance(to time: Double, window: Window) {
        guard let end = nextDecision, time >= end else { return }
        lift(time: end, window: window)
    }

    /// Ctrl released, another input came, or focus went: the fingers lift now.
    public mutating func lift(time: Double, window: Window) {
        guard lastStep != nil else { return }
        lastStep = nil
        window.pinchUp(time: time)
    }

    private var fingers: (Point, Point) {
        (Point(x: center.x - distance / 2, y: center.y), Point(x: center.x + distance / 2, y: center.y))
    }
}
