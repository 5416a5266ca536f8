import Foundation
import SegueExport
import SegueExportTestSupport
import SegueImage
import SegueOutput
import SegueTesting
import Testing

/// Signals that arrive and SIGPIPEs the tests count (a C handler can capture nothing).
nonisolated(unsafe) private var brokenPipeSignals = 0

/// What an export leaves of the process's state (issue 26): SIGPIPE is held back per write, not
/// switched off for the whole process, and the children and partial files are registered with
/// the `InterruptCleanup` the tools carry, which a test can substitute.
@Suite("Export: process-wide state", .tags(.gl, .ffmpeg), .requiresFFmpeg, .serialized)
struct ProcessStateTests {
    /// An encoder that dies at once, as `anEncoderThatDiesIsReportedWithItsMessage` has it.
    static func dyingTools(in dir: URL) throws -> FFmpegTools {
        for tool in ["ffmpeg", "ffprobe"] {
            try ExecutableScript.write("#!/bin/sh\necho 'Unknown encoder libx264' >&2\nexit 3\n", to: dir.appendingPathComponent(tool))
        }
        return try FFmpegTools(ffmpegPath: dir.appendingPathComponent("ffmpeg").path)
    }

    @Test func aDyingEncoderLeavesTheProcesssSIGPIPEAsItWas() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // The program's choice, whatever it is, stays: here a handler that counts.
        var counting = sigaction()
        counting.__sigaction_handler.sa_handler = { _ in brokenPipeSignals += 1 }
        var previous = sigaction()
        sigaction(SIGPIPE, &counting, &previous)
        defer { sigaction(SIGPIPE, &previous, nil) }
        let image = try SampleImages.from(width: 640, height: 360)
        let tools = try Self.dyingTools(in: dir)
        #expect(throws: ExportError.self) {
            try withDevice { device in
                try TransitionExporter(device: device, settings: ExportSettings(format: .mp4, width: 640, height: 360), tools: tools)
                    .export(.pictures(from: image, to: image, frames: 30), to: dir.appendingPathComponent("out.mp4").path, effect: pixelDissolve)
            }
        }
        var now = sigaction()
        sigaction(SIGPIPE, nil, &now)
        #expect(unsafeBitCast(now.__sigaction_handler.sa_handler, to: Int.self)
            == unsafeBitCast(counting.__sigaction_handler.sa_handler, to: Int.self), "the export replaced the program's SIGPIPE handler")
        // The writes to the dead encoder raised none: each was held back and taken back.
        #expect(brokenPipeSignals == 0)
    }

    @Test func theChildrenAndTheFileAreTheToolsCleanups() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // An ffmpeg that reads nothing: the export blocks once the pipe is full, while the test's
        // cleanup, not the process's, holds the child and the unfinished file.
        let path = dir.appendingPathComponent("ffmpeg").path
        try ExecutableScript.write("#!/bin/sh\nsleep 30\n", to: URL(fileURLWithPath: path))
        var given = try FFmpegTools(ffmpegPath: path)
        let cleanup = InterruptCleanup()
        given.cleanup = cleanup
        let tools = given
        let out = dir.appendingPathComponent("out.mp4").path
        let image = try SampleImages.from(width: 64, height: 36)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var failure: (any Error)?
        nonisolated(unsafe) var ended = false
        let worker = Thread {
            do {
                _ = try withDevice { device in
                    try TransitionExporter(device: device, settings: ExportSettings(format: .mp4, width: 64, height: 36), tools: tools)
                        .export(.pictures(from: image, to: image, frames: 3000), to: out, effect: pixelDissolve)
                }
            } catch { failure = error }
            ended = true
            done.signal()
        }
        worker.start()
        // The unfinished file appears, registered with the test's cleanup with the child, and
        // not with the process's; killing the child ends the export with an error.
        // The file is made (and its room checked) before ffmpeg starts: wait for both states.
        var partial: String?
        let deadline = Date().addingTimeInterval(StateWait.limit)
        // An export that ends before both states (it failed to start) is reported with its error.
        while (partial == nil || cleanup.registered.children.isEmpty) && !ended && Date() < deadline {
            partial = try FileManager.default.contentsOfDirectory(atPath: dir.path).first { $0.hasPrefix(".out.mp4.partial-") }
            usleep(10_000)
        }
        let found = try #require(partial, "no partial file; the export \(ended ? "ended: \(String(describing: failure))" : "is still running")")
        let registered = cleanup.registered
        let state = ended ? "the export ended: \(String(describing: failure))" : "the export runs"
        #expect(registered.paths.contains { $0.hasSuffix(found) }, "\(registered); \(state)")
        #expect(registered.children.count == 1, "\(state)")
        #expect(!InterruptCleanup.shared.registered.paths.contains { $0.hasSuffix(found) })
        for child in registered.children { InterruptCleanup.killGroup(of: child) }
        done.wait()
        #expect(failure != nil)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(found).path))
        #expect(cleanup.registered.paths.isEmpty && cleanup.registered.children.isEmpty)
    }
}
