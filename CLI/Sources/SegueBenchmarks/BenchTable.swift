import Foundation
import SegueGL

/// The human-readable tables of `segue bench` (nothing is printed with `--json`).
struct BenchTable {
    let enabled: Bool

    func line(_ text: String) { if enabled { print(text) } }

    func dissolveHeader() {
        line("\npixel dissolve")
        line(pad("size", 11) + pad("mode", 10) + pad("fused fps", 11, right: true) + pad("multipass", 11, right: true)
            + pad("floor fps", 11, right: true) + pad("fused/floor", 13, right: true) + pad("fused/multi", 13, right: true))
    }

    func dissolve(size: String, mode: PixelDissolveBenchmark.SyncMode, fused: Spread, multipass: Spread, floor: Spread) {
        line(pad(size, 11) + pad(mode.rawValue, 10) + pad(fmt(fused.median, 1), 11, right: true)
            + pad(fmt(multipass.median, 1), 11, right: true) + pad(fmt(floor.median, 1), 11, right: true)
            + pad(fmt(fused.ratio(to: floor), 3), 13, right: true) + pad(fmt(fused.ratio(to: multipass), 2), 13, right: true))
    }

    func scene(size: String, views: Int, fps: Double, drawCallsPerFrame: Double, work: GLCounters) {
        line(pad(size, 11) + "\(views) views  " + pad(fmt(fps, 1), 9, right: true) + "fps  "
            + "\(fmt(drawCallsPerFrame, 0)) draws/frame, \(work.textureUploads) uploads, \(work.shaderCompiles) compiles during frames")
    }

    func chainsHeader(size: String) {
        line("\nper-pixel filter chains at \(size): fused into one pass vs one pass per filter (glFinish per frame)")
        line(pad("filters", 9) + pad("fused fps", 11, right: true) + pad("1-pass fps", 12, right: true)
            + pad("passes", 8, right: true) + pad("vs 1 filter", 13, right: true) + pad("fused/1-pass", 14, right: true)
            + pad("intermediates fused / 1-pass", 30, right: true))
    }

    func chain(
        filters: Int, fused: Spread, onePass: Spread, passes: (fused: Int, onePass: Int), fusedOverOneFilter: Double,
        intermediateBytes bytes: (fused: Int, onePass: Int)
    ) {
        line(pad("\(filters)", 9) + pad(fmt(fused.median, 1), 11, right: true) + pad(fmt(onePass.median, 1), 12, right: true)
            + pad("\(passes.fused)/\(passes.onePass)", 8, right: true) + pad(fmt(fusedOverOneFilter, 3), 13, right: true)
            + pad(fmt(fused.ratio(to: onePass), 2), 14, right: true)
            + pad("\(mib(bytes.fused)) / \(mib(bytes.onePass))", 30, right: true))
    }

    func marginalCostsHeader() {
        line("\nwhat one more fused filter adds to a frame (chains of 1 and 8 of one kind)")
        line(pad("filter", 12) + pad("ms", 8, right: true) + pad("of a 1-filter frame", 21, right: true))
    }

    func marginalCost(filter: String, milliseconds: Double, fractionOfOneFilterFrame: Double) {
        line(pad(filter, 12) + pad(fmt(milliseconds, 3), 8, right: true) + pad(fmt(fractionOfOneFilterFrame * 100, 1) + "%", 21, right: true))
    }

    func resolutionsHeader() {
        line("\na fused \(EffectGraphBenchmark.resolutionChainLength)-filter chain by resolution (fps x pixels vs their mean)")
        line(pad("size", 11) + pad("fps", 9, right: true) + pad("Mpixel/s", 10, right: true) + pad("ratio", 8, right: true))
    }

    func resolution(size: String, fps: Double, pixels: Double, throughputRatio: Double) {
        line(pad(size, 11) + pad(fmt(fps, 1), 9, right: true) + pad(fmt(fps * pixels / 1e6, 0), 10, right: true)
            + pad(fmt(throughputRatio, 3), 8, right: true))
    }

    func frameTimeFit(fixedMilliseconds: Double, nanosecondsPerPixel: Double) {
        line("frame time = \(fmt(fixedMilliseconds, 3)) ms + \(fmt(nanosecondsPerPixel, 3)) ns x pixels (least squares)")
    }

    /// The verdict lines after every section: the dissolve's, the chains' and the resolutions' targets.
    func targets(
        dissolve: [PixelDissolveBenchmark.Outcome], dissolveMet: Bool, longestChain: (filters: Int, fusedOverOneFilter: Double)?,
        chainMet: Bool, throughputRatios: [Double], resolutionMet: Bool
    ) {
        line("")
        if !dissolve.isEmpty {
            line("target fused >= \(BenchmarkSuite.fusedOverFloorTarget) x floor at every size and mode: \(met(dissolveMet))")
            let work = dissolve.map(\.work)
            line("during \(dissolve.map(\.timedFrames).reduce(0, +)) timed frames: \(work.map(\.textureUploads).reduce(0, +)) texture uploads, "
                + "\(work.map(\.shaderCompiles).reduce(0, +)) shader compiles, "
                + "\(work.map(\.objectAllocations).reduce(0, +)) GL objects created")
        }
        if let longestChain {
            line("target \(longestChain.filters)-filter fused chain >= \(EffectGraphBenchmark.chainTarget) x 1-filter chain "
                + "(\(fmt(longestChain.fusedOverOneFilter, 3))): \(met(chainMet))")
        }
        if let spread = throughputRatios.minAndMax() {
            line("target fps proportional to 1/pixels within \(Int(EffectGraphBenchmark.resolutionTolerance * 100))% "
                + "(ratios \(fmt(spread.min, 3))...\(fmt(spread.max, 3))): \(met(resolutionMet))")
        }
    }

    private func met(_ value: Bool) -> String { value ? "met" : "NOT met" }
    private func mib(_ bytes: Int) -> String { bytes == 0 ? "0" : fmt(Double(bytes) / 1_048_576, 1) + " MiB" }
    func pad(_ s: String, _ width: Int, right: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - s.count))
        return right ? fill + s + "  " : s + fill
    }
    func fmt(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }
}

extension Array where Element == Double {
    func minAndMax() -> (min: Double, max: Double)? {
        guard let low = self.min(), let high = self.max() else { return nil }
        return (low, high)
    }
}
