import Foundation
import SegueImage
import Testing
import SegueTesting

/// `render --out DIR` replaces only what Segue wrote there before, refuses look-alike user
/// files, leaves nothing behind when interrupted, and says what failed in words.
@Suite("segue render output safety (runs the built executable)", .tags(.gl))
struct OutputSafetyTests {
    /// A folder with two small pictures, `a.png` and `b.png`.
    private func workspace() throws -> URL {
        let dir = try CommandRunner.temporaryDirectory()
        try PNGCodec.write(try SampleImages.from(width: 64, height: 36), to: dir.appendingPathComponent("a.png").path)
        try PNGCodec.write(try SampleImages.to(width: 64, height: 36), to: dir.appendingPathComponent("b.png").path)
        return dir
    }

    private func render(
        in dir: URL, frames: Int = 3, size: String = "64x36", out: String = "frames", quiet: Bool = true,
        environment: [String: String] = [:]
    ) throws -> CommandRunner.Output {
        try CommandRunner.run("segue", [
            "render", "--from", "a.png", "--to", "b.png", "--frames", "\(frames)", "--size", size, "--out", out,
        ] + (quiet ? ["--quiet"] : []), in: dir, environment: environment)
    }

    /// No EGL platform can be made under this environment: a run that got as far as rendering
    /// fails with the GL error instead of the refusal, so a refusal seen under it came first.
    private let noGL = ["SEGUE_EGL_PLATFORM": "none-so-that-rendering-would-fail"]

    private func expectRefusedBeforeRendering(_ stderr: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!stderr.contains("GL context") && !stderr.contains("EGL"), "got as far as rendering: \(stderr)",
                sourceLocation: sourceLocation)
    }

    private func names(_ url: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    private func expectReadable(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!text.contains("Domain") && !text.contains("Code=") && !text.contains("Fatal error"),
                "raw error text: \(text)", sourceLocation: sourceLocation)
    }

    @Test func userFilesNamedLikeFramesAreUntouchedAndTheRunRefused() throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("frames")
        let manager = FileManager.default
        try manager.createDirectory(at: out.appendingPathComponent("frame-dir.png"), withIntermediateDirectories: true)
        try Data("inside".utf8).write(to: out.appendingPathComponent("frame-dir.png/inner.txt"))
        try Data("holiday".utf8).write(to: out.appendingPathComponent("frame-holiday-photo.png"))
        try Data("mine".utf8).write(to: dir.appendingPathComponent("target.txt"))
        try manager.createSymbolicLink(atPath: out.appendingPathComponent("frame-link.png").path, withDestinationPath: "../target.txt")
        let before = try names(out)

        let result = try render(in: dir, frames: 30, quiet: false, environment: noGL)
        #expect(result.status != 0)
        for name in ["frame-dir.png (a folder)", "frame-holiday-photo.png", "frame-link.png (a symbolic link)", "did not write"] {
            #expect(result.stderr.contains(name), "stderr: \(result.stderr)")
        }
        expectRefusedBeforeRendering(result.stderr)
        expectReadable(result.stderr)
        #expect(try names(out) == before)
        #expect(try String(contentsOf: out.appendingPathComponent("frame-holiday-photo.png"), encoding: .utf8) == "holiday")
        #expect(try String(contentsOf: out.appendingPathComponent("frame-dir.png/inner.txt"), encoding: .utf8) == "inside")
        #expect(try manager.destinationOfSymbolicLink(atPath: out.appendingPathComponent("frame-link.png").path) == "../target.txt")
        #expect(try String(contentsOf: dir.appendingPathComponent("target.txt"), encoding: .utf8) == "mine")
        #expect(try names(dir) == ["a.png", "b.png", "frames", "target.txt"], "no staging folder left")
    }

    @Test func aUserFrameWithoutTheManifestIsNotOverwritten() throws {
        // The same name as a frame Segue would write, but not written by Segue.
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try Data("my own".utf8).write(to: out.appendingPathComponent("frame-0001.png"))
        let result = try render(in: dir)
        #expect(result.status != 0 && result.stderr.contains("frame-0001.png"), "stderr: \(result.stderr)")
        #expect(try String(contentsOf: out.appendingPathComponent("frame-0001.png"), encoding: .utf8) == "my own")
    }

    @Test func aPreviousSegueOutputIsReplacedCleanly() throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("frames")
        let first = try render(in: dir, frames: 5)
        #expect(first.status == 0, "stderr: \(first.stderr)")
        try Data("keep me".utf8).write(to: out.appendingPathComponent("notes.txt"))
        let second = try render(in: dir, frames: 3, size: "32x32")
        #expect(second.status == 0, "stderr: \(second.stderr)")
        // The two stale frames are gone, the user's note stays, the manifest lists the new run.
        #expect(try names(out) == [".segue-output", "contact-sheet.png", "frame-0000.png", "frame-0001.png", "frame-0002.png", "notes.txt"])
        #expect(try PNGCodec.read(path: out.appendingPathComponent("frame-0002.png").path).width == 32)
        let manifest = try String(contentsOf: out.appendingPathComponent(".segue-output"), encoding: .utf8)
        let listed = manifest.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(listed == ["contact-sheet.png", "frame-0000.png", "frame-0001.png", "frame-0002.png"])
        #expect(try names(dir) == ["a.png", "b.png", "frames"])
    }

    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func anInterruptedRenderLeavesNoStagingFolder(signal: Int32, status: Int32) throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Interrupted once frames are being written into the staging folder: mid-render.
        let run = try CommandRunner.interrupt(
            ["render", "--from", "a.png", "--to", "b.png", "--frames", "2000", "--size", "320x180", "--out", "frames", "--quiet"],
            in: dir, signal: signal
        ) { pid in
            ((try? names(dir.appendingPathComponent(".frames.partial-\(pid)")))?.filter { $0.hasPrefix("frame-") }.count ?? 0) >= 3
        }
        #expect(run.wasRunning, "the render ran to the end before it could be interrupted")
        #expect(run.reason == .exit && run.status == status, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("interrupted"))
        #expect(try names(dir) == ["a.png", "b.png"], "no staging folder and no partial output")
    }

    /// Two runs into one folder commit one at a time (flock on the folder): a run that finds the
    /// folder locked says so and waits, an interrupt while it waits still cleans up, and once
    /// the lock is free it commits its frames whole.
    @Test func aRunWaitsForAnotherRunsCommitIntoTheSameFolder() throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        // This test plays the other run: it holds the folder's lock.
        let descriptor = open(out.path, O_RDONLY | O_DIRECTORY)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        #expect(flock(descriptor, LOCK_EX) == 0)

        func start() throws -> (process: Process, log: URL) {
            let log = dir.appendingPathComponent("log-\(UUID().uuidString).txt")
            guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: log.path])
            }
            let process = Process()
            process.executableURL = CommandRunner.productsDirectory.appendingPathComponent("segue")
            process.arguments = ["render", "--from", "a.png", "--to", "b.png", "--frames", "3", "--size", "64x36", "--out", "frames", "--quiet"]
            process.currentDirectoryURL = dir
            process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "DISPLAY" }
            process.standardError = try FileHandle(forWritingTo: log)
            try process.run()
            return (process, log)
        }
        func waitsForTheLock(_ log: URL) -> Bool {
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline {
                if (try? String(contentsOf: log, encoding: .utf8))?.contains("waiting for it to finish") == true { return true }
                usleep(20_000)
            }
            return false
        }

        // Interrupted while it waits: it exits as interrupted and leaves nothing behind.
        let first = try start()
        #expect(waitsForTheLock(first.log))
        kill(first.process.processIdentifier, SIGINT)
        first.process.waitUntilExit()
        #expect(first.process.terminationStatus == 130)
        #expect(try names(out).isEmpty)
        let left = try names(dir)
        #expect(!left.contains { $0.hasPrefix(".frames.partial-") }, "\(left)")

        // Waiting, rendered but not committed; committed once the lock is let go.
        let second = try start()
        #expect(waitsForTheLock(second.log))
        let committed = try names(out)
        #expect(second.process.isRunning && committed.isEmpty, "nothing is committed while another run holds the folder")
        flock(descriptor, LOCK_UN)
        second.process.waitUntilExit()
        #expect(second.process.terminationStatus == 0, "\((try? String(contentsOf: second.log, encoding: .utf8)) ?? "")")
        #expect(try names(out) == [".segue-output", "contact-sheet.png", "frame-0000.png", "frame-0001.png", "frame-0002.png"])
    }

    @Test func aStaleStagingFolderOfADeadProcessIsSwept() throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A process that has exited: its pid names a run killed with SIGKILL.
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let stale = dir.appendingPathComponent(".frames.partial-\(finished.processIdentifier)")
        // One of a live process (this test runner) is another run's work in progress.
        let live = dir.appendingPathComponent(".frames.partial-\(getpid())")
        for folder in [stale, live] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(repeating: 7, count: 1000).write(to: folder.appendingPathComponent("frame-0000.png"))
        }
        // A dead run's partial video of another output in the same folder goes too, and is told.
        let otherVideo = dir.appendingPathComponent(".clip.mp4.partial-\(finished.processIdentifier)-abc123")
        try Data(repeating: 7, count: 1000).write(to: otherVideo)
        let result = try render(in: dir)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(try names(dir) == [live.lastPathComponent, "a.png", "b.png", "frames"])
        #expect(result.stderr.contains("segue: removed \(otherVideo.path), left by a run that was killed"), "\(result.stderr)")
    }

    @Test func outThatIsAFileFailsBeforeAnyFrameIsRendered() throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("not a folder".utf8).write(to: dir.appendingPathComponent("frames"))
        let result = try render(in: dir, frames: 2000, size: "640x360", quiet: false, environment: noGL)
        #expect(result.status != 0)
        #expect(result.stderr.contains("frames") && result.stderr.contains("is a file, not a folder"), "stderr: \(result.stderr)")
        expectRefusedBeforeRendering(result.stderr)
        expectReadable(result.stderr)
        #expect(try String(contentsOf: dir.appendingPathComponent("frames"), encoding: .utf8) == "not a folder")
        #expect(try names(dir) == ["a.png", "b.png", "frames"])
    }

    @Test func fileSystemErrorsSayWhatFailedInWords() throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("x".utf8).write(to: dir.appendingPathComponent("plain"))
        // A parent that is a file, and a folder the kernel will not create even for root.
        let cases = [
            ("plain/frames", "cannot create the folder for the output", "is a file, not a folder"),
            ("/sys/segue-test-\(UUID().uuidString)/frames", "cannot create the folder for the output", "/sys/segue-test-"),
        ]
        for (out, operation, reason) in cases {
            let result = try render(in: dir, out: out)
            #expect(result.status != 0)
            #expect(result.stderr.contains(operation) && result.stderr.contains(reason), "stderr: \(result.stderr)")
            expectReadable(result.stderr)
        }
    }
}
