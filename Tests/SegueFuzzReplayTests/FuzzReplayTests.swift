import Foundation
import SegueTesting
import Testing

/// Every fuzz target's seed corpus and kept findings (Fuzz/Corpus/TARGET, Fuzz/Regressions/TARGET)
/// through the same entry functions libFuzzer calls in `make fuzz`, without libFuzzer: a crash
/// found once fails `make test` if it comes back. An entry throws typed errors away; what
/// fails here is a trap, a crash or a run that does not end.
@Suite("fuzz corpus replay", .tags(.pure))
struct FuzzReplayTests {
    static let fuzzFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz")

    static func files(_ kind: String, of target: FuzzTarget) -> [URL] {
        let folder = fuzzFolder.appendingPathComponent(kind).appendingPathComponent(target.rawValue)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { folder.appendingPathComponent($0) }
    }

    @Test("each target's seed corpus replays", arguments: FuzzTarget.allCases)
    func corpus(_ target: FuzzTarget) throws {
        let files = Self.files("Corpus", of: target)
        // A corpus that went missing would make this pass with nothing run.
        #expect(files.count >= 5, "Fuzz/Corpus/\(target.rawValue) has \(files.count) files")
        for file in files {
            target.run([UInt8](try Data(contentsOf: file)))
        }
    }

    @Test("each kept finding replays without a crash", arguments: FuzzTarget.allCases)
    func regressions(_ target: FuzzTarget) throws {
        for file in Self.files("Regressions", of: target) {
            target.run([UInt8](try Data(contentsOf: file)))
        }
    }
}
