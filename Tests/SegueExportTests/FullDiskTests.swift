import Foundation
import SegueExport
import SegueExportTestSupport
import SegueImage
import SegueOutput
import Testing
import SegueTesting

/// A full disk stops every output at once, with one error naming the output (issue 21 item 10,
/// issue 32 item 12): before, a full disk failed an MP4 in 5 s, a WebM only at the end (47 s) and
/// a GIF after its palette pass (35 s). Now a file system without 64 KiB to spare is refused
/// before anything is rendered, a disk that fills during an export stops it at ffmpeg's first
/// failed write (or, in a GIF's palette pass, which writes nothing, within 30 frames), and no
/// partial file is left.
@Suite("TransitionExporter: full disk (tmpfs, root)", .enabled(if: Tmpfs.canMount, "mounting a tmpfs needs root (CAP_SYS_ADMIN)"), .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct FullDiskTests {
    static let formats: [VideoFormat] = [.mp4, .mov, .mkv, .webm, .gif]

    /// Renders 600 frames of 640x360 into `dir`, calling `onFrame` with each count done; the
    /// error it ends with, and the frames done by then.
    private func export(_ format: VideoFormat, into dir: URL, onFrame: @escaping (Int) -> Void = { _ in }) throws -> (ExportError?, Int) {
        let from = try SampleImages.from(width: 640, height: 360), to = try SampleImages.to(width: 640, height: 360)
        var framesDone = 0
        do {
            _ = try withDevice { device in
                let exporter = try TransitionExporter(device: device, settings: ExportSettings(format: format, width: 640, height: 360))
                exporter.onProgress = { framesDone = $0.framesDone; onFrame($0.framesDone) }
                return try exporter.export(.pictures(from: from, to: to, frames: 600), to: dir.appendingPathComponent("x.\(format.rawValue)").path,
                                           effect: pixelDissolve)
            }
            return (nil, framesDone)
        } catch let error as ExportError {
            return (error, framesDone)
        }
    }

    private func noSpace(_ format: VideoFormat, in dir: URL) -> ExportError {
        .output(.noSpace(writing: "the video", path: dir.resolvingSymlinksInPath().appendingPathComponent("x.\(format.rawValue)").path))
    }

    @Test(arguments: formats) func aFullDiskIsRefusedBeforeAnyFrame(format: VideoFormat) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(Tmpfs.mount(dir, size: "256k"))
        defer { Tmpfs.unmount(dir) }
        Tmpfs.fill(dir)
        let (error, framesDone) = try export(format, into: dir)
        #expect(error == noSpace(format, in: dir))
        #expect(framesDone == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["filler"])
    }

    /// The disk fills after frame 10: the export stops within the encoder's lookahead (VP9
    /// holds 25 frames back, x264 up to 40), one MKV/WebM cluster (1 s: 30 frames) and the
    /// frames in the pipeline, or at the GIF's next room check. Before, a WebM went on for 156
    /// frames (a 5 s cluster), an MKV 202, a GIF through its whole palette pass.
    @Test(arguments: formats) func aDiskThatFillsStopsTheExport(format: VideoFormat) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(Tmpfs.mount(dir, size: "16m"))
        defer { Tmpfs.unmount(dir) }
        let (error, framesDone) = try export(format, into: dir) { if $0 == 10 { Tmpfs.fill(dir) } }
        #expect(error == noSpace(format, in: dir))
        #expect(framesDone < 10 + 90, "\(framesDone) frames were rendered, 10 before the disk filled")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["filler"])
    }

    @Test func aFolderOnAFullDiskIsRefusedAndOneThatFillsNamesTheFolder() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(Tmpfs.mount(dir, size: "1m"))
        defer { Tmpfs.unmount(dir) }
        let frames = dir.appendingPathComponent("frames")
        let picture = try SampleImages.from(width: 320, height: 180)
        // Frames are written until the disk is full (a few fit in 1 MiB).
        #expect(throws: OutputError.noSpace(writing: "files", path: frames.resolvingSymlinksInPath().path)) {
            try OutputDirectory.produce(at: frames.path, ownsFile: OutputDirectory.isFrameOutput) { output in
                for index in 0..<1000 { try PNGCodec.write(picture, to: output.stagedPath(OutputDirectory.frameName(index))) }
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == [])
        Tmpfs.fill(dir)
        var bodyRan = false
        #expect(throws: OutputError.noSpace(writing: "files", path: frames.resolvingSymlinksInPath().path)) {
            try OutputDirectory.produce(at: frames.path, ownsFile: OutputDirectory.isFrameOutput) { _ in bodyRan = true }
        }
        #expect(!bodyRan)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["filler"])
    }
}

/// The same stop without root: ffmpeg's output is /dev/full (every write fails with ENOSPC), or a
/// stand-in that says the disk is full and reads on, as ffmpeg 5.1 does after a failed write.
@Suite("TransitionExporter: full disk (/dev/full)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct DeviceFullTests {
    private func export(_ format: VideoFormat, tools: FFmpegTools, to out: String, frames: Int) throws -> (ExportError?, Int) {
        let image = try SampleImages.from(width: 64, height: 36)
        var framesDone = 0
        do {
            _ = try withDevice { device in
                let exporter = try TransitionExporter(device: device, settings: ExportSettings(format: format, width: 64, height: 36), tools: tools)
                exporter.onProgress = { framesDone = $0.framesDone }
                return try exporter.export(.pictures(from: image, to: image, frames: frames), to: out, effect: pixelDissolve)
            }
            return (nil, framesDone)
        } catch let error as ExportError {
            return (error, framesDone)
        }
    }

    @Test(arguments: [VideoFormat.webm, .mkv, .mp4]) func ffmpegWritingIntoAFullDeviceStopsAtOnce(format: VideoFormat) throws {
        let fake = try FakeTools()
        defer { fake.remove() }
        try fake.script("ffmpeg", "exec '\(try FFmpegTools.locate().ffmpeg.path)' \"$@\" > /dev/full")
        let out = fake.dir.appendingPathComponent("x.\(format.rawValue)").path
        let (error, framesDone) = try export(format, tools: fake.tools(), to: out, frames: 600)
        #expect(error == .output(.noSpace(writing: "the video", path: URL(fileURLWithPath: out).resolvingSymlinksInPath().path)))
        #expect(framesDone < 100, "\(framesDone) of 600 frames were rendered before the full disk was reported")
        #expect(try FileManager.default.contentsOfDirectory(atPath: fake.dir.path) == ["ffmpeg"])
    }

    /// Without the watch on its stderr this export succeeds: the stand-in reads every frame and exits 0.
    @Test func anEncoderThatSaysItsDiskIsFullIsStopped() throws {
        let fake = try FakeTools()
        defer { fake.remove() }
        try fake.script("ffmpeg", "echo $$ > '\(fake.dir.path)/pid'\nhead -c 40000 > /dev/null\necho 'av_interleaved_write_frame(): No space left on device' >&2\nexec cat > /dev/null")
        let out = fake.dir.appendingPathComponent("x.webm").path
        let (error, framesDone) = try export(.webm, tools: fake.tools(), to: out, frames: 5000)
        #expect(error == .output(.noSpace(writing: "the video", path: URL(fileURLWithPath: out).resolvingSymlinksInPath().path)))
        #expect(framesDone < 5000)
        #expect(hasExited(try #require(fake.pid(in: "pid"))))
        #expect(try FileManager.default.contentsOfDirectory(atPath: fake.dir.path).sorted() == ["ffmpeg", "pid"])
    }
}

/// Mounting a small tmpfs for a test (root only).
enum Tmpfs {
    /// Whether this process may mount a tmpfs (tried once on a scratch folder).
    static let canMount: Bool = {
        guard getuid() == 0, let dir = try? temporaryDirectory() else { return false }
        defer { try? FileManager.default.removeItem(at: dir) }
        guard mount(dir, size: "16k") else { return false }
        unmount(dir)
        return true
    }()

    @discardableResult
    static func mount(_ dir: URL, size: String) -> Bool {
        run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", dir.path])
    }

    static func unmount(_ dir: URL) { run("/bin/umount", [dir.path]) }

    /// Fills the file system holding `dir` with a file named "filler" (creating an empty file still works after).
    static func fill(_ dir: URL) {
        let filler = open(dir.appendingPathComponent("filler").path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        let chunk = [UInt8](repeating: 0, count: 4096)
        while chunk.withUnsafeBytes({ write(filler, $0.baseAddress, $0.count) }) > 0 {}
        close(filler)
    }

    @discardableResult
    private static func run(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
