import Foundation
import SegueTesting
import Testing

/// `segue edit` to MP4 copies H.264 clips' untouched spans by default: `--plan json` lists the
/// copied and encoded spans, the render says how many frames it copied, a clip that cannot be
/// copied is named with the reason (here: its profile is not the output's, the first clip's
/// on a tie of frames), and `--reencode` copies nothing.
@Suite("segue edit: smart rendering (runs the built executable)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct SmartRenderCommandTests {
    struct Summary: Decodable {
        struct Smart: Decodable {
            struct Segment: Decodable { let first, end: Int; let copy: Bool; let why: String? }
            let segments: [Segment]
            let reason: String?
        }
        let smart: Smart?
    }

    static func workspace() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("segue-smart-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (name, profile) in [("a.mp4", "high"), ("b.mp4", "high"), ("base.mp4", "baseline")] {
            _ = try VideoReader.run("ffmpeg", [
                "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc2=s=320x180:r=30:d=3", "-f", "lavfi", "-i", "sine=d=3",
                "-c:v", "libx264", "-profile:v", profile, "-g", "30", "-pix_fmt", "yuv420p", "-colorspace", "bt709",
                "-color_primaries", "bt709", "-color_trc", "bt709", "-c:a", "aac", "-shortest", dir.appendingPathComponent(name).path,
            ])
        }
        for (spec, first) in [("edit.json", "a.mp4"), ("base.json", "base.mp4")] {
            try Data(("{\"size\": \"320x180\", \"fps\": 30, \"items\": [{\"clip\": \"\(first)\"}, {\"clip\": \"b.mp4\"}],"
                + " \"transitions\": [{\"effect\": \"fade\", \"duration\": 1}]}").utf8).write(to: dir.appendingPathComponent(spec))
        }
        return dir
    }

    @Test func thePlanTheRenderAndTheReasonSayWhatIsCopied() throws {
        let dir = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let planned = try CommandRunner.run("segue", ["edit", "edit.json", "--plan", "json"], in: dir)
        let summary = try JSONDecoder().decode(Summary.self, from: Data(planned.stdout.utf8))
        let smart = try #require(summary.smart, "\(planned.stdout)")
        // a: 0..<60 untouched, cut points 0, 30, 60 → 0..<60 copied; the fade 60..<90; b's 30..<90 from its frame 30.
        #expect(smart.reason == nil && smart.segments.map { [$0.first, $0.end, $0.copy ? 1 : 0] } == [[0, 60, 1], [60, 90, 0], [90, 150, 1]],
                "\(planned.stdout)")
        #expect(smart.segments[1].why == "transitions[0] (fade)", "\(planned.stdout)")

        let rendered = try CommandRunner.run("segue", ["edit", "edit.json", "--out", "edit.mp4", "--progress", "none"], in: dir)
        #expect(rendered.status == 0 && rendered.stdout.contains("smart rendering: 120 of 150 frames copied"), "\(rendered.stdout) \(rendered.stderr)")
        let refused = try CommandRunner.run("segue", ["edit", "base.json", "--out", "base-edit.mp4", "--progress", "none"], in: dir)
        // As many Baseline frames as High: the first clip's coding is the output's, b is named and encoded.
        #expect(refused.status == 0 && refused.stdout.contains("video: H.264 Constrained Baseline 8-bit BT.709 SDR")
                && refused.stdout.contains("items[1]: H.264 High 8-bit BT.709 SDR, the output's is H.264 Constrained Baseline 8-bit BT.709 SDR"),
                "\(refused.stdout)")
        #expect(refused.stdout.contains("smart rendering: 60 of 150 frames copied"), "base is copied: \(refused.stdout)")
        let forced = try CommandRunner.run("segue", ["edit", "base.json", "--plan", "json", "--format", "h264"], in: dir)
        #expect(forced.stdout.contains("\"output\":\"H.264 Constrained Baseline 8-bit BT.709 SDR\""), "\(forced.stdout)")
        let full = try CommandRunner.run("segue", ["edit", "edit.json", "--out", "full.mp4", "--progress", "none", "--reencode"], in: dir)
        #expect(full.status == 0 && !full.stdout.contains("smart rendering"), "\(full.stdout)")
        let noPlan = try CommandRunner.run("segue", ["edit", "edit.json", "--plan", "json", "--reencode"], in: dir)
        #expect(try JSONDecoder().decode(Summary.self, from: Data(noPlan.stdout.utf8)).smart == nil)
        for name in ["edit.mp4", "base-edit.mp4", "full.mp4"] {
            #expect(try VideoReader.info(dir.appendingPathComponent(name).path).frames == 150, "\(name)")
        }
    }
}
