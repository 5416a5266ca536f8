import CardTransitions
import Segue
import SegueTesting
import Testing

/// The animator and a built-in gl-transition against goldens recorded on Mesa llvmpipe
/// (`SEGUE_RECORD_GOLDENS=1 swift test` records them, and fails so it is never mistaken for a pass).
@Suite("Corner reveal (headless GL)")
@MainActor
struct CornerRevealTests {
    static let goldens = GoldenStore(besideFile: #filePath)
    static let (width, height) = (80, 120)

    /// Two screens the tests present between: a blue list and an orange card with a white badge.
    static func screens() -> (list: ViewController, card: ViewController) {
        let list = ViewController(name: "list")
        list.view.backgroundColor = Color(red: 0.1, green: 0.3, blue: 0.9)
        let card = ViewController(name: "card")
        card.view.backgroundColor = Color(red: 1, green: 0.55, blue: 0)
        let badge = View(frame: Rect(x: 10, y: 10, width: 30, height: 20), name: "badge")
        badge.backgroundColor = .white
        card.view.addSubview(badge)
        return (list, card)
    }

    @Test func presentationAtQuarters() throws {
        let (list, card) = Self.screens()
        let pictures = try TransitionSnapshots.presentation(
            of: card, from: list, animator: CornerRevealAnimator(), width: Self.width, height: Self.height)
        Self.goldens.check(pictures, named: "corner-reveal")
    }

    @Test func interactivePresentationFollowsThePercent() throws {
        let (list, card) = Self.screens()
        let pictures = try TransitionSnapshots.interactivePresentation(
            of: card, from: list, animator: CornerRevealAnimator(), width: Self.width, height: Self.height, percents: [0.3, 0.6])
        Self.goldens.check(pictures, named: "corner-reveal-interactive")
    }

    @Test func wipeLeftBetweenTwoPictures() throws {
        let from = try SampleImages.from(width: Self.width, height: Self.height)
        let to = try SampleImages.to(width: Self.width, height: Self.height)
        let pictures = try TransitionSnapshots.transition(named: "wipeleft", from: from, to: to, width: Self.width, height: Self.height)
        Self.goldens.check(pictures, named: "wipeleft")
    }

    @Test func noGoldenIsLeftOver() {
        Self.goldens.checkNoOrphans(
            expected: GoldenStore.names("corner-reveal", count: 5) + GoldenStore.names("corner-reveal-interactive", count: 2)
                + GoldenStore.names("wipeleft", count: 5) + ["corner-reveal-half-way"])
    }
}
