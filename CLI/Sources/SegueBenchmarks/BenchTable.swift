import Foundation

/// The human-readable tables of `segue bench` (nothing is printed with `--json`).
struct BenchTable {
    let enabled: Bool

    func line(_ text: String) { if enabled { print(text) } }

    func dissolveHeader() {
        line("\npixel dissolve")
        line(pad("size", 11) + pad("mode", 10) + pad("fused fps", 11, right: true) + pad("multipass", 11, right: true)
            + pad("floor fps", 11, right: true) + pad("fused/floor", 13, right: true) + pad("fused/multi", 13, right: true))
    }

    func dissolve(_ m: PixelDissolveBenchmark.Measurement) {
        line(pad(m.size, 11) + pad(m.mode.rawValue, 10) + pad(fmt(m.fusedFPS, 1), 11, right: true)
            + pad(fmt(m.multipassFPS, 1), 11, right: true) + pad(fmt(m.floorFPS, 1), 11, right: true)
            + pad(fmt(m.fusedOverFloor, 3), 13, right: true) + pad(fmt(m.fusedOverMultipass, 2), 13, right: true))
    }

    func scene(_ m: SceneBenchmark.Measurement) {
        line(pad(m.size, 11) + "\(m.views) views  " + pad(fmt(m.fps, 1), 9, right: true) + "fps  "
            + "\(fmt(m.drawCallsPerFrame, 0)) draws/frame, \(m.uploadsDuringFrames) uploads, \(m.compilesDuringFrames) compiles during frames")
    }

    func chains(_ chains: [EffectGraphBenchmark.ChainMeasurement]) {
        guard let first = chains.first else { return }
        line("\nper-pixel filter chains at \(first.size): fused into one pass vs one pass per filter (glFinish per frame)")
        line(pad("filters", 9) + pad("fused fps", 11, right: true) + pad("1-pass fps", 12, right: true)
            + pad("passes", 8, right: true) + pad("vs 1 filter", 13, right: true) + pad("fused/1-pass", 14, right: true)
            + pad("intermediates fused / 1-pass", 30, right: true))
        for m in chains {
            line(pad("\(m.filters)", 9) + pad(fmt(m.fusedFPS, 1), 11, right: true) + pad(fmt(m.onePassFPS, 1), 12, right: true)
                + pad("\(m.fusedPasses)/\(m.onePassPasses)", 8, right: true) + pad(fmt(m.fusedOverOneFilter, 3), 13, right: true)
                + pad(fmt(m.fusedFPS / m.onePassFPS, 2), 14, right: true)
                + pad("\(mib(m.fusedIntermediateBytes)) / \(mib(m.onePassIntermediateBytes))", 30, right: true))
        }
    }

    func marginalCosts(_ costs: [EffectGraphBenchmark.MarginalCost]) {
        guard !costs.isEmpty else { return }
        line("\nwhat one more fused filter adds to a frame (chains of 1 and 8 of one kind)")
        line(pad("filter", 12) + pad("ms", 8, right: true) + pad("of a 1-filter frame", 21, right: true))
        for cost in costs {
            line(pad(cost.filter, 12) + pad(fmt(cost.milliseconds, 3), 8, right: true)
                + pad(fmt(cost.fractionOfOneFilterFrame * 100, 1) + "%", 21, right: true))
        }
    }

    func resolutions(_ sweep: [EffectGraphBenchmark.ResolutionMeasurement], fit: EffectGraphBenchmark.FrameTimeFit?) {
        guard !sweep.isEmpty else { return }
        line("\na fused \(EffectGraphBenchmark.resolutionChainLength)-filter chain by resolution (fps x pixels vs their mean)")
        line(pad("size", 11) + pad("fps", 9, right: true) + pad("Mpixel/s", 10, right: true) + pad("ratio", 8, right: true))
        for m in sweep {
            line(pad(m.size, 11) + pad(fmt(m.fps, 1), 9, right: true) + pad(fmt(m.megapixelsPerSecond, 0), 10, right: true)
                + pad(fmt(m.throughputRatio, 3), 8, right: true))
        }
        if let fit {
            line("frame time = \(fmt(fit.fixedMilliseconds, 3)) ms + \(fmt(fit.nanosecondsPerPixel, 3)) ns x pixels (least squares)")
        }
    }

    func targets(_ report: BenchmarkSuite.Report, longestChain: EffectGraphBenchmark.ChainMeasurement?) {
        line("")
        if !report.measurements.isEmpty {
            line("target fused >= \(report.fusedOverFloorTarget) x floor at every size and mode: \(met(report.targetMet))")
            let m = report.measurements
            line("during \(m.map(\.timedFrames).reduce(0, +)) timed frames: \(m.map(\.uploadsDuringFrames).reduce(0, +)) texture uploads, "
                + "\(m.map(\.compilesDuringFrames).reduce(0, +)) shader compiles, "
                + "\(m.map(\.glObjectsAllocatedDuringFrames).reduce(0, +)) GL objects created")
        }
        if let longestChain {
            line("target \(longestChain.filters)-filter fused chain >= \(report.chainTarget) x 1-filter chain "
                + "(\(fmt(longestChain.fusedOverOneFilter, 3))): \(met(report.chainTargetMet))")
        }
        if let spread = report.resolutions.map(\.throughputRatio).minAndMax() {
            line("target fps proportional to 1/pixels within \(Int(report.resolutionTolerance * 100))% "
                + "(ratios \(fmt(spread.min, 3))...\(fmt(spread.max, 3))): \(met(report.resolutionTargetMet))")
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
