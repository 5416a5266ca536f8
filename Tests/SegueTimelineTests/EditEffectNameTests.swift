import Foundation
import SegueExport
import SegueExportTestSupport
import SegueImage
import SegueTesting
import SegueTimeline
import Testing

/// An edit's unknown effect says why and suggests (issue 32 defect 5): `cube-push` (a name
/// `segue render --list` shows) was refused with a list of every name, and `fadde` with no
/// "did you mean".
@Suite("Edit: unknown effects say why and suggest", .tags(.ffmpeg), .requiresFFmpeg)
struct EditEffectNameTests {
    @Test func anUnknownEffectIsAnsweredWithTheNearestNamesAndWhy() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try PNGCodec.write(try SampleImages.from(width: 64, height: 36), to: dir.appendingPathComponent("p.png").path)
        let cases: [(effect: String, says: String)] = [
            ("fadde", "did you mean 'fade'"), ("wipeleftt", "did you mean 'wipeleft'"),
            ("cube-push", "view-controller transitions, such as cube-push, render to PNG frames only"),
        ]
        for (effect, says) in cases {
            let spec = #"{"size": "64x36", "items": [{"picture": "p.png", "duration": 1}, {"picture": "p.png", "duration": 1}], "#
                + #""transitions": [{"effect": "\#(effect)", "duration": 0.5}]}"#
            try Data(spec.utf8).write(to: dir.appendingPathComponent("edit.json"))
            let error = #expect(throws: EditSpecError.self) {
                _ = try EditPlan.load(specAt: dir.appendingPathComponent("edit.json").path, tools: try FFmpegTools.locate())
            }
            let text = error?.description ?? ""
            #expect(text.contains("transitions[0].effect") && text.contains(says) && !text.contains("wipetr, "), "\(text)")
        }
    }
}
