import Foundation
import Testing
import SegueTesting

/// A `.glsl` saved with lone CRs (old Mac editors) is read line by line like any other: it
/// compiles, and the driver's errors point at the file's own line with that line shown.
@Suite("segue validate with CR line endings (runs the built executable)", .tags(.gl))
struct LineEndingCommandTests {
    @Test(arguments: ["\r", "\r\n"])
    func crFilesValidateAndTheirErrorsShowTheLine(ending: String) throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let good = ["uniform float amount; // = 0.5", "// a fade", "vec4 transition(vec2 uv) {",
                    "  return mix(getFromColor(uv), getToColor(uv), progress * amount + progress * (1.0 - amount));", "}", ""]
        var bad = good
        bad[3] = "  return getFromColor(uv) * bogus * amount;"
        try Data(good.joined(separator: ending).utf8).write(to: dir.appendingPathComponent("good.glsl"))
        try Data(bad.joined(separator: ending).utf8).write(to: dir.appendingPathComponent("bad.glsl"))
        let ok = try CommandRunner.run("segue", ["validate", "good.glsl"], in: dir)
        #expect(ok.status == 0 && ok.stdout.contains("ok good.glsl"), "\(ok.stderr)")
        let failed = try CommandRunner.run("segue", ["validate", "bad.glsl"], in: dir)
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("bad.glsl:4:") && failed.stderr.contains("bogus"), "\(failed.stderr)")
        #expect(failed.stderr.contains("\n    4 |   return getFromColor(uv) * bogus * amount;\n"), "\(failed.stderr)")
    }
}
