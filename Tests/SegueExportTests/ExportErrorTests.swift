import Foundation
import SegueExport
import SegueExportTestSupport
import SegueImage
import SegueOutput
import Testing
import SegueTesting

@Suite("TransitionExporter: errors", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct ExportErrorTests {
    @Test func missingFFmpegIsATypedErrorNamingThePackage() throws {
        #expect(throws: ExportError.toolMissing(tool: "ffmpeg", searched: ["/nonexistent", "/also/not"])) {
            try FFmpegTools.locate(path: "/nonexistent:/also/not")
        }
        #expect(throws: ExportError.toolMissing(tool: "ffmpeg", searched: ["/no/such/ffmpeg"])) {
            try FFmpegTools(ffmpegPath: "/no/such/ffmpeg")
        }
        let message = ExportError.toolMissing(tool: "ffmpeg", searched: ["/usr/bin"]).description
        #expect(message.contains("'ffmpeg'") && message.contains("apt-get install ffmpeg"))
    }

    /// Each bad setting is its own case, carrying the values, thrown before ffmpeg starts.
    @Test func badSettingsFailBeforeFFmpegStarts() throws {
        let tools = try FFmpegTools.locate()
        try withDevice { device in
            let cases: [(ExportSettings, ExportError)] = [
                (ExportSettings(format: .mp4, width: 321, height: 180), .frameSizeOdd(format: .mp4, width: 321, height: 180)),
                (ExportSettings(format: .gif, width: 64, height: 64, crf: 20), .crfNotApplicable(format: .gif)),
                (ExportSettings(format: .webm, width: 64, height: 64, crf: 70), .crfOutOfRange(70, format: .webm)),
                (ExportSettings(format: .mp4, width: 64, height: 64, framesPerSecond: 0), .frameRateOutOfRange(0)),
                (ExportSettings(format: .mp4, width: 0, height: 64), .frameSizeNotPositive(width: 0, height: 64)),
                (ExportSettings(format: .mp4, width: 100_000, height: 64), .frameSizeTooLarge(width: 100_000, height: 64)),
                // Within a GPU's texture size but beyond H.264 level 6.2: refused up front, not by
                // libx264 after seconds and gigabytes.
                (ExportSettings(format: .mp4, width: 16384, height: 16384), .frameSizeTooLarge(width: 16384, height: 16384)),
                (ExportSettings(format: .webm, width: 8192, height: 8192), .frameSizeTooLarge(width: 8192, height: 8192)),
                (ExportSettings(format: .mp4, width: 64, height: 64, pipelineDepth: 17), .pipelineDepthOutOfRange(17)),
            ]
            for (settings, expected) in cases {
                #expect(throws: expected) { try settings.validate() }
                #expect(throws: expected) { _ = try TransitionExporter(device: device, settings: settings, tools: tools) }
            }
            #expect(throws: Never.self) { try ExportSettings(format: .mp4, width: 8192, height: 4352).validate() }
        }
    }

    /// Offsets whose frame count is no Int (huge, infinite, NaN) or negative are typed errors,
    /// before any clip is opened (the clip paths here do not exist), not a trapping conversion.
    @Test(arguments: [1e300, -1, .infinity, .nan, Double(ExportInputs.maxHeadFrames) / 30 + 1])
    func badOffsetsAreTypedErrors(offset: Double) throws {
        #expect(throws: ExportError.self) { try ExportInputs.headFrames(offsetSeconds: offset, framesPerSecond: 30) }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        do {
            _ = try withDevice { device in
                try TransitionExporter(device: device, settings: ExportSettings(format: .mp4, width: 64, height: 48))
                    .export(.clips(from: "/no/a.mkv", to: "/no/b.mkv", offsetSeconds: offset, transitionFrames: 5),
                            to: dir.appendingPathComponent("x.mp4").path, effect: pixelDissolve)
            }
            Issue.record("offset \(offset) was accepted")
        } catch let error as ExportError {
            guard case .offsetOutOfRange(_, let rate) = error else { Issue.record("\(error)"); return }
            #expect(rate == 30)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
        #expect(try ExportInputs.headFrames(offsetSeconds: 4.5, framesPerSecond: 30) == 135)
    }

    /// An ffmpeg that dies at once: writing frames to it must give its status and message, not
    /// kill the process with SIGPIPE, and leave no partial file.
    @Test func anEncoderThatDiesIsReportedWithItsMessage() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for tool in ["ffmpeg", "ffprobe"] {
            try ExecutableScript.write("#!/bin/sh\necho 'Unknown encoder libx264' >&2\nexit 3\n", to: dir.appendingPathComponent(tool))
        }
        let image = try SampleImages.from(width: 640, height: 360)
        let out = dir.appendingPathComponent("out.mp4").path
        #expect(throws: ExportError.encoderFailed(exit: .exited(status: 3), log: "Unknown encoder libx264")) {
            try withDevice { device in
                try TransitionExporter(
                    device: device, settings: ExportSettings(format: .mp4, width: 640, height: 360),
                    tools: FFmpegTools(ffmpegPath: dir.appendingPathComponent("ffmpeg").path)
                ).export(.pictures(from: image, to: image, frames: 30), to: out, effect: pixelDissolve)
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["ffmpeg", "ffprobe"])
    }

    @Test func aDirectoryInTheWayIsRefused() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("clip.mp4")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
        let image = try SampleImages.from(width: 64, height: 36)
        let expected = OutputError("write the video", path: out.resolvingSymlinksInPath().path, reason: "it is a folder")
        #expect(throws: ExportError.output(expected)) {
            try withDevice { device in
                try TransitionExporter(device: device, settings: ExportSettings(format: .mp4, width: 64, height: 36))
                    .export(.pictures(from: image, to: image, frames: 3), to: out.path, effect: pixelDissolve)
            }
        }
    }
}
