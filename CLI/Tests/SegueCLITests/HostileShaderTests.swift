import Foundation
import SegueImage
import Testing
import SegueTesting

/// Shaders built to cost the preprocessor or the driver's compiler minutes and gigabytes: both
/// `segue validate` and `segue render` must refuse them with the file's line, in under 5 s of CPU
/// and under 1 GB (figures from the child's own rusage, see `MeasuredRun`).
@Suite("segue validate and render with hostile shaders (runs the built executable)", .tags(.gl))
struct HostileShaderTests {
    /// `A(A(…A(progress)…))`: 5,000 levels cost 4 GB before the fix, 10,000 crashed in Mesa.
    static func nestedMacro(_ depth: Int) -> String {
        let call = String(repeating: "A(", count: depth) + "progress" + String(repeating: ")", count: depth)
        return "#define A(x) x\nvec4 transition(vec2 uv) {\n  float p = \(call);\n"
            + "  return mix(getFromColor(uv), getToColor(uv), p);\n}\n"
    }

    @Test(arguments: [5_000, 10_000, 20_000])
    func nestedMacroCallsAreRefusedCheaply(depth: Int) throws {
        try expectRefusedCheaply(Self.nestedMacro(depth), message: "hostile.glsl:3: the macro `A` expands to more than 200000 tokens")
    }

    /// The array shape: llvmpipe compiled it for minutes at more than 10 GB (10,000
    /// elements: 13 s), in both commands, and through a `#define`d size.
    @Test(arguments: [("", "1000000"), ("#define N 1000000\n", "N")])
    func largeArraysAreRefusedCheaply(define: String, size: String) throws {
        let text = define + "vec4 transition(vec2 uv) {\n  float a[\(size)];\n  for (int i = 0; i < \(size); i++) a[i] = uv.x * float(i);\n"
            + "  return mix(getFromColor(uv), getToColor(uv), progress) + vec4(a[int(uv.y * 100.0)] * 0.0);\n}\n"
        let line = define.isEmpty ? 2 : 3
        try expectRefusedCheaply(text, message: "hostile.glsl:\(line): the transition's arrays would hold 1000000 values")
    }

    /// Within the static limits (512 array values) yet compiled by llvmpipe for minutes: 16 calls
    /// of a function filling a 32-float array (8 calls of a 64-float one take 0.7 s). The compile
    /// runs first in a child under a CPU budget, here lowered to 1 s so that any machine's
    /// llvmpipe overruns it; Mesa's shader cache is off so no earlier compile can answer.
    @Test func aCompileOverItsCPUBudgetIsRefused() throws {
        let calls = (1...16).map { "f(uv.x * \($0).37)" }.joined(separator: " + ")
        let text = "float f(float x) {\n  float a[32];\n  for (int i = 0; i < 32; i++) a[i] = float(i) * x;\n"
            + "  return a[int(fract(x) * 31.0)];\n}\nvec4 transition(vec2 uv) {\n  float s = \(calls);\n"
            + "  return mix(getFromColor(uv), getToColor(uv), progress) + vec4(s * 0.000001);\n}\n"
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(text.utf8).write(to: dir.appendingPathComponent("slow.glsl"))
        try PNGCodec.write(try SampleImages.from(width: 32, height: 32), to: dir.appendingPathComponent("a.png").path)
        try PNGCodec.write(try SampleImages.to(width: 32, height: 32), to: dir.appendingPathComponent("b.png").path)
        // The wall-clock limit (3 x 1 + 10 s by default) only bounds a broken run here: on a loaded
        // machine a child can take longer than 13 s to use its one CPU second, and is then refused
        // for the wall clock instead (seen at load 20 beside the lifetime tests' probes).
        let environment = ["SEGUE_COMPILE_CPU_SECONDS": "1", "MESA_SHADER_CACHE_DISABLE": "true", "SEGUE_COMPILE_WALL_SECONDS": "600"]
        let message = "slow.glsl: compiling this transition took more than 1 s of CPU, the compile budget"
        let validate = try CommandRunner.run("segue", ["validate", "slow.glsl"], in: dir, environment: environment)
        #expect(validate.status == 1 && validate.stderr.contains(message), "\(validate.stderr)")
        let render = try CommandRunner.run("segue", [
            "render", "--from", "a.png", "--to", "b.png", "--effect", "slow.glsl", "--frames", "2", "--size", "32x32", "--out", "frames",
        ], in: dir, environment: environment)
        #expect(render.status == 1 && render.stderr.contains(message), "\(render.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("frames").path))
    }

    /// Runs `validate` and `render` on `text` saved as hostile.glsl.
    func expectRefusedCheaply(_ text: String, message: String) throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        func path(_ name: String) -> String { dir.appendingPathComponent(name).path }
        try Data(text.utf8).write(to: dir.appendingPathComponent("hostile.glsl"))
        try PNGCodec.write(try SampleImages.from(width: 32, height: 32), to: path("a.png"))
        try PNGCodec.write(try SampleImages.to(width: 32, height: 32), to: path("b.png"))
        let segue = CommandRunner.productsDirectory.appendingPathComponent("segue").path
        let runs = [
            try MeasuredRun.run(segue, ["validate", path("hostile.glsl")], stderrIn: dir),
            try MeasuredRun.run(segue, [
                "render", "--from", path("a.png"), "--to", path("b.png"), "--effect", path("hostile.glsl"),
                "--frames", "2", "--size", "32x32", "--out", path("frames"),
            ], stderrIn: dir),
        ]
        for run in runs {
            #expect(run.status == 1, "stderr: \(run.stderr)")
            #expect(run.stderr.contains(message), "stderr: \(run.stderr)")
            // Not a speed test: the unbounded shapes ran for minutes, the refusal takes well
            // under a second; CPU time is the child's own, unaffected by a loaded machine.
            #expect(run.cpuSeconds < 5, "\(run.cpuSeconds) s of CPU")
            // The child's figure is never below the runner's own peak at the spawn (see
            // `MeasuredRun`); only a runner already past 1 GB can hide the child's.
            #expect(run.peakResidentMegabytes < max(1024, run.runnerPeakMegabytes + 1),
                "peak RSS \(run.peakResidentMegabytes) MB, runner's \(run.runnerPeakMegabytes) MB")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["a.png", "b.png", "hostile.glsl"])
    }
}
