import SegueTiming
import SegueGL
import SegueHeadless
import SegueUIKit
import SegueSoak
import SegueTransitions
import Testing
import SegueTesting

/// The short soak: a few hundred mixed transitions (every kind, finished, cancelled and
/// interrupted) in one window, headless. After the warm-up nothing the session holds grows.
/// (`segue bench --sections soak` runs 10,000 and prints the figures, memory included.)
@MainActor
@Suite("Soak: counts stay flat over mixed transitions", .tags(.gl))
struct SoakTests {
    @Test func countsStayFlatAfterTheWarmUp() throws {
        try HeadlessEGLContext.withDevice { device in
            let soak = try TransitionSoak(device: device)
            defer { soak.release() }
            let report = try soak.run(transitions: 360, warmup: 60, samples: 4)
            #expect(report.stuck == 0)
            #expect(report.transitions >= 360)
            for outcome in ["finished", "cancelled", "interrupted"] { #expect(report.outcomes[outcome, default: 0] > 30, "\(outcome)") }
            for kind in ["present", "present-custom", "push", "pop-interactive", "tab", "container", "gpu-present"] {
                #expect(report.kinds[kind, default: 0] > 0, "\(kind)")
            }
            #expect(report.samples.count >= 4, "samples after the warm-up, or the checks below pass on nothing")
            for sample in report.samples {
                #expect(sample.timeDomains == 0, "\(sample)")
                #expect(sample.animationGroups == 0, "\(sample)")
                #expect(sample.glObjects == report.warmedUp.glObjects, "\(sample)")
                #expect(sample.compositorTextures == report.warmedUp.compositorTextures, "\(sample)")
                #expect(sample.diagnosticsKept <= soak.diagnostics.capacity)
            }
            // Interrupted episodes report their dropped or queued requests: the log is bounded, not empty.
            #expect(report.end.diagnosticsReported > report.warmedUp.diagnosticsReported)
            #expect(soak.diagnostics.messages.allSatisfy {
                $0.contains("in progress") || $0.contains("queued") || $0.contains("not presented")
            },
                    "\(Set(soak.diagnostics.messages))")
        }
    }
}
