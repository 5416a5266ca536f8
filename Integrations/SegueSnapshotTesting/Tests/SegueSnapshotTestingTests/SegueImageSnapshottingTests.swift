import Segue
import SegueSnapshotTesting
import SegueTesting
import SnapshotTesting
import XCTest

/// A gl-transition's middle frame as a swift-snapshot-testing reference, and the strategy's
/// comparison against pictures that differ by known amounts.
final class SegueImageSnapshottingTests: XCTestCase {
    func testWipeLeftHalfWayMatchesItsReference() throws {
        let picture = try MainActor.assumeIsolated {  // XCTest runs tests on the main thread
            let from = try SampleImages.from(width: 64, height: 36), to = try SampleImages.to(width: 64, height: 36)
            return try TransitionRenderer(named: "wipeleft", width: 64, height: 36).frames(from: from, to: to, at: [0.5])[0]
        }
        assertSnapshot(of: picture, as: .segueImage)
    }

    /// The diffing passes within the tolerance, fails beyond it with the numbers and a picture,
    /// and round-trips PNG data.
    func testDiffingUsesSeguesTolerances() throws {
        let base = try RGBAImage(width: 4, height: 4, fill: SIMD4(100, 100, 100, 255))
        var near = base
        near.pixels[0] = 102
        var far = base
        far.pixels[0] = 200
        let diffing = Diffing<RGBAImage>.segueImage(tolerance: ImageTolerance(maxDifference: 2, meanDifference: 1))
        XCTAssertNil(diffing.diffV2(base, near))
        let failure = try XCTUnwrap(diffing.diffV2(base, far))
        XCTAssertTrue(failure.0.contains("max difference 100"), failure.0)
        XCTAssertEqual(failure.1.count, 1)
        XCTAssertEqual(diffing.fromData(diffing.toData(far)), far)
        XCTAssertEqual(diffing.fromData(Data("not a png".utf8)).width, 1, "a broken reference is a 1x1 picture, not a crash")
    }
}
