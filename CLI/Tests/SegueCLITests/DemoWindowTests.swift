import Foundation
@testable import SegueCLI
import SeguePlayer
import SegueImage
import SegueUIKit
import SegueText
import Testing
import SegueTesting

/// Issue 18, tried as a user would: real keys and clicks (xdotool) on `segue play` under Xvfb,
/// what is on the screen (xwd) against headless renders, and `segue demo` / `segue play` run
/// with the environments and inputs a user gives them.
extension PlayWindowTests {
    // MARK: N/P at one frame

    /// N used to unpause and restart the next effect from 0: it shows the next effect at the
    /// paused progress, and stays paused.
    @Test func nextKeepsThePausedFrame() throws {
        let session = try open(["--size", "400x200", "--no-overlay"])
        try session.key("space")
        #expect(session.waitFor("pause 0.0"), "\(session.trace)")
        try session.drag([100, 120, 300], y: 100)
        #expect(session.waitFor("scrub 0.5"), "\(session.trace)")
        try session.mouseUp()
        #expect(session.waitFor("release 0.5 paused"), "\(session.trace)")
        try session.key("n")
        #expect(session.waitFor("effect", count: 2), "\(session.trace)")
        let next = try #require(session.lines("effect").last?.split(separator: " ").dropFirst().first.map(String.init))
        #expect(next != "pixel-dissolve")
        #expect(session.waitFor("continue") && session.lines("continue") == ["continue paused 0.5"], "\(session.trace)")
        let expected = try Self.headlessFrame(["--effect", next], width: 400, height: 200, frames: 3, index: 1)
        let shown = try expectScreen(session, expected, within: 1)
        Thread.sleep(forTimeInterval: 0.4)
        #expect(RGBAImage.maxDifference(try session.screenshot(), shown) == 0, "still paused after N")
        #expect(try session.close() == 0)
    }

    // MARK: Gestures

    /// cube-pop paused at 0.3 of its timed pop: a press (the pointer held still) used to snap
    /// the scene to the gesture's start under the overlay's old progress; the window keeps
    /// showing the pop at 0.3 until a pan begins.
    @Test func aPressOnAGestureScenarioDoesNotSnapTheScene() throws {
        let session = try open(["--effect", "cube-pop", "--size", "320x180", "--no-overlay"])
        try session.key("space")
        #expect(session.waitFor("pause 0.0"), "\(session.trace)")
        try session.xdotool(["key", "--window", session.window, "--repeat", "27", "--delay", "15", "Right"])
        #expect(session.waitFor("step", count: 27), "\(session.trace)")
        let progress = Double(session.lines("step").last?.dropFirst("step ".count) ?? "") ?? -1
        #expect(abs(progress - 0.3) < 1e-9, "27 frames of 1/60 s over 1.5 s: \(session.trace)")
        try session.xdotool(["mousemove", "--window", session.window, "100", "90", "mousedown", "1"])
        Thread.sleep(forTimeInterval: 0.5)
        // frames 0...10 of 11 are progress 0, 0.1, ..., 1: 0.3 is frame 3.
        let expected = try Self.headlessFrame(["--effect", "cube-pop"], width: 320, height: 180, frames: 11, index: 3)
        try expectScreen(session, expected, mean: 0.5)
        try session.mouseUp()
        #expect(try session.close() == 0)
    }

    /// zoom-push pressed on the left half, where example e's pan starts nothing: the drag scrubs
    /// the timeline (it used to show the FROM screen under `DRAG 1.00`, and nothing followed).
    @Test func aDragWhereTheGestureStartsNothingScrubs() throws {
        let session = try open(["--effect", "zoom-push", "--size", "320x180", "--no-overlay"])
        try session.drag([60, 62, 110, 160], y: 90)
        #expect(session.waitFor("scrub 0.3125"), "100 px of 320: \(session.trace)")
        #expect(session.lines("gesture").isEmpty, "\(session.trace)")
        Thread.sleep(forTimeInterval: 0.3)
        try session.mouseUp()
        #expect(try session.close() == 0)
    }

    // MARK: New keys

    /// S writes the transition's picture at the progress on screen: a PNG that decodes, equals
    /// the headless frame, and equals what the window shows (overlay hidden).
    @Test func sSavesAScreenshotOfTheFrame() throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let session = try open(["--size", "400x200", "--no-overlay", "--screenshots", dir.path])
        try session.drag([100, 120, 300], y: 100)
        #expect(session.waitFor("scrub 0.5"), "\(session.trace)")
        let expected = try Self.pixelDissolve(width: 400, height: 200, progress: 0.5)
        let screen = try expectScreen(session, expected, within: 1)
        try session.key("s")
        #expect(session.waitFor("screenshot "), "\(session.trace)")
        let path = try #require(session.lines("screenshot ").first.map { String($0.dropFirst("screenshot ".count)) })
        #expect(path.hasPrefix(dir.path) && path.hasSuffix("segue-pixel-dissolve-0.500.png"), "\(path)")
        let saved = try PNGCodec.read(path: path)
        try expectEqual(saved, expected, within: 1)
        try expectEqual(saved, screen, within: 1)
        try session.mouseUp()
        #expect(try session.close() == 0)
    }

    /// F fills the screen (Xvfb's 800×600) and F again brings the window back to its size; the
    /// picture follows (letterboxed at 800×600).
    @Test func fTogglesFullscreen() throws {
        let session = try open(["--size", "400x200", "--no-overlay"])
        try session.key("f")
        #expect(session.waitFor("fullscreen on"), "\(session.trace)")
        #expect(session.waitFor("resize 800x600"), "\(session.trace)")
        let full = try session.screenshot()
        #expect(full.width == 800 && full.height == 600)
        try session.key("f")
        #expect(session.waitFor("fullscreen off"), "\(session.trace)")
        #expect(session.waitFor("resize 400x200"), "\(session.trace)")
        try expectScreen(session, try Self.pixelDissolve(width: 400, height: 200, progress: 0), within: 1)
        #expect(try session.close() == 0)
    }

    /// A click on the overlay's progress bar seeks there; a drag along it follows the pointer.
    @Test @MainActor func aClickOnTheProgressBarSeeks() throws {
        let session = try open(["--size", "400x200"])
        let layout = OverlayLayout.make(for: Size(width: 400, height: 200), longestName: Self.longestName)
        let y = Int(200 - layout.bandHeight + layout.trackFrame.midY)
        func x(_ progress: Double) -> Int { Int((layout.trackFrame.minX + layout.trackFrame.width * progress).rounded()) }
        try session.xdotool(["mousemove", "--window", session.window, "\(x(0.25))", "\(y)", "click", "1"])
        #expect(session.waitFor("seek", count: 2), "press and release: \(session.trace)")
        let seek = try #require(session.lines("seek").last.flatMap { Double($0.dropFirst("seek ".count)) })
        #expect(abs(seek - 0.25) <= 1 / layout.trackFrame.width, "\(session.trace)")
        #expect(session.lines("scrub").isEmpty, "the bar is not the picture")
        // Time stands still: above the band the window is the dissolve at the seek.
        let band = Int(layout.bandHeight.rounded(.up))
        let expected = try Self.pixelDissolve(width: 400, height: 200, progress: seek).cropped(x: 0, y: 0, width: 400, height: 200 - band)
        var screen = try session.screenshot().cropped(x: 0, y: 0, width: 400, height: 200 - band)
        let deadline = Date().addingTimeInterval(StateWait.limit)
        while RGBAImage.maxDifference(screen, expected) > 1, Date() < deadline {
            usleep(100_000)
            screen = try session.screenshot().cropped(x: 0, y: 0, width: 400, height: 200 - band)
        }
        try expectEqual(screen, expected, within: 1)
        try session.drag([x(0.25), x(0.5), x(0.75)], y: y)
        try session.mouseUp()
        #expect(session.waitFor("seek", count: 5), "\(session.trace)")
        let dragged = Double(session.lines("seek").last?.dropFirst("seek ".count) ?? "") ?? -1
        #expect(abs(dragged - 0.75) <= 1 / layout.trackFrame.width, "\(session.trace)")
        #expect(try session.close() == 0)
    }

    // MARK: Starting

    /// A DISPLAY that names no X server is no display: `segue demo` renders files, as it does
    /// with none, and says why (it used to fail).
    @Test func demoWithADisplayNamingNoServerRendersFiles() throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var number = 7699
        while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") { number += 1 }
        let result = try CommandRunner.run("segue", ["demo", "--out", "out"], in: dir, environment: ["DISPLAY": ":\(number)"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("No display (no X server answers at DISPLAY=:\(number)"), "\(result.stdout)")
        // Its contact sheet is titled in the real font, not the 5×7 one that read "PIxEL-DISSOLVE":
        // 30 frames of 640×360 in 6 columns of 320×180 thumbnails, labels at scale 2 and the
        // title at 3, give ContactSheet's documented height with the font's line heights.
        let sheet = try PNGCodec.read(path: dir.appendingPathComponent("out/pixel-dissolve/contact-sheet.png").path)
        func height(_ text: any ContactSheetTextRenderer) -> Int {
            let margin = ContactSheet.margin
            return margin + (text.lineHeight(scale: 3) + margin) + 5 * (180 + ContactSheet.labelGap + text.lineHeight(scale: 2) + margin)
        }
        #expect(sheet.width == ContactSheet.margin + 6 * (320 + ContactSheet.margin))
        #expect(sheet.height == height(FontSheetText()) && sheet.height != height(BitmapFontSheetText()), "\(sheet.height)")
    }

    /// A shader that does not compile fails before a window exists: no window is ever mapped
    /// (xdotool looks for one the whole time), nothing says it is playing, and the error names
    /// the file.
    @Test func aBrokenShaderFailsBeforeAnyWindow() throws {
        let x = try XvfbSession(screenWidth: 800, screenHeight: 600)
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let shader = dir.appendingPathComponent("broken.glsl")
        try Data("vec4 transition(vec2 uv) {\n  return mix(getFromColor(uv), getToColor(uv), undefinedName);\n}\n".utf8).write(to: shader)
        let play = Process()
        play.executableURL = CommandRunner.productsDirectory.appendingPathComponent("segue")
        play.arguments = ["play", "--effect", shader.path, "--seconds", "5"]
        play.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": x.display]) { $1 }
        let output = Pipe(), errors = Pipe()
        play.standardOutput = output
        play.standardError = errors
        try play.run()
        var windows = ""
        while play.isRunning {
            windows += String(decoding: try x.run("xdotool", ["search", "--onlyvisible", "--name", "Segue"]), as: UTF8.self)
            usleep(5_000)
        }
        play.waitUntilExit()
        let stdout = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(play.terminationStatus != 0)
        #expect(stderr.contains("did not compile") && stderr.contains("undefinedName"), "\(stderr)")
        #expect(!stdout.contains("Playing"), "a window was opened first: \(stdout)")
        #expect(windows.isEmpty, "windows seen: \(windows)")
    }

    /// A mistyped effect is answered with the names it was probably meant to be.
    @Test func aMistypedEffectSuggestsNames() throws {
        let result = try CommandRunner.run("segue", ["play", "--effect", "pixelate"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("did you mean 'pixellate'"), "\(result.stderr)")
    }

    // MARK: --stats

    /// `--stats` used to credit every frame to the last effect and window size, and wrote
    /// `"vsync": true` at 340 fps: each effect shown is a segment with its frames, and vsync
    /// is reported as requested and as measured.
    @Test func statsRecordEveryEffectShown() throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("stats.json").path
        let session = try open(["--size", "200x100", "--stats", path, "--vsync", "on"], frameStep: nil)
        Thread.sleep(forTimeInterval: 1)
        try session.key("n")
        #expect(session.waitFor("effect", count: 2), "\(session.trace)")
        Thread.sleep(forTimeInterval: 1)
        #expect(try session.close() == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let segments = json["segments"] as? [[String: Any]] ?? []
        let next = session.lines("effect").last?.split(separator: " ").dropFirst().first.map(String.init)
        #expect(segments.map { $0["effect"] as? String } == ["pixel-dissolve", next], "\(json)")
        #expect(segments.allSatisfy { ($0["width"] as? Int) == 200 && ($0["height"] as? Int) == 100 && ($0["framesDrawn"] as? Int ?? 0) > 0 })
        let frames = segments.compactMap { $0["framesDrawn"] as? Int }.reduce(0, +)
        #expect(frames == json["framesDrawn"] as? Int, "\(json)")
        #expect(json["vsyncRequested"] as? Bool == true)
        #expect(json["vsync"] == nil, "the request is not reported as what happened")
        #expect(json.keys.contains("vsyncInEffect"), "\(json)")
    }
}
