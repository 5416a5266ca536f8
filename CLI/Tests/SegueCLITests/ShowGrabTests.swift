@testable import SegueCLI
import SeguePlayer
import SegueUIKit
import Testing
import SegueTesting

/// Issue 28, defect 4, and issue 26: the player's shows take the pointer through a window's
/// dispatcher (`ShowPointer`), and a press held still grabs a playing transition as it lands
/// (UIKit's interruptible model: touch-down stops a running animation where it is; letting go
/// without a drag lets it go on). A pointer resting mid-drag leaves nothing moving with time, so
/// the player draws no frames for it.
@MainActor
@Suite("Player shows: touch-down grabs, a resting pointer moves nothing", .serialized, .tags(.gl))
struct ShowGrabTests {
    typealias Rig = ScenarioShowTests.Rig
    static let frame = 1.0 / 60

    @Test(arguments: ["cube-pop", "zoom-push", "cube-push", "preferred-zoom"])
    func aPressHeldStillGrabsThePlayingTimeline(name: String) throws {
        let rig = try Rig()
        defer { rig.release() }
        let show = try rig.show(name, width: 320, height: 180)
        defer { show.release() }
        try show.draw(advancing: 0.3 * show.timeline.duration)
        let grabbed = show.timeline.progress
        // Where no gesture starts (the middle of the left half): the press only grabs.
        show.pointer(.down, at: Point(x: 100, y: 90), time: 0)
        #expect(rig.lines.last == "grab \(grabbed)", "\(rig.lines)")
        #expect(!show.isMovingWithTime, "a grabbed timeline moves on its own")
        for _ in 0..<30 { try show.draw(advancing: Self.frame) }
        #expect(show.timeline.progress == grabbed, "the press held still did not hold the transition")
        show.pointer(.up, at: Point(x: 100, y: 90), time: 0.5)
        #expect(rig.lines.last == "let go \(grabbed)", "\(rig.lines)")
        #expect(show.isMovingWithTime)
        try show.draw(advancing: Self.frame)
        #expect(show.timeline.progress > grabbed, "let go, the transition goes on")
    }

    /// A paused show is not grabbed (nothing moves to stop), and its progress stays.
    @Test func aPressOnAPausedShowChangesNothing() throws {
        let rig = try Rig()
        defer { rig.release() }
        let show = try rig.show("cube-push", width: 320, height: 180)
        defer { show.release() }
        try show.draw(advancing: 0.4 * show.timeline.duration)
        show.timeline.togglePause()
        let paused = show.timeline.progress
        show.pointer(.down, at: Point(x: 100, y: 90), time: 0)
        show.pointer(.up, at: Point(x: 100, y: 90), time: 0.1)
        #expect(!rig.lines.contains { $0.hasPrefix("grab") }, "\(rig.lines)")
        try show.draw(advancing: Self.frame)
        #expect(show.timeline.progress == paused && show.timeline.isPaused)
    }

    /// The cube's pop dragged half-way and held: the percent-driven transition holds its
    /// animations, so nothing moves with time (the player's display link goes, no frames); a
    /// move draws, the release settles with time.
    @Test func aPointerRestingMidGestureMovesNothing() throws {
        let rig = try Rig()
        defer { rig.release() }
        let show = try rig.show("cube-pop", width: 320, height: 180)
        defer { show.release() }
        show.timeline.togglePause()
        try show.draw(advancing: 0)
        show.pointer(.down, at: Point(x: 40, y: 90), time: 0)
        show.pointer(.moved, at: Point(x: 42, y: 90), time: 0.05)
        show.pointer(.moved, at: Point(x: 120, y: 90), time: 0.1)
        try show.draw(advancing: Self.frame)
        try show.draw(advancing: Self.frame)
        #expect(show.isInteracting && !show.isSettling)
        #expect(!show.isMovingWithTime, "a pointer resting mid-drag keeps frames coming")
        show.pointer(.up, at: Point(x: 120, y: 90), time: 1)
        #expect(show.isMovingWithTime, "the release settles with time")
    }
}
