import Foundation
import SegueExport
import SegueImage
import Testing

@Suite("TransitionExporter: errors")
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

    @Test func badSettingsFailBeforeFFmpegStarts() throws {
        let tools = try FFmpegTools.locate()
        try withDevice { device in
            let cases: [(ExportSettings, String)] = [
                (ExportSettings(format: .mp4, width: 321, height: 180), "even width and height"),
                (ExportSettings(format: .gif, width: 64, height: 64, crf: 20), "--crf applies to mp4 and webm"),
                (ExportSettings(format: .webm, width: 64, height: 64, crf: 70), "out of range"),
                (ExportSettings(format: .mp4, width: 64, height: 64, framesPerSecond: 0), "frame rate"),
                (ExportSettings(format: .mp4, width: 100_000, height: 64), "100000"),
            ]
            for (settings, words) in cases {
                do {
                    _ = try TransitionExporter(device: device, settings: settings, tools: tools)
                    Issue.record("\(settings) was accepted")
                } catch {
                    #expect("\(error)".contains(words), "\(error)")
                }
            }
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
            guard case .invalidSettings(let message) = error else { Issue.record("\(error)"); return }
            #expect(message.contains("offset"), "\(message)")
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
            let path = dir.appendingPathComponent(tool).path
            try Data("#!/bin/sh\necho 'Unknown encoder libx264' >&2\nexit 3\n".utf8).write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        }
        let image = try SampleImages.from(width: 640, height: 360)
        let out = dir.appendingPathComponent("out.mp4").path
        #expect(throws: ExportError.encoderFailed(status: 3, log: "Unknown encoder libx264")) {
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
        #expect(throws: ExportError.fileSystem(operation: "write the video", path: out.path, reason: "it is a directory")) {
            try withDevice { device in
                try TransitionExporter(device: device, settings: ExportSettings(format: .mp4, width: 64, height: 36))
                    .export(.pictures(from: image, to: image, frames: 3), to: out.path, effect: pixelDissolve)
            }
        }
    }
}
