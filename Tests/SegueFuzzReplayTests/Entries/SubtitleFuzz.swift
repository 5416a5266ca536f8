import Foundation
import SegueTimeline

/// The SRT reader (`SubtitleTrack.parse`): cue numbers, times, text, the size and cue caps. A file
/// it takes, of a few cues, then goes into an edit as its subtitles, burnt (each cue's text laid
/// out by HarfBuzz and FreeType) and soft, as `segue edit` plans them.
enum SubtitleFuzz {
    /// A run plans files of up to this many cues: laying out thousands is the planner's
    /// benchmark's business (`segue bench`), and would make every run a slow one.
    static let maxPlannedCues = 40

    static func run(_ data: [UInt8]) {
        guard let cues = try? SubtitleTrack.parse(Data(data), name: "fuzz.srt"),
              !cues.isEmpty, cues.count <= maxPlannedCues,
              let (folder, tools) = EditSpecFuzz.fixtures.ready else { return }
        let name = "fuzz-\(UUID().uuidString).srt"
        let file = folder.appendingPathComponent(name)
        guard (try? Data(data).write(to: file)) != nil else { return }
        defer { try? FileManager.default.removeItem(at: file) }
        // Long enough for every cue that starts within an hour (later ones are refused, as they should be).
        let seconds = min(3600, (cues.map(\.end).filter(\.isFinite).max() ?? 1).rounded(.up) + 1)
        for mode in ["burn", "soft"] {
            let json = #"{"size": "64x36", "items": [{"picture": "a.png", "duration": \#(max(1, seconds))}], "#
                + #""subtitles": {"file": "\#(name)", "mode": "\#(mode)"}}"#
            guard let spec = try? EditPlan.decode(Data(json.utf8)) else { continue }
            _ = try? EditPlan(spec: spec, folder: folder, tools: tools)
        }
    }
}
