import Foundation
import SegueImage
import SegueTesting
import Testing

/// The examples run as programs, as a user runs them.
@Suite("Examples (run the built executables)", .tags(.gl))
struct ExamplesTests {
    @Test func effectGraphExampleRuns() throws {
        let dir = try BuiltProgram.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try BuiltProgram.run("EffectGraphExample", [dir.path])
        #expect(result.status == 0, "stdout: \(result.stdout) stderr: \(result.stderr)")
        #expect(result.stdout.contains("fused: 3 passes"), "\(result.stdout)")
        #expect(result.stdout.contains("one pass per filter: 6 passes"), "\(result.stdout)")
        for name in ["graph-0", "graph-50", "graph-100"] {
            #expect(try PNGCodec.read(path: dir.appendingPathComponent(name + ".png").path).width == 320)
        }
    }

    @Test func exampleRuns() throws {
        let dir = try BuiltProgram.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try BuiltProgram.run("PixelDissolveExample", [dir.path])
        #expect(result.status == 0, "stdout: \(result.stdout)")
        let first = try PNGCodec.read(path: dir.appendingPathComponent("pixel-dissolve-0.png").path)
        #expect(first == (try SampleImages.from(width: 320, height: 180)))
        let last = try PNGCodec.read(path: dir.appendingPathComponent("pixel-dissolve-100.png").path)
        #expect(last == (try SampleImages.to(width: 320, height: 180)))
    }
}
