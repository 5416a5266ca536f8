import SegueTesting
import Testing
import SegueGLSL

/// The source line of a parse error travels in the error value (`inSource`), not in a table
/// shared by the process: an error made by hand shows no line, and equals the parsed one.
@Suite("gl-transition errors carry their source line", .tags(.pure))
struct GLTransitionErrorExcerptTests {
    private static let text = """

          uniform float progress;
        vec4 transition(vec2 uv) { return getFromColor(uv); }
        """

    @Test func aParseErrorCarriesTheTrimmedLineItPointsAt() {
        #expect(throws: GLTransitionError.forbiddenName(file: "f", line: 2, name: "progress")) {
            try GLTransitionSource.parse(Self.text, name: "f")
        }
        do {
            _ = try GLTransitionSource.parse(Self.text, name: "f")
            Issue.record("expected an error")
        } catch {
            #expect(error.excerpt == "uniform float progress;")
            #expect(error.withoutExcerpt == .forbiddenName(file: "f", line: 2, name: "progress"))
            #expect(error.description.hasPrefix("f:2: `progress` must not be declared here"))
            #expect(error.description.hasSuffix("\n    uniform float progress;"))
        }
    }

    @Test func aHandMadeErrorShowsNoLineEvenAfterTheSameOneWasParsed() {
        _ = try? GLTransitionSource.parse(Self.text, name: "f")
        let made = GLTransitionError.forbiddenName(file: "f", line: 2, name: "progress")
        #expect(made.excerpt == nil)
        #expect(!made.description.contains("\n"), "nothing remembered from the parse: \(made.description)")
    }

    @Test func errorsWithoutALineCarryNoExcerpt() {
        #expect(throws: GLTransitionError.missingTransitionFunction(file: "g")) {
            try GLTransitionSource.parse("uniform float a; // = 1.0\n", name: "g")
        }
        do {
            _ = try GLTransitionSource.parse("uniform float a; // = 1.0\n", name: "g")
        } catch {
            #expect(error.excerpt == nil)
        }
    }
}
