/// Where frame times come from. Nothing animates on its own: callers read `now` and pass it to
/// `advance(to:)`-style calls, so swapping the clock swaps real time for reproducible time.
public protocol FrameClock: AnyObject {
    /// Seconds on this clock's timeline.
    var now: Double { get }
}

/// Fixed-step virtual time for tests and offline rendering: the same ticks give the same frames on
/// every run.
public final class VirtualClock: FrameClock {
    /// Seconds per tick, e.g. 1/60.
    public let step: Double
    public private(set) var now: Double

    /// Time is recomputed as origin + ticks·step instead of accumulated, so a thousand ticks of 1/60
    /// land exactly where one multiplication puts them (no summed rounding drift).
    private var origin: Double
    private var ticks: Int = 0

    /// A non-finite or non-positive step falls back to 1/60; a non-finite start to 0.
    public init(step: Double = 1.0 / 60.0, start: Double = 0) {
        self.step = step.isFinite && step > 0 ? step : 1.0 / 60.0
        origin = start.isFinite ? start : 0
        now = origin
    }

    /// Moves one step forward; returns the new time.
    @discardableResult public func tick() -> Double {
        ticks += 1
        now = origin + Double(ticks) * step
        return now
    }

    /// Moves forward by an arbitrary amount (negative or non-finite amounts are ignored: time only
    /// goes forward); later ticks count from here. Returns the new time.
    @discardableResult public func advance(by seconds: Double) -> Double {
        guard seconds.isFinite, seconds > 0 else { return now }
        origin = now + seconds
        ticks = 0
        now = origin
        return now
    }
}

/// Wall-clock seconds since creation from the monotonic `ContinuousClock`, for windows.
public final class RealClock: FrameClock, Sendable {
    private let origin: ContinuousClock.Instant

    public init() { origin = ContinuousClock.now }

    public var now: Double {
        let elapsed = (ContinuousClock.now - origin).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
    }
}
