import Foundation
import SegueImage
import SeguePlayer
import SegueTesting
import Testing

/// `segue play edit.json` in a real window under Xvfb: xdotool drags scrub the whole edit, and
/// what is on the screen (xwd) must be the frame `segue edit` renders headlessly at that time.
/// Display time stands still (`SEGUE_PLAY_FRAME_STEP=0`): only the drags move the timeline.
@Suite("segue play edit.json: the edit's preview window (Xvfb)", .serialized, .tags(.window, .gl, .ffmpeg), .requiresFFmpeg)
struct EditPreviewWindowTests {
    /// Two pictures, a second each, with a half-second cube between them: 45 frames at 30 fps.
    static let spec = #"""
        {"size": "320x180", "fps": 30, "items": [{"picture": "a.png", "duration": 1}, {"picture": "b.png", "duration": 1}],
         "transitions": [{"effect": "cube", "duration": 0.5}]}
        """#

    @Test func dragsScrubTheWholeEditShowingTheHeadlessFrames() throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try PNGCodec.write(try SampleImages.from(width: 320, height: 180), to: dir.appendingPathComponent("a.png").path)
        try PNGCodec.write(try SampleImages.to(width: 320, height: 180), to: dir.appendingPathComponent("b.png").path)
        try Data(Self.spec.utf8).write(to: dir.appendingPathComponent("edit.json"))
        let render = try CommandRunner.run("segue", ["edit", "edit.json", "--out", "frames", "--quiet"], in: dir)
        #expect(render.status == 0, "\(render.stderr)")
        let headless = { (index: Int) in try PNGCodec.read(path: dir.appendingPathComponent(String(format: "frames/frame-%04d.png", index)).path) }

        let session = try WindowSession(
            ["play", "edit.json", "--size", "320x180", "--no-overlay", "--trace-scrub", "--seconds", "60"], frameStep: 0, in: dir)
        #expect(!session.window.isEmpty, "the window appeared")
        let screens = PlayWindowTests()
        _ = try screens.expectScreen(session, try headless(0), within: 1)
        // 160 px of 320 from the press: half of the edit, inside the cube.
        try session.drag([10, 20, 170], y: 90)
        #expect(session.waitFor("scrub 0.5"), "\(session.trace)")
        #expect(FrameSequenceShow.frameIndex(progress: 0.5, count: 45) == 22)
        _ = try screens.expectScreen(session, try headless(22), within: 1)
        // Let go: the edit stays where it was put (an edit has no end to settle to).
        try session.mouseUp()
        #expect(session.waitFor("release 0.5"), "\(session.trace)")
        _ = try screens.expectScreen(session, try headless(22), within: 1)
        // Past the right edge: the edit's last frame.
        try session.drag([100, 200, 319], y: 90)
        #expect(session.waitFor("scrub 1.0"), "\(session.trace)")
        _ = try screens.expectScreen(session, try headless(44), within: 1)
        try session.mouseUp()
        #expect(try session.close() == 0)
    }

    /// Issue 41: paused, each ← moves one frame of the 30 fps edit (it moved 1/60 s, half a
    /// frame), and the step's trace says the frame's time and number as the overlay does.
    @Test func theStepKeysMoveOneFrameOfTheEdit() throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try PNGCodec.write(try SampleImages.from(width: 320, height: 180), to: dir.appendingPathComponent("a.png").path)
        try PNGCodec.write(try SampleImages.to(width: 320, height: 180), to: dir.appendingPathComponent("b.png").path)
        try Data(Self.spec.utf8).write(to: dir.appendingPathComponent("edit.json"))
        let render = try CommandRunner.run("segue", ["edit", "edit.json", "--out", "frames", "--quiet"], in: dir)
        #expect(render.status == 0, "\(render.stderr)")
        let headless = { (index: Int) in try PNGCodec.read(path: dir.appendingPathComponent(String(format: "frames/frame-%04d.png", index)).path) }
        let session = try WindowSession(
            ["play", "edit.json", "--size", "320x180", "--no-overlay", "--trace-scrub", "--seconds", "60"], frameStep: 0, in: dir)
        try session.xdotool(["key", "--window", session.window, "space"])
        #expect(session.waitFor("pause "), "\(session.trace)")
        try session.drag([10, 20, 170], y: 90)  // to frame 22, the middle of the cube
        try session.mouseUp()
        #expect(session.waitFor("release 0.5"), "\(session.trace)")
        for step in 1...3 {
            try session.xdotool(["key", "--window", session.window, "Left"])
            #expect(session.waitFor("step ", count: step), "\(session.trace)")
        }
        let frame = 22 - 3
        #expect(session.lines("step ").last?.hasSuffix(String(format: "00:00.%02d / 00:01.50  frame %d", frame * 100 / 30, frame)) == true,
                "\(session.trace)")
        _ = try screens(session, headless(frame))
        #expect(try session.close() == 0)
    }

    private func screens(_ session: WindowSession, _ expected: RGBAImage) throws {
        _ = try PlayWindowTests().expectScreen(session, expected, within: 1)
    }

    @Test func aPreviewRefusesTransitionOptionsAndNamesABadSpecsPlace() throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(#"{"size": "320x180", "items": [{"picture": "missing.png", "duration": 1}]}"#.utf8).write(to: dir.appendingPathComponent("edit.json"))
        for option in [["--effect", "fade"], ["--duration", "2"], ["--from", "a.png"]] {
            let refused = try CommandRunner.run("segue", ["play", "edit.json"] + option, in: dir)
            #expect(refused.status != 0 && refused.stderr.contains("--effect and --duration do not apply"), "\(option): \(refused.stderr)")
        }
        let missing = try CommandRunner.run("segue", ["play", "edit.json"], in: dir)
        #expect(missing.status != 0 && missing.stderr.contains("items[0]"), "\(missing.stderr)")
    }
}
