import Foundation
import SegueTiming

/// Frame times of the window loop: a rolling last second for the overlay (fps, p50, p99) and
/// every frame of the run for `--stats FILE.json`. A frame's time is the wall time from one
/// frame's start to the next (input, drawing, swap: what a user waits for).
public struct FrameStats: Sendable {
    /// Frame times in seconds, in order.
    public private(set) var all: [Double] = []
    /// (end time, frame time) of the frames of the last second.
    private var recent: [(end: Double, seconds: Double)] = []
    private var recentStart = 0

    public init() { all.reserveCapacity(1 << 14) }

    public mutating func record(frameSeconds: Double, endingAt now: Double) {
        all.append(frameSeconds)
        recent.append((now, frameSeconds))
        while recentStart < recent.count, recent[recentStart].end < now - 1 { recentStart += 1 }
        if recentStart > 256 {  // compact now and then, not every frame
            recent.removeFirst(recentStart)
            recentStart = 0
        }
    }

    /// Frames per second, p50 and p99 frame time (ms) over the last second.
    public var lastSecond: (fps: Double, p50: Double, p99: Double) {
        let times = recent[recentStart...].map(\.seconds)
        guard !times.isEmpty else { return (0, 0, 0) }
        let total = times.reduce(0, +)
        return (total > 0 ? Double(times.count) / total : 0, percentile(times, 0.5) * 1000, percentile(times, 0.99) * 1000)
    }

    /// What was on screen while frames were drawn: a new segment starts whenever the effect or
    /// the window's size changes (N/P, a resize, fullscreen), so a run's frame times are never
    /// credited to the last effect and size alone.
    public struct Segment: Codable, Equatable, Sendable {
        public let effect: String
        public let width: Int
        public let height: Int
        public var framesDrawn: Int
        /// Frame-time median and 99th percentile of the segment's frames (the run's warm-up left out; 0 when none are left).
        public var p50Milliseconds = 0.0
        public var p99Milliseconds = 0.0
    }

    private var segmentStarts: [Int] = []
    public private(set) var segments: [Segment] = []

    /// The frames recorded from now on show `effect` at `width`×`height` (a segment starts when
    /// any of them changed).
    public mutating func show(effect: String, width: Int, height: Int) {
        if let last = segments.last, last.effect == effect, last.width == width, last.height == height { return }
        if segmentStarts.last == all.count {  // the last one drew no frame: replaced, not kept
            segments.removeLast()
            segmentStarts.removeLast()
        }
        segments.append(Segment(effect: effect, width: width, height: height, framesDrawn: 0))
        segmentStarts.append(all.count)
    }

    /// The run's summary as `--stats` writes it. The first `warmup` frames (shader compiles,
    /// first uploads, the window mapping) are left out of the percentiles but counted as drawn.
    /// Whether vsync held is measured, not taken from the request: see `Summary.vsyncInEffect`.
    public struct Summary: Codable, Equatable, Sendable {
        public let segments: [Segment]
        public let vsyncRequested: Bool
        /// The monitor's refresh rate as the window system reports it (nil: none reported).
        public let refreshHz: Double?
        /// Measured: false when frames came more than 10% faster than the refresh (they cannot
        /// all have waited for it), true when vsync was requested and the median frame interval
        /// is within 10% of the refresh interval, nil when it cannot be told (slower than the
        /// refresh, no refresh rate, or too few frames).
        public let vsyncInEffect: Bool?
        public let framesDrawn: Int
        public let framesMeasured: Int
        public let p50Milliseconds: Double
        public let p99Milliseconds: Double
        public let maxMilliseconds: Double
        public let meanFPS: Double

        private enum CodingKeys: String, CodingKey {
            case segments, vsyncRequested, refreshHz, vsyncInEffect, framesDrawn, framesMeasured
            case p50Milliseconds, p99Milliseconds, maxMilliseconds, meanFPS
        }

        /// Every key is written, an unknown as `null` (not left out: a reader sees it is unknown).
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(segments, forKey: .segments)
            try container.encode(vsyncRequested, forKey: .vsyncRequested)
            try container.encode(refreshHz, forKey: .refreshHz)
            try container.encode(vsyncInEffect, forKey: .vsyncInEffect)
            try container.encode(framesDrawn, forKey: .framesDrawn)
            try container.encode(framesMeasured, forKey: .framesMeasured)
            try container.encode(p50Milliseconds, forKey: .p50Milliseconds)
            try container.encode(p99Milliseconds, forKey: .p99Milliseconds)
            try container.encode(maxMilliseconds, forKey: .maxMilliseconds)
            try container.encode(meanFPS, forKey: .meanFPS)
        }
    }

    public func summary(vsyncRequested: Bool, refreshHz: Double?, warmup: Int = 10) -> Summary {
        let skipped = all.count > warmup * 2 ? warmup : 0
        let measured = Array(all[skipped...])
        let total = measured.reduce(0, +)
        let p50 = percentile(measured, 0.5)
        let meanFPS = total > 0 ? Double(measured.count) / total : 0
        var segments = self.segments
        for index in segments.indices {
            // Frame i is the time from frame i's start to frame i + 1's: it belongs to the show drawn in it.
            let end = index + 1 < segments.count ? segmentStarts[index + 1] : all.count
            segments[index].framesDrawn = end - segmentStarts[index]
            let start = max(segmentStarts[index], skipped)
            guard start < end else { continue }
            let times = Array(all[start..<end])
            segments[index].p50Milliseconds = percentile(times, 0.5) * 1000
            segments[index].p99Milliseconds = percentile(times, 0.99) * 1000
        }
        var inEffect: Bool?
        if let refreshHz, refreshHz > 0, measured.count >= 10, p50 > 0 {
            if meanFPS > refreshHz * 1.1 {
                inEffect = false
            } else if vsyncRequested, abs(p50 * refreshHz - 1) <= 0.1 {
                inEffect = true
            }
        }
        return Summary(
            segments: segments, vsyncRequested: vsyncRequested, refreshHz: refreshHz, vsyncInEffect: inEffect,
            framesDrawn: all.count, framesMeasured: measured.count,
            p50Milliseconds: p50 * 1000, p99Milliseconds: percentile(measured, 0.99) * 1000,
            maxMilliseconds: (measured.max() ?? 0) * 1000, meanFPS: meanFPS)
    }

    /// Writes the summary as JSON (atomically: a failed write leaves no partial file).
    public static func write(_ summary: Summary, to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(summary).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
