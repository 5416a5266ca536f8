import Foundation

/// How a clip item's frames come from its file: at a speed, reversed, or one frame held.
public struct ClipTiming: Sendable, Equatable {
    public var speed = 1.0
    public var reverse = false
    /// A `freeze` item: the frame at the item's start, held for its duration.
    public var freeze = false

    public init(speed: Double = 1, reverse: Bool = false, freeze: Bool = false) {
        (self.speed, self.reverse, self.freeze) = (speed, reverse, freeze)
    }

    public static let speeds = 0.25...4.0
    /// Below this speed the clip's sound is left out: atempo stretched further than half speed
    /// smears speech and drums into a phasing drone, worse than silence under slow motion.
    public static let slowestSound = 0.5
    /// The most a reversed clip may hold, in bytes of decoded frames at the edit's size:
    /// ffmpeg's `reverse` keeps the whole span in memory before it gives its first frame.
    public static let reverseBytes = 1 << 30

    public var isPlain: Bool { speed == 1 && !reverse && !freeze }
    /// Whether the clip's sound is heard (time-stretched when the speed is not 1).
    public var keepsSound: Bool { !freeze && speed >= Self.slowestSound }

    /// Seconds of the source an item of `frames` frames shows.
    package func sourceSeconds(frames: Int, rate: FrameRate) -> Double { freeze ? rate.seconds(1) : rate.seconds(frames) * speed }

    /// The one rule by which an item's frames are the clip's: edit frame k shows the clip's frame
    /// on screen at source time `from + k × speed / fps`, the frame whose interval holds that
    /// time, as a player shows it while the sound (cut at `from`, `AudioGraph`) plays there. A
    /// frame that starts within this share of an edit frame after the time counts as holding
    /// it, so an in-point typed to the millisecond (29.97 fps frame 53 starts at 1.768433 s;
    /// `"from": 1.768`) finds its frame, and timestamps a tick off the grid change nothing.
    package static let frameTolerance = 0.05

    /// The video filters before the rate conversion, which apply `frameTolerance`'s rule.
    /// Timestamps count from the in-point (the seek point when `seeking`, else the clip's first
    /// frame), scaled by the speed, in microseconds, and (0.5 − tolerance) of an output frame
    /// later: `fps` keeps for each output time the last frame that rounds to it, which is then
    /// the last that starts before the time plus the tolerance. Without the shift it took the
    /// frame up to half a frame after each time (at speed 2 the odd frames: a flash on frame 30
    /// would vanish).
    func videoFiltersBefore(rate: FrameRate, seeking: Bool = false) -> String {
        let origin = seeking ? "PTS" : "(PTS-STARTPTS)"
        return "settb=AVTB,setpts=\(origin)/\(speed)+\(0.5 - Self.frameTolerance)/((\(rate.ffmpegText))*TB),"
    }
    /// After the fit: reversed at the edit's size, so the frames held are as small as they can be.
    var videoFiltersAfter: String { reverse ? ",reverse" : "" }

    /// The sound's filters after the span is cut: reversed, then time-stretched with its pitch
    /// kept by a chain of `atempo`, each within 0.5...2 (the range every ffmpeg accepts).
    package var audioFilters: String {
        var filters: [String] = reverse ? ["areverse"] : []
        var left = speed
        while left > 2 { filters.append("atempo=2"); left /= 2 }
        while left < 0.5 { filters.append("atempo=0.5"); left /= 0.5 }
        if left != 1 { filters.append("atempo=\(left)") }
        return filters.map { "," + $0 }.joined()
    }
}
