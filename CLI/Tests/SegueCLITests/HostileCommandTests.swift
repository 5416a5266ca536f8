import Foundation
import SegueImage
import SegueTesting
import Testing

/// Inputs and outputs an attacker (or a slip) might give `segue render`: clip names that look
/// like options or protocols, FIFOs, a hung ffmpeg, paths through links, tiny sizes and files
/// that are not PNGs (issue 21 items 3, 5, 11 and 12).
@Suite("segue render: hostile inputs and outputs (runs the built executable)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct HostileCommandTests {
    /// Runs segue in `dir`; a run still going after 120 s is killed and recorded as an issue
    /// (a blocked open or a hung child), so the suite never hangs.
    private func segue(_ arguments: [String], in dir: URL, environment: [String: String] = [:]) throws -> CommandRunner.Output {
        let process = Process()
        process.executableURL = CommandRunner.productsDirectory.appendingPathComponent("segue")
        process.arguments = arguments
        process.currentDirectoryURL = dir
        var merged = ProcessInfo.processInfo.environment.filter { $0.key != "DISPLAY" }
        merged.merge(environment) { $1 }
        process.environment = merged
        let out = dir.appendingPathComponent(".stdout-\(UUID().uuidString)"), err = dir.appendingPathComponent(".stderr-\(UUID().uuidString)")
        for file in [out, err] where !FileManager.default.createFile(atPath: file.path, contents: nil) {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
        }
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            Issue.record("segue \(arguments) still running after 120 s")
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        return CommandRunner.Output(
            status: process.terminationStatus, stdout: try String(contentsOf: out, encoding: .utf8),
            stderr: try String(contentsOf: err, encoding: .utf8))
    }

    private func clip(_ name: String, in dir: URL) throws {
        _ = try VideoReader.run("ffmpeg", [
            "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc2=s=64x48:r=30:d=1", "-c:v", "ffv1",
            "-f", "matroska", dir.appendingPathComponent(name).path,
        ])
    }

    private func names(_ dir: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { !$0.hasPrefix(".std") }.sorted()
    }

    /// Relative names: before, `-x.mkv` reached ffprobe as an option and `scene:1.mkv` was
    /// parsed as a protocol; `--from=-report` made ffprobe write a report file.
    @Test func clipNamesThatLookLikeOptionsOrProtocolsAreFiles() throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try clip("-x.mkv", in: dir)
        try clip("scene:1.mkv", in: dir)
        let edit = try segue(["render", "--from=-x.mkv", "--to=scene:1.mkv", "--size", "64x48", "--frames", "5",
                              "--out", "edit.mp4", "--quiet"], in: dir)
        #expect(edit.status == 0, "stderr: \(edit.stderr)")
        #expect(try VideoReader.info(dir.appendingPathComponent("edit.mp4").path).frames == 30)

        let report = try segue(["render", "--from=-report", "--to=scene:1.mkv", "--size", "64x48", "--out", "r.mp4"], in: dir)
        #expect(report.status != 0 && report.stderr.contains("cannot read the clip '-report'"), "\(report.stderr)")
        #expect(try names(dir) == ["-x.mkv", "edit.mp4", "scene:1.mkv"], "no ffprobe report, no partial file")
    }

    @Test(arguments: [("a.png", "it is not a regular file"), ("a.mkv", "is not a regular file")])
    func aFIFOAsFromIsRefusedWithoutBlocking(name: String, words: String) throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try VideoRenderCommandTests.writePictures(in: dir, width: 64, height: 36)
        try clip("b.mkv", in: dir)
        if name == "a.png" { try FileManager.default.removeItem(at: dir.appendingPathComponent(name)) }
        #expect(mkfifo(dir.appendingPathComponent(name).path, 0o644) == 0)
        let to = name == "a.png" ? "b.png" : "b.mkv"
        let result = try segue(["render", "--from", name, "--to", to, "--size", "64x36", "--out", "v.mp4"], in: dir)
        #expect(result.status != 0 && result.stderr.contains(words), "\(result.stderr)")
    }

    /// A hung ffmpeg (a stand-in on PATH that reads nothing and never ends) is stopped after
    /// SEGUE_FFMPEG_STALL_TIMEOUT with a message, and nothing is left.
    @Test func aHungFFmpegIsStopped() throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try VideoRenderCommandTests.writePictures(in: dir, width: 64, height: 36)
        let bin = dir.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: false)
        try ExecutableScript.write("#!/bin/sh\nexec sleep 600\n", to: bin.appendingPathComponent("ffmpeg"))
        let result = try segue(
            ["render", "--from", "a.png", "--to", "b.png", "--size", "64x36", "--frames", "300", "--out", "v.mp4", "--quiet"],
            in: dir, environment: ["PATH": bin.path + ":/usr/bin:/bin", "SEGUE_FFMPEG_STALL_TIMEOUT": "0.5"])
        #expect(result.status != 0 && result.stderr.contains("ffmpeg made no progress for 0.5 s"), "\(result.stderr)")
        #expect(try names(dir) == ["a.png", "b.png", "bin"])
    }

    /// `--out lnk/../frames` is where the kernel puts it: beside the folder `lnk` points into.
    @Test func anOutputThroughALinkAndDotDotGoesWhereTheKernelSays() throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try VideoRenderCommandTests.writePictures(in: dir, width: 64, height: 36)
        let inner = dir.appendingPathComponent("elsewhere/inner")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("lnk").path, withDestinationPath: inner.path)
        let result = try segue(["render", "--from", "a.png", "--to", "b.png", "--size", "64x36", "--frames", "2",
                                "--out", "lnk/../frames", "--quiet"], in: dir)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("elsewhere/frames/frame-0001.png").path))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("frames").path))
    }

    @Test func aTinyFileThatIsNotAPNGIsSaidToBeNone() throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try VideoRenderCommandTests.writePictures(in: dir, width: 64, height: 36)
        try Data("abc".utf8).write(to: dir.appendingPathComponent("a.png"))
        let result = try segue(["render", "--from", "a.png", "--to", "b.png", "--size", "64x36", "--out", "frames"], in: dir)
        // Pictures are told by their first bytes now (PNG, JPEG or WebP), so three bytes are no format.
        #expect(result.status != 0 && result.stderr.contains("match no known format"), "\(result.stderr)")
        #expect(!result.stderr.contains("read beyond end of data"), "\(result.stderr)")
    }

    /// A 1x1 frame with no input picture: the stand-in picture is fitted to it, and nothing
    /// speaks of "sample images" the user never asked for.
    @Test func aOnePixelFilterGalleryWorks() throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try segue(["filters", "--size", "1x1", "--out", "gallery", "--quiet"], in: dir)
        #expect(result.status == 0 && !result.stderr.contains("sample images"), "\(result.stderr)")
        #expect(try PNGCodec.read(path: dir.appendingPathComponent("gallery/contact-sheet.png").path).width > 0)
    }
}
