import SeedAppScenes
import SegueImage
import SegueUIKit
import SegueTesting
import Testing

/// SeedApp's photo grid as a user drives it: the built program in a window on an Xvfb of its
/// own, key 0 and a click on a tile through xdotool, then a drag down; what is on screen (xwd)
/// compared with the same states rendered headlessly (`SeedAppZoomTests`).
@Suite("SeedApp photo grid zoom in a window (Xvfb, xdotool, xwd)", .serialized, .tags(.window, .gl))
@MainActor
struct SeedAppZoomWindowTests {
    @Test func aClickOnATileZoomsItsPhotoInAndADragDownZoomsItBack() throws {
        let app = try SeedAppWindowTests.launch()
        try app.xdotool(["key", "--window", app.window, "0"])
        #expect(app.waitFor("appeared photoGrid"), "\(app.trace)")
        app.waitUntilSettled()
        let grid = try SeedAppZoomTests.settledGridFrame()
        var mismatch = SeedAppWindowTests.tolerance.mismatch(actual: try app.screenshot(), expected: grid)
        #expect(mismatch == nil, "grid: \(mismatch.map { "\($0)" } ?? "")")

        let tile = PhotoGridController.tileFrame(5)
        try app.xdotool(["mousemove", "--window", app.window, "\(Int(tile.midX))", "\(Int(tile.midY))", "click", "1"])
        #expect(app.waitFor("appeared photo.5"), "\(app.trace)")
        app.waitUntilSettled()
        mismatch = SeedAppWindowTests.tolerance.mismatch(actual: try app.screenshot(), expected: try SeedAppZoomTests.settledPhotoFrame(5))
        #expect(mismatch == nil, "photo: \(mismatch.map { "\($0)" } ?? "")")

        try app.drag(from: (480, 200), to: (480, 460))
        #expect(app.waitFor("disappeared photo.5"), "\(app.trace)")
        app.waitUntilSettled()
        mismatch = SeedAppWindowTests.tolerance.mismatch(actual: try app.screenshot(), expected: grid)
        #expect(mismatch == nil, "back at the grid: \(mismatch.map { "\($0)" } ?? "")")
    }
}
