import Foundation
import SegueEffects
import SegueImage
import SegueTesting
import Testing

/// A handful of built-in gl-transitions at progress 0, .25, .5, .75 and 1, against goldens
/// recorded on Mesa llvmpipe (`SEGUE_RECORD_GOLDENS=1` re-records them and fails the run),
/// rendered through the test kit as a user's test would.
@Suite("gl-transitions goldens (headless GL)", .tags(.gl))
@MainActor
struct GLTransitionGoldenTests {
    static let store = GoldenStore(besideFile: #filePath)
    /// One of each family: a soft wipe, a shape, a cell pattern, an angle, slices, dots.
    nonisolated static let names = ["smoothleft", "circleopen", "pixelize", "radial", "hlslice", "halftone"]
    static let (width, height) = (96, 64)

    @Test(arguments: names)
    func matchesItsGoldens(name: String) throws {
        let from = try SampleImages.from(width: Self.width, height: Self.height)
        let to = try SampleImages.to(width: Self.width, height: Self.height)
        let pictures = try TransitionSnapshots.transition(named: name, from: from, to: to, width: Self.width, height: Self.height)
        // The goldens come from this driver, so equal output is expected; 2 levels allow for
        // another Mesa's rounding of linear filtering (fixed-point weights), and the mean for a
        // few pixels on a hard edge (a circle, a slice) landing on the other side.
        Self.store.check(pictures, named: name, tolerance: ImageTolerance(maxDifference: 2, meanDifference: 0.05))
        // The ends are the pictures themselves, whatever the transition (a reference independent of the goldens).
        #expect(RGBAImage.maxDifference(pictures[0], from) <= 1)
        #expect(RGBAImage.maxDifference(pictures[4], to) <= 1)
    }

    @Test func noGoldenIsLeftOver() {
        Self.store.checkNoOrphans(expected: Self.names.flatMap { GoldenStore.names($0, count: 5) })
    }
}
