import CardApp
import Segue
import SegueTesting
import Testing

/// The app's scene on a headless stage, driven with pointer input as a window drives it. The
/// references are UIKit's documented behaviour (a tap presents; an interactive dismissal
/// follows `update`, finishes or is cancelled on release and then plays the rest) and frames:
/// a presented full-screen card shows exactly its own view, a dismissed one the root again.
@Suite("Card app (headless GL)", .serialized, .tags(.gl))
@MainActor
struct CardAppHeadlessTests {
    static let (width, height) = (480, 320)
    /// The middle card's centre (cards are a quarter of the width, laid out 30 points apart).
    static let middleCard = Point(x: 240, y: 160)

    /// Runs `body` with the app's root controller on a stage of the window's size.
    static func withApp<Result>(_ body: (HeadlessStage, CardListController) throws -> Result) throws -> Result {
        try HeadlessStage.run(width: width, height: height) { stage in
            stage.window.resize(to: Size(width: Double(width), height: Double(height)))
            let list = CardListController()
            stage.window.rootViewController = list
            try stage.snapshot()  // the first frame lays the cards out, as a window shows them before a tap
            return try body(stage, list)
        }
    }

    /// Presses near the left edge and drags right to `x`.
    static func edgeDrag(_ stage: HeadlessStage, to x: Double, rest: Bool = true) throws {
        stage.press(at: Point(x: 2, y: 160))
        try drag(stage, from: 2, to: x, rest: rest)
    }

    /// Drags the pressed pointer right from `start` to `x`, one frame per 20 points, then rests
    /// there a few frames (so the release reads no flick).
    static func drag(_ stage: HeadlessStage, from start: Double, to x: Double, rest: Bool) throws {
        for step in stride(from: start + 20, through: x, by: 20) { try stage.move(to: Point(x: step, y: 160)) }
        if rest { for _ in 0..<8 { try stage.move(to: Point(x: x, y: 160)) } }
    }

    /// The width the card shows now (its presentation value: its model value is where an
    /// animation ends).
    static func shownWidth(_ controller: ViewController) -> Double { controller.view.presentation.bounds.width }

    /// Taps the middle card and plays the presentation out.
    static func presentMiddleCard(_ stage: HeadlessStage) throws {
        stage.press(at: middleCard)
        try stage.step()
        stage.lift(at: middleCard)
        try stage.play(1)
    }

    @Test func aTapOnACardPresentsItsDetailWithTheCornerReveal() throws {
        try Self.withApp { stage, list in
            let root = try stage.snapshot()
            stage.press(at: Self.middleCard)
            try stage.step()
            stage.lift(at: Self.middleCard)
            let detail = try #require(list.presentedViewController as? CardDetailController)
            #expect(detail.color == CardListController.colors[1])
            // Part-way the card is still growing out of the corner: neither screen alone.
            try stage.play(0.1)
            #expect(Self.shownWidth(detail) < Double(Self.width))
            #expect(ImageTolerance.exact.mismatch(actual: try stage.snapshot(), expected: try stage.render(detail.view)) != nil)
            try stage.play(1)
            #expect(detail.view.frame == Rect(x: 0, y: 0, width: 480, height: 320))
            let presented = try stage.snapshot()
            // The reference: the detail's own view rendered alone, full screen.
            let alone = try stage.render(detail.view)
            #expect(ImageTolerance.exact.mismatch(actual: presented, expected: alone) == nil)
            #expect(ImageTolerance.exact.mismatch(actual: presented, expected: root) != nil)
        }
    }

    @Test func anEdgePanHalfWayShowsTheDismissalAtHalfAndAReleasePastHalfDismisses() throws {
        try Self.withApp { stage, list in
            let root = try stage.snapshot()
            try Self.presentMiddleCard(stage)
            let detail = try #require(list.presentedViewController)
            try Self.edgeDrag(stage, to: 242)  // 240 points from the press: half the width
            let interaction = try #require(list.transitions.dismissalInteraction)
            #expect(abs(interaction.percentComplete - 0.5) < 1e-9)
            // Half-way through the animator's ease-in: smaller, not yet in the corner.
            let halfWay = Self.shownWidth(detail)
            #expect(halfWay < 480 && halfWay > 48)
            // Held there, nothing moves on its own: the dismissal is interactive.
            let held = try stage.snapshot()
            try stage.play(0.5)
            #expect(Self.shownWidth(detail) == halfWay)
            #expect(ImageTolerance.exact.mismatch(actual: try stage.snapshot(), expected: held) == nil)
            try Self.drag(stage, from: 242, to: 302, rest: true)
            stage.lift(at: Point(x: 302, y: 160))
            #expect(list.transitions.dismissalInteraction == nil)
            try stage.play(1)
            #expect(list.presentedViewController == nil)
            #expect(ImageTolerance.exact.mismatch(actual: try stage.snapshot(), expected: root) == nil)
        }
    }

    @Test func aReleaseBeforeHalfCancelsAndTheCardStaysPresented() throws {
        try Self.withApp { stage, list in
            try Self.presentMiddleCard(stage)
            let presented = try stage.snapshot()
            let detail = try #require(list.presentedViewController)
            try Self.edgeDrag(stage, to: 182)  // 180 points: 37.5 %
            #expect(Self.shownWidth(detail) < 480)
            stage.lift(at: Point(x: 182, y: 160))
            try stage.play(1)
            #expect(list.presentedViewController === detail)
            #expect(detail.view.frame == Rect(x: 0, y: 0, width: 480, height: 320) && Self.shownWidth(detail) == 480)
            #expect(ImageTolerance.exact.mismatch(actual: try stage.snapshot(), expected: presented) == nil)
        }
    }

    @Test func aFlickBeforeHalfStillDismisses() throws {
        try Self.withApp { stage, list in
            try Self.presentMiddleCard(stage)
            // 20 points a frame is 1200 points a second, released without resting.
            try Self.edgeDrag(stage, to: 102, rest: false)
            stage.lift(at: Point(x: 102, y: 160))
            try stage.play(1)
            #expect(list.presentedViewController == nil)
        }
    }

    @Test func aPanAwayFromTheEdgeDoesNothing() throws {
        try Self.withApp { stage, list in
            try Self.presentMiddleCard(stage)
            stage.press(at: Point(x: 100, y: 160))
            for x in stride(from: 120.0, through: 400, by: 20) { try stage.move(to: Point(x: x, y: 160)) }
            stage.lift(at: Point(x: 400, y: 160))
            try stage.play(1)
            #expect(list.presentedViewController is CardDetailController)
        }
    }
}
