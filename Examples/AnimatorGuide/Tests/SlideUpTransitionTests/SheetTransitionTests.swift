import Segue
import SegueTesting
import SlideUpTransition
import Testing

/// The guide's code run as an app runs it, on a headless window driven by a virtual clock and
/// pointer input. The references are UIKit's documented behaviour (the completion handler runs
/// once the transition ends; a cancelled interactive dismissal leaves the sheet presented where
/// it was; the interactive part follows the finger linearly) and the two screens drawn at rest:
/// half-way, the top half of the window is the home screen as drawn alone and the bottom half is
/// the top of the sheet as drawn once it is up.
@Suite("Writing an animator: the sheet (headless GL)", .serialized, .tags(.gl))
@MainActor
struct SheetTransitionTests {
    static let (width, height) = (320, 240)
    static let half = Double(height) / 2
    /// The sheet's rounded top corners show the home screen through them: rows compared with
    /// the sheet at rest start below them.
    static let corner = 16

    /// Runs `body` with the home screen as the window's root, drawn once.
    static func withHome<Result>(_ body: (HeadlessStage, HomeController) throws -> Result) throws -> Result {
        try HeadlessStage.run(width: width, height: height) { stage in
            let home = HomeController()
            stage.window.rootViewController = home
            try stage.snapshot()
            return try body(stage, home)
        }
    }

    /// Where the sheet's top edge is drawn now (its presentation value; its model value is where
    /// the running animation ends).
    static func shownTop(_ controller: ViewController) -> Double {
        let shown = controller.view.presentation
        return shown.center.y - shown.bounds.height / 2
    }

    /// A colour's bytes as the compositor draws an opaque colour.
    static func bytes(_ color: Color) -> SIMD4<UInt8> {
        SIMD4(UInt8((color.red * 255).rounded()), UInt8((color.green * 255).rounded()), UInt8((color.blue * 255).rounded()), 255)
    }

    /// Rows `rows` of `image`.
    static func rows(_ image: RGBAImage, _ rows: Range<Int>) throws -> RGBAImage {
        let rowBytes = image.width * 4
        return try RGBAImage(width: image.width, height: rows.count, pixels: Array(image.pixels[rows.lowerBound * rowBytes..<rows.upperBound * rowBytes]))
    }

    /// Presents the sheet and returns the frames at progress 0, 0.5 and 1 (the clock moved to
    /// each), the sheet, where its top edge was drawn at each, and how many times the
    /// completion handler had run by each of them and by the frame after the end.
    static func present(_ stage: HeadlessStage, _ home: HomeController) throws
        -> (frames: [RGBAImage], sheet: SheetController, tops: [Double], completions: [Int]) {
        var completions = 0
        let start = stage.now
        home.showSheet { completions += 1 }
        let sheet = try #require(home.presentedViewController as? SheetController)
        var frames: [RGBAImage] = [], tops: [Double] = [], counts: [Int] = []
        for progress in [0.0, 0.5, 1.0] {
            frames.append(try stage.snapshot(at: start + progress * home.transitions.duration))
            tops.append(shownTop(sheet))
            counts.append(completions)
        }
        try stage.step()  // the frame after the end, where the completion has surely run
        counts.append(completions)
        return (frames, sheet, tops, counts)
    }

    /// Presses on the sheet and drags down by `distance` points, `step` points a frame, then
    /// rests there a few frames unless `rest` is false (so the release reads no flick).
    static func swipeDown(_ stage: HeadlessStage, by distance: Double, step: Double = 10, rest: Bool = true) throws {
        let x = 160.0, top = 60.0
        stage.press(at: Point(x: x, y: top))
        for y in stride(from: top + step, through: top + distance, by: step) { try stage.move(to: Point(x: x, y: y)) }
        if rest { for _ in 0..<8 { try stage.move(to: Point(x: x, y: top + distance)) } }
        stage.lift(at: Point(x: x, y: top + distance))
    }

    @Test func presentingSlidesTheSheetUpAndRunsTheCompletionOnceAtTheEnd() throws {
        try Self.withHome { stage, home in
            let homeAlone = try stage.snapshot()
            let (frames, sheet, tops, completions) = try Self.present(stage, home)
            // 0: the sheet waits below the bottom edge; the window shows the home screen alone.
            #expect(ImageTolerance.exact.mismatch(actual: frames[0], expected: homeAlone) == nil)
            // 1: the sheet covers the window, the home screen only in its rounded top corners.
            let up = frames[2]
            #expect(up[160, 120] == Self.bytes(SheetController.sheetColor) && up[160, 16] == Self.bytes(SheetController.handleColor))
            #expect(up[0, 0] == Self.bytes(HomeController.background))
            #expect(sheet.view.frame == Rect(x: 0, y: 0, width: 320, height: 240))
            // 0.5: ease-in-out is half-way at half the time: the top half is the home screen,
            // the bottom half the top half of the sheet at rest.
            #expect(tops[0] == Double(Self.height) && abs(tops[1] - Self.half) < 1e-6 && tops[2] == 0)
            let middle = frames[1]
            #expect(ImageTolerance.exact.mismatch(actual: try Self.rows(middle, 0..<120), expected: try Self.rows(homeAlone, 0..<120)) == nil)
            #expect(ImageTolerance.exact.mismatch(
                actual: try Self.rows(middle, (120 + Self.corner)..<240), expected: try Self.rows(up, Self.corner..<120)) == nil)
            // The completion handler: not before the end, once after it.
            #expect(completions[0] == 0 && completions[1] == 0)
            #expect(completions[3] == 1)
            #expect(home.presentedViewController === sheet)
        }
    }

    @Test func aTapOnTheCardPresentsTheSheetWithItsHandleCentred() throws {
        try Self.withHome { stage, home in
            let card = home.card.frame
            let centre = Point(x: card.midX, y: card.midY)
            stage.press(at: centre)
            try stage.step()
            stage.lift(at: centre)
            let sheet = try #require(home.presentedViewController as? SheetController)
            try stage.play(1)
            #expect(sheet.view.frame == Rect(x: 0, y: 0, width: 320, height: 240))
            // Laid out by viewDidLayoutSubviews at the sheet's width.
            #expect(sheet.handle.frame == Rect(x: 130, y: 12, width: 60, height: 8))
            #expect(home.presentedViewController === sheet)
        }
    }

    @Test func aSwipeHalfWayHoldsTheSheetThereAndAReleasePastTheThresholdDismisses() throws {
        try Self.withHome { stage, home in
            let homeAlone = try stage.snapshot()
            let (frames, sheet, _, _) = try Self.present(stage, home)
            let swipe = try #require(home.transitions.swipeToDismiss)
            // Pressed at y 60, dragged to 180: 120 points, half the height.
            let (x, top) = (160.0, 60.0)
            stage.press(at: Point(x: x, y: top))
            for y in stride(from: top + 10, through: top + Self.half, by: 10) { try stage.move(to: Point(x: x, y: y)) }
            #expect(swipe.isInteracting)
            #expect(abs(swipe.percentComplete - 0.5) < 1e-9)
            #expect(abs(Self.shownTop(sheet) - Self.half) < 1e-6)
            // The dismissal half-way draws what the presentation half-way drew.
            let held = try stage.snapshot()
            #expect(ImageTolerance.exact.mismatch(actual: held, expected: frames[1]) == nil)
            // Held still, nothing moves on its own: the finger drives it.
            for _ in 0..<20 { try stage.move(to: Point(x: x, y: top + Self.half)) }
            #expect(abs(Self.shownTop(sheet) - Self.half) < 1e-6)
            stage.lift(at: Point(x: x, y: top + Self.half))
            #expect(!swipe.isInteracting)
            try stage.play(1)
            #expect(home.presentedViewController == nil)
            #expect(sheet.view.superview == nil)
            #expect(ImageTolerance.exact.mismatch(actual: try stage.snapshot(), expected: homeAlone) == nil)
        }
    }

    @Test func aShortSwipeIsCancelledAndTheSheetReturnsToWhereItWas() throws {
        try Self.withHome { stage, home in
            let (frames, sheet, _, _) = try Self.present(stage, home)
            let container = try #require(sheet.view.superview)
            // 40 points of 240 (a sixth), released at rest: under the threshold.
            try Self.swipeDown(stage, by: 40)
            #expect(Self.shownTop(sheet) > 0)  // on its way back up
            try stage.play(1)
            #expect(home.presentedViewController === sheet)
            #expect(sheet.view.superview === container && sheet.view.frame == Rect(x: 0, y: 0, width: 320, height: 240))
            #expect(Self.shownTop(sheet) == 0)
            #expect(home.view.window === stage.window)
            #expect(ImageTolerance.exact.mismatch(actual: try stage.snapshot(), expected: frames[2]) == nil)
            // The swipe still works after a cancel: the next one past the threshold dismisses.
            try Self.swipeDown(stage, by: 120)
            try stage.play(1)
            #expect(home.presentedViewController == nil)
        }
    }

    @Test func aFlickUnderTheThresholdStillDismisses() throws {
        try Self.withHome { stage, home in
            _ = try Self.present(stage, home)
            // 20 points a frame is 1,200 points a second, released without resting.
            try Self.swipeDown(stage, by: 60, step: 20, rest: false)
            try stage.play(1)
            #expect(home.presentedViewController == nil)
        }
    }

    @Test func aDismissalFromCodePlaysTheAnimatorWithoutInteraction() throws {
        try Self.withHome { stage, home in
            let homeAlone = try stage.snapshot()
            let (frames, sheet, _, _) = try Self.present(stage, home)
            var dismissed = 0
            let start = stage.now
            sheet.dismiss(animated: true) { dismissed += 1 }
            #expect(home.transitions.swipeToDismiss?.isInteracting == false)
            let middle = try stage.snapshot(at: start + home.transitions.duration / 2)
            #expect(abs(Self.shownTop(sheet) - Self.half) < 1e-6)
            #expect(ImageTolerance.exact.mismatch(actual: middle, expected: frames[1]) == nil)
            #expect(dismissed == 0)
            try stage.play(1)
            #expect(dismissed == 1)
            #expect(home.presentedViewController == nil)
            #expect(ImageTolerance.exact.mismatch(actual: try stage.snapshot(), expected: homeAlone) == nil)
        }
    }
}
