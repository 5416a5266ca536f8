import Foundation
import Testing
import SegueTesting

/// `segue bench --sections soak` end to end, tiny: the section runs only when asked, and its
/// JSON carries the samples and the flatness verdict. (The counts themselves are asserted by
/// `SoakTests`; the figures of a 10,000-transition run are in the README.)
@Suite("segue bench --sections soak (runs the built executable)", .tags(.gl))
struct SoakCommandTests {
    @Test func soakSectionPrintsFlatCounts() throws {
        let result = try CommandRunner.run("segue", [
            "bench", "--json", "--sections", "soak", "--soak-transitions", "120", "--soak-warmup", "30",
            "--gesture-sequences", "6",
        ])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let soak = json?["soak"] as? [String: Any]
        #expect(soak?["transitions"] as? Int ?? 0 >= 120)
        #expect(soak?["stuck"] as? Int == 0)
        let samples = soak?["samples"] as? [[String: Any]] ?? []
        #expect(samples.count >= 2)
        #expect(samples.allSatisfy { $0["timeDomains"] as? Int == 0 && $0["animationGroups"] as? Int == 0 })
        #expect(json?["soakFlat"] is Bool)
        // The gesture stress: one report per interactive example, none stuck.
        let gestures = json?["gestureStress"] as? [[String: Any]] ?? []
        #expect(Set(gestures.compactMap { $0["example"] as? String }) == ["cube-pop", "zoom-push", "pixel-dissolve-present", "photo-zoom", "preferred-zoom"])
        #expect(gestures.allSatisfy { $0["sequences"] as? Int == 6 && $0["stuck"] as? Int == 0 })
        #expect(json?["gestureStressClean"] is Bool)
        #expect((json?["measurements"] as? [Any])?.isEmpty == true, "only the sections asked for run")
    }

    /// The input section: events per second, and the arbitration's outcome as a check (every
    /// fourth gesture a drag that pans, the others taps recognized once their double tap failed).
    @Test func inputSectionReportsEventsAndRecognitions() throws {
        let result = try CommandRunner.run("segue", ["bench", "--json", "--sections", "input", "--runs", "1", "--input-gestures", "40"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let input = json?["input"] as? [String: Any]
        #expect(input?["gestures"] as? Int == 40 && input?["recognizers"] as? Int == 371)
        #expect((input?["eventsPerSecond"] as? Double ?? 0) > 0)
        #expect(input?["taps"] as? Int == 30 && input?["pans"] as? Int == 10)
        #expect((json?["measurements"] as? [Any])?.isEmpty == true, "only the sections asked for run")
    }

    /// The input section's figure follows the one percentile convention: with two runs, their mean.
    @Test func inputSectionMedianIsThePercentileConventions() throws {
        let result = try CommandRunner.run("segue", ["bench", "--json", "--sections", "input", "--runs", "2", "--input-gestures", "20"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let input = try #require(json?["input"] as? [String: Any])
        let runs = try #require(input["runs"] as? [Double])
        let median = try #require(input["eventsPerSecond"] as? Double)
        #expect(runs.count == 2)
        #expect(abs(median - (runs[0] + runs[1]) / 2) <= 1e-9 * median, "\(median) from \(runs)")
    }

    @Test func soakIsNotInTheDefaultSections() throws {
        let result = try CommandRunner.run("segue", ["bench", "--help"])
        // The help wraps its lines: compare with the whitespace collapsed.
        let help = result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("soak, export, edit, edit-long, host, input, frei0r, gstreamer, output and blend are not run by default. (default: dissolve,scene,chain,resolution)"), "\(help)")
    }
}
