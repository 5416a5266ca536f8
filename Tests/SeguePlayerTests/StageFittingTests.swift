import SeguePlayer
import SegueUIKit
import SegueTesting
import Testing

/// Where `PlayerWindow` puts a show's stage: letterboxed, centred, on whole pixels (it moved
/// here with the player from the CLI's window loop).
@Suite("Player stage fitting", .tags(.pure))
struct StageFittingTests {
    @Test func aStageOfTheWindowsSizeFillsIt() {
        #expect(StageFitting.aspectFit(width: 960, height: 540, in: (960, 540)) == Rect(x: 0, y: 0, width: 960, height: 540))
    }

    @Test func aWiderWindowGetsBarsLeftAndRight() {
        // 960x540 in 1280x540: the height limits, 320 px of bars split evenly.
        #expect(StageFitting.aspectFit(width: 960, height: 540, in: (1280, 540)) == Rect(x: 160, y: 0, width: 960, height: 540))
    }

    @Test func aTallerWindowGetsBarsAboveAndBelowOnWholePixels() {
        // 960x540 in 1280x800 (fullscreen on an 800-line screen): scale 4/3, 720 lines, 40 above.
        #expect(StageFitting.aspectFit(width: 960, height: 540, in: (1280, 800)) == Rect(x: 0, y: 40, width: 1280, height: 720))
        // An odd remainder rounds the origin down: 101 lines of bars, 50 above.
        let fit = StageFitting.aspectFit(width: 200, height: 100, in: (200, 201))
        #expect(fit == Rect(x: 0, y: 50, width: 200, height: 100))
    }

    @Test func aSmallerWindowScalesTheStageDown() {
        #expect(StageFitting.aspectFit(width: 400, height: 200, in: (200, 200)) == Rect(x: 0, y: 50, width: 200, height: 100))
    }
}
