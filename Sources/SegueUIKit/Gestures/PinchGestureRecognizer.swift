/// UIPinchGestureRecognizer: continuous, two fingers. Fed with two-finger presses
/// (`PointerDispatcher.pinchDown(at:_:time:)` … in a window, where the desktop host maps
/// Ctrl + scroll wheel to one; or `pinchDown`/`pinchMoved`/`pinchUp` directly), in window
/// coordinates with explicit timestamps.
///
/// UIKit's semantics:
/// - `scale` is the fingers' distance now over their distance when they went down (so it is
///   already a little past 1 at `.began`); setting it rebases later values, as in UIKit.
/// - `velocity` is the scale's rate of change, in scale per second.
/// - `.began` once the distance has changed by `minimumDistanceChange` window pixels (UIKit's
///   hysteresis, whose size it does not document); `.changed` on each later move with both fingers
///   down; `.ended` when the fingers lift; `.cancelled` when the press is cancelled or the
///   recognizer disabled. Lifting (or a cancellation) before it began, or a one-finger press,
///   gives `.failed`.
/// - `location(in:)` is the fingers' midpoint (their centroid, as UIKit's).
@MainActor
open class PinchGestureRecognizer: GestureRecognizer {
    /// A pinch decides on moves and releases only.
    open override var nextTimedDecision: Double? { nil }

    /// How far (window pixels) the fingers' distance must change before the pinch begins.
    public var minimumDistanceChange = 8.0

    /// Width of the velocity window, seconds (the pan's).
    static let velocityWindow = PanGestureRecognizer.velocityWindow

    /// The fingers' distance when they went down.
    private var startDistance: Double?
    /// The distance that reads as scale 1: the start distance until `scale` is set.
    private var unitDistance: Double?
    /// Recent (distance, time) samples, oldest first, for the velocity.
    private var samples: [(distance: Double, time: Double)] = []

    public override init() { super.init() }

    public convenience init(action: @escaping @MainActor (PinchGestureRecognizer) -> Void) {
        self.init()
        addAction(action)
    }

    /// The fingers' distance over their distance at the start (1 before any press). Setting it
    /// makes the current distance read `newValue`; later moves scale from there, and the
    /// velocity counts again from the next move (as the pan's `setTranslation`).
    public var scale: Double {
        get {
            guard let unit = unitDistance, unit > 0, let last = samples.last else { return 1 }
            return last.distance / unit
        }
        set {
            guard let last = samples.last, newValue > 0, last.distance > 0 else { return }
            unitDistance = last.distance / newValue
            samples = [last]
        }
    }

    /// Scale per second over the samples of the last 0.1 s before the latest event (the last
    /// two distinct instants when fewer fall in it), 0 before two samples.
    public var velocity: Double {
        guard let unit = unitDistance, unit > 0, let last = samples.last, samples.count >= 2 else { return 0 }
        let windowStart = last.time - Self.velocityWindow - 1e-9
        var first = samples.first { $0.time >= windowStart } ?? last
        if first.time >= last.time {
            guard let earlier = samples.last(where: { $0.time < last.time }) else { return 0 }
            first = earlier
        }
        return (last.distance - first.distance) / unit / (last.time - first.time)
    }

    // MARK: - Feeding directly (no arbitration)

    /// Two fingers down at `first` and `second` (window coordinates).
    public func pinchDown(at first: Point, _ second: Point, time: Double) {
        guard isEnabled, state != .began, state != .changed else { return }
        if state >= .ended { reset() }
        let event = TouchEvent(timestamp: time)
        let touch = Touch(at: first, time: time, button: .primary, modifiers: [], view: view)
        deliverBegan(touch, event, companion: Touch(at: second, time: time, button: .primary, modifiers: [], view: view))
    }

    public func pinchMoved(to first: Point, _ second: Point, time: Double) {
        guard let touch = trackedTouch, let companion = companionTouch else { return }
        touch.update(to: first, time: time, phase: .moved, modifiers: [])
        companion.update(to: second, time: time, phase: .moved, modifiers: [])
        deliverMoved(touch, TouchEvent(timestamp: touch.timestamp))
    }

    /// Both fingers lift where they are.
    public func pinchUp(time: Double) {
        guard let touch = trackedTouch, let companion = companionTouch else { return }
        touch.update(to: touch.windowLocation, time: time, phase: .ended, modifiers: [])
        companion.update(to: companion.windowLocation, time: time, phase: .ended, modifiers: [])
        deliverEnded(touch, TouchEvent(timestamp: touch.timestamp))
    }

    // MARK: - Touches

    open override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let distance = Self.distance(touches) else { return }
        startDistance = distance
        unitDistance = distance
        samples = [(distance, event.timestamp)]
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let distance = Self.distance(touches), let start = startDistance else { return }
        record(distance, time: event.timestamp)
        switch state {
        case .possible:
            guard start > 0, abs(distance - start) >= minimumDistanceChange else { return }
            state = .began
        case .began, .changed:
            state = .changed
        case .ended, .cancelled, .failed:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        if let distance = Self.distance(touches) { record(distance, time: event.timestamp) }
        state = state == .possible ? .failed : .ended
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        state = state == .possible ? .failed : .cancelled
    }

    open override func reset() {
        super.reset()
        startDistance = nil
        unitDistance = nil
        samples = []
    }

    // MARK: - Private

    private static func distance(_ touches: Set<Touch>) -> Double? {
        guard touches.count == 2 else { return nil }
        let points = touches.map(\.windowLocation)
        let dx = points[1].x - points[0].x, dy = points[1].y - points[0].y
        return (dx * dx + dy * dy).squareRoot()
    }

    private func record(_ distance: Double, time: Double) {
        let t = max(time, samples.last?.time ?? time)
        samples.append((distance, t))
        let windowStart = t - Self.velocityWindow - 1e-9
        var drop = 0
        while samples.count - drop > 2, samples[drop + 1].time < windowStart { drop += 1 }
        if drop > 0 { samples.removeFirst(drop) }
    }
}

extension GestureRecognizer {
    /// The touches of a press: its pointer, and the second finger of a two-finger press.
    static func touches(_ touch: Touch, _ companion: Touch?) -> Set<Touch> {
        companion.map { [touch, $0] } ?? [touch]
    }

    /// Where a press is: its pointer, or the midpoint of a two-finger press's fingers.
    static func midpoint(_ touch: Touch, _ companion: Touch?) -> Point {
        guard let companion else { return touch.windowLocation }
        let a = touch.windowLocation, b = companion.windowLocation
        return Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
    }
}
