import Foundation
import SegueTesting
import Testing

/// `segue bench --sections gstreamer`, tiny: the report's shape (the element's pipeline, the same
/// pipeline copying, and the CLI renderer's per-frame cost, one load per round), not speed. The
/// plugin is `make gstreamer`'s (skipped when it is not built: `make test-reach` builds and tests it).
@Suite("segue bench --sections gstreamer (runs the built executable)", .tags(.gl))
struct GStreamerBenchCommandTests {
    static let pluginFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build-libsegue/gstreamer-1.0")
    static let runs = FileManager.default.fileExists(atPath: pluginFolder.appendingPathComponent("libgstsegue.so").path)

    @Test(.enabled(if: runs, "the GStreamer plugin is not built (make gstreamer)"))
    func reportsTheElementAgainstTheCommandLinesRenderer() throws {
        let result = try CommandRunner.run("segue", [
            "bench", "--json", "--sections", "gstreamer", "--gstreamer-plugin-path", Self.pluginFolder.path,
            "--gstreamer-size", "64x36", "--frames", "3", "--runs", "2",
        ])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let gstreamer = try #require(json?["gstreamer"] as? [String: Any])
        #expect(gstreamer["width"] as? Int == 64 && gstreamer["height"] as? Int == 36)
        #expect(gstreamer["frames"] as? Int == 3 && gstreamer["runs"] as? Int == 2 && gstreamer["transition"] as? String == "wipeleft")
        for key in ["elementMilliseconds", "copyMilliseconds", "rendererMilliseconds", "elementOverRenderer"] {
            #expect((gstreamer[key] as? Double ?? 0) > 0, "\(key)")
        }
        #expect((gstreamer["loads"] as? [Double])?.count == 2)
    }

    @Test(.enabled(if: runs, "the GStreamer plugin is not built (make gstreamer)"))
    func aFolderWithoutThePluginIsNamedInTheError() throws {
        let result = try CommandRunner.run("segue", [
            "bench", "--json", "--sections", "gstreamer", "--gstreamer-plugin-path", "/nonexistent", "--gstreamer-size", "64x36",
            "--frames", "2", "--runs", "1",
        ])
        #expect(result.status != 0)
        #expect(result.stderr.contains("GST_PLUGIN_PATH=/nonexistent"), "\(result.stderr)")
    }
}
