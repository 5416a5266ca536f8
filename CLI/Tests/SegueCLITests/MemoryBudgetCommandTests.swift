import Foundation
import SegueTesting
import Testing

/// Budgets bound peak memory, not only the decoded size (issue 32 defect 10): a clip whose
/// frames are larger than any export is refused from its header before anything decodes it.
/// Peak memory is wait4's figure for `segue` and the children it waited for (ffprobe, ffmpeg):
/// Linux reports the largest of them (see `MeasuredRun`).
@Suite("Memory budgets of clips and pictures (runs the built executable)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct MemoryBudgetCommandTests {
    private var segue: String { CommandRunner.productsDirectory.appendingPathComponent("segue").path }

    private func clip(_ size: String, in dir: URL, name: String) throws -> String {
        let path = dir.appendingPathComponent(name).path
        _ = try VideoReader.run("ffmpeg", [
            "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "color=c=gray:s=\(size):r=2:d=1",
            "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", path,
        ])
        return path
    }

    /// Two 8192x8192 frames (200 KB of H.264): one frame is 100 MB in ffmpeg's decoder, and its
    /// frame threads hold several. Refused by the first ffprobe, which skips every frame.
    @Test func aClipOfHugeFramesIsRefusedBeforeDecoding() throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let huge = try clip("8192x8192", in: dir, name: "huge.mp4"), small = try clip("64x48", in: dir, name: "small.mp4")
        let out = dir.appendingPathComponent("out.mp4").path
        let run = try MeasuredRun.run(segue, ["render", "--from", huge, "--to", small, "--duration", "0.5",
                                              "--size", "64x48", "--out", out], stderrIn: dir)
        #expect(run.status == 1, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("huge.mp4") && run.stderr.contains("8192x8192 frames")
            && run.stderr.contains("35651584 pixels in all"), "stderr: \(run.stderr)")
        // ffprobe without decoding takes about 55 MB; one decoded frame alone is 100 MB.
        let limit = max(200, run.runnerPeakMegabytes + 60)
        #expect(run.peakResidentMegabytes < limit, "peak RSS \(run.peakResidentMegabytes) MB, runner's \(run.runnerPeakMegabytes) MB")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// The same clip in an edit: refused while the spec is checked, naming the item.
    @Test func anEditRefusesAHugeClipWhilePlanning() throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try clip("8192x8192", in: dir, name: "huge.mp4")
        let spec = dir.appendingPathComponent("edit.json")
        try Data(#"{"size": "64x48", "fps": 10, "items": [{"clip": "huge.mp4"}]}"#.utf8).write(to: spec)
        let run = try MeasuredRun.run(segue, ["edit", spec.path, "--plan", "json"], stderrIn: dir)
        #expect(run.status != 0 && run.stderr.contains("8192x8192 frames"), "stderr: \(run.stderr)")
        #expect(run.peakResidentMegabytes < max(200, run.runnerPeakMegabytes + 60), "peak RSS \(run.peakResidentMegabytes) MB")
    }

    /// A 64-megapixel JPEG (256 MB decoded) in a 640x360 render: decoded whole and uploaded at
    /// its own size, it took twice that (1.07 GB for 121 megapixels); decoded at the DCT scale
    /// that covers the frame, it takes a few MB.
    @Test(arguments: ["v.mp4", "frames"])
    func aHugeJPEGIsDecodedAtTheScaleTheFrameShows(out: String) throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let photo = dir.appendingPathComponent("photo.jpg").path, small = dir.appendingPathComponent("small.png").path
        _ = try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc2=s=8000x8000",
                                           "-frames:v", "1", "-q:v", "5", photo])
        _ = try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "color=c=red:s=640x360",
                                           "-frames:v", "1", small])
        let run = try MeasuredRun.run(segue, ["render", "--from", photo, "--to", small, "--frames", "2", "--size", "640x360",
                                              "--out", dir.appendingPathComponent(out).path, "--quiet"], stderrIn: dir)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let limit = max(300, run.runnerPeakMegabytes + 150)
        #expect(run.peakResidentMegabytes < limit, "peak RSS \(run.peakResidentMegabytes) MB, runner's \(run.runnerPeakMegabytes) MB")
    }
}
