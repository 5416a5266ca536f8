import Foundation
import SegueImage
import SegueTesting
import Testing

/// `segue play` on a HiDPI screen (`Xft.dpi` 192, content scale 2): `--size` is in points, so
/// the window has twice the pixels, the transition is drawn at the window's pixels (not
/// magnified from points) and a drag moves it by what it covers of the window.
@Suite("segue play on a HiDPI screen (Xvfb)", .serialized, .tags(.window, .gl))
struct HiDPIPlayWindowTests {
    @Test func theWindowHasTwiceThePixelsAndTheDissolveIsDrawnAtThem() throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Pictures of the window's pixel size: the stage shows them 1:1.
        let samples = try CommandRunner.run("segue", ["samples", "--size", "400x200", "--out", "s"], in: dir)
        #expect(samples.status == 0, "\(samples.stderr)")
        let session = try WindowSession(
            ["play", "--trace-scrub", "--seconds", "60", "--size", "200x100", "--no-overlay", "--from", "s/from.png", "--to", "s/to.png"],
            frameStep: 0, dotsPerInch: 192, in: dir)
        #expect(!session.window.isEmpty, "the window appeared")
        // xdotool moves in pixels: 50 of the window's 400 from the press, then 200 of 400.
        try session.drag([100, 150, 300], y: 100)
        #expect(session.waitFor("scrub 0.5"), "\(session.trace)")
        #expect(session.lines("scrub").first == "scrub 0.125", "\(session.trace)")
        let expected = try PlayWindowTests.pixelDissolve(width: 400, height: 200, progress: 0.5)
        let screen = try PlayWindowTests().expectScreen(session, expected, within: 1)
        #expect(screen.width == 400 && screen.height == 200, "a 200x100-point window at scale 2")
        try session.mouseUp()
        #expect(try session.close() == 0)
    }
}
