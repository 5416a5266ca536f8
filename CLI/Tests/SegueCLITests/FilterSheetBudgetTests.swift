import Foundation
import SegueTesting
import Testing

/// `segue filters` has a frame budget (issue 32 defect 10): 16384x16384 aborted at 6.3 GB and
/// left its staging folder; it is refused with a typed error before anything is allocated.
@Suite("segue filters: a frame budget (runs the built executable)", .tags(.gl))
struct FilterSheetBudgetTests {
    @Test(arguments: ["16384x16384", "8192x8192", "4097x4096"])
    func aFrameOverTheBudgetIsRefusedBeforeAnythingIsAllocated(size: String) throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let segue = CommandRunner.productsDirectory.appendingPathComponent("segue").path
        let run = try MeasuredRun.run(segue, ["filters", "--size", size, "--out", dir.appendingPathComponent("f").path], stderrIn: dir)
        #expect(run.status != 0 && run.stderr.contains("filter sheet is") && run.stderr.contains("at most 16777216"), "\(run.stderr)")
        // Nothing of a frame's size was allocated (a 16384x16384 frame is 1 GiB).
        #expect(run.peakResidentMegabytes < max(200, run.runnerPeakMegabytes + 1), "peak \(run.peakResidentMegabytes) MB")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { !$0.hasPrefix(".stderr") }.isEmpty)
    }
}
