import SeedAppScenes
import SegueHeadless
import SegueImage
import SegueUIKit
import SegueTesting
import Testing
import SegueStage

/// Issue 28, defects 1 and 2: a window resized while a transition runs. UIKit's containers lay
/// their children out to the container's bounds when a transition ends, so every screen ends
/// filling the window at its new size, whatever the animator did with the old one: each of
/// SeedApp's transitions (presentation and dismissal, push and pop, timed and interactive,
/// finished and cancelled) resized half-way from 960×600 to 600×800 settles on the very frame
/// the same screen shows when the app was that size from the start, and no frame after the
/// resize is (nearly) all black.
@Suite("SeedApp resized mid-transition (headless)", .serialized, .tags(.gl))
@MainActor
struct SeedAppResizeTests {
    static let oldSize = SeedAppController.windowSize
    static let newSize = Size(width: 600, height: 800)

    /// A stage that holds either size (960×800), the app at `size` in it, black around.
    static func run<Result>(at size: Size, _ body: (HeadlessStage, SeedAppController) throws -> Result) throws -> Result {
        try HeadlessStage.run(width: 960, height: 800) { stage in
            stage.window.resize(to: size)
            let app = SeedAppController()
            stage.window.rootViewController = app
            try stage.step()
            return try body(stage, app)
        }
    }

    /// The app settled at the new size with `demo`'s screen shown (nil: the menu).
    static func reference(showing demo: SeedDemo?) throws -> RGBAImage {
        try run(at: newSize) { stage, app in
            if let demo {
                app.show(demo)
                try settle(stage, app)
            }
            return try stage.play(0.3)
        }
    }

    /// Plays until no transition runs (at most 10 s), then a little more; the frames seen.
    @discardableResult
    static func settle(_ stage: HeadlessStage, _ app: SeedAppController) throws -> [RGBAImage] {
        var frames: [RGBAImage] = []
        let limit = stage.now + 10
        while app.isBusy && stage.now < limit { frames.append(try stage.step()) }
        #expect(!app.isBusy, "the transition ended")
        frames.append(try stage.play(0.3))
        return frames
    }

    /// The fraction of the window's area (at the new size) that is black, on a 4-pixel grid.
    static func blackFraction(_ image: RGBAImage) -> Double {
        var black = 0, all = 0
        for y in stride(from: 0, to: min(Int(newSize.height), image.height), by: 4) {
            for x in stride(from: 0, to: min(Int(newSize.width), image.width), by: 4) {
                all += 1
                if image[x, y] == SIMD4(0, 0, 0, 255) { black += 1 }
            }
        }
        return all > 0 ? Double(black) / Double(all) : 1
    }

    /// Checks the frames after a resize and the settled one against `expected`.
    static func check(_ frames: [RGBAImage], equal expected: RGBAImage, _ what: String) {
        // Before the fix the cube's frames after a resize were all black. (Its own turn, with
        // perspective, leaves much of a tall, narrow window black half-way: up to 64 % at 600×800.)
        let worst = frames.map(blackFraction).max() ?? 0
        #expect(worst < 0.9, "\(what): a frame after the resize is \(Int(worst * 100)) % black")
        guard let last = frames.last else { return }
        if let mismatch = ImageTolerance.crossDriver.mismatch(actual: last, expected: expected) {
            Issue.record("\(what): the settled frame differs from the app's at 600×800: \(mismatch)")
            try? PNGCodec.write(last, to: "/tmp/segue-resize-\(what.replacingOccurrences(of: " ", with: "-")).png")
        }
    }

    /// The drop-down's screen keeps a snapshot of the old menu (a picture, as in UIKit), so it is
    /// checked by its menu view filling the window instead of by its frame.
    nonisolated static let framed = SeedDemo.allCases.filter { $0 != .dropDownMenu }

    @Test(arguments: framed)
    func aResizeHalfWayThroughShowingEndsAtTheNewSize(_ demo: SeedDemo) throws {
        let expected = try Self.reference(showing: demo)
        try Self.run(at: Self.oldSize) { stage, app in
            app.show(demo)
            try stage.play(demo.duration / 2)
            #expect(app.isBusy)
            stage.window.resize(to: Self.newSize)
            Self.check(try Self.settle(stage, app), equal: expected, "show \(demo)")
        }
    }

    @Test(arguments: framed)
    func aResizeHalfWayThroughClosingEndsAtTheNewSize(_ demo: SeedDemo) throws {
        let expected = try Self.reference(showing: nil)
        try Self.run(at: Self.oldSize) { stage, app in
            app.show(demo)
            try Self.settle(stage, app)
            app.closeTopScreen()
            try stage.play(0.2)
            #expect(app.isBusy)
            stage.window.resize(to: Self.newSize)
            Self.check(try Self.settle(stage, app), equal: expected, "close \(demo)")
        }
    }

    @Test func theDropDownsMenuFillsTheNewSize() throws {
        try Self.run(at: Self.oldSize) { stage, app in
            app.show(.dropDownMenu)
            try stage.play(0.25)
            stage.window.resize(to: Self.newSize)
            try Self.settle(stage, app)
            let menu = try #require(app.presentedViewController?.view)
            #expect(menu.convert(menu.bounds, to: nil) == Rect(origin: .zero, size: Self.newSize))
        }
    }

    /// Drags from `from` by `dx`, resizing the window half-way, rests (no flick), then lets go.
    static func dragResizing(_ stage: HeadlessStage, from: Point, by dx: Double) throws {
        stage.press(at: from)
        for step in 1...20 {
            if step == 10 { stage.window.resize(to: newSize) }
            try stage.move(to: Point(x: from.x + dx * Double(step) / 20, y: from.y))
        }
        try stage.play(0.2)
        stage.lift(at: Point(x: from.x + dx, y: from.y))
    }

    /// Interactive: the cube's edge pan and the pixel dissolve's pan, each released past half
    /// (finished: the menu) and short of it (cancelled: the screen stays, at the new size).
    @Test(arguments: [(SeedDemo.cubePush, true), (.cubePush, false), (.pixelDissolve, true), (.pixelDissolve, false), (.zoomPush, true), (.zoomPush, false)])
    func aResizeDuringAnInteractiveCloseEndsAtTheNewSize(_ demo: SeedDemo, finishes: Bool) throws {
        let expected = try Self.reference(showing: finishes ? nil : demo)
        try Self.run(at: Self.oldSize) { stage, app in
            app.show(demo)
            try Self.settle(stage, app)
            // Resting releases: the position decides (200 points for the cube, half the width else).
            let distance = demo == .cubePush ? (finishes ? 150.0 : 60) : (finishes ? 450 : 100)
            try Self.dragResizing(stage, from: Point(x: 5, y: 300), by: distance)
            var frames = [try stage.step()]
            frames += try Self.settle(stage, app)
            #expect((app.viewControllers.count == 1 && app.presentedViewController == nil) == finishes)
            Self.check(frames, equal: expected, "\(finishes ? "finish" : "cancel") \(demo)")
        }
    }
}
