import SeedAppScenes
import SegueImage
import SegueUIKit
import SegueTesting
import Testing

/// SeedApp's photo grid as a user drives it: the built program in a window on an Xvfb of its
/// own, key 0 and a click on a tile through xdotool, then a drag down or Ctrl + wheel; what is on screen (xwd)
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

    /// The desktop's pinch: Ctrl + scroll wheel down (fingers closing) shrinks a photo back into
    /// its tile; the fingers lift when Ctrl is released, or after a pause of the wheel with Ctrl
    /// still held (`WheelPinch`).
    @Test func ctrlAndTheWheelDownPinchAPhotoBackIntoItsTile() throws {
        let app = try SeedAppWindowTests.launch()
        try app.xdotool(["key", "--window", app.window, "0"])
        #expect(app.waitFor("appeared photoGrid"), "\(app.trace)")
        app.waitUntilSettled()
        let grid = try SeedAppZoomTests.settledGridFrame()
        for (count, index) in [5, 2].enumerated() {
            let tile = PhotoGridController.tileFrame(index)
            try app.xdotool(["mousemove", "--window", app.window, "\(Int(tile.midX))", "\(Int(tile.midY))", "click", "1"])
            #expect(app.waitFor("appeared photo.\(index)"), "\(app.trace)")
            app.waitUntilSettled()
            // Four notches down: scale 0.6, closing fast.
            try app.xdotool(["mousemove", "--window", app.window, "480", "300", "keydown", "ctrl"])
            try app.xdotool(["click", "--repeat", "4", "--delay", "30", "5"])
            // The first photo: Ctrl released lifts the fingers; the second: the wheel's pause does.
            if count == 0 { try app.xdotool(["keyup", "ctrl"]) }
            #expect(app.waitFor("disappeared photo.\(index)"), "\(app.trace)")
            if count == 1 { try app.xdotool(["keyup", "ctrl"]) }
            app.waitUntilSettled()
            let mismatch = SeedAppWindowTests.tolerance.mismatch(actual: try app.screenshot(), expected: grid)
            #expect(mismatch == nil, "back at the grid after photo \(index): \(mismatch.map { "\($0)" } ?? "")")
        }
    }

    /// Issue 41: a slow pinch, notches 0.22 s apart (under the 0.3 s pause that ends a wheel
    /// pinch), is one pinch of four notches (scale 0.6), which dismisses the photo; it used to
    /// be four pinches of one notch, each springing back.
    @Test func aSlowCtrlWheelPinchDismissesThePhoto() throws {
        let app = try SeedAppWindowTests.launch()
        try app.xdotool(["key", "--window", app.window, "0"])
        #expect(app.waitFor("appeared photoGrid"), "\(app.trace)")
        app.waitUntilSettled()
        let tile = PhotoGridController.tileFrame(3)
        try app.xdotool(["mousemove", "--window", app.window, "\(Int(tile.midX))", "\(Int(tile.midY))", "click", "1"])
        #expect(app.waitFor("appeared photo.3"), "\(app.trace)")
        app.waitUntilSettled()
        try app.xdotool(["mousemove", "--window", app.window, "480", "300", "keydown", "ctrl"])
        // One xdotool spaces the notches (a program started per notch takes 0.1–0.3 s to start
        // on a loaded machine, which makes the gaps longer than the pause).
        try app.xdotool(["click", "--repeat", "4", "--delay", "220", "5"])
        #expect(app.waitFor("disappeared photo.3"), "four slow notches are one pinch: \(app.trace)")
        try app.xdotool(["keyup", "ctrl"])
        // A pinch that split would have sprung back first, showing the photo again.
        #expect(app.lines("appeared photo.3").count == 1, "one pinch, not four springing back: \(app.trace)")
        app.waitUntilSettled()
        let mismatch = SeedAppWindowTests.tolerance.mismatch(actual: try app.screenshot(), expected: try SeedAppZoomTests.settledGridFrame())
        #expect(mismatch == nil, "back at the grid: \(mismatch.map { "\($0)" } ?? "")")
    }
}
