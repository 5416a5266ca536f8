import Foundation
import SegueEffects
import SegueExport
import SegueImage
import SegueRenderJobs
import SegueTesting
import SegueTimeline
import Testing

/// A user's `.glsl` read by the library is compiled first under the one compile budget
/// (`UserTransitionFile`, issue 32 defect 1): the renderer by name, an edit's transition and the
/// gallery all refuse a file whose functions inline exponentially, within the budget. Before,
/// only the command line's render checked it; an edit compiled it in-process for minutes.
@Suite("A user's .glsl under the compile budget, through the library", .tags(.gl, .ffmpeg), .requiresFFmpeg, .serialized)
struct CompileBudgetTests {
    @Test @MainActor func everyLibraryFrontEndRefusesAnExponentiallyInliningShader() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("segue-budget-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let bomb = dir.appendingPathComponent("bomb.glsl").path
        try Data(HostileShaders.exponentialInlining(levels: 20).utf8).write(to: URL(fileURLWithPath: bomb))
        try PNGCodec.write(try SampleImages.from(width: 32, height: 32), to: dir.appendingPathComponent("p.png").path)
        // This test bundle as its own child (no program of Segue's built or found), with a 2 s budget.
        try #require(ShaderCompileProbe.thisProgram(cpuSeconds: 2), "the test bundle carries the probe").install()
        defer { UserTransitionFile.install(nil) }
        let budget = "the compile budget"

        let renderer = #expect(throws: TransitionRenderError.self) { try TransitionRenderer(named: bomb, width: 32, height: 32) }
        #expect(renderer?.description.contains(budget) == true, "\(String(describing: renderer))")

        let spec = #"{"size": "32x32", "items": [{"picture": "p.png", "duration": 1}, {"picture": "p.png", "duration": 1}], "#
            + #""transitions": [{"effect": "bomb.glsl", "duration": 0.5}]}"#
        try Data(spec.utf8).write(to: dir.appendingPathComponent("edit.json"))
        let tools = try FFmpegTools.locate()
        let edit = #expect(throws: EditSpecError.self) { _ = try EditPlan.load(specAt: dir.appendingPathComponent("edit.json").path, tools: tools) }
        #expect("\(String(describing: edit))".contains(budget), "\(String(describing: edit))")

        let gallery = #expect(throws: GalleryError.self) { _ = try TransitionGallery(only: ["fade"], glslFiles: [bomb]) }
        #expect(gallery?.description.contains(budget) == true, "\(String(describing: gallery))")
    }
}
