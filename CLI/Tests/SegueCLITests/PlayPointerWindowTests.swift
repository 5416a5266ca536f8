import Foundation
import SegueImage
import Testing
import SegueTesting

/// Issue 28, defects 3 and 4, in `segue play`'s window (Xvfb, real presses through xdotool): a
/// press held still grabs a playing transition on touch-down, and a pointer resting mid-drag
/// draws no frames (the player's pointer goes through the host's dispatcher to the show's
/// recognizers, and only what moves with time keeps frames coming).
@Suite("segue play: touch-down grabs, a resting pointer draws nothing (Xvfb)", .serialized, .tags(.window, .gl))
struct PlayPointerWindowTests {
    func open(_ arguments: [String], frameStep: Double?) throws -> WindowSession {
        try WindowSession(
            ["play", "--trace-scrub", "--seconds", "120"] + arguments, frameStep: frameStep,
            environment: ["SEGUE_PLAY_TRACE_FRAMES": "1"])
    }

    @Test func aPressHeldStillGrabsThePlayingTransition() throws {
        // Display time runs 1/60 s a frame; the press lands while the cube pops.
        let session = try open(["--effect", "cube-pop", "--size", "320x180", "--no-overlay", "--loop", "once"], frameStep: 1.0 / 60)
        #expect(session.waitFor("frame ", count: 20), "\(session.trace)")
        try session.xdotool(["mousemove", "--window", session.window, "100", "90", "mousedown", "1"])
        #expect(session.waitFor("grab "), "a press held still did not grab: \(session.trace)")
        let held = session.lines("frame ").count
        let grabbed = try session.screenshot()
        Thread.sleep(forTimeInterval: 1)
        #expect(session.lines("frame ").count - held <= 1, "a grabbed transition kept drawing")
        #expect(RGBAImage.meanDifference(grabbed, try session.screenshot()) == 0, "the grabbed transition moved")
        try session.mouseUp()
        #expect(session.waitFor("let go "), "\(session.trace)")
        #expect(try session.close() == 0)
    }

    @Test func aPointerRestingMidDragDrawsNoFrames() throws {
        let session = try open(["--effect", "cube-pop", "--size", "320x180", "--no-overlay"], frameStep: nil)
        try session.key("space")
        #expect(session.waitFor("pause "), "\(session.trace)")
        try session.drag([40, 42, 80, 120], y: 90)
        #expect(session.waitFor("pan 80.0"), "\(session.trace)")
        // The last move's frame drawn (no frame for half a second), the pointer rests: 5 s without a frame.
        Self.waitUntilQuiet(session)
        let resting = session.lines("frame ").count
        Thread.sleep(forTimeInterval: 5)
        let drawn = session.lines("frame ").count - resting
        #expect(drawn == 0, "a pointer resting mid-drag drew \(drawn) frames in 5 s")
        try session.xdotool(["mousemove", "--window", session.window, "100", "90"])
        #expect(session.waitFor("frame ", count: resting + drawn + 1), "a move draws: \(session.trace)")
        try session.mouseUp()
        #expect(try session.close() == 0)
    }

    /// Waits until no frame line came for `quiet` seconds (or `StateWait.limit` passed).
    static func waitUntilQuiet(_ session: WindowSession, quiet: Double = 0.5) {
        let deadline = Date().addingTimeInterval(StateWait.limit)
        var count = session.lines("frame ").count, since = Date()
        while Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            let now = session.lines("frame ").count
            if now != count {
                (count, since) = (now, Date())
            } else if Date().timeIntervalSince(since) >= quiet {
                return
            }
        }
    }
}
