import Foundation
import SegueImage
import Testing
import SegueTesting

@Suite("segue validate and gl-transitions rendering (runs the built executable)", .tags(.gl))
struct GLTransitionCommandTests {
    @Test func validateAcceptsTheBuiltInsAndReportsBrokenFilesWithTheirLine() throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let builtins = try CommandRunner.run("segue", ["validate", "--builtins"])
        #expect(builtins.status == 0, "\(builtins.stderr)")
        #expect(builtins.stdout.contains("ok fade") && builtins.stdout.contains("ok pixelize"))

        let broken = "uniform float amount; // = 0.5\nvec4 transition(vec2 uv) {\n  return getFromColor(uv) * bogus;\n}\n"
        try Data(broken.utf8).write(to: dir.appendingPathComponent("bad.glsl"))
        let missing = "vec4 notTheRightName(vec2 uv) { return vec4(1.0); }\n"
        try Data(missing.utf8).write(to: dir.appendingPathComponent("missing.glsl"))
        let result = try CommandRunner.run("segue", ["validate", "bad.glsl", "missing.glsl"], in: dir)
        #expect(result.status != 0)
        #expect(result.stderr.contains("bad.glsl:3:"), "\(result.stderr)")
        #expect(result.stderr.contains("return getFromColor(uv) * bogus;"), "the excerpt shows the line")
        #expect(result.stderr.contains("warning: bad.glsl: parameter 'amount' is declared but never used"))
        #expect(result.stderr.contains("missing.glsl") && result.stderr.contains("transition"))
    }

    @Test func rendersABuiltInWithParametersAndRejectsUnknownOnes() throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let from = try SampleImages.from(width: 64, height: 36), to = try SampleImages.to(width: 64, height: 36)
        try PNGCodec.write(from, to: dir.appendingPathComponent("a.png").path)
        try PNGCodec.write(to, to: dir.appendingPathComponent("b.png").path)
        let ok = try CommandRunner.run("segue", [
            "render", "--from", "a.png", "--to", "b.png", "--effect", "wipe", "--param", "direction=0,1",
            "--param", "smoothness=0.1", "--frames", "3", "--size", "64x36", "--out", "frames", "--quiet",
        ], in: dir)
        #expect(ok.status == 0, "\(ok.stderr)")
        let first = try PNGCodec.read(path: dir.appendingPathComponent("frames/frame-0000.png").path)
        let last = try PNGCodec.read(path: dir.appendingPathComponent("frames/frame-0002.png").path)
        #expect(RGBAImage.maxDifference(first, from) <= 2 && RGBAImage.maxDifference(last, to) <= 2)
        let bad = try CommandRunner.run("segue", [
            "render", "--from", "a.png", "--to", "b.png", "--effect", "wipe", "--param", "steps=3", "--out", "x",
        ], in: dir)
        #expect(bad.status != 0 && bad.stderr.contains("steps"))
        let wrongType = try CommandRunner.run("segue", [
            "render", "--from", "a.png", "--to", "b.png", "--effect", "wipe", "--param", "direction=1,2,3", "--out", "x",
        ], in: dir)
        #expect(wrongType.status != 0 && wrongType.stderr.contains("direction"), "\(wrongType.stderr)")
        let list = try CommandRunner.run("segue", ["render", "--list"])
        #expect(list.stdout.contains("pixelize") && list.stdout.contains("steps: int = 50"), "\(list.stdout)")
    }
}
