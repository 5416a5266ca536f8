/// UIPanGestureRecognizer for one pointer, fed with events in window coordinates (the target's
/// pixels, top-left origin, the space of `View.convert(_:to: nil)`) and explicit timestamps in
/// seconds. Nothing here reads a clock, so a synthetic event sequence replays exactly.
///
/// Life cycle (UIKit semantics):
/// - `pointerDown` starts tracking in `.possible` (a recognizer left in `.ended`, `.cancelled` or
///   `.failed` is reset first).
/// - Once the pointer is `minimumDistance` (window pixels, inclusive) from the press point,
///   `shouldBegin` is asked; a veto gives `.failed`, otherwise `.began`. The translation counts
///   from the press point, so at `.began` it is already the full distance moved.
/// - Every later move gives `.changed`; the release gives `.ended`; `pointerCancelled` or
///   `isEnabled = false` gives `.cancelled`.
/// - A release or cancellation before the hysteresis distance gives `.failed`.
///
/// The action runs once per transition to `.began`, `.ended` or `.cancelled`, and once per move
/// in `.changed`; never for `.failed` or `.possible`. The state is set before the action runs, so
/// the action may read it, rebase the translation, or disable the recognizer (which cancels it
/// and runs the action again, with `.cancelled`, from inside the first call).
@MainActor
open class PanGestureRecognizer: GestureRecognizer {
    /// A pan decides on moves and releases only.
    open override var nextTimedDecision: Double? { nil }

    /// How far (window pixels) the pointer must move from the press point before the pan begins.
    public let minimumDistance: Double

    /// UIKit's limit on simultaneous touches. Segue follows one pointer, so any value of 1 or
    /// more changes nothing; 0 means the pan never begins.
    public var maximumNumberOfTouches = Int.max

    /// Optional veto asked once, just before `.began` (the pan's own `gestureRecognizerShouldBegin`;
    /// the delegate is asked too). Returning false fails the recognizer for the rest of this
    /// press. The pointer state (location, translation, velocity) is already up to date.
    public var shouldBegin: (@MainActor (PanGestureRecognizer) -> Bool)?

    /// Width of the velocity window, seconds.
    static let velocityWindow = 0.1

    /// Where the press happened (window coordinates): the hysteresis is measured from here.
    private(set) var pressPoint: Point?
    /// The point translations are measured from (window); the press point until `setTranslation`.
    private var translationOrigin: Point?
    /// The latest pointer position (window).
    private var currentPoint: Point?
    /// Recent (position, time) samples in window coordinates, oldest first, for the velocity.
    private var samples: [(point: Point, time: Double)] = []

    public init(minimumDistance: Double = 10) {
        self.minimumDistance = max(0, minimumDistance)
        super.init()
    }

    public convenience init(minimumDistance: Double = 10, action: @escaping @MainActor (PanGestureRecognizer) -> Void) {
        self.init(minimumDistance: minimumDistance)
        addAction(action)
    }

    // MARK: - Reading the pan

    /// The pointer's displacement since the press (or since the last `setTranslation`), in
    /// `view`'s bounds coordinates (nil: window). Both ends are converted into `view` and
    /// subtracted, so scaled or rotated views see the displacement in their own units. Zero
    /// before any press or where a point cannot be converted (different tree, edge-on view).
    public func translation(in view: View?) -> Point {
        guard let origin = translationOrigin, let current = currentPoint,
              let a = Touch.convert(origin, into: view), let b = Touch.convert(current, into: view)
        else { return .zero }
        return Point(x: b.x - a.x, y: b.y - a.y)
    }

    /// Rebases the translation so that `translation(in: view)` returns `translation` now (UIKit:
    /// later moves add to it). Like UIKit it also resets the velocity, which counts again from
    /// the next move. Does nothing before a press or where the point cannot be converted.
    public func setTranslation(_ translation: Point, in view: View?) {
        guard let current = currentPoint, let inView = Touch.convert(current, into: view) else { return }
        let originInView = Point(x: inView.x - translation.x, y: inView.y - translation.y)
        let origin: Point
        if let view {
            guard let converted = view.convert(originInView, to: nil) else { return }
            origin = converted
        } else {
            origin = originInView
        }
        translationOrigin = origin
        if let last = samples.last { samples = [last] }
    }

    /// Points (of `view`'s bounds coordinates; nil: window pixels) per second: the displacement
    /// over the samples of the last 0.1 s before the latest event, divided by the time they
    /// span. When fewer than two samples fall in that window the last two distinct instants are
    /// used, so a pointer that rested before the release reads (close to) zero. Every event
    /// after the press is a sample, including the release and moves to the same point.
    public func velocity(in view: View?) -> Point {
        guard let last = samples.last, samples.count >= 2 else { return .zero }
        let now = last.time
        let windowStart = now - Self.velocityWindow - 1e-9
        var firstIndex = samples.firstIndex { $0.time >= windowStart } ?? samples.count - 1
        if samples[firstIndex].time >= now {
            // Fewer than two instants in the window: the newest sample older than the last one.
            guard let earlier = samples.lastIndex(where: { $0.time < now }) else { return .zero }
            firstIndex = earlier
        }
        let first = samples[firstIndex]
        let dt = now - first.time
        guard dt > 0, let a = Touch.convert(first.point, into: view), let b = Touch.convert(last.point, into: view)
        else { return .zero }
        return Point(x: (b.x - a.x) / dt, y: (b.y - a.y) / dt)
    }

    /// The latest pointer position in `view`'s bounds coordinates (nil: window). Zero before any
    /// press or where the point cannot be converted.
    open override func location(in view: View?) -> Point {
        guard let current = currentPoint, let p = Touch.convert(current, into: view) else { return .zero }
        return p
    }

    // MARK: - Touches

    open override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let touch = touches.first else { return }
        let point = touch.windowLocation
        pressPoint = point
        translationOrigin = point
        currentPoint = point
        samples = [(point, event.timestamp)]
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let touch = touches.first else { return }
        let point = touch.windowLocation
        record(point, time: event.timestamp)
        switch state {
        case .possible:
            guard let press = pressPoint, beginsGesture(from: press, to: point), maximumNumberOfTouches >= 1 else { return }
            // Asked once: a pan already waiting for another recognizer to fail is not asked again.
            if pendingState == nil, let shouldBegin, !shouldBegin(self) {
                state = .failed
                return
            }
            // shouldBegin may have disabled us (which already stopped following the press).
            guard trackedTouch === touch, state == .possible else { return }
            state = .began
        case .began, .changed:
            state = .changed
        case .ended, .cancelled, .failed:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let touch = touches.first else { return }
        record(touch.windowLocation, time: event.timestamp)
        switch state {
        case .possible: state = .failed
        case .began, .changed: state = .ended
        case .ended, .cancelled, .failed: break
        }
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        if let current = currentPoint { record(current, time: event.timestamp) }
        switch state {
        case .possible: state = .failed
        case .began, .changed: state = .cancelled
        case .ended, .cancelled, .failed: break
        }
    }

    /// Back to `.possible`, forgetting the press, without running the action (to end a pan that
    /// has begun with a callback, use `pointerCancelled` or `isEnabled = false`). Happens
    /// automatically on the next press after `.ended`, `.cancelled` or `.failed`.
    open override func reset() {
        super.reset()
        pressPoint = nil
        translationOrigin = nil
        currentPoint = nil
        samples = []
    }

    /// Whether a pointer pressed at `press` and now at `point` (window) starts the pan:
    /// `minimumDistance` away (inclusive). The screen-edge pan adds its edge and direction.
    func beginsGesture(from press: Point, to point: Point) -> Bool {
        let dx = point.x - press.x, dy = point.y - press.y
        return (dx * dx + dy * dy).squareRoot() >= minimumDistance
    }

    // MARK: - Private

    private func record(_ point: Point, time: Double) {
        // Timestamps are clamped to be non-decreasing so a stray earlier time cannot invert the velocity.
        let t = max(time, samples.last?.time ?? time)
        currentPoint = point
        samples.append((point, t))
        // Keep the window plus one older sample (the fallback pair), and bound the storage.
        let windowStart = t - Self.velocityWindow - 1e-9
        var drop = 0
        while samples.count - drop > 2, samples[drop + 1].time < windowStart { drop += 1 }
        if samples.count - drop > 256 { drop = samples.count - 256 }
        if drop > 0 { samples.removeFirst(drop) }
    }
}
