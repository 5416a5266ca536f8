import Foundation
import SegueEffects
import SegueExport
import SegueExportTestSupport
import SegueGL
import SegueImage
import SegueTesting
import Testing

/// Two pictures to MP4, WebM and GIF, read back with ffprobe and ffmpeg and compared with the
/// frames the renderer draws (what the PNG export writes).
@Suite("TransitionExporter: pictures (headless GL + ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct PictureExportTests {
    static let width = 1280, height = 720, frames = 7

    /// The reference: the effect rendered straight into a target and read back.
    static func renderedFrames(_ device: GLDevice, _ from: RGBAImage, _ to: RGBAImage) throws -> [RGBAImage] {
        let a = try device.makeTexture(image: from), b = try device.makeTexture(image: to)
        let target = try device.makeOffscreenTarget(width: width, height: height)
        let effect = try PixelDissolve(device: device, from: a, to: b)
        defer { effect.release(); target.release(); a.release(); b.release() }
        return try (0..<frames).map { index in
            effect.progress = Float(index) / Float(frames - 1)
            try effect.render(into: target)
            return try target.readImage()
        }
    }

    @Test(arguments: [VideoFormat.mp4, .webm, .gif])
    func exportsEveryFrameAtItsSizeAndRate(format: VideoFormat) async throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let from = try SampleImages.from(width: Self.width, height: Self.height)
        let to = try SampleImages.to(width: Self.width, height: Self.height)
        let out = dir.appendingPathComponent("clip.\(format.rawValue)").path
        let (result, reference, streamed) = try withDevice { device in
            let exporter = try TransitionExporter(
                device: device, settings: ExportSettings(format: format, width: Self.width, height: Self.height, framesPerSecond: 25))
            let stream = exporter.progressUpdates
            let result = try exporter.export(.pictures(from: from, to: to, frames: Self.frames), to: out, effect: pixelDissolve)
            return (result, try Self.renderedFrames(device, from, to), stream)
        }
        // The stream ended with the export and holds its reports, the last one complete.
        var reports: [ExportProgress] = []
        for await report in streamed { reports.append(report) }
        // A GIF renders every frame twice (its palette first), and reports both passes as one run.
        let steps = format == .gif ? 2 * Self.frames : Self.frames
        #expect(reports.map(\.framesDone) == Array(1...steps))
        #expect(reports.allSatisfy { $0.totalFrames == steps } && reports.last?.isFinished == true)

        #expect(result.frames == Self.frames && abs(result.durationSeconds - 0.28) < 1e-9)
        let info = try VideoReader.info(out)
        #expect(info.frames == Self.frames && info.width == Self.width && info.height == Self.height)
        #expect(info.codec == ["mp4": "h264", "webm": "vp9", "gif": "gif"][format.rawValue])
        // GIF stores delays in centiseconds: 1/25 s is exact.
        #expect(abs(info.durationSeconds - 0.28) < 0.005, "duration \(info.durationSeconds)")

        let decoded = try VideoReader.frames(out, width: Self.width, height: Self.height)
        #expect(decoded.count == Self.frames)
        // H.264 and VP9 at their default CRF: > 35 dB. A GIF has 256 colours for the whole
        // clip and dithers, so it gets a looser bound (its palette need not match exactly).
        let floor = format == .gif ? 22.0 : 35.0
        for k in 0..<min(decoded.count, Self.frames) {
            let psnr = VideoReader.psnr(decoded[k], reference[k])
            #expect(psnr > floor, "\(format) frame \(k): \(psnr) dB")
            if k > 0 { #expect(VideoReader.psnr(decoded[k], reference[k - 1]) < psnr, "frame \(k) is in its place") }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["clip.\(format.rawValue)"])
    }

    @Test func serialAndPipelinedExportsAreIdentical() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let from = try SampleImages.from(width: 320, height: 180), to = try SampleImages.to(width: 320, height: 180)
        var files: [Data] = []
        for depth in [0, 1, 4] {
            let out = dir.appendingPathComponent("d\(depth).mp4").path
            _ = try withDevice { device in
                try TransitionExporter(
                    device: device, settings: ExportSettings(format: .mp4, width: 320, height: 180, pipelineDepth: depth)
                ).export(.pictures(from: from, to: to, frames: 12), to: out, effect: pixelDissolve)
            }
            files.append(try Data(contentsOf: URL(fileURLWithPath: out)))
        }
        // x264 is deterministic for the same input: any reordered or dropped frame shows.
        #expect(files[0] == files[1] && files[1] == files[2])
    }
}
