import Foundation
import SeedAppScenes
import SegueImage
import SegueUIKit
import SegueTesting
import Testing
import SegueStage

/// Issue 41: the drop-down menu (key 4) shown and at rest, then the window resized. Its
/// snapshot of the menu screen stood in at the old size and offset (960×600 dropped 360 points
/// in a 1200×700 window: a dark strip on the right; at 640×760 the right column cut off). Now
/// the presentation controller takes the snapshot again at the new size when its container is
/// laid out, so the screen equals the app opened at that size with the drop-down shown: headless
/// (a stage of the new size whose window starts at 960×600) and in a window (xdotool's resize,
/// the screenshot against the headless frame).
@Suite("SeedApp's drop-down menu follows a resize at rest", .serialized, .tags(.gl))
@MainActor
struct SeedAppDropDownResizeTests {
    nonisolated static let sizes = [Size(width: 1200, height: 700), Size(width: 640, height: 760)]

    @Test(arguments: sizes)
    func headlessTheScreenAtTheNewSizeIsTheOneOpenedAtIt(_ size: Size) throws {
        let expected = try HeadlessSeedApp.settledFrame(showing: .dropDownMenu, size: size)
        let actual = try HeadlessStage.run(width: Int(size.width), height: Int(size.height)) { stage in
            stage.window.resize(to: SeedAppController.windowSize)
            let app = SeedAppController()
            stage.window.rootViewController = app
            try stage.step()
            app.show(.dropDownMenu)
            try stage.play(SeedDemo.dropDownMenu.duration + 0.3)
            #expect(!app.isBusy && app.presentedViewController != nil)
            stage.window.resize(to: size)
            // The first frame after the resize already shows the new layout.
            return try stage.step()
        }
        if let mismatch = ImageTolerance.crossDriver.mismatch(actual: actual, expected: expected) {
            Issue.record("\(Int(size.width))x\(Int(size.height)): \(mismatch)")
            try? PNGCodec.write(actual, to: "/tmp/segue-dropdown-resize-\(Int(size.width))x\(Int(size.height)).png")
        }
    }

    /// Resized and back: a tap on the (new) snapshot still dismisses, and the menu comes back at the window's size.
    @Test func theNewSnapshotStillDismissesOnATap() throws {
        try HeadlessSeedApp.run { stage, app in
            app.show(.dropDownMenu)
            try stage.play(SeedDemo.dropDownMenu.duration + 0.3)
            stage.window.resize(to: Size(width: 700, height: 500))
            try stage.step()
            // The snapshot's top is at 60 % of the new height (300 points).
            stage.press(at: Point(x: 350, y: 420))
            stage.lift(at: Point(x: 350, y: 420))
            try stage.play(SeedDemo.dropDownMenu.duration + 0.5)
            #expect(app.presentedViewController == nil && !app.isBusy)
            #expect(app.menu.view.convert(app.menu.view.bounds, to: nil) == Rect(x: 0, y: 0, width: 700, height: 500))
        }
    }
}

/// The same in a window (Xvfb, no window manager: the window gets the size asked).
@Suite("SeedApp's drop-down menu follows a resize at rest in a window (Xvfb)", .serialized, .tags(.window, .gl))
@MainActor
struct SeedAppDropDownResizeWindowTests {
    @Test(arguments: SeedAppDropDownResizeTests.sizes)
    func theWindowShowsTheScreenOpenedAtTheNewSize(_ size: Size) throws {
        let app = try SeedAppWindowTests.launch()
        try app.xdotool(["key", "--window", app.window, "4"])
        #expect(app.waitFor("appeared dropDownMenu"), "\(app.trace)")
        app.waitUntilSettled()
        try app.xdotool(["windowsize", "--sync", app.window, "\(Int(size.width))", "\(Int(size.height))"])
        #expect(app.waitFor("size \(Int(size.width))x\(Int(size.height))"), "the app saw the new size: \(app.trace)")
        app.waitUntilSettled()
        let shot = try app.screenshot()
        let expected = try HeadlessSeedApp.settledFrame(showing: .dropDownMenu, size: size)
        if let mismatch = SeedAppWindowTests.tolerance.mismatch(actual: shot, expected: expected) {
            Issue.record("\(Int(size.width))x\(Int(size.height)): \(mismatch)")
            try? PNGCodec.write(shot, to: "/tmp/segue-dropdown-resize-window-\(Int(size.width))x\(Int(size.height)).png")
        }
    }
}
