import Testing
import SegueTesting
import SegueGLSL

/// A transition body that uses nothing but the host's names.
private let body = """
    vec4 transition(vec2 uv) {
      return mix(getFromColor(uv), getToColor(uv), progress);
    }
    """

private func parse(_ text: String, name: String = "t") throws(GLTransitionError) -> GLTransitionSource {
    try GLTransitionSource.parse(text, name: name)
}

/// Parses `declaration` followed by a body.
private func parameters(_ declaration: String) throws -> [GLTransitionParameter] {
    try parse(declaration + "\n" + body).parameters
}

private func only(_ declaration: String) throws -> GLTransitionParameter {
    let all = try parameters(declaration)
    try #require(all.count == 1, "expected one parameter in \(declaration), got \(all)")
    return all[0]
}

@Suite("gl-transition parser", .tags(.pure))
struct GLTransitionParserTests {
    // MARK: Declarations

    @Test func basicFileKeepsNameSourceAndOrder() throws {
        let text = """
            // A wipe.
            uniform int steps; // = 50
            uniform vec2 center; // = vec2(0.5, 0.5)
            uniform bool flip; // = true

            vec4 transition(vec2 uv) {
              float s = float(steps);
              vec2 d = uv - center;
              return flip ? getToColor(d * s) : getFromColor(uv);
            }
            """
        let source = try parse(text, name: "wipe")
        #expect(source.name == "wipe")
        #expect(source.source == text)
        #expect(source.parameters == [
            GLTransitionParameter(name: "steps", type: .int, defaultValue: .ints([50]), line: 2),
            GLTransitionParameter(name: "center", type: .vec2, defaultValue: .floats([0.5, 0.5]), line: 3),
            GLTransitionParameter(name: "flip", type: .bool, defaultValue: .bools([true]), line: 4),
        ])
        #expect(source.unusedParameters.isEmpty)
    }

    @Test func severalNamesShareOneDefault() throws {
        let all = try parameters("uniform float a, b ,c; // = 0.2")
        #expect(all.map(\.name) == ["a", "b", "c"])
        #expect(all.allSatisfy { $0.type == .float && $0.defaultValue == .floats([0.2]) && $0.line == 1 })
    }

    @Test func blockCommentDefaults() throws {
        #expect(try only("uniform bool flag; /* = true */").defaultValue == .bools([true]))
        #expect(try only("uniform bool flag /* = true */;").defaultValue == .bools([true]))
        #expect(try only("uniform vec3 c; /*= vec3(1, 2, 3) */").defaultValue == .floats([1, 2, 3]))
        // A block default spanning lines reports its first line on error.
        #expect(throws: GLTransitionError.badDefault(file: "t", line: 2, parameter: "f", reason: "a float takes 1 value but 2 were given")) {
            try parse("\nuniform float f; /* = 1,\n 2 */\n" + body)
        }
    }

    @Test func noDefaultIsTheZeroValue() throws {
        let expected: [(String, GLTransitionValue)] = [
            ("float", .floats([0])), ("int", .ints([0])), ("bool", .bools([false])),
            ("vec2", .floats([0, 0])), ("vec3", .floats([0, 0, 0])), ("vec4", .floats([0, 0, 0, 0])),
            ("ivec2", .ints([0, 0])), ("ivec3", .ints([0, 0, 0])), ("ivec4", .ints([0, 0, 0, 0])),
            ("bvec2", .bools([false, false])), ("bvec3", .bools([false, false, false])),
            ("bvec4", .bools([false, false, false, false])),
            ("mat2", .floats(Array(repeating: 0, count: 4))), ("mat3", .floats(Array(repeating: 0, count: 9))),
            ("mat4", .floats(Array(repeating: 0, count: 16))), ("sampler2D", .texture("")),
        ]
        #expect(expected.count == GLTransitionValueType.allCases.count)
        for (type, zero) in expected {
            let parameter = try only("uniform \(type) p; // not a default: no equals sign")
            #expect(parameter.type.rawValue == type)
            #expect(parameter.defaultValue == zero, "zero value of \(type)")
        }
    }

    @Test func componentCounts() {
        let counts = Dictionary(uniqueKeysWithValues: GLTransitionValueType.allCases.map { ($0, $0.componentCount) })
        #expect(counts == [
            .float: 1, .int: 1, .bool: 1, .vec2: 2, .vec3: 3, .vec4: 4, .ivec2: 2, .ivec3: 3, .ivec4: 4,
            .bvec2: 2, .bvec3: 3, .bvec4: 4, .mat2: 4, .mat3: 9, .mat4: 16, .sampler2D: 0,
        ])
    }

    @Test func precisionQualifiersSpacingAndSeveralDeclarationsPerLine() throws {
        let all = try parameters("uniform  highp\tfloat   x ;\t// =   1.5\nuniform lowp int a; uniform mediump vec2 b; // = vec2(1.0, 2.0)")
        #expect(all == [
            GLTransitionParameter(name: "x", type: .float, defaultValue: .floats([1.5]), line: 1),
            // The trailing comment belongs to the declaration its `;` ends: `a` has none.
            GLTransitionParameter(name: "a", type: .int, defaultValue: .ints([0]), line: 2),
            GLTransitionParameter(name: "b", type: .vec2, defaultValue: .floats([1, 2]), line: 2),
        ])
        let split = try parameters("uniform float a; /* = 1.0 */ uniform float b; // = 2.0")
        #expect(split.map(\.defaultValue) == [.floats([1]), .floats([2])])
        // A default comment on the next line does not belong to the declaration.
        #expect(try only("uniform float a;\n// = 3.0").defaultValue == .floats([0]))
    }

    @Test func splatsAndScalarDefaults() throws {
        #expect(try only("uniform vec2 p; // = vec2(0.5)").defaultValue == .floats([0.5, 0.5]))
        #expect(try only("uniform vec3 p; // = 0.25").defaultValue == .floats([0.25, 0.25, 0.25]))
        #expect(try only("uniform vec4 p; // = 1").defaultValue == .floats([1, 1, 1, 1]))
        #expect(try only("uniform ivec3 p; // = ivec3(7)").defaultValue == .ints([7, 7, 7]))
        #expect(try only("uniform ivec2 p; // = ivec2(1, 2)").defaultValue == .ints([1, 2]))
        #expect(try only("uniform bvec2 p; // = bvec2(true, false)").defaultValue == .bools([true, false]))
        #expect(try only("uniform bvec3 p; // = true").defaultValue == .bools([true, true, true]))
        #expect(try only("uniform vec4 p; // = vec4(vec2(1, 2), 3, 4)").defaultValue == .floats([1, 2, 3, 4]))
        #expect(try only("uniform float p; // = float(2)").defaultValue == .floats([2]))
        #expect(try only("uniform vec2 p;// = vec2(1.0, -1.0)").defaultValue == .floats([1, -1]))
        #expect(try only("uniform vec4 p; // = vec4(0.,0.,0.,.6)").defaultValue == .floats([0, 0, 0, 0.6]))
        #expect(try only("uniform ivec2 p; // = ivec2(vec2(1.9, -2.5))").defaultValue == .ints([1, -2]))
    }

    @Test func matrixDefaults() throws {
        #expect(try only("uniform mat2 m; // = mat2(1.0)").defaultValue == .floats([1, 0, 0, 1]))
        #expect(try only("uniform mat3 m; // = mat3(2)").defaultValue == .floats([2, 0, 0, 0, 2, 0, 0, 0, 2]))
        #expect(try only("uniform mat2 m; // = mat2(1, 2, 3, 4)").defaultValue == .floats([1, 2, 3, 4]))
        #expect(try only("uniform mat2 m; // = 3").defaultValue == .floats([3, 0, 0, 3]))
        let identity4: [Float] = (0..<16).map { $0 % 5 == 0 ? 1 : 0 }
        #expect(try only("uniform mat4 m; // = mat4(1.)").defaultValue == .floats(identity4))
    }

    @Test func numberForms() throws {
        let cases: [(String, Float)] = [
            ("0.5", 0.5), ("1.", 1), (".5", 0.5), ("1e-3", 0.001), ("2.5E+2", 250), ("-0.25", -0.25), ("3", 3),
            ("1.5f", 1.5), ("+2.0", 2),
        ]
        for (text, value) in cases {
            #expect(try only("uniform float f; // = \(text)").defaultValue == .floats([value]), "\(text)")
        }
        #expect(try only("uniform int i; // = -12").defaultValue == .ints([-12]))
        #expect(try only("uniform int i; // = 0x1F").defaultValue == .ints([31]))
        #expect(try only("uniform bool b; // = false").defaultValue == .bools([false]))
        #expect(try only("uniform float f; // = 0.5;").defaultValue == .floats([0.5]))
    }

    @Test func sampler2DHasNoDefault() throws {
        let source = try parse("""
            uniform sampler2D displacementMap;
            vec4 transition(vec2 uv) {
              return mix(getFromColor(uv), getToColor(uv), texture2D(displacementMap, uv).r * progress);
            }
            """)
        #expect(source.parameters == [GLTransitionParameter(name: "displacementMap", type: .sampler2D, defaultValue: .texture(""), line: 1)])
        #expect(try source.value(for: "displacementMap", from: " maps/noise.png ") == .texture("maps/noise.png"))
        #expect(throws: GLTransitionError.wrongValue(file: "t", parameter: "displacementMap", expected: .sampler2D, reason: "a texture path is required")) {
            try source.value(for: "displacementMap", from: "  ")
        }
        #expect(throws: GLTransitionError.badDefault(
            file: "t", line: 1, parameter: "map",
            reason: "a sampler2D has no default; its texture is given when the transition is used"))
        {
            try parse("uniform sampler2D map; // = noise.png\n" + body)
        }
    }

    @Test func ignoresCommentsPreprocessorAndGlobals() throws {
        let text = """
            #ifdef GL_ES
            precision mediump float;
            #endif
            // uniform float commented;
            /* uniform float alsoCommented; // = 1 */
            const float PI = 3.14159;
            struct Ray { vec2 o; vec2 d; };
            float helper(float x) { return x * PI; }
            uniform float amount; // = 0.5
            vec4  transition ( in vec2 p )
            {
              return mix(getFromColor(p), getToColor(p), helper(amount) * progress * ratio);
            }
            """
        let source = try parse(text)
        #expect(source.parameters.map(\.name) == ["amount"])
        #expect(source.parameters[0].line == 9)
    }

    @Test func windowsLineEndings() throws {
        let text = "uniform float a; // = 0.5\r\nuniform bvec2 b; /*\r\n = bvec2(true, false)\r\n*/\r\n"
            + "vec4 transition(vec2 uv) {\r\n  return getFromColor(uv) * a * float(b.x) * progress;\r\n}\r\n"
        let source = try parse(text)
        #expect(source.parameters.map(\.defaultValue) == [.floats([0.5]), .bools([true, false])])
        #expect(source.parameters.map(\.line) == [1, 2])
        #expect(source.unusedParameters.isEmpty)
        do {
            _ = try parse("\r\nuniform float progress;\r\n" + body, name: "crlf")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasSuffix("\n    uniform float progress;"))
        }
    }

    // MARK: Errors

    @Test func missingTransitionFunction() {
        let wrong = [
            "vec4 main2(vec2 uv) { return getFromColor(uv); }",
            "vec4 transition(vec3 uv) { return getFromColor(uv.xy); }",
            "vec3 transition(vec2 uv) { return getFromColor(uv).rgb; }",
            "vec4 transition(vec2 uv);",  // a prototype only
            "// vec4 transition(vec2 uv) { }",
            "vec4 transition(vec2 uv, float x) { return getFromColor(uv); }",
        ]
        for text in wrong {
            #expect(throws: GLTransitionError.missingTransitionFunction(file: "bad"), "\(text)") {
                try parse(text, name: "bad")
            }
        }
    }

    @Test(arguments: [
        ("uniform float progress;", 2, "progress"),
        ("uniform highp float ratio; // = 1.0", 2, "ratio"),
        ("void main() { }", 2, "main"),
        ("float main;", 2, "main"),
        ("uniform float main;", 2, "main"),
        ("vec4 getFromColor(vec2 uv) { return vec4(uv, 0.0, 1.0); }", 2, "getFromColor"),
        ("\nvec4 getToColor(vec2 uv)\n{ return vec4(1.0); }", 3, "getToColor"),
        ("uniform float a, segue_b;", 2, "segue_b"),
        ("vec2 gl_thing = vec2(0.0);", 2, "gl_thing"),
        ("float segue_helper(float x) { return x; }", 2, "segue_helper"),
        ("float f(float x) {\n  float gl_local = x;\n  return gl_local;\n}", 3, "gl_local"),
        ("#define progress 0.5", 2, "progress"),
        ("float progress() { return 0.5; }", 2, "progress"),
    ])
    func forbiddenNames(declaration: String, line: Int, name: String) {
        #expect(throws: GLTransitionError.forbiddenName(file: "t", line: line, name: name)) {
            try parse("// header\n" + declaration + "\n" + body)
        }
    }

    @Test func prototypesAndUsesOfHostNamesAreFine() throws {
        let text = "vec4 getFromColor(vec2 uv);\nfloat f() { return gl_FragCoord.x * progress; }\n" + body
        #expect(try parse(text).parameters.isEmpty)
    }

    @Test(arguments: [
        ("uniform int steps; // = 0.5", "an int takes integers but got `0.5`"),
        ("uniform bool on; // = 2", "a bool takes true, false, 0 or 1 but got `2`"),
        ("uniform vec2 c; // = vec2(1, 2, 3)", "vec2(...) takes 2 components but 3 were given"),
        ("uniform vec3 c; // = vec2(0.5)", "expected a vec3 but got a vec2"),
        ("uniform vec2 c; // = 1, 2, 3", "a vec2 takes 2 values but 3 were given"),
        ("uniform float f; // = abc", "`abc` is not a value"),
        ("uniform float f; // = 0.5 radians", "unexpected `radians` after the value"),
        ("uniform float f; // =", "no value given"),
        ("uniform int i; // = 99999999999", "`99999999999` does not fit in an int"),
        ("uniform float f; // = 1e99", "`1e99` is out of range for a float"),
        ("uniform mat2 m; // = mat2(1, 2, 3)", "mat2(...) takes 4 components but 3 were given"),
        ("uniform vec2 c; // = vec2(1, 2", "`vec2(` is missing its `)`"),
        ("uniform float f; // = 1.2.3", "`1.2.3` is not a number"),
    ])
    func badDefaults(declaration: String, reason: String) {
        #expect(throws: GLTransitionError.badDefault(file: "t", line: 3, parameter: declaration.split(separator: " ")[2].trimmingCharacters(";"), reason: reason)) {
            try parse("\n\n" + declaration + "\n" + body)
        }
    }

    @Test func defaultGivenTwiceIsAnError() {
        #expect(throws: GLTransitionError.badDefault(file: "t", line: 1, parameter: "f", reason: "it is given more than once")) {
            try parse("uniform float f /* = 1.0 */; // = 2.0\n" + body)
        }
    }

    @Test(arguments: [
        ("uniform float weights[3];", "uniform float weights[3];"),
        ("uniform samplerCube sky;", "uniform samplerCube sky;"),
        ("uniform Ray ray;", "uniform Ray ray;"),
        ("uniform float x = 0.5;", "uniform float x = 0.5;"),
        ("uniform  float\tx\ny;", "uniform float x y;"),
        ("uniform float;", "uniform float;"),
        ("uniform Block { float x; };", "uniform Block {"),
        ("layout(location = 0) uniform float x;", "layout(location = 0) uniform float x;"),
    ])
    func unsupportedDeclarations(declaration: String, text: String) {
        #expect(throws: GLTransitionError.unsupportedDeclaration(file: "t", line: 2, text: text)) {
            try parse("\n" + declaration + "\n" + body)
        }
    }

    @Test func firstErrorInSourceOrderWins() {
        #expect(throws: GLTransitionError.unsupportedDeclaration(file: "t", line: 1, text: "uniform float a[2];")) {
            try parse("uniform float a[2];\nuniform float progress;\n")
        }
    }

    // MARK: Descriptions

    @Test func errorDescriptionsShowFileLineAndSource() throws {
        do {
            _ = try parse("uniform float x; // = 1\n\tuniform float progress; // = 0.0\n" + body, name: "fade")
            Issue.record("expected an error")
        } catch {
            #expect(error == .forbiddenName(file: "fade", line: 2, name: "progress"))
            #expect(error.description == """
                fade:2: `progress` must not be declared here, because the host supplies the `progress` uniform.
                    uniform float progress; // = 0.0
                """)
        }
        do {
            _ = try parse("uniform vec2 c; // = vec2(1, 2, 3)\n" + body, name: "fade")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasPrefix("fade:1: the default of parameter `c` is wrong: vec2(...) takes 2 components"))
            #expect(error.description.hasSuffix("\n    uniform vec2 c; // = vec2(1, 2, 3)"))
        }
        #expect(GLTransitionError.missingTransitionFunction(file: "fade").description
            == "fade: no `vec4 transition(vec2 uv)` function is defined; every gl-transition must define one.")
        #expect(GLTransitionError.unknownParameter(file: "fade", name: "speed", known: ["a", "b"]).description
            == "fade: there is no parameter named `speed`; its parameters are `a`, `b`.")
        #expect(GLTransitionError.wrongValue(file: "fade", parameter: "n", expected: .int, reason: "r").description
            == "fade: the value for parameter `n` (an int) is wrong: r.")
    }

    @Test func valueDescriptions() {
        #expect(GLTransitionValue.ints([50]).description == "50")
        #expect(GLTransitionValue.floats([0.5]).description == "0.5")
        #expect(GLTransitionValue.floats([1]).description == "1.0")
        #expect(GLTransitionValue.floats([0.5, 0.5]).description == "vec2(0.5, 0.5)")
        #expect(GLTransitionValue.ints([1, 2, 3]).description == "ivec3(1, 2, 3)")
        #expect(GLTransitionValue.bools([true]).description == "true")
        #expect(GLTransitionValue.bools([true, false]).description == "bvec2(true, false)")
        #expect(GLTransitionValue.floats([1, 0, 0, 0, 1, 0, 0, 0, 1]).description == "mat3(1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0)")
        #expect(GLTransitionValue.texture("a.png").description == "a.png")
    }

    // MARK: Values from the command line

    private static let everyType = """
        uniform int steps; // = 50
        uniform float amount; // = 0.5
        uniform bool flip;
        uniform vec2 center;
        uniform ivec2 grid;
        uniform bvec2 axes;
        uniform mat2 m;
        vec4 transition(vec2 uv) {
          return getFromColor(uv) * float(steps) * amount * (flip ? 1.0 : 0.0) * center.x * float(grid.x) * (axes.x ? 1.0 : 0.0) * m[0][0] * progress;
        }
        """

    @Test func goodValues() throws {
        let source = try parse(Self.everyType, name: "all")
        #expect(try source.value(for: "steps", from: "30") == .ints([30]))
        #expect(try source.value(for: "steps", from: " -4 ") == .ints([-4]))
        #expect(try source.value(for: "amount", from: "1") == .floats([1]))
        #expect(try source.value(for: "amount", from: ".75") == .floats([0.75]))
        #expect(try source.value(for: "flip", from: "true") == .bools([true]))
        #expect(try source.value(for: "center", from: "0.5,0.5") == .floats([0.5, 0.5]))
        #expect(try source.value(for: "center", from: "0.25, 0.75") == .floats([0.25, 0.75]))
        #expect(try source.value(for: "center", from: "vec2(0.5,0.5)") == .floats([0.5, 0.5]))
        #expect(try source.value(for: "center", from: "vec2(0.3)") == .floats([0.3, 0.3]))
        #expect(try source.value(for: "grid", from: "4,3") == .ints([4, 3]))
        #expect(try source.value(for: "grid", from: "ivec2(2)") == .ints([2, 2]))
        #expect(try source.value(for: "axes", from: "true,false") == .bools([true, false]))
        #expect(try source.value(for: "m", from: "1,2,3,4") == .floats([1, 2, 3, 4]))
        #expect(try source.value(for: "m", from: "mat2(2)") == .floats([2, 0, 0, 2]))
    }

    @Test(arguments: [
        ("steps", "0.5", "an int takes integers but got `0.5`"),
        ("steps", "3,4", "an int takes 1 value but 2 were given"),
        ("steps", "", "no value given"),
        ("amount", "fast", "`fast` is not a value"),
        ("flip", "yes", "`yes` is not a value"),
        ("flip", "0.5", "a bool takes true, false, 0 or 1 but got `0.5`"),
        ("center", "1,2,3", "a vec2 takes 2 values but 3 were given"),
        // One bare number filled the vector silently (issue 32 item 12); a constructor says so.
        ("center", "0.5", "a vec2 takes 2 values but 1 was given (write vec2(0.5) to give every component that value)"),
        ("m", "2", "a mat2 takes 4 values but 1 was given (write mat2(2) for that value on the diagonal)"),
        ("center", "vec3(1)", "expected a vec2 but got a vec3"),
        ("center", "vec2(1,2,3)", "vec2(...) takes 2 components but 3 were given"),
        ("center", "0.5 0.5", "unexpected `0.5` after the value"),
        ("center", "0.5,", "a value is missing at the end"),
        ("grid", "1.5,2", "an ivec2 takes integers but got `1.5`"),
        ("axes", "true,-1", "a bvec2 takes true, false, 0 or 1 but got `-1`"),
        ("m", "1,2,3", "a mat2 takes 4 values but 3 were given"),
    ])
    func badValues(parameter: String, text: String, reason: String) throws {
        let source = try parse(Self.everyType, name: "all")
        let type = try #require(source.parameters.first { $0.name == parameter }).type
        #expect(throws: GLTransitionError.wrongValue(file: "all", parameter: parameter, expected: type, reason: reason)) {
            try source.value(for: parameter, from: text)
        }
    }

    @Test func unknownParameterListsTheKnownOnes() throws {
        let source = try parse(Self.everyType, name: "all")
        #expect(throws: GLTransitionError.unknownParameter(
            file: "all", name: "speed", known: ["steps", "amount", "flip", "center", "grid", "axes", "m"]))
        {
            try source.value(for: "speed", from: "1")
        }
    }

    @Test func malformedInputIsRefusedWithoutCrashing() throws {
        let inputs = [
            "", "/*", "//", "#", "#define", "#define A \\", "uniform", "uniform float", "uniform float x",
            "vec4 transition(", "vec4 transition(vec2", "}}}{{{", "é ü ∑", "uniform float x; /* = 1",
            "uniform float f; // = -", "uniform vec2 v; // = vec2(", "uniform vec2 v; // = vec2()",
            "uniform float f; // = 1e+", "uniform float f; // = 0x", "uniform int i; // = 0xZZ", "uniform float f; // = (1)",
        ]
        for input in inputs {
            #expect(throws: GLTransitionError.self, "\(input)") { try parse(input) }
            _ = try? parse(input + "\n" + body)  // the forgiving scan may accept some: it must only not crash
        }
        let source = try parse("uniform vec3 v;\n" + body)
        for text in ["-", "1e", "vec3(", "vec3(1,", ",", "((", "é", "vec3(1) vec3(2)", "sin(1)", "vec3(sampler2D(1))"] {
            #expect(throws: GLTransitionError.self, "\(text)") { try source.value(for: "v", from: text) }
        }
        #expect(throws: GLTransitionError.wrongValue(file: "t", parameter: "v", expected: .vec3, reason: "a value is missing at the end")) {
            try source.value(for: "v", from: "1, -")
        }
    }

    // MARK: Unused parameters

    @Test func unusedParameters() throws {
        let text = """
            uniform float used; // = 1.0
            uniform float x; // only a swizzle below
            uniform float inComment;
            uniform vec2 viaMacro;
            uniform float never, alsoUsed;
            #define OFFSET viaMacro
            vec4 transition(vec2 uv) {
              // inComment
              vec2 p = uv.x * OFFSET + used * alsoUsed;
              return mix(getFromColor(p), getToColor(p), progress);
            }
            """
        #expect(try parse(text).unusedParameters == ["x", "inComment", "never"])
        #expect(try parse(Self.everyType).unusedParameters.isEmpty)
    }
}

extension Substring {
    fileprivate func trimmingCharacters(_ characters: String) -> String {
        String(self.filter { !characters.contains($0) })
    }
}
