import Foundation
import SegueImage
import Testing

/// The player as an app on `WindowHost`: it draws only when something changed or moves.
extension PlayWindowTests {
    /// Paused, the window is idle: the N that switches the show (and the window's title) draws
    /// one frame, then nothing is drawn for over a second (the loop of `WindowPlayer` drew every frame, ~60 a second, paused
    /// or not). Read from `--stats`, whose segments count each show's frames.
    @Test func aPausedWindowDrawsNoFrames() throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("stats.json").path
        let session = try open(["--size", "200x100", "--stats", path], frameStep: nil)
        try session.key("space")
        #expect(session.waitFor("pause"), "\(session.trace)")
        try session.key("n")
        #expect(session.waitFor("continue paused"), "\(session.trace)")
        // The host's title follows the show (what window lists and `xdotool search` read).
        let next = session.lines("effect").last.map { String($0.dropFirst("effect ".count)) } ?? ""
        let title = String(decoding: try session.x.run("xdotool", ["getwindowname", session.window]), as: UTF8.self)
        #expect(title.trimmingCharacters(in: .whitespacesAndNewlines) == "Segue — \(next)", "\(title)")
        Thread.sleep(forTimeInterval: 1.2)
        #expect(try session.close() == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let segments = json["segments"] as? [[String: Any]] ?? []
        #expect(segments.count == 2, "\(json)")
        let pausedFrames = segments.last?["framesDrawn"] as? Int ?? -1
        #expect((0...2).contains(pausedFrames), "frames drawn in 1.2 s paused after N: \(pausedFrames), \(json)")
        #expect(segments.first?["framesDrawn"] as? Int ?? 0 > 0, "the playing show drew frames: \(json)")
    }

    /// `--seconds` ends a run that is idle then (the host's event wait ends at the deadline; the
    /// timing itself is `RedrawPolicy.timeout`'s, tested in the pure tier).
    @Test func secondsClosesAPausedWindow() throws {
        let session = try WindowSession(["play", "--trace-scrub", "--seconds", "2", "--size", "200x100"], frameStep: Self.still)
        #expect(!session.window.isEmpty, "the window appeared")
        try session.key("space")
        #expect(session.waitFor("pause"), "\(session.trace)")
        // It ends on its own (the deadline's timing is `RedrawPolicy.timeout`'s, in the pure tier:
        // a wall-clock figure here would fail on a loaded machine).
        #expect(session.waitForExit() == 0, "\(session.trace)")
    }

    /// A held arrow key steps a paused player once per key repeat (the host delivers repeats as
    /// `KeyPress` with phase `.repeated`; stepping is one of the actions that repeat), each step
    /// one frame of 1/60 s, and the window shows the last one.
    @Test func heldArrowKeyRepeatsStepFramesWhilePaused() throws {
        let duration = 2.0
        let session = try open(["--size", "400x200", "--no-overlay", "--duration", "\(duration)"])
        try session.key("space")
        #expect(session.waitFor("pause 0.0"), "\(session.trace)")
        try session.xdotool(["keydown", "--window", session.window, "Right"])
        Thread.sleep(forTimeInterval: 1.2)  // X's auto-repeat: a delay, then ~25 a second
        try session.xdotool(["keyup", "--window", session.window, "Right"])
        Thread.sleep(forTimeInterval: 0.3)
        let steps = session.lines("step")
        #expect(steps.count >= 3, "one press and its repeats: \(session.trace)")
        let progress = try #require(Double(steps.last?.dropFirst("step ".count) ?? ""))
        #expect(abs(progress - Double(steps.count) * Self.oneFrame / duration) < 1e-9, "\(steps.count) frames: \(session.trace)")
        try expectScreen(session, try Self.pixelDissolve(width: 400, height: 200, progress: progress), within: 1)
        #expect(try session.close() == 0)
    }
}
