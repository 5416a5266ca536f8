import Testing
import SegueTesting
import SegueGLSL

/// GLSL ends a line at a carriage return, a line feed or both together; files saved by old Mac
/// editors use lone CRs. Parsing and the lines errors name must count them as the driver does.
@Suite("gl-transition files with CR, LF and CR LF line endings", .tags(.pure))
struct GLTransitionLineEndingTests {
    static let lines = [
        "// a wipe",
        "uniform float smoothness; // = 0.25",
        "/* a block",
        "   comment */",
        "vec4 transition(vec2 uv) {",
        "  return mix(getFromColor(uv), getToColor(uv), step(uv.x, progress + smoothness));",
        "}",
    ]

    @Test(arguments: ["\r", "\r\n", "\n"])
    func everyLineEndingParses(ending: String) throws {
        let source = try GLTransitionSource.parse(Self.lines.joined(separator: ending), name: "t")
        #expect(source.parameters.map(\.name) == ["smoothness"])
        #expect(source.parameters.first?.line == 2)
        #expect(source.parameters.first?.defaultValue == .floats([0.25]))
    }

    /// The block comment spans lines 3–4, so the forbidden name sits on line 6 whatever the ending;
    /// the excerpt is that line alone.
    @Test(arguments: ["\r", "\r\n", "\n"])
    func errorsNameTheLineAndShowItAlone(ending: String) {
        var lines = Self.lines
        lines[5] = "  float gl_x = 1.0; return getToColor(uv);"
        let text = lines.joined(separator: ending)
        #expect(throws: GLTransitionError.forbiddenName(file: "t", line: 6, name: "gl_x")) {
            try GLTransitionSource.parse(text, name: "t")
        }
        do {
            _ = try GLTransitionSource.parse(text, name: "t")
        } catch {
            #expect(error.description.hasSuffix("\n    float gl_x = 1.0; return getToColor(uv);"), "\(error.description)")
        }
    }

    /// A lone CR ends a `//` comment and a preprocessor line too.
    @Test func aLoneCREndsCommentsAndDirectives() throws {
        let text = "#define AMOUNT 0.5\r// note\rvec4 transition(vec2 uv) {\r  return mix(getFromColor(uv), getToColor(uv), progress * AMOUNT);\r}\r"
        _ = try GLTransitionSource.parse(text, name: "t")
    }
}
