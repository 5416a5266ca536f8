import Foundation
@testable import SegueCLI
import SeguePlayer
import SegueEffects
import SegueGL
import SegueImage
import SegueUIKit
import SegueHeadless
import Testing
import SegueTesting
import SegueTransitions

/// `segue demo`, closing the window and the options checked before it opens (part of the
/// serialized window suite).
extension PlayWindowTests {
    // MARK: demo, closing, options

    /// `segue demo` with a display opens the window (it used to exit 1 from the argument
    /// parser), and closing the window from outside ends the program cleanly.
    @Test func demoShowsAWindowAndExitsCleanlyWhenClosed() throws {
        let session = try WindowSession(["demo", "--size", "320x180", "--trace-scrub"], frameStep: nil)
        #expect(!session.window.isEmpty, "the window appeared: \(session.trace)")
        Thread.sleep(forTimeInterval: 0.5)
        let screen = try session.screenshot()
        #expect(screen.width == 320 && screen.height == 180)
        let black = try RGBAImage(width: screen.width, height: screen.height, fill: SIMD4(0, 0, 0, 255))
        #expect(RGBAImage.maxDifference(screen, black) > 100, "something is drawn")
        try session.xdotool(["windowclose", session.window])
        #expect(session.waitForExit() == 0, "\(session.trace)")
    }

    /// `--headless` with a display renders files and says why (it used to claim there was no display).
    @Test func demoHeadlessWithADisplaySaysSo() throws {
        let x = try XvfbSession(screenWidth: 800, screenHeight: 600)
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let demo = Process()
        demo.executableURL = CommandRunner.productsDirectory.appendingPathComponent("segue")
        demo.arguments = ["demo", "--headless", "--out", dir.appendingPathComponent("out").path]
        demo.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": x.display]) { $1 }
        let output = Pipe()
        demo.standardOutput = output
        try demo.run()
        // The first line is all this needs (the rendering itself is tested headlessly).
        var text = ""
        while !text.contains("\n") {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        kill(demo.processIdentifier, SIGKILL)  // Foundation's children may not act on SIGTERM
        demo.waitUntilExit()
        #expect(text.hasPrefix("--headless: rendering with EGL."), "\(text)")
        #expect(!text.contains("No display"))
    }

    @Test func theFirstEscapeCloses() throws {
        let session = try open(["--size", "200x100"])
        #expect(try session.close() == 0)
    }

    @Test func statsAreWrittenOnExit() throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("stats.json").path
        let session = try open(["--size", "200x100", "--stats", path], frameStep: nil)
        Thread.sleep(forTimeInterval: 1)
        #expect(try session.close() == 0)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        let frames = json?["framesDrawn"] as? Int ?? 0
        let p50 = json?["p50Milliseconds"] as? Double ?? 0, p99 = json?["p99Milliseconds"] as? Double ?? 0
        let max = json?["maxMilliseconds"] as? Double ?? 0
        #expect(frames > 5, "\(String(describing: json))")
        #expect(p50 > 0 && p50 <= p99 && p99 <= max)
    }

    /// Written `--duration=-1` or `--duration -1` (issue 28: the spaced form read -1 as an option
    /// and said "Missing value").
    @Test(arguments: ["0", "-1", "nan"])
    func nonPositiveDurationsAreRejected(value: String) throws {
        for command in ["play", "demo"] {
            for arguments in [[command, "--duration=\(value)"], [command, "--duration", value]] {
                let result = try CommandRunner.run("segue", arguments)
                #expect(result.status != 0)
                #expect(result.stderr.contains("--duration must be a positive number of seconds"), "\(arguments): \(result.stderr)")
            }
        }
    }

    @Test func statsIntoAMissingFolderIsRejectedBeforeTheWindowOpens() throws {
        let result = try CommandRunner.run("segue", ["play", "--stats", "/nonexistent-segue-folder/stats.json"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("does not exist"), "\(result.stderr)")
    }
}
