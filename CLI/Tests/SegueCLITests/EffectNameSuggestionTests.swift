@testable import SegueCLI
import Testing
import SegueTesting

/// Issue 18: "did you mean" for a mistyped effect in `segue play` and `segue render`.
@Suite("Effect name suggestions", .tags(.pure))
struct EffectNameSuggestionTests {
    @Test(arguments: [("pixelate", "pixellate"), ("pixel-disolve", "pixel-dissolve"), ("cubepop", "cube-pop"), ("wipe-left", "wipeleft")])
    @MainActor
    func aMistypedEffectGetsTheNearestNames(typed: String, expected: String) {
        let known = EffectCatalog.allNames
        let near = EffectCatalog.suggestions(for: typed, among: known)
        #expect(near.contains(expected), "\(typed): \(near)")
        #expect(near.count <= 3)
        #expect(EffectCatalog.suggestions(for: "zzzzzzzzzz", among: known).isEmpty)
    }

    @Test func editDistanceCountsSingleCharacterEdits() {
        #expect(EffectCatalog.editDistance("kitten", "sitting") == 3)
        #expect(EffectCatalog.editDistance("", "abc") == 3)
        #expect(EffectCatalog.editDistance("fade", "fade") == 0)
    }
}
