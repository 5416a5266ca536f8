import SeedPalette
import SeedAppScenes
import SegueHeadless
import SegueImage
import SegueUIKit
import SegueStage
import SegueTesting
import SegueTransitions
import Testing

/// SeedApp's screens driven headlessly at virtual times: each button shows its seed's screen
/// with the seed's transition (UIKit's roles: presented or pushed, and which animator), and the
/// ways back the seeds give (tap on the drop-down's snapshot, the cube's edge pan, the pan
/// driving the pixel dissolve) end back at the menu, whose frame is drawn again exactly.
@Suite("SeedApp scenes (headless)", .serialized, .tags(.gl))
@MainActor
struct SeedAppSceneTests {
    /// A point on each screen, settled, that shows the screen's own colour (off its text).
    static func probe(_ demo: SeedDemo) -> Point {
        demo == .dropDownMenu ? Point(x: 200, y: 200) : Point(x: 200, y: 450)
    }

    @Test(arguments: SeedDemo.allCases)
    func eachButtonShowsItsScreenWithItsSeedsTransition(_ demo: SeedDemo) throws {
        try HeadlessSeedApp.run { stage, app in
            let button = app.menu.menuView.buttons[demo.rawValue]
            #expect(button.titleLabel.text.hasSuffix(demo.title))
            // A click on the button, as a user gives it.
            let centre = Point(x: button.frame.midX, y: button.frame.midY)
            stage.press(at: centre)
            stage.lift(at: centre)
            try stage.step()
            #expect(app.isBusy, "the transition runs")
            let frame = try stage.play(demo.duration + 0.3)
            #expect(!app.isBusy)
            let shown = demo.isPush ? app.topViewController : app.presentedViewController
            #expect(
                (shown as? DemoScreenController)?.demo == demo || (demo == .swipeTabs && shown is SwipeTabsController)
                    || (demo == .photoGrid && shown is PhotoGridController) || (demo == .sharedCards && shown is SharedCardsController))
            #expect(app.viewControllers.count == (demo.isPush ? 2 : 1))
            #expect(HeadlessSeedApp.pixel(frame, at: Self.probe(demo), is: demo.color), "\(frame[200, 450])")
        }
    }

    @Test func theDimmingScreenSitsInsetOverTheDimmedMenu() throws {
        let frame = try HeadlessSeedApp.settledFrame(showing: .dimming)
        // 50/320 of each side: 150 points at the sides, 93.75 at top and bottom.
        #expect(HeadlessSeedApp.pixel(frame, at: Point(x: 160, y: 300), is: SeedDemo.dimming.color))
        #expect(!HeadlessSeedApp.pixel(frame, at: Point(x: 140, y: 300), is: SeedDemo.dimming.color))
        #expect(!HeadlessSeedApp.pixel(frame, at: Point(x: 140, y: 300), is: Palette.background), "dimmed")
    }

    @Test func escapeClosesTheTopScreenAndADigitPressesItsButton() throws {
        let menu = try HeadlessSeedApp.settledFrame(showing: nil)
        try HeadlessSeedApp.run { stage, app in
            stage.window.deliver(KeyPress(key: .character("3"), phase: .began, time: stage.now))
            try stage.play(0.8)
            #expect((app.presentedViewController as? DemoScreenController)?.demo == .dimming)
            // Other digits do nothing while a screen is shown.
            stage.window.deliver(KeyPress(key: .character("1"), phase: .began, time: stage.now))
            stage.window.deliver(KeyPress(key: .escape, phase: .began, time: stage.now))
            let frame = try stage.play(0.8)
            #expect(app.presentedViewController == nil)
            #expect(ImageTolerance.exact.mismatch(actual: frame, expected: menu) == nil)
            // Escape pops a pushed screen.
            stage.window.deliver(KeyPress(key: .character("7"), phase: .began, time: stage.now))
            try stage.play(0.6)
            #expect(app.viewControllers.count == 2)
            stage.window.deliver(KeyPress(key: .escape, phase: .began, time: stage.now))
            try stage.play(1)
            #expect(app.viewControllers.count == 1)
        }
    }

    @Test func aTapOnTheDropDownsSnapshotDismissesTheMenu() throws {
        let menu = try HeadlessSeedApp.settledFrame(showing: nil)
        try HeadlessSeedApp.run { stage, app in
            app.show(.dropDownMenu)
            try stage.play(0.8)
            // The menu shows in the top 60 %; the snapshot of the root screen below it.
            let snapshot = try #require(Self.dropDownSnapshot(in: stage.window.rootView))
            #expect(abs(snapshot.frame.minY - 360) < 0.5)
            // A tap on the menu itself does nothing; one on the snapshot dismisses.
            stage.press(at: Point(x: 480, y: 150))
            stage.lift(at: Point(x: 480, y: 150))
            try stage.play(0.2)
            #expect(app.presentedViewController != nil)
            stage.press(at: Point(x: 480, y: 500))
            stage.lift(at: Point(x: 480, y: 500))
            let frame = try stage.play(0.8)
            #expect(app.presentedViewController == nil)
            #expect(ImageTolerance.exact.mismatch(actual: frame, expected: menu) == nil)
        }
    }

    /// The drop-down's snapshot wherever its transition's container is.
    static func dropDownSnapshot(in view: View) -> View? {
        view.tag == DropDownMenuTransition.snapshotTag ? view : view.subviews.lazy.compactMap(dropDownSnapshot(in:)).first
    }

    /// Drags from `from` to `to` in `steps` moves, one a frame, then lets go.
    static func drag(_ stage: HeadlessStage, from: Point, to: Point, steps: Int = 10) throws {
        stage.press(at: from)
        for step in 1...steps {
            let t = Double(step) / Double(steps)
            try stage.move(to: Point(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t))
        }
        try stage.step()
        stage.lift(at: to)
    }

    @Test func theCubeScreenPopsByADragFromTheLeftEdgeAndStaysWhenTheDragIsShort() throws {
        let menu = try HeadlessSeedApp.settledFrame(showing: nil)
        try HeadlessSeedApp.run { stage, app in
            app.show(.cubePush)
            try stage.play(1.8)
            // Short of half the cube's 200 points: cancelled.
            try Self.drag(stage, from: Point(x: 5, y: 300), to: Point(x: 60, y: 300))
            try stage.play(2)
            #expect(app.viewControllers.count == 2)
            // Past half: the rotation finishes back at the menu.
            try Self.drag(stage, from: Point(x: 5, y: 300), to: Point(x: 500, y: 300))
            #expect(app.cubePop.isInteracting == false)
            let frame = try stage.play(2)
            #expect(app.viewControllers.count == 1)
            #expect(ImageTolerance.exact.mismatch(actual: frame, expected: menu) == nil)
        }
    }

    @Test func theZoomScreenPopsByTheNavigationControllersEdgePanAndByBack() throws {
        try HeadlessSeedApp.run { stage, app in
            app.show(.zoomPush)
            try stage.play(0.6)
            try Self.drag(stage, from: Point(x: 5, y: 300), to: Point(x: 700, y: 300))
            try stage.play(1)
            #expect(app.viewControllers.count == 1)
            app.show(.zoomPush)
            try stage.play(0.6)
            let back = try #require((app.topViewController as? DemoScreenController)?.screenView.closeButton)
            #expect(back.titleLabel.text == "Back")
            stage.press(at: Point(x: back.frame.midX, y: back.frame.midY))
            stage.lift(at: Point(x: back.frame.midX, y: back.frame.midY))
            try stage.play(1)
            #expect(app.viewControllers.count == 1)
        }
    }

    @Test func swipesSwitchTheSwipeContainersTabsOneAtATime() throws {
        try HeadlessSeedApp.run { stage, app in
            stage.window.deliver(KeyPress(key: .character("9"), phase: .began, time: stage.now))
            try stage.play(0.6)
            let tabs = try #require(app.topViewController as? SwipeTabsController)
            // A quick drag left (past 50 points at over 200 points a second): the next tab enters from the right.
            try Self.drag(stage, from: Point(x: 700, y: 450), to: Point(x: 400, y: 450), steps: 5)
            try stage.step()
            #expect(tabs.isTransitioning)
            var frame = try stage.play(0.5)
            #expect(tabs.selectedIndex == 1)
            #expect(HeadlessSeedApp.pixel(frame, at: Point(x: 200, y: 450), is: SwipeTabsController.tabColors[1]))
            // A swipe right goes back; another right has no tab before the first.
            try Self.drag(stage, from: Point(x: 300, y: 450), to: Point(x: 600, y: 450), steps: 5)
            try stage.play(0.5)
            try Self.drag(stage, from: Point(x: 300, y: 450), to: Point(x: 600, y: 450), steps: 5)
            frame = try stage.play(0.5)
            #expect(tabs.selectedIndex == 0)
            #expect(HeadlessSeedApp.pixel(frame, at: Point(x: 200, y: 450), is: SwipeTabsController.tabColors[0]))
        }
    }

    @Test func aDragAcrossThePixelDissolveScreenDissolvesBackToTheMenu() throws {
        let menu = try HeadlessSeedApp.settledFrame(showing: nil)
        try HeadlessSeedApp.run { stage, app in
            app.show(.pixelDissolve)
            try stage.play(1.3)
            #expect(app.presentedViewController != nil)
            // Half-way through a slow drag the frame is neither screen: the dissolve shows.
            stage.press(at: Point(x: 100, y: 300))
            for x in stride(from: 120.0, through: 480, by: 40) { try stage.move(to: Point(x: x, y: 300)) }
            let midway = try stage.snapshot()
            #expect(ImageTolerance.crossDriver.mismatch(actual: midway, expected: menu) != nil)
            #expect(!HeadlessSeedApp.pixel(midway, at: Point(x: 200, y: 450), is: SeedDemo.pixelDissolve.color)
                || !HeadlessSeedApp.pixel(midway, at: Point(x: 700, y: 450), is: SeedDemo.pixelDissolve.color))
            for x in stride(from: 520.0, through: 800, by: 40) { try stage.move(to: Point(x: x, y: 300)) }
            stage.lift(at: Point(x: 800, y: 300))
            let frame = try stage.play(1.5)
            #expect(app.presentedViewController == nil)
            #expect(ImageTolerance.exact.mismatch(actual: frame, expected: menu) == nil)
        }
    }
}
