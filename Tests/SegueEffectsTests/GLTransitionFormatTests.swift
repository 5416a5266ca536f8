import Foundation
import SegueEffects
import Testing
import SegueTesting
import SegueGLSL

/// The default forms, annotations and hostile inputs of the gl-transitions format that the
/// community's files use (GL-free: parsing only).
@Suite("gl-transition format: default forms, ranges, hostile files", .tags(.pure))
struct GLTransitionFormatTests {
    static let body = "vec4 transition(vec2 uv) {\n  return mix(getFromColor(uv), getToColor(uv), progress);\n}\n"

    static func parameters(_ declarations: String) throws -> [String: GLTransitionValue] {
        let source = try GLTransitionSource.parse(declarations + "\n" + body, name: "t")
        return Dictionary(uniqueKeysWithValues: source.parameters.map { ($0.name, $0.defaultValue) })
    }

    @Test(arguments: [
        ("uniform float x; // = 0.4 ; // note", GLTransitionValue.floats([0.4])),
        ("uniform float x; // = 0.3; // note", .floats([0.3])),
        ("uniform float x; // = 0.3 // note; with = and ; inside", .floats([0.3])),
        ("uniform vec2 x; // = vec2(0.5, 1.0); // centre", .floats([0.5, 1])),
        ("uniform bool x; // = 1", .bools([true])),
        ("uniform bool x; // = 0", .bools([false])),
        ("uniform bool x; // = 1; // on", .bools([true])),
        ("uniform bvec2 x; // = 1, 0", .bools([true, false])),
        ("uniform bool x; /* = 1 */", .bools([true])),
    ])
    func commentsAfterTheDefaultAndNumericBools(declaration: String, value: GLTransitionValue) throws {
        #expect(try Self.parameters(declaration)["x"] == value)
    }

    @Test func eachNameMayCarryItsOwnBlockDefault() throws {
        let values = try Self.parameters("""
            uniform vec2 d /*= vec2(1.0, 1.0)*/, e /* = vec2(2.) */;
            uniform vec2 a /* = vec2(0.5) */, b; // = vec2(1.0)
            uniform vec2 f, g; // = vec2(1.0, 2.0); // both at once
            """)
        #expect(values["d"] == .floats([1, 1]) && values["e"] == .floats([2, 2]))
        #expect(values["a"] == .floats([0.5, 0.5]) && values["b"] == .floats([1, 1]))
        #expect(values["f"] == .floats([1, 2]) && values["g"] == .floats([1, 2]))
    }

    @Test func rangeAnnotationsRefuseValuesOutsideThem() throws {
        let source = try GLTransitionSource.parse(
            "// @range(1, 100) smallest cell count\nuniform ivec2 cells; // = ivec2(20)\n// @range(0, 1, 0.1)\nuniform float amount; // = 0.5\n" + Self.body,
            name: "t")
        #expect(source.parameters.map(\.range) == [1...100, 0...1])
        #expect(try source.value(for: "cells", from: "5,100") == .ints([5, 100]))
        #expect(throws: GLTransitionError.outOfRange(file: "t", parameter: "cells", value: "ivec2(0, 0)", min: 1, max: 100)) {
            try source.value(for: "cells", from: "0,0")
        }
        #expect(throws: GLTransitionError.outOfRange(file: "t", parameter: "amount", value: "1.5", min: 0, max: 1)) {
            try source.value(for: "amount", from: "1.5")
        }
        let error = GLTransitionError.outOfRange(file: "t", parameter: "cells", value: "ivec2(0, 0)", min: 1, max: 100)
        #expect(error.description == "t: the value of parameter `cells` is ivec2(0, 0), outside its range 1...100.")
        #expect(throws: GLTransitionError.self) {
            try GLTransitionSource.parse("// @range(5, 1)\nuniform float a; // = 1.0\n" + Self.body, name: "t")
        }
    }

    @Test func builtInPixelizeRefusesEmptyCells() throws {
        let entry = try #require(GLTransitionLibrary.entry(named: "pixelize"))
        let source = try GLTransitionSource.parse(entry.source, name: "pixelize")
        #expect(throws: GLTransitionError.self) { try source.value(for: "squaresMin", from: "0,0") }
        #expect(throws: GLTransitionError.self) { try source.value(for: "steps", from: "-1") }
        #expect(try source.value(for: "squaresMin", from: "1,1") == .ints([1, 1]))
    }

    /// The colour fades' phase must leave time for both halves: 0 or 1 is refused, not clamped.
    @Test(arguments: ["fadecolor", "fadegrays", "fadeblack"])
    func builtInColorFadesRefuseAPhaseOutsideTheTransition(name: String) throws {
        let entry = try #require(GLTransitionLibrary.entry(named: name))
        let source = try GLTransitionSource.parse(entry.source, name: name)
        for bad in ["0", "1", "1.5", "-0.2"] {
            #expect(throws: GLTransitionError.self) { try source.value(for: "colorPhase", from: bad) }
        }
        #expect(try source.value(for: "colorPhase", from: "0.5") == .floats([0.5]))
    }

    @Test func byteOrderMarkIsDropped() throws {
        let source = try GLTransitionSource.parse("\u{FEFF}uniform float a; // = 0.5\n" + Self.body, name: "t")
        #expect(source.parameters.first?.defaultValue == .floats([0.5]))
        #expect(source.source.unicodeScalars.first == "u", "the compiled text carries no BOM")
    }

    @Test func unterminatedCommentIsReportedWhereItStarts() {
        #expect(throws: GLTransitionError.unterminatedComment(file: "t", line: 4)) {
            try GLTransitionSource.parse(Self.body + "/* the rest\nis never closed\n", name: "t")
        }
        #expect(throws: GLTransitionError.unterminatedComment(file: "t", line: 1)) {
            try GLTransitionSource.parse("/*", name: "t")
        }
    }

    @Test func unbalancedBracesAreReportedAtTheirLine() {
        #expect(throws: GLTransitionError.unbalancedBrace(file: "t", line: 1, opening: true)) {
            try GLTransitionSource.parse("vec4 transition(vec2 uv) {\n  if (progress > 0.5) {\n    return getToColor(uv);\n  }\n", name: "t")
        }
        #expect(throws: GLTransitionError.unbalancedBrace(file: "t", line: 4, opening: false)) {
            try GLTransitionSource.parse(Self.body + "}\n", name: "t")
        }
    }

    /// The file that hung Mesa's preprocessor for minutes at 7–8 GB: 2^40 tokens from 40 lines.
    static func doublingChain(functionLike: Bool, levels: Int) -> String {
        var lines = [functionLike ? "#define D0(a) a a" : "#define D0 x x"]
        for level in 1..<levels {
            lines.append(functionLike
                ? "#define D\(level)(a) D\(level - 1)(D\(level - 1)(a))"
                : "#define D\(level) D\(level - 1) D\(level - 1)")
        }
        let use = functionLike ? "D\(levels - 1)(x)" : "D\(levels - 1)"
        lines.append("vec4 transition(vec2 uv) {\n  float x = 1.0;\n  float y = \(use);\n  return getToColor(uv);\n}")
        return lines.joined(separator: "\n")
    }

    @Test(arguments: [false, true])
    func doublingDefinesFailFastWithATypedError(functionLike: Bool) {
        let text = Self.doublingChain(functionLike: functionLike, levels: 40)
        let started = Date()
        #expect(throws: GLTransitionError.macroExpansionTooLarge(file: "t", line: 43, macro: "D39", limit: 200_000)) {
            try GLTransitionSource.parse(text, name: "t")
        }
        // Not a timing test of speed, a guard against hanging: the budget stops it early.
        #expect(Date().timeIntervalSince(started) < 10)
    }

    /// The same chain used where the check once did not look: an `#if` / `#elif` expression (the
    /// driver expands those too), and a name made by `##` (`P(D3,9)` pastes `D39`).
    static func hiddenDoublingChain(_ use: String) -> String {
        var lines = ["#define D0 x x"]
        for level in 1..<40 { lines.append("#define D\(level) D\(level - 1) D\(level - 1)") }
        lines.append(use)
        lines.append("vec4 transition(vec2 uv) {\n  return getToColor(uv);\n}")
        return lines.joined(separator: "\n")
    }

    @Test(arguments: [
        ("#if D39\n#endif", GLTransitionError.macroExpansionTooLarge(file: "t", line: 41, macro: "D39", limit: 200_000)),
        ("#if 0\n#elif defined(D1) && D39 > 0\n#endif", .macroExpansionTooLarge(file: "t", line: 42, macro: "D39", limit: 200_000)),
        ("#define P(a, b) a##b\nfloat y = P(D3, 9);", .tokenPasting(file: "t", line: 41)),
    ])
    func doublingDefinesInConditionsOrPastedFailFast(use: String, error: GLTransitionError) {
        let started = Date()
        #expect(throws: error) { try GLTransitionSource.parse(Self.hiddenDoublingChain(use), name: "t") }
        // A guard against hanging, as above.
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test func longChainsOfMacrosAreRefusedBeforeTheyExhaustTheStack() {
        var lines = ["#define M0 x"]
        for level in 1..<50_000 { lines.append("#define M\(level) M\(level - 1)") }
        lines.append("vec4 transition(vec2 uv) {\n  float x = 1.0;\n  float y = M49999;\n  return getToColor(uv);\n}")
        #expect(throws: GLTransitionError.macroNestingTooDeep(file: "t", line: 50_003, macro: "M49999", limit: 200)) {
            try GLTransitionSource.parse(lines.joined(separator: "\n"), name: "t")
        }
    }

    @Test func ordinaryMacrosPass() throws {
        let text = """
            #define PI 3.14159265
            #define SQ(a) ((a) * (a))
            #define TWICE(a) SQ(a) + SQ(a)
            #define D1 x x
            #define D2 D1 D1
            vec4 transition(vec2 uv) {
              float r = TWICE(uv.x) * PI;
              return mix(getFromColor(uv), getToColor(uv), progress + 0.0 * r);
            }
            """
        #expect(try GLTransitionSource.parse(text, name: "t").parameters.isEmpty)
        // `defined` tests a name without expanding it; `#ifdef` likewise.
        let tested = Self.hiddenDoublingChain("#if defined(D39) && defined D38\n#endif\n#ifdef D39\n#endif\n#if D2 == 0\n#endif")
        #expect(throws: Never.self) { try GLTransitionSource.parse(tested, name: "t") }
        // Unused macros are never expanded by the driver either.
        #expect(throws: Never.self) { try GLTransitionSource.parse(Self.doublingChain(functionLike: false, levels: 40).replacingOccurrences(of: "float y = D39;", with: ""), name: "t") }
    }
}
