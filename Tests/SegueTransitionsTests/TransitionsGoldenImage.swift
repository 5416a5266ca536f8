import SegueTesting
import Testing

/// This target's goldens (`Goldens/` beside this file).
let TransitionsGoldenImage = GoldenStore(besideFile: #filePath)

@Suite("SegueTransitions goldens folder", .tags(.pure))
struct TransitionsGoldenFolderTests {
    /// Every golden a test of this target checks (five progress points each); any other file in
    /// the folder is left over.
    @Test func holdsOnlyGoldensATestChecks() {
        let transitions = [
            "cube-push", "diagonal-present", "dimming-present", "dropdown-present", "pixel-dissolve-present",
            "shrink-dismiss", "spring-present", "swipe-container", "zoom-push",
        ]
        TransitionsGoldenImage.checkNoOrphans(expected: transitions.flatMap { GoldenStore.names($0, count: 5) })
    }
}
