import Foundation
import SegueExport
import SegueExportTestSupport
import SegueImage
import SegueTesting
import SegueTimeline
import Testing

/// An ffmpeg that exits 0 is not taken at its word (issue hardening-3 item 9): the finished
/// video is read back with ffprobe (its container, one video stream of the edit's size, every
/// frame) before it is moved into place; anything else is a typed error and no file.
@Suite("Timeline: the output is verified before it is moved into place (headless GL + ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct OutputVerificationTests {
    /// Exports a one-second picture edit at 64x36 as `format` through an ffmpeg that drains its
    /// input and then runs `body`; the error it gives, and what the folder holds afterwards.
    static func export(format: VideoFormat, ffmpeg body: String) throws -> (error: (any Error)?, left: [String]) {
        let fake = try FakeTools()
        defer { fake.remove() }
        let work = fake.dir.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        try PNGCodec.write(try SampleImages.from(width: 64, height: 36), to: work.appendingPathComponent("p.png").path)
        try Data(#"{"size": "64x36", "fps": 30, "items": [{"picture": "p.png", "duration": 1}]}"#.utf8)
            .write(to: work.appendingPathComponent("edit.json"))
        let plan = try EditPlan.load(specAt: work.appendingPathComponent("edit.json").path, tools: try FFmpegTools.locate())
        try fake.script("ffmpeg", "cat > /dev/null\n" + body)
        try fake.real("ffprobe")
        let tools = try fake.tools()
        let out = work.appendingPathComponent("edit.\(format.rawValue)").path
        var error: (any Error)?
        do {
            _ = try withDevice { device in try TimelineExporter(device: device, plan: plan, format: format, tools: tools).export(to: out) }
        } catch let caught {
            error = caught
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: work.path).filter { $0 != "p.png" && $0 != "edit.json" }
        return (error, left)
    }

    @Test func junkFromAnFFmpegThatExitsZeroIsATypedErrorAndNoFile() throws {
        let (error, left) = try Self.export(format: .mp4, ffmpeg: "printf 'this is no video' \nexit 0")
        let mismatch = try #require(error as? OutputVerificationError, "\(String(describing: error))")
        #expect(mismatch.path.hasSuffix("edit.mp4") && mismatch.reason.contains("ffprobe cannot read it as mp4"), "\(mismatch)")
        #expect(left.isEmpty, "\(left)")
    }

    /// A real video, but not the one asked for: another size, too few frames, another container.
    @Test(arguments: [
        (VideoFormat.mp4, "testsrc2=s=32x18:r=30:d=1", "mp4", "its video is 32x18, not 64x36"),
        (VideoFormat.mp4, "testsrc2=s=64x36:r=30:d=0.5", "mp4", "15 frames, not 30"),
        (VideoFormat.webm, "testsrc2=s=64x36:r=30:d=1", "mp4", "ffprobe cannot read it as webm"),
        (VideoFormat.gif, "testsrc2=s=64x36:r=30:d=1", "matroska", "ffprobe cannot read it as gif"),
    ])
    func aVideoThatIsNotTheOneAskedForIsRefused(format: VideoFormat, source: String, container: String, says: String) throws {
        let real = try FFmpegTools.locate().ffmpeg.path
        let (error, left) = try Self.export(format: format, ffmpeg: "exec '\(real)' -v error -nostdin -f lavfi -i '\(source)' "
            + "-f \(container) -movflags frag_keyframe+empty_moov -y file:/proc/self/fd/1")
        let mismatch = try #require(error as? OutputVerificationError, "\(String(describing: error))")
        #expect(mismatch.reason.contains(says), "\(mismatch)")
        #expect(left.isEmpty, "\(left)")
    }

    /// The real ffmpeg's video passes, in each format.
    @Test(arguments: [VideoFormat.mp4, .webm, .gif, .mov, .mkv])
    func theRealFFmpegsVideoPasses(format: VideoFormat) throws {
        let fake = try FakeTools()
        defer { fake.remove() }
        try PNGCodec.write(try SampleImages.from(width: 64, height: 36), to: fake.dir.appendingPathComponent("p.png").path)
        try Data(#"{"size": "64x36", "fps": 30, "items": [{"picture": "p.png", "duration": 1}]}"#.utf8)
            .write(to: fake.dir.appendingPathComponent("edit.json"))
        let plan = try EditPlan.load(specAt: fake.dir.appendingPathComponent("edit.json").path, tools: try FFmpegTools.locate())
        let out = fake.dir.appendingPathComponent("edit.\(format.rawValue)").path
        let result = try withDevice { device in try TimelineExporter(device: device, plan: plan, format: format).export(to: out) }
        #expect(result.frames == 30 && FileManager.default.fileExists(atPath: out))
    }
}
