import SegueEffects
import SegueTesting
import Testing
import SegueGLSL

/// What a listing says of each transition (`segue render --list`, the gallery's cards).
@Suite("Transition listing", .tags(.pure))
struct TransitionListingTests {
    /// Long lines break between words at the width; later lines are indented by two.
    @Test func wrappingBreaksBetweenWordsOnly() {
        let text = (1...40).map { "word\($0)" }.joined(separator: " ")
        let lines = TransitionListing.wrapped(text, width: 30)
        #expect(lines.count > 1 && lines.allSatisfy { $0.count <= 30 }, "\(lines)")
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("  word") })
        #expect(lines.map { $0.trimmingPrefix("  ") }.joined(separator: " ") == text)
        #expect(TransitionListing.wrapped("short") == ["short"])
    }

    /// A parameter's line gives its type and value, and the range it is checked against.
    @Test func parameterLinesNameTypeValueAndRange() throws {
        let source = try GLTransitionSource.parse("""
            uniform float amount; // = 0.5
            // @range(1, 4096)
            uniform ivec2 steps; // = ivec2(20)
            vec4 transition(vec2 uv) { return mix(getFromColor(uv), getToColor(uv), progress * amount + float(steps.x) * 0.0); }
            """, name: "test.glsl")
        let lines = TransitionListing.parameterLines(source)
        #expect(lines == ["amount: float = 0.5", "steps: ivec2 = ivec2(20, 20)  (range 1…4096)"], "\(lines)")
    }

    /// Every built-in is listed: a preset with its own values marked, a file with its label.
    @Test func everyBuiltInIsListedWithinOneHundredColumns() {
        let listing = TransitionListing.glTransitionsListing
        for entry in GLTransitionLibrary.entries {
            #expect(listing.contains("\n" + entry.name + "  ") || listing.hasPrefix(entry.name + "  "), "\(entry.name)")
        }
        #expect(listing.split(separator: "\n").allSatisfy { $0.count <= 100 })
        #expect(listing.contains("(set by wipeleft)"))
        #expect(TransitionListing.pixelDissolveListing.hasPrefix("pixel-dissolve  objc.io's GPUImage animator"))
    }

    /// The filter catalog lists each filter once, with its parameters indented.
    @Test func filterListingHasEveryFilter() {
        let names = FilterCatalog.entries.map(\.name)
        #expect(Set(names).count == names.count)
        for name in names { #expect(FilterCatalog.listing.contains("\n\(name)  ")) }
    }
}
