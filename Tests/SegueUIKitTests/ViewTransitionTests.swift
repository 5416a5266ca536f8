import SegueTiming
import SegueHeadless
import SegueImage
import SegueUIKit
import SegueTesting
import Testing
import SegueStage

/// `View.transition(with:...)` and `transition(from:to:...)` drawn headlessly on the GPU from the
/// compositor's snapshots: frames at the start (the old look), the middle (a flip edge-on, so
/// the background shows where the view was; a cross-dissolve half-way between the colours) and
/// the end (the new look, the snapshots gone, the view shown again).
@MainActor
@Suite("View transitions from snapshots (headless GL)", .serialized, .tags(.gl))
struct ViewTransitionTests {
    static let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)
    static let backdrop = Color(red: 0, green: 1, blue: 0)

    /// A green root with a red 100×100 box at (50, 50), in a 200×200 stage.
    private static func withBox(_ body: (HeadlessStage, View) throws -> Void) throws {
        try HeadlessStage.run(width: 200, height: 200) { stage in
            stage.window.rootView.backgroundColor = backdrop
            let box = View(frame: Rect(x: 50, y: 50, width: 100, height: 100), name: "box")
            box.backgroundColor = red
            stage.window.rootView.addSubview(box)
            try stage.step()
            try body(stage, box)
        }
    }

    private static func shows(_ image: RGBAImage, _ color: Color, at x: Int, _ y: Int) -> Bool {
        let pixel = image[x, y]
        let expected = [color.red, color.green, color.blue].map { Int(($0 * 255).rounded()) }
        return zip([Int(pixel.x), Int(pixel.y), Int(pixel.z)], expected).allSatisfy { abs($0 - $1) <= 2 }
    }

    @Test(arguments: [AnimationOptions.transitionFlipFromLeft, .transitionFlipFromRight, .transitionFlipFromTop, .transitionFlipFromBottom])
    func aFlipTurnsTheOldLookEdgeOnThenTheNewOneIn(_ flip: AnimationOptions) throws {
        try Self.withBox { stage, box in
            let root = stage.window.rootView
            let start = stage.now
            var finished: [Bool] = []
            View.transition(with: box, duration: 1, options: flip, animations: { box.backgroundColor = Self.blue }, completion: {
                finished.append($0)
            })
            #expect(box.backgroundColor == Self.blue, "the change is made at once")
            let first = try stage.snapshot()
            #expect(Self.shows(first, Self.red, at: 100, 100) && Self.shows(first, Self.red, at: 55, 55), "the old look")
            #expect(root.subviews.count == 3, "two snapshots over the hidden box")
            let middle = try stage.advance(to: start + 0.5)
            // Edge-on: the backdrop shows where the box was, away from the axis.
            let probe = flip == .transitionFlipFromLeft || flip == .transitionFlipFromRight ? (60, 100) : (100, 60)
            #expect(Self.shows(middle, Self.backdrop, at: probe.0, probe.1), "edge-on half-way")
            let late = try stage.advance(to: start + 0.8)
            #expect(Self.shows(late, Self.blue, at: 100, 100), "the new look turning in")
            let end = try stage.advance(to: start + 1.05)
            #expect(Self.shows(end, Self.blue, at: 55, 55) && Self.shows(end, Self.blue, at: 145, 145))
            #expect(Self.shows(end, Self.backdrop, at: 45, 100))
            #expect(finished == [true] && root.subviews.count == 1 && !box.isHidden)
        }
    }

    @Test func aCrossDissolveFadesTheOldLookOutOverTheNewOne() throws {
        try Self.withBox { stage, box in
            let start = stage.now
            View.transition(with: box, duration: 1, options: .transitionCrossDissolve, animations: { box.backgroundColor = Self.blue })
            #expect(Self.shows(try stage.snapshot(), Self.red, at: 100, 100))
            let middle = try stage.advance(to: start + 0.5)
            let pixel = middle[100, 100]
            #expect(abs(Int(pixel.x) - 128) <= 2 && abs(Int(pixel.z) - 128) <= 2, "half-way between red and blue: \(pixel)")
            let end = try stage.advance(to: start + 1.05)
            #expect(Self.shows(end, Self.blue, at: 100, 100) && stage.window.rootView.subviews.count == 1)
        }
    }

    @Test func fromToReplacesTheViewOrHidesIt() throws {
        try Self.withBox { stage, box in
            let root = stage.window.rootView
            let replacement = View(frame: box.frame, name: "replacement")
            replacement.backgroundColor = Self.blue
            let start = stage.now
            View.transition(from: box, to: replacement, duration: 1, options: .transitionFlipFromRight)
            #expect(Self.shows(try stage.snapshot(), Self.red, at: 100, 100))
            let end = try stage.advance(to: start + 1.05)
            #expect(Self.shows(end, Self.blue, at: 100, 100))
            #expect(box.superview == nil && replacement.superview === root && root.subviews.count == 1)
            // Show/hide: both stay in the hierarchy; one is hidden, the other shown.
            box.isHidden = true
            root.addSubview(box)
            View.transition(from: replacement, to: box, duration: 0.5, options: [.transitionCrossDissolve, .showHideTransitionViews])
            let shown = try stage.advance(to: start + 2)
            #expect(replacement.isHidden && !box.isHidden && replacement.superview === root && box.superview === root)
            #expect(Self.shows(shown, Self.red, at: 100, 100))
        }
    }
}
