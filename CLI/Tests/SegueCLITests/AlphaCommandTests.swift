import Foundation
import SegueImage
import SegueTesting
import Testing

/// `--alpha` on the command line: a stinger from `segue render` (a circle opening from nothing
/// onto a picture, with transparent edges) and from `segue edit` (a transparent background),
/// each probed with its alpha and its first frame transparent where nothing is drawn.
@Suite("segue render/edit --alpha (runs the built executable)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct AlphaCommandTests {
    /// Alpha of the pixel (x, y) of the first frame of `video`, decoded by ffmpeg (libvpx for WebM).
    static func alpha(_ video: String, in dir: URL, width: Int, x: Int, y: Int) throws -> UInt8 {
        let decoder = video.hasSuffix(".webm") ? ["-c:v", "libvpx-vp9"] : []
        let frame = [UInt8](try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin"] + decoder + [
            "-i", dir.appendingPathComponent(video).path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgba", "pipe:1",
        ]))
        return frame[(y * width + x) * 4 + 3]
    }

    @Test func renderMakesAStingerInWebMAndMOV() throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try PNGCodec.write(try RGBAImage(width: 64, height: 36, fill: [0, 0, 0, 0]), to: dir.appendingPathComponent("empty.png").path)
        try PNGCodec.write(try SampleImages.to(width: 64, height: 36), to: dir.appendingPathComponent("b.png").path)
        for out in ["s.webm", "s.mov", "s.gif"] {
            let result = try CommandRunner.run("segue", [
                "render", "--from", "empty.png", "--to", "b.png", "--effect", "circle", "--size", "64x36", "--frames", "4",
                "--alpha", "--out", out, "--quiet",
            ], in: dir)
            #expect(result.status == 0, "\(out): \(result.stderr)")
            // Frame 0 is the empty picture: transparent everywhere.
            #expect(try Self.alpha(out, in: dir, width: 64, x: 32, y: 18) <= 2, "\(out): frame 0 is transparent")
        }
        let probe = String(decoding: try VideoReader.run("ffprobe", [
            "-v", "error", "-show_entries", "stream=codec_name,pix_fmt:stream_tags=alpha_mode", "-of", "csv=p=0",
            dir.appendingPathComponent("s.webm").path, ]), as: UTF8.self)
        #expect(probe.contains("vp9") && probe.hasSuffix("1\n"), "\(probe)")
    }

    @Test func editsAlphaFlagAndTheSpecsBackgroundAgree() throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try PNGCodec.write(try SampleImages.to(width: 32, height: 32), to: dir.appendingPathComponent("p.png").path)
        let spec = #"{"size": "64x32", "resize": "contain", "items": [{"picture": "p.png", "duration": 0.2}]}"#
        try Data(spec.utf8).write(to: dir.appendingPathComponent("edit.json"))
        let flagged = try CommandRunner.run("segue", ["edit", "edit.json", "--out", "a.mov", "--alpha", "--quiet"], in: dir)
        #expect(flagged.status == 0, "\(flagged.stderr)")
        #expect(try Self.alpha("a.mov", in: dir, width: 64, x: 4, y: 16) <= 2, "contain's bar is transparent")
        #expect(try Self.alpha("a.mov", in: dir, width: 64, x: 32, y: 16) >= 253, "the picture is opaque")
        let opaque = try CommandRunner.run("segue", ["edit", "edit.json", "--out", "o.mov", "--quiet"], in: dir)
        #expect(opaque.status == 0, "\(opaque.stderr)")
        #expect(try Self.alpha("o.mov", in: dir, width: 64, x: 4, y: 16) == 255, "without --alpha the bars are black")
    }
}
