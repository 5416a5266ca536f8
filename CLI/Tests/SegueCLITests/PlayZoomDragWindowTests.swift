import Foundation
import Testing
import SegueTesting

/// Issue 28: `segue play preferred-zoom` in a window (Xvfb, real presses through xdotool): a
/// drag down grabs the zoomed screen and, released past a tenth of the height, dismisses it
/// into its thumbnail; the show then lands the timeline at its start. Each move is sent once the
/// show traced the one before (no sleeps).
@Suite("segue play preferred-zoom: a drag down dismisses (Xvfb)", .serialized, .tags(.window, .gl))
struct PlayZoomDragWindowTests {
    @Test func aDragDownInThePlayWindowDismissesTheZoom() throws {
        let session = try WindowSession(
            ["play", "--trace-scrub", "--seconds", "120", "--effect", "preferred-zoom", "--size", "320x180", "--no-overlay"])
        try session.xdotool(["mousemove", "--window", session.window, "160", "30", "mousedown", "1"])
        try session.xdotool(["mousemove", "--window", session.window, "160", "36"])
        #expect(session.waitFor("gesture drag down to dismiss"), "\(session.trace)")
        for (index, y) in [60, 90, 120].enumerated() {
            try session.xdotool(["mousemove", "--window", session.window, "160", "\(y)"])
            #expect(session.waitFor("pan ", count: index + 2), "\(session.trace)")
        }
        try session.mouseUp()
        #expect(session.waitFor("release "), "\(session.trace)")
        #expect(session.waitFor("settled finish"), "90 points down of 180: \(session.trace)")
        #expect(try session.close() == 0)
    }
}
