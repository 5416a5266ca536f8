import Testing
import SegueTesting
import SegueGLSL

/// Macro calls nested in their own arguments (`A(A(…A(progress)…))`): the argument of each call
/// is expanded before substitution, so every level once copied the rest of the file uncounted
/// and recursed without a depth check (4 GB at 5,000 levels, a crash at 10,000).
@Suite("gl-transition macros nested in their arguments", .tags(.pure))
struct GLTransitionMacroNestingTests {
    /// `#define A(x) x` and one use nested `depth` deep on line 3.
    static func nested(_ depth: Int) -> String {
        let call = String(repeating: "A(", count: depth) + "progress" + String(repeating: ")", count: depth)
        return "#define A(x) x\nvec4 transition(vec2 uv) {\n  float p = \(call);\n"
            + "  return mix(getFromColor(uv), getToColor(uv), p);\n}\n"
    }

    /// Each level copies the ~3 × depth tokens of its argument: the token budget trips within a
    /// few dozen levels, long before the depth limit.
    @Test(arguments: [5_000, 10_000, 20_000])
    func deepNestingIsRefusedByTheTokenBudget(depth: Int) {
        #expect(throws: GLTransitionError.macroExpansionTooLarge(file: "t", line: 3, macro: "A", limit: 200_000)) {
            try GLTransitionSource.parse(Self.nested(depth), name: "t")
        }
    }

    /// 300 levels copy only ~120,000 tokens before level 201: there the depth limit trips.
    @Test func nestingPastTheDepthLimitIsRefused() {
        #expect(throws: GLTransitionError.macroNestingTooDeep(file: "t", line: 3, macro: "A", limit: 200)) {
            try GLTransitionSource.parse(Self.nested(300), name: "t")
        }
    }

    @Test func shallowNestingPasses() throws {
        _ = try GLTransitionSource.parse(Self.nested(50), name: "t")
        // An object-like macro in a function-like one's argument, as real files write them.
        let text = "#define SQ(a) ((a) * (a))\n#define HALF 0.5\nvec4 transition(vec2 uv) {\n"
            + "  float p = SQ(SQ(SQ(HALF)));\n  return mix(getFromColor(uv), getToColor(uv), progress + 0.0 * p);\n}\n"
        _ = try GLTransitionSource.parse(text, name: "t")
    }
}
