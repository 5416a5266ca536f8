/// A scroll wheel or touchpad scroll (AppKit's `scrollWheel(with:)` event) at a point of the window.
public struct ScrollWheelEvent: Hashable, Sendable {
    /// Where the pointer is, in window coordinates (points, top-left origin).
    public let location: Point
    /// How far to scroll, in wheel steps (touchpads give fractions): positive `y` scrolls up
    /// (away from the user), positive `x` to the right.
    public let delta: Point
    public let modifiers: KeyModifiers
    public let time: Double

    public init(location: Point, delta: Point, modifiers: KeyModifiers = [], time: Double = 0) {
        self.location = location
        self.delta = delta
        self.modifiers = modifiers
        self.time = time
    }
}
