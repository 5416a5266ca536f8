import SegueTesting
import Testing

/// This target's goldens (`Goldens/` beside this file).
let GoldenImage = GoldenStore(besideFile: #filePath)

@Suite("SegueUIKit goldens folder", .tags(.pure))
struct SceneGoldenFolderTests {
    /// Every golden a test of this target checks; any other file in the folder is left over.
    @Test func holdsOnlyGoldensATestChecks() {
        GoldenImage.checkNoOrphans(
            expected: GoldenStore.names("page-curl-up", count: 3) + GoldenStore.names("page-curl-down", count: 3) + ["partial-curl"]
                + GoldenStore.names("shared-elements", count: 3))
    }
}
