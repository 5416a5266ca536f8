import Foundation
import SegueTimeline

/// The SRT reader (`SubtitleTrack.parse`): cue numbers, times, text, the size and cue caps.
enum SubtitleFuzz {
    static func run(_ data: [UInt8]) {
        _ = try? SubtitleTrack.parse(Data(data), name: "fuzz.srt")
    }
}
