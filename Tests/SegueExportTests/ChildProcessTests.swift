import Foundation
import SegueExport
import SegueExportTestSupport
import SegueImage
import Testing
import SegueTesting

/// ffmpeg and ffprobe as children: a hung one is stopped by the watchdog with a typed error and
/// reaped with what it started, a killed one is reported with its signal's name, a tool that
/// cannot run is "not executable", and pictures need no ffprobe (issue 21 items 5 and 12).
@Suite("TransitionExporter: child processes", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct ChildProcessTests {
    private func exportPictures(tools: FFmpegTools, to out: String, frames: Int = 200) throws -> ExportResult {
        let image = try SampleImages.from(width: 64, height: 36)
        return try withDevice { device in
            try TransitionExporter(device: device, settings: ExportSettings(format: .mp4, width: 64, height: 36), tools: tools)
                .export(.pictures(from: image, to: image, frames: frames), to: out, effect: pixelDissolve)
        }
    }

    @Test func aHungEncoderIsStoppedWithATypedErrorAndReaped() throws {
        let fake = try FakeTools()
        defer { fake.remove() }
        // Takes nothing from its stdin and never ends: the frames fill the pipe, then Segue waits.
        try fake.script("ffmpeg", "echo $$ > '\(fake.dir.path)/pid'\nsleep 600 &\necho $! > '\(fake.dir.path)/sleeper'\nwait")
        let out = fake.dir.appendingPathComponent("out.mp4").path
        #expect(throws: ExportError.toolStalled(tool: "ffmpeg", seconds: 0.5)) {
            try exportPictures(tools: fake.tools(stallTimeout: 0.5), to: out)
        }
        let script = try #require(fake.pid(in: "pid")), sleeper = try #require(fake.pid(in: "sleeper"))
        #expect(hasExited(script) && hasExited(sleeper), "a child or its own child is still running")
        #expect(try FileManager.default.contentsOfDirectory(atPath: fake.dir.path).sorted() == ["ffmpeg", "pid", "sleeper"])
    }

    /// A child that spins on the CPU and reads nothing: its CPU time kept it "alive" forever
    /// (issue 32 item 12). It is stopped after five timeouts (`StallWatchdog.busyFactor`) without a byte moved.
    @Test func anEncoderSpinningWithoutReadingIsStopped() throws {
        let fake = try FakeTools()
        defer { fake.remove() }
        try fake.script("ffmpeg", "echo $$ > '\(fake.dir.path)/pid'\nwhile :; do :; done")
        let out = fake.dir.appendingPathComponent("out.mp4").path
        #expect(throws: ExportError.toolStalled(tool: "ffmpeg", seconds: 2.5)) {
            try exportPictures(tools: fake.tools(stallTimeout: 0.5), to: out)
        }
        let script = try #require(fake.pid(in: "pid"))
        #expect(hasExited(script), "the spinning child is still running")
    }

    @Test func aHungProbeIsStoppedAndNamedAsFFprobe() throws {
        let fake = try FakeTools()
        defer { fake.remove() }
        try fake.real("ffmpeg")
        try fake.script("ffprobe", "exec sleep 600")
        let clip = fake.dir.appendingPathComponent("a.mkv").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: clip))
        #expect(throws: ExportError.toolStalled(tool: "ffprobe", seconds: 0.5)) {
            try withDevice { device in
                try TransitionExporter(
                    device: device, settings: ExportSettings(format: .mp4, width: 64, height: 36),
                    tools: fake.tools(stallTimeout: 0.5)
                ).export(.clips(from: clip, to: clip, offsetSeconds: 0, transitionFrames: 5),
                         to: fake.dir.appendingPathComponent("out.mp4").path, effect: pixelDissolve)
            }
        }
    }

    @Test func anEncoderKilledByASignalIsSaidSo() throws {
        let fake = try FakeTools()
        defer { fake.remove() }
        try fake.script("ffmpeg", "kill -9 $$")
        do {
            _ = try exportPictures(tools: fake.tools(), to: fake.dir.appendingPathComponent("out.mp4").path)
            Issue.record("the export succeeded")
        } catch let error as ExportError {
            guard case .encoderFailed(let exit, _) = error else { Issue.record("\(error)"); return }
            #expect(exit == .killed(signal: SIGKILL))
            #expect(error.description.contains("killed by signal 9 (SIGKILL)"), "\(error)")
        }
    }

    /// ffmpeg catches SIGTERM and exits with 255 (measured by hand: `ffmpeg -re ... & kill -TERM`
    /// gives 255), which read as a failure of its own (issue 32 item 12). A stand-in exiting so.
    @Test func anEncoderStoppedBySIGTERMIsSaidSo() throws {
        let fake = try FakeTools()
        defer { fake.remove() }
        try fake.script("ffmpeg", "cat > /dev/null\nexit 255")
        do {
            _ = try exportPictures(tools: fake.tools(), to: fake.dir.appendingPathComponent("out.mp4").path)
            Issue.record("the export succeeded")
        } catch let error as ExportError {
            guard case .encoderFailed(let exit, _) = error else { Issue.record("\(error)"); return }
            #expect(exit == .exited(status: 255))
            #expect(error.description.contains("as ffmpeg exits when a signal (SIGTERM, SIGINT) stops it"), "\(error)")
        }
    }

    @Test func aToolWithoutExecutePermissionIsNotExecutableRatherThanMissing() throws {
        let fake = try FakeTools()
        defer { fake.remove() }
        try fake.script("ffmpeg", "exit 0", executable: false)
        let path = fake.dir.appendingPathComponent("ffmpeg").path
        #expect(throws: ExportError.toolNotExecutable(tool: "ffmpeg", path: path)) { try FFmpegTools(ffmpegPath: path) }
        #expect(throws: ExportError.toolNotExecutable(tool: "ffmpeg", path: path)) { try FFmpegTools.locate(path: fake.dir.path) }
        #expect(ExportError.toolNotExecutable(tool: "ffmpeg", path: path).description.contains("is not executable"))
    }

    /// Two pictures need ffmpeg only; a clip needs ffprobe too, and says so when it is missing.
    @Test func picturesNeedNoFFprobe() throws {
        let fake = try FakeTools()
        defer { fake.remove() }
        try fake.real("ffmpeg")
        let out = fake.dir.appendingPathComponent("out.mp4").path
        let result = try exportPictures(tools: fake.tools(), to: out, frames: 5)
        #expect(result.frames == 5 && FileManager.default.fileExists(atPath: out))
        let clip = fake.dir.appendingPathComponent("a.mkv").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: clip))
        #expect(throws: ExportError.toolMissing(tool: "ffprobe", searched: [fake.dir.path])) {
            try withDevice { device in
                try TransitionExporter(device: device, settings: ExportSettings(format: .mp4, width: 64, height: 36), tools: fake.tools())
                    .export(.clips(from: clip, to: clip, offsetSeconds: 0, transitionFrames: 5),
                            to: fake.dir.appendingPathComponent("clip.mp4").path, effect: pixelDissolve)
            }
        }
    }
}
