import Foundation
import SegueTesting
import Testing

/// `segue bench --sections host` end to end, tiny: with a display (an Xvfb of its own) the JSON
/// carries the hosted app's frame times; without one the section says so and the run succeeds.
@Suite("segue bench --sections host (runs the built executable)", .serialized, .tags(.window, .gl))
struct HostBenchCommandTests {
    @Test func withADisplayTheHostSectionMeasuresFrames() throws {
        let x = try XvfbSession(screenWidth: 800, screenHeight: 600)
        let result = try CommandRunner.run(
            "segue", ["bench", "--json", "--sections", "host", "--host-size", "320x180", "--frames", "12", "--warmup", "3"],
            environment: ["DISPLAY": x.display])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let host = json?["host"] as? [String: Any]
        #expect(host?["width"] as? Int == 320 && host?["height"] as? Int == 180, "\(result.stdout)")
        #expect(host?["framesMeasured"] as? Int == 12)
        #expect(host?["transition"] as? String == "slide-up-spring")
        let p50 = host?["p50Milliseconds"] as? Double ?? 0, p99 = host?["p99Milliseconds"] as? Double ?? 0
        #expect(p50 > 0 && p99 >= p50)
        #expect(host?["frameBudgetMilliseconds"] as? Double ?? 0 > 16.6)
        #expect(host?["headlessP50Milliseconds"] as? Double ?? 0 > 0, "the peer ran")
        #expect((json?["measurements"] as? [Any])?.isEmpty == true, "only the sections asked for run")
    }

    @Test func withoutADisplayTheSectionIsSkippedSayingWhy() throws {
        let result = try CommandRunner.run("segue", ["bench", "--sections", "host"])  // DISPLAY removed
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("skipped: no display (DISPLAY is not set)"), "\(result.stdout)")
        let json = try CommandRunner.run("segue", ["bench", "--json", "--sections", "host"])
        let report = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(report != nil && report?["host"] == nil, "\(json.stdout)")
    }
}
