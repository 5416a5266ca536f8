/// UITapGestureRecognizer for one pointer: discrete, recognized (`.ended`) on the release that
/// completes `numberOfTapsRequired` taps.
///
/// It fails when the pointer strays more than `allowableMovement` from the first press, when
/// the next press does not come within `maximumIntervalBetweenSuccessiveTaps` of the previous
/// release (decided as time passes, `advance(to:)`, so a single tap waiting on it through
/// `require(toFail:)` fires then), or when a press is held longer than `maximumTapDuration`.
/// UIKit keeps these limits private and undocumented; the defaults are Segue's choices near what
/// users report of UIKit (a double tap within about a third of a second, taps tolerating a
/// finger's wobble), and each is settable.
@MainActor
open class TapGestureRecognizer: GestureRecognizer {
    public var numberOfTapsRequired = 1
    /// Window pixels the pointer may move from the first press point.
    public var allowableMovement: Double = 45
    /// Seconds from a release to the next press of a multi-tap.
    public var maximumIntervalBetweenSuccessiveTaps: Double = 0.35
    /// Seconds a press may be held and still count as a tap.
    public var maximumTapDuration: Double = 0.75

    /// Taps completed in the current gesture.
    public private(set) var tapCount = 0
    private var firstPressPoint: Point?
    private var pressTime: Double?
    private var lastReleaseTime: Double?

    public override init() { super.init() }

    public convenience init(numberOfTapsRequired: Int = 1, action: @escaping @MainActor (TapGestureRecognizer) -> Void) {
        self.init()
        self.numberOfTapsRequired = numberOfTapsRequired
        addAction(action)
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let touch = touches.first, state == .possible else { return }
        if let lastReleaseTime, event.timestamp - lastReleaseTime > maximumIntervalBetweenSuccessiveTaps {
            state = .failed
            return
        }
        if let first = firstPressPoint, Self.distance(first, touch.windowLocation) > allowableMovement {
            state = .failed
            return
        }
        if firstPressPoint == nil { firstPressPoint = touch.windowLocation }
        pressTime = event.timestamp
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let touch = touches.first, state == .possible, let first = firstPressPoint else { return }
        if Self.distance(first, touch.windowLocation) > allowableMovement { state = .failed }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        guard state == .possible, let pressTime else { return }
        if event.timestamp - pressTime > maximumTapDuration || numberOfTapsRequired < 1 {
            state = .failed
            return
        }
        tapCount += 1
        self.pressTime = nil
        lastReleaseTime = event.timestamp
        if tapCount >= numberOfTapsRequired { state = .recognized }
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        if state == .possible { state = .failed }
    }

    open override func timeDidAdvance(to time: Double) {
        guard state == .possible else { return }
        if let pressTime, time - pressTime > maximumTapDuration {
            state = .failed
        } else if self.pressTime == nil, let lastReleaseTime, time - lastReleaseTime > maximumIntervalBetweenSuccessiveTaps {
            state = .failed
        }
    }

    /// A press held past `maximumTapDuration`, or no next press within the interval, fails it
    /// (a moment after the limit: the comparisons are strict).
    open override var nextTimedDecision: Double? {
        guard state == .possible else { return nil }
        if let pressTime { return pressTime + maximumTapDuration + Self.pastTheLimit }
        return lastReleaseTime.map { $0 + maximumIntervalBetweenSuccessiveTaps + Self.pastTheLimit }
    }

    /// As UIKit's taps: recognizing does not stop a tap recognizer that needs more taps, so
    /// without `require(toFail:)` a double tap runs the single tap's action, then its own.
    open override func canPrevent(_ other: GestureRecognizer) -> Bool {
        if let tap = other as? TapGestureRecognizer, tap.numberOfTapsRequired > numberOfTapsRequired { return false }
        return super.canPrevent(other)
    }

    /// The location of the first tap (UIKit reports the first tap's location for multi-taps).
    open override func location(in view: View?) -> Point {
        guard let firstPressPoint else { return super.location(in: view) }
        return Touch.convert(firstPressPoint, into: view) ?? .zero
    }

    open override func reset() {
        super.reset()
        tapCount = 0
        firstPressPoint = nil
        pressTime = nil
        lastReleaseTime = nil
    }

    static func distance(_ a: Point, _ b: Point) -> Double {
        let dx = a.x - b.x, dy = a.y - b.y
        return (dx * dx + dy * dy).squareRoot()
    }
}
