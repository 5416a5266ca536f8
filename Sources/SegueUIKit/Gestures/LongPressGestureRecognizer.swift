/// UILongPressGestureRecognizer for one pointer: continuous. It begins once the press has been
/// held `minimumPressDuration` seconds without moving more than `allowableMovement` (decided as
/// time passes, so a pointer at rest begins it on the frame that crosses the duration); after
/// that every move gives `.changed` (movement is free then, as in UIKit) and the release `.ended`.
/// A release or too much movement before the duration fails it.
@MainActor
open class LongPressGestureRecognizer: GestureRecognizer {
    /// Seconds the press must be held (UIKit: 0.5).
    public var minimumPressDuration: Double = 0.5
    /// Window pixels the pointer may move before the gesture begins (UIKit: 10).
    public var allowableMovement: Double = 10

    private var pressPoint: Point?
    private var pressTime: Double?

    public override init() { super.init() }

    public convenience init(minimumPressDuration: Double = 0.5, action: @escaping @MainActor (LongPressGestureRecognizer) -> Void) {
        self.init()
        self.minimumPressDuration = minimumPressDuration
        addAction(action)
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let touch = touches.first, state == .possible else { return }
        pressPoint = touch.windowLocation
        pressTime = event.timestamp
        if minimumPressDuration <= 0 { state = .began }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let touch = touches.first else { return }
        switch state {
        case .possible:
            if let pressPoint, TapGestureRecognizer.distance(pressPoint, touch.windowLocation) > allowableMovement { state = .failed }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        switch state {
        case .possible: state = .failed
        case .began, .changed: state = .ended
        default: break
        }
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        switch state {
        case .possible: state = .failed
        case .began, .changed: state = .cancelled
        default: break
        }
    }

    open override func timeDidAdvance(to time: Double) {
        guard state == .possible, trackedTouch != nil, let pressTime, time - pressTime >= minimumPressDuration - 1e-9 else { return }
        state = .began
    }

    /// The moment the resting press has lasted `minimumPressDuration`.
    open override var nextTimedDecision: Double? {
        guard state == .possible, trackedTouch != nil, let pressTime else { return nil }
        return pressTime + minimumPressDuration
    }

    open override func reset() {
        super.reset()
        pressPoint = nil
        pressTime = nil
    }
}
