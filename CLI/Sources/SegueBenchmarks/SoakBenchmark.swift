import Foundation
import SegueGL
import SegueSoak
import SegueTransitions

/// `segue bench --sections soak`: a long session of mixed transitions (`TransitionSoak`), with
/// the counts that must stay flat printed at the warm-up and at evenly spaced points after it.
enum SoakBenchmark {
    /// Resident memory may grow this much after the warm-up (allocator noise, not a leak).
    static let residentGrowthLimit = 5 * 1024 * 1024

    @MainActor
    static func run(device: GLDevice, transitions: Int, warmup: Int) throws -> TransitionSoak.Report {
        let soak = try TransitionSoak(device: device)
        defer { soak.release() }
        return try soak.run(transitions: transitions, warmup: warmup, samples: 20)
    }

    /// `sequences` seeded random gesture sequences against each interactive example.
    @MainActor
    static func runGestures(device: GLDevice, sequences: Int) throws -> [GestureStress.Report] {
        let stress = try GestureStress(device: device)
        defer { stress.release() }
        return try GestureStress.Example.allCases.map { try stress.run($0, sequences: sequences, seed: 19) }
    }

    /// Whether the report is flat: nothing that grows with transitions grew after the warm-up.
    static func isFlat(_ report: TransitionSoak.Report) -> Bool {
        let w = report.warmedUp
        // No sample would make every check below pass vacuously: an empty report is not flat.
        return report.stuck == 0 && !report.samples.isEmpty && report.samples.allSatisfy {
            $0.timeDomains <= w.timeDomains && $0.animationGroups <= w.animationGroups && $0.glObjects <= w.glObjects
                && $0.compositorTextures <= w.compositorTextures && $0.diagnosticsKept <= max(w.diagnosticsKept, 256)
        } && report.residentGrowthBytes < residentGrowthLimit
    }
}

extension BenchTable {
    func soak(_ report: TransitionSoak.Report) {
        let outcomes = report.outcomes.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        let kinds = report.kinds.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        line("\nsoak: \(report.transitions) transitions (\(outcomes)); \(report.stuck) stuck")
        line("  \(kinds)")
        line(pad("after", 8, right: true) + pad("domains", 9, right: true) + pad("groups", 8, right: true)
            + pad("diag kept", 11, right: true) + pad("reported", 10, right: true) + pad("GL objs", 9, right: true)
            + pad("textures", 10, right: true) + pad("RSS MB", 9, right: true) + pad("idle adv µs", 13, right: true))
        for s in report.samples {
            line(pad("\(s.transitions)", 8, right: true) + pad("\(s.timeDomains)", 9, right: true)
                + pad("\(s.animationGroups)", 8, right: true) + pad("\(s.diagnosticsKept)", 11, right: true)
                + pad("\(s.diagnosticsReported)", 10, right: true) + pad("\(s.glObjects)", 9, right: true)
                + pad("\(s.compositorTextures)", 10, right: true)
                + pad(fmt(Double(s.residentBytes) / 1_048_576, 1), 9, right: true)
                + pad(fmt(s.idleAdvanceNanoseconds / 1000, 3), 13, right: true))
        }
        let growth = Double(report.residentGrowthBytes) / 1_048_576
        line("  RSS growth after warm-up (floor of the last quarter of samples − floor of the first) \(fmt(growth, 2)) MB (limit \(SoakBenchmark.residentGrowthLimit / 1_048_576) MB); "
            + (SoakBenchmark.isFlat(report) ? "flat" : "NOT FLAT"))
    }

    func gestureStress(_ reports: [GestureStress.Report]) {
        line("\ngesture stress: seeded random presses, moves, releases, cancels, resizes, presses during the settle")
        line(pad("example", 16) + pad("sequences", 11, right: true) + pad("finished", 10, right: true)
            + pad("cancelled", 11, right: true) + pad("untouched", 11, right: true) + pad("stuck", 7, right: true)
            + pad("wrong", 7, right: true) + pad("unexpected", 12, right: true) + pad("GL half→end", 13, right: true)
            + pad("domains", 9, right: true))
        for r in reports {
            line(pad(r.example, 16) + pad("\(r.sequences)", 11, right: true) + pad("\(r.outcomes["finished"] ?? 0)", 10, right: true)
                + pad("\(r.outcomes["cancelled"] ?? 0)", 11, right: true) + pad("\(r.outcomes["untouched"] ?? 0)", 11, right: true)
                + pad("\(r.stuck)", 7, right: true) + pad("\(r.wrongHierarchy)", 7, right: true)
                + pad("\(r.unexpectedDiagnosticCount)", 12, right: true)
                + pad("\(r.glObjectsHalfway)→\(r.glObjectsAtEnd)", 13, right: true) + pad("\(r.maxTimeDomainsSettled)", 9, right: true))
            for message in r.unexpectedDiagnostics { line("  unexpected: \(message)") }
        }
        line("  " + (reports.allSatisfy(\.isClean) ? "clean: none stuck, hierarchies right, GL objects and time domains flat" : "NOT CLEAN"))
    }
}
