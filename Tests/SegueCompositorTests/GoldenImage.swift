import SegueTesting
import Testing

/// This target's goldens (`Goldens/` beside this file).
let GoldenImage = GoldenStore(besideFile: #filePath)

@Suite("SegueCompositor goldens folder", .tags(.pure))
struct CompositorGoldenFolderTests {
    /// Every golden a test of this target checks; any other file in the folder is left over.
    @Test func holdsOnlyGoldensATestChecks() {
        GoldenImage.checkNoOrphans(
            expected: ["corner-radius-clip", "nested-alpha"] + GoldenStore.names("rotate-y", count: 5)
                + GoldenStore.names("snapshot-shrink", count: 5))
    }
}
