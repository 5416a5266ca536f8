import Testing
import SegueTesting
import SegueGLSL

/// Arrays and constant loops are bounded before the driver compiles a user's file: llvmpipe
/// built a `float a[10000]` filled in a loop for 13 s, and `float a[1000000]` for minutes at
/// more than 10 GB (GL-free: parsing only).
@Suite("gl-transition compile budget: arrays and constant loops", .tags(.pure))
struct GLTransitionCompileBudgetTests {
    /// `declarations` at the top of the file, `body` inside `transition` before its return.
    static func file(_ declarations: String = "", body: String) -> String {
        declarations + "\nvec4 transition(vec2 uv) {\n" + body + "\n  return mix(getFromColor(uv), getToColor(uv), progress);\n}\n"
    }

    static func refusal(_ text: String) -> GLTransitionError? {
        do {
            _ = try GLTransitionSource.parse(text, name: "t")
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        // The shape, and sizes spelled every way a constant can be.
        ("", "  float a[1000000];\n  for (int i = 0; i < 1000000; i++) a[i] = uv.x;", 3, 1_000_000),
        ("#define N 1000000", "  float a[N];", 3, 1_000_000),
        ("#define N 1000\n#define SIZE (N * N)", "  float a[SIZE];", 4, 1_000_000),
        ("const int N = 1000;", "  const int M = N * 2;\n  vec4 a[M];", 4, 8_000),
        ("", "  float a[100][100];", 3, 10_000),
        ("", "  float[100] a[100];", 3, 10_000),
        ("", "  mat4 a[0x100];", 3, 4_096),
        ("", "  float a[] = float[2000](0.0);", 3, 2_000),
        ("float b[600];", "  float a[600];", 3, 1_200),
        ("struct S { vec4 v[16]; float x; };", "  S s[100];", 3, 6_500),
        ("struct S { vec4 v[16]; } s[100];", "", 1, 6_400),
        ("#define DECLARE float a[5000]", "  DECLARE;", 3, 5_000),
    ])
    func largeArraysAreRefused(declarations: String, body: String, line: Int, values: Int) {
        let error = Self.refusal(Self.file(declarations, body: body))
        #expect(error == .arraysTooLarge(file: "t", line: line, values: values, limit: 1024), "\(String(describing: error))")
    }

    /// Each call of a function inlines a copy of its arrays: 16 calls of a 1,024-float function
    /// compiled for 98 s.
    @Test func callsCountACopyOfTheCalleesArraysEach() {
        let helper = "float f(float x) {\n  float a[100];\n  for (int i = 0; i < 100; i++) a[i] = x;\n  return a[int(x)];\n}\n"
            + "float g(float x) { return f(x) + f(x * 2.0); }"
        let calls = (0..<6).map { "  s += g(uv.x * \($0).0);" }.joined(separator: "\n")
        let error = Self.refusal(Self.file(helper, body: "  float s = 0.0;\n" + calls))
        #expect(error == .arraysTooLarge(file: "t", line: 14, values: 1_200, limit: 1024), "\(String(describing: error))")
        // Five calls (1,000 values) pass.
        #expect(Self.refusal(Self.file(helper, body: "  float s = 0.0;\n" + calls.split(separator: "\n").prefix(5).joined(separator: "\n"))) == nil)
    }

    /// Overloads share a name: the costly one counts, whichever is defined last.
    @Test func everyOverloadOfACalledFunctionCounts() {
        let helpers = "float f(float x) {\n  float a[800];\n  a[int(x)] = x;\n  return a[0];\n}\nfloat f(vec2 x) { return x.x; }"
        let error = Self.refusal(Self.file(helpers, body: "  float s = f(uv) + f(uv.x) + f(uv.y);"))
        #expect(error == .arraysTooLarge(file: "t", line: 8, values: 2_400, limit: 1024), "\(String(describing: error))")
    }

    @Test func arraySizesThatAreNotConstantsAreRefused() {
        let error = Self.refusal(Self.file(body: "  float a[int(1e6)];"))
        #expect(error == .arraySizeNotConstant(file: "t", line: 3, size: "int ( 1e6 )"), "\(String(describing: error))")
    }

    @Test(arguments: [
        ("  for (int i = 0; i < 100000; i++) { }", 3, 100_000),
        ("  for (float t = 0.0; t <= 100.0; t += 0.01) { }", 3, 10_001),
        ("  for (int i = 0; i < 64; i++)\n    for (int j = 64; j > 0; j--) { }", 4, 4_096 + 0),
        ("  for (int i = 0; i < 100; ++i) {\n    for (int j = 0; j < 100; j += 1) { }\n  }", 4, 10_000),
    ])
    func longConstantLoopsAreRefused(body: String, line: Int, iterations: Int) {
        let error = Self.refusal(Self.file(body: body))
        if iterations <= 4096 {
            #expect(error == nil, "\(String(describing: error))")
        } else {
            #expect(error == .loopsTooLong(file: "t", line: line, iterations: iterations, limit: 4096), "\(String(describing: error))")
        }
    }

    /// A loop around a call multiplies the loops inside the callee.
    @Test func loopsMultiplyThroughCalls() {
        let helper = "float f(float x) {\n  float s = 0.0;\n  for (int i = 0; i < 100; i++) s += x;\n  return s;\n}"
        let error = Self.refusal(Self.file(helper, body: "  float s = 0.0;\n  for (int k = 0; k < 50; k++) s += f(uv.x);"))
        #expect(error == .loopsTooLong(file: "t", line: 8, iterations: 5_000, limit: 4096), "\(String(describing: error))")
    }

    /// 20,000 braceless loops in a chain: finding where each one's body ends scans the rest of
    /// the chain, which a step budget cuts short instead of taking minutes.
    @Test func pathologicalNestingIsRefusedQuickly() {
        let chain = String(repeating: "for (int i = 0; i < 2; i++) ", count: 20_000)
        let error = Self.refusal(Self.file(body: "  float s = 0.0;\n  " + chain + "s += 1.0;"))
        #expect(error == .tooComplexToCheck(file: "t", tokens: 20_000 * 15 + 34), "\(String(describing: error))")
    }

    /// Shapes real transitions use: small constant arrays, loops over uniforms (not constant:
    /// not unrolled), a 40-step zoom blur, indexing with computed values.
    @Test func ordinaryArraysAndLoopsPass() throws {
        let text = Self.file(
            "uniform int steps; // = 10\nconst vec2 offsets[4] = vec2[4](vec2(0.0), vec2(1.0), vec2(0.5), vec2(0.25));\n#define TAPS 40",
            body: """
                  float s = 0.0;
                  for (int i = 0; i < steps; i++) s += float(i);
                  for (float t = 0.0; t <= float(TAPS); t++) s += t;
                  for (int i = 0; i < 4; i++) for (int j = 0; j < 16; j++) s += offsets[i].x * float(j);
                  float weights[9];
                  weights[int(uv.x * 8.0)] = s;
                """)
        #expect(Self.refusal(text) == nil, "\(String(describing: Self.refusal(text)))")
    }
}
