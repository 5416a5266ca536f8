import Foundation
import SegueExport
import SegueExportTestSupport
import SegueImage
import SegueOutput
import SegueTesting
import Testing

/// A render's video is read back with ffprobe before it is moved into place (issue 40): an
/// ffmpeg that exits 0 is not taken at its word. Junk, or a real video that is not the one asked
/// for, is a typed error naming the output; nothing is left, and an earlier file stays as it was.
@Suite("Export: a render's video is read back before it is kept (ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct FinishedVideoCheckTests {
    /// Exports 30 frames at 64x36 through an ffmpeg that drains its input and then runs `body`
    /// (ffprobe the real one), over an `out.mp4` that already holds "earlier"; the error, what
    /// the folder holds afterwards and what `out.mp4` holds.
    static func export(ffmpeg body: String) throws -> (error: ExportError?, left: [String], out: String) {
        let fake = try FakeTools()
        defer { fake.remove() }
        try fake.script("ffmpeg", "cat > /dev/null\n" + body)
        try fake.real("ffprobe")
        let work = fake.dir.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let out = work.appendingPathComponent("out.mp4").path
        try Data("earlier".utf8).write(to: URL(fileURLWithPath: out))
        let image = try SampleImages.from(width: 64, height: 36)
        var error: ExportError?
        do {
            _ = try withDevice { device in
                try TransitionExporter(device: device, settings: ExportSettings(format: .mp4, width: 64, height: 36), tools: fake.tools())
                    .export(.pictures(from: image, to: image, frames: 30), to: out, effect: pixelDissolve)
            }
        } catch let caught as ExportError {
            error = caught
        }
        return (error, try FileManager.default.contentsOfDirectory(atPath: work.path), try String(contentsOfFile: out, encoding: .utf8))
    }

    @Test func junkFromAnFFmpegThatExitsZeroIsATypedErrorAndNoFile() throws {
        let (error, left, out) = try Self.export(ffmpeg: "printf 'this is no video'\nexit 0")
        guard case let .output(refusal) = try #require(error) else { Issue.record("\(String(describing: error))"); return }
        #expect(refusal.path.hasSuffix("work/out.mp4") && refusal.reason.contains("ffprobe cannot read it as mp4"), "\(refusal)")
        #expect(left == ["out.mp4"] && out == "earlier", "\(left), out.mp4 holds \(out.prefix(20))")
    }

    /// A real video, but not the one asked for: another size, too few frames.
    @Test(arguments: [("testsrc2=s=32x18:r=30:d=1", "its video is 32x18, not 64x36"), ("testsrc2=s=64x36:r=30:d=0.5", "15 frames, not 30")])
    func aVideoThatIsNotTheOneAskedForIsRefused(source: String, says: String) throws {
        let real = try FFmpegTools.locate().ffmpeg.path
        let (error, left, out) = try Self.export(ffmpeg: "exec '\(real)' -v error -nostdin -f lavfi -i '\(source)' "
            + "-f mp4 -movflags frag_keyframe+empty_moov -y file:/proc/self/fd/1")
        guard case let .output(refusal) = try #require(error) else { Issue.record("\(String(describing: error))"); return }
        #expect(refusal.reason.contains(says), "\(refusal)")
        #expect(left == ["out.mp4"] && out == "earlier", "\(left)")
    }
}
