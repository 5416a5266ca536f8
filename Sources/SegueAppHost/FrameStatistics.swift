import SegueTiming

/// What a host measured over the frames it drew: for tests (an idle window draws none) and the
/// benchmark (frame times against the 16.7 ms of a 60 Hz display).
public struct FrameStatistics: Sendable, Equatable {
    /// Frames drawn and presented since the host started.
    public private(set) var framesRendered = 0
    /// Seconds each frame took to make: advance, lay out, composite, present (the most recent
    /// `capacity` frames).
    public private(set) var frameSeconds: [Double] = []
    /// The part of each frame before the present (advance, lay out, composite: the GL commands
    /// issued), same frames as `frameSeconds`; the rest is the swap (on Xvfb, the copy to the server).
    public private(set) var renderSeconds: [Double] = []
    /// Seconds between the starts of consecutive frames while drawing continuously (a frame
    /// after an idle wait starts no interval).
    public private(set) var intervalSeconds: [Double] = []
    /// The interval that ended with the latest frame: nil for the first frame and for one that
    /// ended an idle wait (a frame observer reads what the frame just drawn took, wait included).
    public private(set) var lastInterval: Double?
    /// How many frame times are kept (a long session does not grow without bound).
    public let capacity: Int

    public init(capacity: Int = 100_000) { self.capacity = max(1, capacity) }

    mutating func record(frameSeconds seconds: Double, renderSeconds render: Double? = nil, interval: Double?) {
        framesRendered += 1
        Self.append(seconds, to: &frameSeconds, capacity: capacity)
        Self.append(render ?? seconds, to: &renderSeconds, capacity: capacity)
        lastInterval = interval
        if let interval { Self.append(interval, to: &intervalSeconds, capacity: capacity) }
    }

    private static func append(_ value: Double, to values: inout [Double], capacity: Int) {
        if values.count >= capacity { values.removeFirst(values.count - capacity + 1) }
        values.append(value)
    }

    /// The median frame time, milliseconds (0 without frames).
    public var p50Milliseconds: Double { percentile(frameSeconds, 0.5) * 1000 }
    /// The 99th percentile frame time, milliseconds (0 without frames).
    public var p99Milliseconds: Double { percentile(frameSeconds, 0.99) * 1000 }
    public var maxMilliseconds: Double { (frameSeconds.max() ?? 0) * 1000 }
    /// Frames per second over the continuous stretches (0 when none).
    public var framesPerSecond: Double {
        let total = intervalSeconds.reduce(0, +)
        return total > 0 ? Double(intervalSeconds.count) / total : 0
    }
}
