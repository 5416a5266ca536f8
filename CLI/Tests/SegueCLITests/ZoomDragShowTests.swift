@testable import SegueCLI
import SeguePlayer
import SegueImage
import SegueUIKit
import SegueTransitions
import Testing
import SegueTesting

/// Issue 28: `segue play preferred-zoom` is draggable — a drag down in the window dismisses the
/// pushed screen into its thumbnail as the zoom's own drag does (the screen follows the finger,
/// shrinking by 0.6 × the drag over the height), headless with synthetic pointer events. The
/// drag dismisses what the timed push shows, so it drives the timeline backwards: the overlay
/// reads 1 - the dismissal's percent, and a finished dismissal lands the timeline at 0.
@MainActor
@Suite("preferred-zoom in segue play: a drag down dismisses", .serialized, .tags(.gl))
struct ZoomDragShowTests {
    typealias Rig = ScenarioShowTests.Rig
    static let frame = 1.0 / 60
    static let (width, height) = (320, 180)

    /// The overlay's progress with the screen dragged `down` points: the zoom's width shown
    /// (1 - 0.6 × down / height of the full width) between the thumbnail's (a quarter) and the full one.
    static func expectedProgress(down: Double) -> Double {
        let full = Double(width), thumbnail = TransitionScenario.thumbnailFrame(in: Size(width: full, height: Double(height))).width
        let shown = full * (1 - 0.6 * down / Double(height))
        return 1 - (full - shown) / (full - thumbnail)
    }

    func dragged(_ rig: Rig, down: Double) throws -> (show: ScenarioShow, pushed: RGBAImage, dragged: RGBAImage) {
        let show = try rig.show("preferred-zoom", width: Self.width, height: Self.height)
        // Playing (a paused show's settle waits for space), the push all but done.
        try show.draw(advancing: 0.999 * show.timeline.duration)
        let pushed = try show.stage.readImage()
        show.pointer(.down, at: Point(x: 160, y: 40), time: 0)
        show.pointer(.moved, at: Point(x: 160, y: 42), time: 0.05)
        show.pointer(.moved, at: Point(x: 160, y: 40 + down), time: 0.1)
        try show.draw(advancing: Self.frame)
        return (show, pushed, try show.stage.readImage())
    }

    @Test func aDragDownFollowsTheFingerAndPastATenthOfTheHeightDismisses() throws {
        let rig = try Rig()
        defer { rig.release() }
        let (show, pushed, dragged) = try dragged(rig, down: 80)
        defer { show.release() }
        #expect(rig.lines.contains { $0.hasPrefix("gesture drag down to dismiss") }, "\(rig.lines)")
        #expect(abs(show.shownProgress - Self.expectedProgress(down: 80)) < 1e-9, "\(show.shownProgress)")
        #expect(RGBAImage.meanDifference(pushed, dragged) > 5, "the screen moved and shrank on the stage")
        // Resting, then released 80 points down (more than 18): it shrinks into the thumbnail.
        show.pointer(.up, at: Point(x: 160, y: 120), time: 0.6)
        for _ in 0..<120 where !rig.lines.contains(where: { $0.hasPrefix("settled") }) { try show.draw(advancing: Self.frame) }
        #expect(rig.lines.contains("settled finish"), "\(rig.lines)")
        #expect(show.timeline.progress == 0 && show.shownProgress == 0, "the dismissal ends where the push starts")
    }

    @Test func aShortDragCancelsBackToThePushedScreen() throws {
        let rig = try Rig()
        defer { rig.release() }
        let (show, _, _) = try dragged(rig, down: 12)
        defer { show.release() }
        #expect(abs(show.shownProgress - Self.expectedProgress(down: 12)) < 1e-9, "\(show.shownProgress)")
        show.pointer(.up, at: Point(x: 160, y: 52), time: 0.6)
        for _ in 0..<120 where !rig.lines.contains(where: { $0.hasPrefix("settled") }) { try show.draw(advancing: Self.frame) }
        #expect(rig.lines.contains("settled cancel"), "\(rig.lines)")
        #expect(show.timeline.progress == 1)
    }

    /// A sideways drag starts no dismissal (the zoom's rule): it scrubs the timeline.
    @Test func aSidewaysDragScrubs() throws {
        let rig = try Rig()
        defer { rig.release() }
        let show = try rig.show("preferred-zoom", width: Self.width, height: Self.height)
        defer { show.release() }
        try show.draw(advancing: 0.8 * show.timeline.duration)
        show.timeline.togglePause()
        show.pointer(.down, at: Point(x: 200, y: 90), time: 0)
        show.pointer(.moved, at: Point(x: 198, y: 90), time: 0.05)
        show.pointer(.moved, at: Point(x: 120, y: 90), time: 0.1)
        try show.draw(advancing: Self.frame)
        #expect(!rig.lines.contains { $0.hasPrefix("gesture") }, "\(rig.lines)")
        #expect(abs(show.timeline.progress - (0.8 - 80.0 / 320)) < 1e-9, "scrubbed back 80 of 320 px: \(show.timeline.progress)")
        show.pointer(.up, at: Point(x: 120, y: 90), time: 0.2)
    }
}
