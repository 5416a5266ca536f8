import Foundation
import SeedAppScenes
import SegueImage
import SegueUIKit
import SegueTesting
import Testing

/// SeedApp's gestures in a real window: the swipe container's tabs switched by drags, and an
/// interactive pop interrupted by another application taking the focus. What the window shows
/// is compared with the same state rendered headlessly (`HeadlessSeedApp`).
@Suite("SeedApp gestures in a window (Xvfb, xdotool, xwd)", .serialized, .tags(.window, .gl))
@MainActor
struct SeedAppGestureWindowTests {
    static let tolerance = ImageTolerance.crossDriver

    func expectShows(_ app: HostedProgram, _ expected: RGBAImage, _ what: String) throws {
        app.waitUntilSettled()
        let mismatch = Self.tolerance.mismatch(actual: try app.screenshot(), expected: expected)
        #expect(mismatch == nil, "\(what): \(mismatch.map { "\($0)" } ?? "")")
    }

    /// The swipe container settled on tab `index` (0: as pushed), its transitions over.
    static func swipeTabsFrame(showingTab index: Int) throws -> RGBAImage {
        try HeadlessSeedApp.run { stage, app in
            app.show(.swipeTabs)
            try stage.play(SeedDemo.swipeTabs.duration + 0.3)
            let tabs = try #require(app.topViewController as? SwipeTabsController)
            if index != 0 { tabs.transition(to: index, animated: true) }
            return try stage.play(0.6)
        }
    }

    @Test func dragsAcrossTheSwipeContainerSwitchTabsAndTheWindowShowsTheHeadlessFrames() throws {
        let app = try HostedProgram(product: "SeedApp", windowName: "Segue seed apps")
        app.waitUntilSettled()
        try app.xdotool(["key", "--window", app.window, "9"])
        #expect(app.waitFor("appeared swipeTabs"), "\(app.trace)")
        let firstTab = try Self.swipeTabsFrame(showingTab: 0)
        try expectShows(app, firstTab, "tab 1 of 3, as pushed")
        // A quick drag left (500 points in half a second): the next tab enters from the right.
        try app.drag(from: (700, 450), to: (200, 450), steps: 5)
        #expect(app.waitFor("tab 1"), "\(app.trace)")
        try expectShows(app, try Self.swipeTabsFrame(showingTab: 1), "tab 2 of 3")
        #expect(Self.tolerance.mismatch(actual: try app.screenshot(), expected: firstTab) != nil, "the tab changed")
        // A drag right goes back to the first tab.
        try app.drag(from: (200, 450), to: (700, 450), steps: 5)
        #expect(app.waitFor("tab 0"), "\(app.trace)")
        try expectShows(app, firstTab, "tab 1 of 3 again")
    }

    @Test func losingTheFocusDuringTheCubesEdgePanCancelsThePopBack() throws {
        let app = try HostedProgram(product: "SeedApp", windowName: "Segue seed apps")
        app.waitUntilSettled()
        try app.xdotool(["key", "--window", app.window, "6"])
        #expect(app.waitFor("appeared cubePush"), "\(app.trace)")
        let cube = try HeadlessSeedApp.settledFrame(showing: .cubePush)
        try expectShows(app, cube, "the cube screen")
        // A drag from the left edge past half the cube's 200 points: released here, it would pop.
        try app.xdotool(["mousemove", "--window", app.window, "5", "300", "mousedown", "1"])
        for x in [60, 120, 180, 240, 300] {
            Thread.sleep(forTimeInterval: 0.1)
            try app.xdotool(["mousemove", "--window", app.window, "\(x)", "300"])
        }
        // (A press held down keeps frames coming: the window does not settle until it lifts.)
        Thread.sleep(forTimeInterval: 0.5)
        #expect(Self.tolerance.mismatch(actual: try app.screenshot(), expected: cube) != nil, "the cube turns with the drag")
        // Another application takes the focus with the button still down: the pan is cancelled,
        // and a cancelled pop turns back whatever its progress.
        try app.x.takeInputFocus()
        Thread.sleep(forTimeInterval: 0.2)
        try app.xdotool(["mouseup", "1"])
        try expectShows(app, cube, "the cube screen, the pop cancelled")
        #expect(app.lines("disappeared cubePush").isEmpty, "\(app.trace)")
        // The app is not left busy: a whole drag from the edge pops.
        try app.drag(from: (5, 300), to: (600, 300))
        #expect(app.waitFor("disappeared cubePush"), "\(app.trace)")
        try expectShows(app, try HeadlessSeedApp.settledFrame(showing: nil), "the menu")
    }

    /// Issue 28, defect 3: a finger resting mid-way through an interactive transition (reading a
    /// half-dragged screen) draws no frames: the cube's edge pan (percent-driven, its animations
    /// held on a time domain) and the pixel dissolve's pan (a GPU animator's display link). The
    /// frames come back when the finger moves; released short of half-way, the screen stays.
    @Test(arguments: [SeedDemo.cubePush, .pixelDissolve])
    func aFingerRestingMidWayThroughAnInteractiveCloseDrawsNoFrames(_ demo: SeedDemo) throws {
        let app = try HostedProgram(product: "SeedApp", windowName: "Segue seed apps")
        app.waitUntilSettled()
        try app.xdotool(["key", "--window", app.window, "\(demo.rawValue + 1)"])
        #expect(app.waitFor("appeared \(demo)"), "\(app.trace)")
        app.waitUntilSettled()
        try app.xdotool(["mousemove", "--window", app.window, "5", "300", "mousedown", "1"])
        for x in [40, 80, 120] {
            Thread.sleep(forTimeInterval: 0.1)
            try app.xdotool(["mousemove", "--window", app.window, "\(x)", "300"])
        }
        app.waitUntilSettled(quiet: 0.5)
        let resting = app.lines("frame ").count
        Thread.sleep(forTimeInterval: 2)
        let drawn = app.lines("frame ").count - resting
        #expect(drawn == 0, "a finger resting mid-way drew \(drawn) frames in 2 s")
        try app.xdotool(["mousemove", "--window", app.window, "40", "300"])
        #expect(app.waitFor("frame ", count: resting + drawn + 1), "a move draws: \(app.trace)")
        Thread.sleep(forTimeInterval: 0.3)
        try app.xdotool(["mouseup", "1"])
        try expectShows(app, try HeadlessSeedApp.settledFrame(showing: demo), "\(demo), the close cancelled")
        #expect(app.lines("disappeared \(demo)").isEmpty, "\(app.trace)")
    }
}
