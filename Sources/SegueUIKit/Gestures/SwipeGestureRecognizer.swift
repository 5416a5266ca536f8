/// UISwipeGestureRecognizer for one pointer: discrete, recognized (`.ended`) during the move in
/// which the pointer has gone `minimumDistance` from the press in one of `direction`'s
/// directions, at an average speed of at least `minimumVelocity`, straying sideways by at most
/// half the distance along the swipe. A release, or moving `minimumDistance` any other way,
/// fails it. UIKit keeps its thresholds private; these defaults are Segue's, and settable.
@MainActor
open class SwipeGestureRecognizer: GestureRecognizer {
    /// UISwipeGestureRecognizer.Direction.
    public struct Direction: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let right = Direction(rawValue: 1 << 0)
        public static let left = Direction(rawValue: 1 << 1)
        public static let up = Direction(rawValue: 1 << 2)
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// The directions that count (UIKit's default: right).
    public var direction: Direction = .right
    /// Window pixels along the swipe.
    public var minimumDistance: Double = 50
    /// Average speed from the press, pixels per second.
    public var minimumVelocity: Double = 200

    /// The direction of the recognized swipe (empty before).
    public private(set) var recognizedDirection: Direction = []
    private var pressPoint: Point?
    private var pressTime: Double?

    public override init() { super.init() }

    public convenience init(direction: Direction = .right, action: @escaping @MainActor (SwipeGestureRecognizer) -> Void) {
        self.init()
        self.direction = direction
        addAction(action)
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let touch = touches.first, state == .possible else { return }
        pressPoint = touch.windowLocation
        pressTime = event.timestamp
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let touch = touches.first, state == .possible, let pressPoint, let pressTime else { return }
        let dx = touch.windowLocation.x - pressPoint.x, dy = touch.windowLocation.y - pressPoint.y
        let along = max(abs(dx), abs(dy))
        guard along >= minimumDistance else { return }
        let moved: Direction = abs(dx) >= abs(dy) ? (dx > 0 ? .right : .left) : (dy > 0 ? .down : .up)
        let sideways = min(abs(dx), abs(dy))
        let elapsed = event.timestamp - pressTime
        let speed = elapsed > 0 ? along / elapsed : .infinity
        guard direction.contains(moved), sideways <= along / 2, speed >= minimumVelocity else {
            state = .failed
            return
        }
        recognizedDirection = moved
        state = .recognized
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        if state == .possible { state = .failed }
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        if state == .possible { state = .failed }
    }

    /// Too slow to reach the distance in time: fails without waiting for the release.
    open override func timeDidAdvance(to time: Double) {
        guard state == .possible, let pressTime, minimumVelocity > 0, time - pressTime > minimumDistance / minimumVelocity else { return }
        state = .failed
    }

    /// Too slow from then on to reach the distance in time.
    open override var nextTimedDecision: Double? {
        guard state == .possible, let pressTime, minimumVelocity > 0 else { return nil }
        return pressTime + minimumDistance / minimumVelocity + Self.pastTheLimit
    }

    open override func reset() {
        super.reset()
        recognizedDirection = []
        pressPoint = nil
        pressTime = nil
    }
}
