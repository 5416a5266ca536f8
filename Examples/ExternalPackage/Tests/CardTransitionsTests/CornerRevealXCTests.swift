import CardTransitions
import Segue
import SegueTesting
import XCTest

/// The same kit from XCTest: a failed check is an XCTest failure.
final class CornerRevealXCTests: XCTestCase {
    func testHalfWay() throws {
        try MainActor.assumeIsolated {  // XCTest runs tests on the main thread
            let (list, card) = CornerRevealTests.screens()
            let pictures = try TransitionSnapshots.presentation(
                of: card, from: list, animator: CornerRevealAnimator(), width: 80, height: 120, at: [0.5])
            CornerRevealTests.goldens.check(pictures[0], named: "corner-reveal-half-way")
        }
    }
}
