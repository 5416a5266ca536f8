import Foundation
import SegueTesting
import Testing

/// `segue bench --sections frei0r`, tiny: the report's shape (the plugin's and the CLI renderer's
/// per-frame cost, one load per round), not speed. The plugin is `make frei0r`'s, which `make test`
/// builds before these tests (SEGUE_REQUIRE_FREI0R: missing, it fails instead of skipping).
@Suite("segue bench --sections frei0r (runs the built executable)", .tags(.gl))
struct Frei0rBenchCommandTests {
    static let plugin = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build-libsegue/frei0r-1/segue.so")
    static let runs = FileManager.default.fileExists(atPath: plugin.path)
        || ProcessInfo.processInfo.environment["SEGUE_REQUIRE_FREI0R"] != nil

    @Test(.enabled(if: runs, "the frei0r plugin is not built (make frei0r)"))
    func reportsThePluginAgainstTheCommandLinesRenderer() throws {
        let result = try CommandRunner.run("segue", [
            "bench", "--json", "--sections", "frei0r", "--frei0r-plugin", Self.plugin.path, "--frei0r-size", "64x36",
            "--frames", "3", "--runs", "2",
        ])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let frei0r = try #require(json?["frei0r"] as? [String: Any])
        #expect(frei0r["width"] as? Int == 64 && frei0r["height"] as? Int == 36)
        #expect(frei0r["frames"] as? Int == 3 && frei0r["runs"] as? Int == 2 && frei0r["transition"] as? String == "wipeleft")
        for key in ["frei0rMilliseconds", "rendererMilliseconds", "frei0rOverRenderer"] {
            #expect((frei0r[key] as? Double ?? 0) > 0, "\(key)")
        }
        #expect((frei0r["loads"] as? [Double])?.count == 2)
    }

    @Test func aMissingPluginIsNamedInTheError() throws {
        let result = try CommandRunner.run("segue", [
            "bench", "--json", "--sections", "frei0r", "--frei0r-plugin", "/nonexistent/segue.so", "--frei0r-size", "64x36",
            "--frames", "2", "--runs", "1",
        ])
        #expect(result.status != 0)
        #expect(result.stderr.contains("frei0r plugin /nonexistent/segue.so"), "\(result.stderr)")
    }
}
