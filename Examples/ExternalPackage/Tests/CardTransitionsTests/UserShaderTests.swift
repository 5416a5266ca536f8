import Foundation
import Segue
import SegueTesting
import Testing

/// The package's own `.glsl` through Segue's library with plain `swift test`: the compile budget
/// starts this test program again as its child, so there is nothing to build, put on PATH or name
/// in an environment variable first; and that budget still refuses a file that busts it.
@Suite("A user's .glsl under the compile budget")
@MainActor
struct UserShaderTests {
    @Test func theUsersFileRendersWithNothingToSetUp() throws {
        let glsl = try CatalogRegistrationTests.glslFile()
        defer { try? FileManager.default.removeItem(atPath: glsl) }
        let black = try RGBAImage(width: 8, height: 8, fill: SIMD4(0, 0, 0, 255))
        let white = try RGBAImage(width: 8, height: 8, fill: SIMD4(255, 255, 255, 255))
        let frames = try TransitionRenderer(named: glsl, width: 8, height: 8).frames(from: black, to: white, count: 3)
        #expect(frames.count == 3)
        #expect(UserTransitionFile.hasBudget)
    }

    @Test func aFileThatBustsTheBudgetIsRefused() throws {
        // This program as the child, as the library's default is, with a 2 s budget to be quick.
        let probe = try #require(ShaderCompileProbe.thisProgram(cpuSeconds: 2), "the test program carries Segue's probe")
        let error = #expect(throws: CompileBudgetError.self) {
            try probe.check(text: HostileShaders.exponentialInlining(levels: 20), name: "bomb.glsl")
        }
        #expect(error?.description.contains("the compile budget") == true, "\(String(describing: error))")
    }
}
