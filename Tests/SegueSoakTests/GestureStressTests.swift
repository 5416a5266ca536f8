import SegueTiming
import SegueGL
import SegueHeadless
import SegueUIKit
import SegueSoak
import SegueTransitions
import Testing
import SegueTesting

/// Issue 19's gesture stress, small: seeded random presses, moves, releases, cancels, resizes
/// mid-gesture and new presses during the settle, against each interactive example. Every
/// sequence must settle to a finished or cancelled hierarchy (checked from the controllers'
/// relationships), with no unexpected diagnostic and nothing left animating; GL objects flat.
/// `segue bench --sections soak` runs 1,000 per example.
@MainActor
@Suite("Gesture stress (headless GL)", .tags(.gl))
struct GestureStressTests {
    @Test(arguments: GestureStress.Example.allCases)
    func randomGesturesAlwaysSettleCleanly(_ example: GestureStress.Example) throws {
        let report = try HeadlessEGLContext.withDevice { device in
            let stress = try GestureStress(device: device)
            defer { stress.release() }
            return try stress.run(example, sequences: 40, seed: 19)
        }
        #expect(report.sequences == 40)
        #expect(report.stuck == 0, "\(report)")
        #expect(report.wrongHierarchy == 0, "\(report)")
        #expect(report.unexpectedDiagnosticCount == 0, "\(report.unexpectedDiagnostics)")
        #expect(report.glObjectsFlat, "\(report)")
        #expect(report.maxTimeDomainsSettled == 0 && report.maxAnimationGroupsSettled == 0, "\(report)")
        #expect((report.outcomes["finished"] ?? 0) > 0 && (report.outcomes["cancelled"] ?? 0) > 0, "both ends are reached: \(report.outcomes)")
    }
}
