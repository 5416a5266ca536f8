import Foundation
import SegueExport
import SegueExportTestSupport
import SegueTesting
@testable import SegueTimeline
import Testing

/// SRT cues that share a start or overlap, in a soft track (issue hardening-3 item 6): MP4's
/// mov_text failed at the very end ("Non-monotonous DTS"). The track's cues are flattened: each
/// span between two cue edges is one cue with every text showing then.
@Suite("Soft subtitles: cues that share a start or overlap", .tags(.ffmpeg), .requiresFFmpeg)
struct SoftSubtitleOverlapTests {
    typealias Span = (start: Int, end: Int, text: String)

    static func flat(_ spans: [Span]) -> [String] {
        SubtitleTrack.flattened(spans).map { "\($0.start)-\($0.end) \($0.text)" }
    }

    @Test func overlappingCuesBecomeCuesThatFollowOneAnother() {
        // The same start: one cue with both, then the longer one alone.
        #expect(Self.flat([(500, 1200, "A"), (500, 2000, "B")]) == ["500-1200 A\nB", "1200-2000 B"])
        // One inside another, and out of order in the file.
        #expect(Self.flat([(3000, 4000, "C"), (1000, 4000, "A"), (2000, 3000, "B")]) == ["1000-2000 A", "2000-3000 A\nB", "3000-4000 A\nC"])
        // Apart, touching, empty: as they are, the empty one dropped.
        #expect(Self.flat([(0, 100, "A"), (100, 200, "B"), (300, 300, "E"), (400, 500, "C")]) == ["0-100 A", "100-200 B", "400-500 C"])
        // Equal texts that touch are one cue.
        #expect(Self.flat([(0, 100, "A"), (100, 200, "A")]) == ["0-200 A"])
        #expect(Self.flat([]).isEmpty)
    }

    @Test(.tags(.gl), arguments: ["mp4", "webm", "mkv"])
    func cuesWithOneStartMakeASoftTrack(format: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let srt = "1\n00:00:00,500 --> 00:00:01,200\nFirst\n\n2\n00:00:00,500 --> 00:00:02,000\nSecond\n\n"
            + "3\n00:00:01,500 --> 00:00:02,500\nThird\n"
        try Data(srt.utf8).write(to: dir.appendingPathComponent("s.srt"))
        let plan = try EditTextFixtures.plan("""
            {"size": "160x90", "fps": 10, "items": [{"picture": "black.png", "duration": 3}], "subtitles": {"file": "s.srt", "mode": "soft"}}
            """, in: dir)
        let out = dir.appendingPathComponent("out.\(format)").path
        try withDevice { device in
            _ = try TimelineExporter(device: device, plan: plan, format: VideoFormat(rawValue: format)!).export(to: out)
        }
        let back = try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-i", out, "-map", "0:s:0", "-f", "srt", "pipe:1"])
        let cues = try SubtitleTrack.parse(back, name: "read back")
        #expect(cues.map(\.start) == [0.5, 1.2, 1.5, 2])
        #expect(cues.map(\.end) == [1.2, 1.5, 2, 2.5])
        #expect(cues.map(\.text) == ["First\nSecond", "Second", "Second\nThird", "Third"])
    }
}
