import Foundation
import SegueAnimation

/// Frame times of the window loop: a rolling last second for the overlay (fps, p50, p99) and
/// every frame of the run for `--stats FILE.json`. A frame's time is the wall time from one
/// frame's start to the next (input, drawing, swap: what a user waits for).
struct FrameStats {
    /// Frame times in seconds, in order.
    private(set) var all: [Double] = []
    /// (end time, frame time) of the frames of the last second.
    private var recent: [(end: Double, seconds: Double)] = []
    private var recentStart = 0

    init() { all.reserveCapacity(1 << 14) }

    mutating func record(frameSeconds: Double, endingAt now: Double) {
        all.append(frameSeconds)
        recent.append((now, frameSeconds))
        while recentStart < recent.count, recent[recentStart].end < now - 1 { recentStart += 1 }
        if recentStart > 256 {  // compact now and then, not every frame
            recent.removeFirst(recentStart)
            recentStart = 0
        }
    }

    /// Frames per second, p50 and p99 frame time (ms) over the last second.
    var lastSecond: (fps: Double, p50: Double, p99: Double) {
        let times = recent[recentStart...].map(\.seconds)
        guard !times.isEmpty else { return (0, 0, 0) }
        let total = times.reduce(0, +)
        return (total > 0 ? Double(times.count) / total : 0, percentile(times, 0.5) * 1000, percentile(times, 0.99) * 1000)
    }

    /// The run's summary as `--stats` writes it. The first `warmup` frames (shader compiles,
    /// first uploads, the window mapping) are left out of the percentiles but counted as drawn.
    struct Summary: Codable, Equatable {
        let effect: String
        let width: Int
        let height: Int
        let vsync: Bool
        let framesDrawn: Int
        let framesMeasured: Int
        let p50Milliseconds: Double
        let p99Milliseconds: Double
        let maxMilliseconds: Double
        let meanFPS: Double
    }

    func summary(effect: String, width: Int, height: Int, vsync: Bool, warmup: Int = 10) -> Summary {
        let measured = all.count > warmup * 2 ? Array(all[warmup...]) : all
        let total = measured.reduce(0, +)
        return Summary(
            effect: effect, width: width, height: height, vsync: vsync, framesDrawn: all.count,
            framesMeasured: measured.count,
            p50Milliseconds: percentile(measured, 0.5) * 1000, p99Milliseconds: percentile(measured, 0.99) * 1000,
            maxMilliseconds: (measured.max() ?? 0) * 1000, meanFPS: total > 0 ? Double(measured.count) / total : 0)
    }

    /// Writes the summary as JSON (atomically: a failed write leaves no partial file).
    static func write(_ summary: Summary, to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(summary).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
