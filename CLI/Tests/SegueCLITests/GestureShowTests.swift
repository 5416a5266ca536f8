@testable import SegueCLI
import SeguePlayer
import SegueGL
import SegueImage
import SegueUIKit
import Testing
import SegueTesting

/// Issue 18: the window's gesture scenarios, driven by synthetic pointer events on a virtual
/// clock (headless). What the overlay reads (`shownProgress`) must be what the stage shows —
/// the scenario's picture at that progress, as a show started fresh and stopped there draws
/// it — from the press, through the drag, to the end of the settle after the release.
@MainActor
@Suite("Gesture shows: the overlay follows what is on screen", .serialized, .tags(.gl))
struct GestureShowTests {
    typealias Rig = ScenarioShowTests.Rig
    static let frame = 1.0 / 60

    /// Stage pictures taken during a run, each with the progress the overlay read then; checked
    /// once the show is released (a second show would share the animation engine with it).
    @MainActor
    final class Shots {
        var taken: [(image: RGBAImage, progress: Double, what: String)] = []
        func take(_ show: ScenarioShow, _ what: String) throws {
            taken.append((try show.stage.readImage(), show.shownProgress, what))
        }

        /// Each picture equals a fresh show of `name` stopped at its progress.
        func check(_ name: String, width: Int, height: Int, rig: Rig) throws {
            for shot in taken {
                let fresh = try rig.show(name, width: width, height: height)
                defer { fresh.release() }
                let expected = try ScenarioShowTests.frame(fresh, at: shot.progress)
                // Perspective edges may cover pixels a little differently between a gesture's
                // scene and a timed one at the same time: the mean judges.
                let mean = RGBAImage.meanDifference(shot.image, expected)
                #expect(mean < 0.5, "\(shot.what): the stage is not \(name) at \(shot.progress) (mean difference \(mean))")
            }
        }
    }

    /// cube-pop paused at 0.45 of its timed pop: a press (no move yet) shows the cube where the
    /// overlay says it is, not the gesture's fresh scene under `DRAG 0.45`.
    @Test func aPressDoesNotSnapTheSceneUnderTheOverlay() throws {
        let rig = try Rig()
        defer { rig.release() }
        let shots = Shots()
        let show = try rig.show("cube-pop", width: 320, height: 180)
        try show.draw(advancing: 0.45 * show.timeline.duration)
        show.timeline.togglePause()
        try show.draw(advancing: 0)
        show.pointer(.down, at: Point(x: 40, y: 90), time: 0)
        try show.draw(advancing: Self.frame)
        #expect(abs(show.shownProgress - 0.45) < 1e-9 || show.shownProgress == 0, "\(show.shownProgress)")
        try shots.take(show, "pressed")
        show.pointer(.up, at: Point(x: 40, y: 90), time: 0.1)
        show.release()
        try shots.check("cube-pop", width: 320, height: 180, rig: rig)
    }

    /// Each gesture dragged part-way and released at rest: it cancels, and the bar goes back to
    /// 0 with the scene (frame by frame), instead of standing at the release value until the
    /// scene is home; mid-way the stage is the scenario at the progress the bar shows.
    @Test(arguments: [("cube-pop", 40.0, 130.0, 0.45), ("zoom-push", 280, 200, 0.25), ("pixel-dissolve-present", 10, 154, 0.45)])
    func theBarFollowsTheSettleAfterTheRelease(name: String, from: Double, to: Double, percent: Double) throws {
        let rig = try Rig()
        defer { rig.release() }
        let shots = Shots()
        let show = try rig.show(name, width: 320, height: 180)
        try show.draw(advancing: 0)  // at 0, playing (a paused show's settle waits for space)
        show.pointer(.down, at: Point(x: from, y: 90), time: 0)
        show.pointer(.moved, at: Point(x: from + (to > from ? 2 : -2), y: 90), time: 0.05)
        show.pointer(.moved, at: Point(x: to, y: 90), time: 0.1)
        try show.draw(advancing: Self.frame)
        #expect(abs(show.shownProgress - percent) < 1e-9, "\(name): \(show.shownProgress)")
        try shots.take(show, "dragged")
        #expect(!show.isSettling)
        show.pointer(.up, at: Point(x: to, y: 90), time: 0.6)
        #expect(show.isSettling && show.isInteracting, "released: the overlay says so while the scene plays out")
        var shown: [Double] = []
        var checkedMidway = false
        for _ in 0..<180 where !rig.lines.contains(where: { $0.hasPrefix("settled") }) {
            try show.draw(advancing: Self.frame)
            shown.append(show.shownProgress)
            if !checkedMidway, show.shownProgress < percent - 0.1, show.shownProgress > 0.05, show.isInteracting {
                checkedMidway = true
                try shots.take(show, "settling")
            }
        }
        #expect(rig.lines.contains("settled cancel"), "\(rig.lines)")
        #expect(checkedMidway, "the bar moved back with the scene: \(shown)")
        #expect(zip(shown, shown.dropFirst()).allSatisfy { $0.1 <= $0.0 + 1e-9 }, "never forwards: \(shown)")
        #expect(shown.last == 0)
        show.release()
        try shots.check(name, width: 320, height: 180, rig: rig)
    }

    /// zoom-push starts its gesture only on the right half (example e). A press on the left half
    /// scrubs the timeline like any show, instead of showing the FROM screen under `DRAG 1.00`.
    @Test func aPressWhereTheGestureCannotStartScrubs() throws {
        let rig = try Rig()
        defer { rig.release() }
        let shots = Shots()
        let show = try rig.show("zoom-push", width: 320, height: 180)
        try show.draw(advancing: 0.8 * show.timeline.duration)
        show.timeline.togglePause()
        try show.draw(advancing: 0)
        show.pointer(.down, at: Point(x: 60, y: 90), time: 0)
        show.pointer(.moved, at: Point(x: 58, y: 90), time: 0.05)
        show.pointer(.moved, at: Point(x: 20, y: 90), time: 0.1)
        try show.draw(advancing: Self.frame)
        #expect(show.isInteracting)
        #expect(abs(show.shownProgress - 0.675) < 1e-9, "0.8 - 40/320: \(show.shownProgress) \(rig.lines)")
        try shots.take(show, "scrubbed from the left half")
        show.pointer(.up, at: Point(x: 20, y: 90), time: 0.6)
        try show.draw(advancing: Self.frame)
        #expect(!show.isInteracting)
        show.release()
        try shots.check("zoom-push", width: 320, height: 180, rig: rig)
    }

    /// The same show, pressed on the right half: the seed's gesture drives the push.
    @Test func aPressOnTheRightHalfStillDrivesTheGesture() throws {
        let rig = try Rig()
        defer { rig.release() }
        let show = try rig.show("zoom-push", width: 320, height: 180)
        defer { show.release() }
        try show.draw(advancing: 0)
        show.pointer(.down, at: Point(x: 280, y: 90), time: 0)
        show.pointer(.moved, at: Point(x: 278, y: 90), time: 0.05)
        show.pointer(.moved, at: Point(x: 200, y: 90), time: 0.1)
        try show.draw(advancing: Self.frame)
        #expect(rig.lines.contains { $0.hasPrefix("pan -80.0 ") }, "\(rig.lines)")
        #expect(abs(show.shownProgress - 0.25) < 1e-9, "80 of 320 px: \(show.shownProgress)")
        show.pointer(.up, at: Point(x: 200, y: 90), time: 0.7)
        for _ in 0..<60 { try show.draw(advancing: Self.frame) }
        #expect(rig.lines.contains("settled cancel"), "\(rig.lines)")
    }

    /// Issue 41: preferred-zoom's drag is vertical; the trace said `pan 0.0` (the horizontal
    /// translation) while the overlay said DRAG 0.78. It says the drag both ways and the
    /// progress the overlay shows.
    @Test func aVerticalDragIsTracedWithTheProgressTheOverlayShows() throws {
        let rig = try Rig()
        defer { rig.release() }
        let show = try rig.show("preferred-zoom", width: 320, height: 180)
        defer { show.release() }
        try show.draw(advancing: 0)
        show.pointer(.down, at: Point(x: 160, y: 30), time: 0)
        show.pointer(.moved, at: Point(x: 160, y: 36), time: 0.05)
        show.pointer(.moved, at: Point(x: 160, y: 120), time: 0.1)
        try show.draw(advancing: Self.frame)
        let pan = try #require(rig.lines.last { $0.hasPrefix("pan ") }, "\(rig.lines)")
        let words = pan.split(separator: " ")
        #expect(words.count == 5 && words[1] == "0.0" && words[2] == "90.0" && words[3] == "shown", "\(pan)")
        let traced = try #require(Double(words.last ?? ""))
        #expect(traced == show.shownProgress && traced > 0 && traced < 1, "the overlay's number: \(show.shownProgress)")
        show.pointer(.up, at: Point(x: 160, y: 120), time: 0.7)
    }
}
