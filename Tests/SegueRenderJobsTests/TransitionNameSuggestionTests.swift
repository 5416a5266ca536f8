import SegueEffects
import SegueRenderJobs
import SegueTransitions
import Testing
import SegueTesting

/// Issue 18: "did you mean" for a mistyped transition name (`segue play`, `segue render`).
@Suite("Transition name suggestions", .tags(.pure))
struct TransitionNameSuggestionTests {
    @Test(arguments: [("pixelate", "pixellate"), ("pixel-disolve", "pixel-dissolve"), ("cubepop", "cube-pop"), ("wipe-left", "wipeleft")])
    @MainActor
    func aMistypedNameGetsTheNearestNames(typed: String, expected: String) {
        let known = TransitionRenderer.builtInNames
        let near = NameSuggestions.suggestions(for: typed, among: known)
        #expect(near.contains(expected), "\(typed): \(near)")
        #expect(near.count <= 3)
        #expect(NameSuggestions.suggestions(for: "zzzzzzzzzz", among: known).isEmpty)
        #expect(throws: UnknownTransitionError(name: typed, suggestions: near)) { try TransitionRenderer.checkName(typed) }
    }

    @Test @MainActor func builtInsAndShaderFilesPassTheCheck() throws {
        for name in TransitionRenderer.builtInNames + ["my own.glsl"] { try TransitionRenderer.checkName(name) }
        #expect(throws: UnknownTransitionError(name: "zzzzzzzzzz", suggestions: [])) { try TransitionRenderer.checkName("zzzzzzzzzz") }
    }

    @Test func editDistanceCountsSingleCharacterEdits() {
        #expect(NameSuggestions.editDistance("kitten", "sitting") == 3)
        #expect(NameSuggestions.editDistance("", "abc") == 3)
        #expect(NameSuggestions.editDistance("fade", "fade") == 0)
    }
}
