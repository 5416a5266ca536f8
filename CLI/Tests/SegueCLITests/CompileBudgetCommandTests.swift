import Foundation
import SegueImage
import SegueTesting
import Testing

/// One compile budget for a user's `.glsl`, whichever command reads it (issue 32 defect 1):
/// `render`, `edit`, `gallery --glsl` and `play` (its headless compile before any window) all
/// refuse a file whose functions inline exponentially (20 levels: Mesa crashed at 4.9 GB inside
/// `segue edit`, which compiled it in-process with no budget), within the same budget.
@Suite("A user's .glsl under the compile budget in every command (runs the built executable)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct CompileBudgetCommandTests {
    @Test func everyCommandRefusesAnExponentiallyInliningShaderWithinTheBudget() throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(HostileShaders.exponentialInlining(levels: 20).utf8).write(to: dir.appendingPathComponent("bomb.glsl"))
        try PNGCodec.write(try SampleImages.from(width: 32, height: 32), to: dir.appendingPathComponent("a.png").path)
        try PNGCodec.write(try SampleImages.to(width: 32, height: 32), to: dir.appendingPathComponent("b.png").path)
        let spec = #"{"size": "32x32", "items": [{"picture": "a.png", "duration": 1}, {"picture": "b.png", "duration": 1}], "#
            + #""transitions": [{"effect": "bomb.glsl", "duration": 0.5}]}"#
        try Data(spec.utf8).write(to: dir.appendingPathComponent("edit.json"))
        // A 2 s budget, no shader cache to answer for an earlier compile, no display for play.
        let environment = ["SEGUE_COMPILE_CPU_SECONDS": "2", "MESA_SHADER_CACHE_DISABLE": "true", "DISPLAY": ""]
        let runs: [[String]] = [
            ["render", "--from", "a.png", "--to", "b.png", "--effect", "bomb.glsl", "--frames", "2", "--size", "32x32", "--out", "frames"],
            ["edit", "edit.json", "--out", "edit.mp4"],
            ["gallery", "--from", "a.png", "--to", "b.png", "--only", "fade", "--glsl", "bomb.glsl", "--out", "gallery"],
            ["play", "--effect", "bomb.glsl", "--from", "a.png", "--to", "b.png"],
        ]
        for arguments in runs {
            let result = try CommandRunner.run("segue", arguments, in: dir, environment: environment)
            #expect(result.status != 0 && result.stderr.contains("bomb.glsl") && result.stderr.contains("the compile budget"),
                    "\(arguments[0]): status \(result.status), \(result.stderr)")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(left == ["a.png", "b.png", "bomb.glsl", "edit.json"], "\(left)")
    }
}
