import Foundation
import SegueEffects
import SegueImage
import SegueRenderJobs
import SegueTesting
import Testing

/// The compile budget's child is the program itself (issue "release"): a user's package loads a
/// `.glsl` with plain `swift build` and `swift test`, with no `segue-compile-probe` built, on PATH
/// or named in SEGUE_COMPILE_PROBE, and the budget still refuses a file that busts it. A child
/// that exits 0 without the answer to its nonce (a program that is not a probe) approves nothing.
/// In `CompileBudgetTests`'s serialized suite, since these install budgets too.
extension CompileBudgetTests {
    /// An environment with no probe program to find: no SEGUE_COMPILE_PROBE, a PATH of nothing.
    static let scrubbed = ["PATH": "/nonexistent", "SEGUE_COMPILE_CPU_SECONDS": "2"]

    static let wipe = """
        uniform float softness; // = 0.1
        vec4 transition(vec2 uv) {
          return mix(getFromColor(uv), getToColor(uv), smoothstep(uv.x - softness, uv.x, progress * (1.0 + softness)));
        }
        """

    @Test func theDefaultProbeIsThisProgramItself() throws {
        let probe = try #require(ShaderCompileProbe.defaultProbe(environment: Self.scrubbed))
        #expect(probe.childExecutable.path == "/proc/self/exe" && probe.childArguments.isEmpty && probe.cpuSeconds == 2)
        // The test bundle started again compiles the file before its `main`, and answers.
        try probe.check(text: Self.wipe, name: "wipe.glsl")
        let error = #expect(throws: CompileBudgetError.self) {
            try probe.check(text: HostileShaders.exponentialInlining(levels: 20), name: "bomb.glsl")
        }
        #expect(error?.description.contains("the compile budget") == true, "\(String(describing: error))")
    }

    @Test @MainActor func aUsersFileRendersThroughTheLibraryWithNoProgramOfSegues() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("segue-self-probe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let wipe = dir.appendingPathComponent("wipe.glsl").path, bomb = dir.appendingPathComponent("bomb.glsl").path
        try Data(Self.wipe.utf8).write(to: URL(fileURLWithPath: wipe))
        try Data(HostileShaders.exponentialInlining(levels: 20).utf8).write(to: URL(fileURLWithPath: bomb))
        try #require(ShaderCompileProbe.defaultProbe(environment: Self.scrubbed)).install()
        defer { UserTransitionFile.install(nil) }
        let picture = try SampleImages.from(width: 16, height: 16)
        let frames = try TransitionRenderer(named: wipe, width: 16, height: 16).frames(from: picture, to: picture, count: 2)
        #expect(frames.count == 2)
        let refused = #expect(throws: TransitionRenderError.self) { try TransitionRenderer(named: bomb, width: 16, height: 16) }
        #expect(refused?.description.contains("the compile budget") == true, "\(String(describing: refused))")
    }

    @Test func theProductStillServesAProgramNamedInTheEnvironment() throws {
        // `swift test` builds the package's segue-compile-probe beside the bundle, as for a program
        // whose Segue is in a shared library; SEGUE_COMPILE_PROBE names it before this program.
        let product = try #require(ShaderCompileProbe.locateChildProgram(environment: ["PATH": ""]), "segue-compile-probe is built")
        let named = try #require(ShaderCompileProbe.defaultProbe(environment: ["SEGUE_COMPILE_PROBE": product.path]))
        #expect(named.childExecutable == product)
        try named.check(text: Self.wipe, name: "wipe.glsl")
    }

    @Test func aChildBlockedWithoutComputingIsStoppedAtTheWallClockLimitWithWhatItStarted() throws {
        // Issue hardening-3: the CPU limit never ends a child that sleeps, and a child's own child
        // (this `sleep`) holding the output used to keep the check waiting on it past a kill.
        var sleeper = ShaderCompileProbe(childExecutable: URL(fileURLWithPath: "/bin/sh"), childArguments: ["-c", "sleep 600 & wait", "sh"])
        sleeper.wallClockSeconds = 1
        #expect(throws: CompileBudgetError.wallClockExceeded(file: "wipe.glsl", seconds: 1)) {
            try sleeper.check(text: Self.wipe, name: "wipe.glsl")
        }
    }

    @Test func aChildThatDoesNotAnswerApprovesNothing() throws {
        // SEGUE_COMPILE_PROBE still names the child, before this program; /bin/true exits 0 mute.
        let named = try #require(ShaderCompileProbe.defaultProbe(environment: ["SEGUE_COMPILE_PROBE": "/bin/true"]))
        #expect(named.childExecutable.path == "/bin/true")
        #expect(throws: CompileBudgetError.childUnanswered(file: "wipe.glsl", program: "/bin/true")) {
            try named.check(text: Self.wipe, name: "wipe.glsl")
        }
        // One that echoes its environment (the nonce with it) and its input, then exits 0.
        let echo = ShaderCompileProbe(childExecutable: URL(fileURLWithPath: "/bin/sh"), childArguments: ["-c", "env; cat", "sh"])
        #expect(throws: CompileBudgetError.childUnanswered(file: "wipe.glsl", program: "/bin/sh")) {
            try echo.check(text: Self.wipe, name: "wipe.glsl")
        }
    }
}
