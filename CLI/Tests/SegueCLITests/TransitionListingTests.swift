import Foundation
import SegueEffects
import Testing
import SegueTesting

/// `segue render --list` for the built-in transitions: each preset with its own values, every
/// description whole.
@Suite("segue render --list (runs the built executable)", .tags(.gl))
struct TransitionListingTests {
    /// The listing's block for one built-in: its heading line(s) and parameter lines.
    static func block(_ name: String, in listing: String) -> [String] {
        let lines = listing.split(separator: "\n").map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix(name + "  ") }) else { return [] }
        return [lines[start]] + lines[(start + 1)...].prefix { $0.hasPrefix("  ") }
    }

    @Test func presetsShowTheirOwnValuesAndDescriptionsAreWhole() throws {
        let result = try CommandRunner.run("segue", ["render", "--list"])
        #expect(result.status == 0, "\(result.stderr)")
        let listing = result.stdout

        let wipeleft = Self.block("wipeleft", in: listing)
        #expect(wipeleft.contains { $0.contains("direction: vec2 = vec2(-1.0, 0.0)") }, "\(wipeleft)")
        #expect(!wipeleft.contains { $0.contains("vec2(1.0, 0.0)") }, "the base file's default is not wipeleft's: \(wipeleft)")
        let fadewhite = Self.block("fadewhite", in: listing)
        #expect(fadewhite.contains { $0.contains("color: vec3 = vec3(1.0, 1.0, 1.0)") }, "\(fadewhite)")
        let smoothup = Self.block("smoothup", in: listing)
        #expect(smoothup.contains { $0.contains("smoothness: float = 1.0") }, "\(smoothup)")
        // Parameters with an @range say what the command line accepts.
        let pixelize = Self.block("pixelize", in: listing)
        #expect(pixelize.contains { $0.contains("squaresMin: ivec2 = ivec2(20, 20)  (range 1…4096)") }, "\(pixelize)")
        #expect(!listing.contains("noisedissolve with \n") && !listing.contains(" with \n"), "no dangling 'with'")

        #expect(Self.block("wipe", in: listing).first?.hasPrefix("wipe  (gl-transitions format, Segue host) ") == true)
        #expect(Self.block("fade", in: listing).first?.hasPrefix("fade  (gl-transitions) ") == true)
        // Every file's description appears whole (the listing wraps lines between words only).
        let unwrapped = listing.replacingOccurrences(of: "\n  ", with: " ")
        for entry in GLTransitionLibrary.entries where !entry.isPreset {
            #expect(entry.summary.count > 20, "\(entry.name) has a description")
            // Files on xfade's pixel grid read the host's `segue_target`: the official runtime has none.
            let label = entry.source.contains("segue_target") ? "(gl-transitions format, Segue host)" : "(gl-transitions)"
            #expect(unwrapped.contains(entry.name + "  " + label + " " + entry.summary), "\(entry.name)'s description is cut or mislabelled")
        }
        for entry in GLTransitionLibrary.entries {
            let block = Self.block(entry.name, in: listing)
            #expect(!block.isEmpty && block.allSatisfy { $0.count <= 100 }, "\(entry.name) is listed, wrapped at 100 columns")
        }
    }
}
