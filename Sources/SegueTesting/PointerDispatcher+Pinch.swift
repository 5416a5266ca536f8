import SegueUIKit

extension PointerDispatcher {
    /// Pinches with two fingers on a horizontal line through `center`: down `from` window pixels
    /// apart at `start`, then `steps` even moves to `to` apart, the last at `end` (seconds), then
    /// lifted there when `lifting`. Scale then reads `to / from`; the fingers' velocity is even.
    public func pinch(
        around center: Point, from startDistance: Double, to endDistance: Double,
        steps: Int = 8, start: Double, end: Double, lifting: Bool = true
    ) {
        func fingers(_ distance: Double) -> (Point, Point) {
            (Point(x: center.x - distance / 2, y: center.y), Point(x: center.x + distance / 2, y: center.y))
        }
        let down = fingers(startDistance)
        pinchDown(at: down.0, down.1, time: start)
        let count = max(steps, 1)
        for step in 1...count {
            let fraction = Double(step) / Double(count)
            let moved = fingers(startDistance + (endDistance - startDistance) * fraction)
            pinchMoved(to: moved.0, moved.1, time: start + (end - start) * fraction)
        }
        if lifting { pinchUp(time: end) }
    }
}
