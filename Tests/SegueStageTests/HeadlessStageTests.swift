import SegueHeadless
import SegueImage
import SegueUIKit
import SegueStage
import SegueTesting
import Testing

@Suite("HeadlessStage (headless GL)", .tags(.gl))
@MainActor
struct HeadlessStageTests {
    /// The window's picture is its views: an opaque background colour fills the frame with
    /// that colour's bytes.
    @Test func snapshotShowsTheWindowsViews() throws {
        try HeadlessStage.run(width: 20, height: 10) { stage in
            let view = View(frame: Rect(x: 0, y: 0, width: 20, height: 10), name: "red")
            view.backgroundColor = Color(red: 1, green: 0, blue: 0)
            stage.window.rootView.addSubview(view)
            let picture = try stage.snapshot()
            #expect(picture.width == 20 && picture.height == 10)
            #expect(picture[3, 4] == SIMD4(255, 0, 0, 255))
        }
    }

    /// The clock moves by whole frames and never backwards; an animation is at its end value when
    /// the clock has passed its duration.
    @Test func theClockStepsFramesForward() throws {
        try HeadlessStage.run(width: 8, height: 8, framesPerSecond: 10) { stage in
            let view = View(frame: Rect(x: 0, y: 0, width: 8, height: 8), name: "fading")
            view.backgroundColor = .white
            stage.window.rootView.addSubview(view)
            View.animate(withDuration: 0.5, options: .curveLinear, animations: { view.alpha = 0 })
            try stage.play(0.25)
            #expect(abs(stage.now - 0.3) < 1e-9 || abs(stage.now - 0.25) < 1e-9)
            try stage.advance(to: 1)
            #expect(stage.now == 1)
            #expect(try stage.snapshot()[4, 4] == SIMD4(0, 0, 0, 255), "faded out over the black clear colour")
            #expect(throws: HeadlessStageError.badTime(0.5, now: 1)) { try stage.advance(to: 0.5) }
        }
    }

    @Test func badSettingsAreTypedErrors() {
        #expect(throws: HeadlessStageError.badSize(width: 0, height: 4)) { try HeadlessStage(width: 0, height: 4) }
        #expect(throws: HeadlessStageError.badFrameRate(0)) { try HeadlessStage(width: 4, height: 4, framesPerSecond: 0) }
    }

    @Test func releaseTwiceIsHarmless() throws {
        let stage = try HeadlessStage(width: 4, height: 4)
        stage.release()
        stage.release()
    }
}
