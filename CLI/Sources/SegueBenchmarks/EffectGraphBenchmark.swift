import Foundation
import SegueTiming
import SegueEffects
import SegueGL
import SegueImage

/// What fusion buys, in frames per second: the cost of a chain of per-pixel filters by length
/// (fused into one pass, or one pass per filter), and the cost of one fused chain by resolution.
/// Every frame ends with glFinish, so a figure is the GPU time of the frame.
struct EffectGraphBenchmark {
    /// An 8-filter fused chain runs at least this fraction of a 1-filter chain's frame rate.
    static let chainTarget = 0.8
    /// Frame rate × pixels stays within this fraction of its mean over the resolutions.
    static let resolutionTolerance = 0.10
    /// The chain the resolution sweep renders (its length).
    static let resolutionChainLength = 4

    let frames: Int
    let runs: Int
    let warmupFrames: Int

    /// The colour adjustments by name, each on `input` with a setting that changes the picture.
    static let adjustments: [(name: String, make: @Sendable (any EffectNode) -> any EffectNode)] = [
        ("brightness", { $0.brightness(0.05) }), ("contrast", { $0.contrast(1.1) }),
        ("saturation", { $0.saturation(0.9) }), ("exposure", { $0.exposure(0.2) }),
        ("invert", { $0.inverted() }), ("opacity", { $0.opacity(0.95) }),
        ("grayscale", { $0.grayscale() }), ("sepia", { $0.sepia(0.3) }),
        ("gamma", { $0.gamma(1.1) }), ("vignette", { $0.vignette() }),
    ]

    /// The chains cycle through the adjustments in order: the first eight are the cheap, common
    /// ones; gamma (a pow per channel) and vignette (a distance per pixel) are measured apart
    /// in the marginal-cost table.
    static func chain(_ source: ImageSource, length: Int, kinds: Range<Int> = 0..<8) -> any EffectNode {
        var node: any EffectNode = source
        for index in 0..<length { node = adjustments[kinds.lowerBound + index % kinds.count].make(node) }
        return node
    }

    /// What one more fused filter of each kind adds to a frame: chains of 1 and of `length`
    /// filters of that kind, timed alike.
    func measureMarginalCosts(device: GLDevice, size: FrameSize, length: Int = 8, table: BenchTable) throws -> [ReportRow] {
        let (texture, target) = try prepare(device: device, size: size)
        defer { target.release(); texture.release() }
        var renderers: [EffectRenderer] = []
        for index in Self.adjustments.indices {
            for count in [1, length] {
                renderers.append(try EffectRenderer(
                    device: device, output: Self.chain(ImageSource(texture), length: count, kinds: index..<index + 1)))
            }
        }
        let fps = try time(renderers, device: device, target: target).spreads(.rate).map(\.median)
        table.marginalCostsHeader()
        return Self.adjustments.indices.map { index in
            let (one, many) = (1000 / fps[2 * index], 1000 / fps[2 * index + 1])
            let added = (many - one) / Double(length - 1), name = Self.adjustments[index].name
            table.marginalCost(filter: name, milliseconds: added, fractionOfOneFilterFrame: added / one)
            // Frame time added by one more fused filter of this kind, in milliseconds and as a
            // fraction of the 1-filter chain's frame time.
            return ReportRow(["filter": name, "milliseconds": added, "fractionOfOneFilterFrame": added / one])
        }
    }

    /// A picture of `size` and a target to render into, released by the caller.
    private func prepare(device: GLDevice, size: FrameSize) throws -> (Texture, OffscreenTarget) {
        let texture = try device.makeTexture(image: SampleImages.from(width: size.width, height: size.height))
        do {
            return (texture, try device.makeOffscreenTarget(width: size.width, height: size.height))
        } catch {
            texture.release()
            throw error
        }
    }

    /// Frames per second of each renderer over the runs, interleaved so drift hits them alike.
    private func time(_ renderers: [EffectRenderer], device: GLDevice, target: OffscreenTarget) throws -> Rounds.Results<Double> {
        try time(renderers.map { ($0, target) }, device: device)
    }

    /// The same for renderers that each draw into a target of their own.
    private func time(_ jobs: [(EffectRenderer, OffscreenTarget)], device: GLDevice) throws -> Rounds.Results<Double> {
        for (renderer, target) in jobs {
            for _ in 0..<warmupFrames { try renderer.render(into: target); device.finish() }
        }
        let clock = RealClock()
        return try Rounds(count: runs).run(jobs) { job in
            let start = clock.now
            for _ in 0..<frames { try job.0.render(into: job.1); device.finish() }
            return Double(frames) / (clock.now - start)
        }
    }

    /// Intermediate bytes the pool holds at most while `renderer` draws a frame.
    private func intermediateBytes(_ renderer: EffectRenderer, device: GLDevice, target: OffscreenTarget) throws -> Int {
        device.targetPool.trim()
        device.targetPool.resetPeak()
        try renderer.render(into: target)
        return device.targetPool.peakByteCount
    }

    /// Chains of each length, fused and one pass per filter: their rows of the report, and the
    /// longest chain's frame rate over the 1-filter chain's (the target).
    func measureChains(device: GLDevice, size: FrameSize, lengths: [Int], table: BenchTable) throws
        -> (rows: [ReportRow], longest: (filters: Int, fusedOverOneFilter: Double)?)
    {
        let (texture, target) = try prepare(device: device, size: size)
        defer { target.release(); texture.release() }
        var renderers: [(fused: EffectRenderer, onePass: EffectRenderer)] = []
        for length in lengths {
            let graph = Self.chain(ImageSource(texture), length: length)
            renderers.append((
                try EffectRenderer(device: device, output: graph, mode: .fused),
                try EffectRenderer(device: device, output: graph, mode: .onePassPerFilter)))
        }
        let fps = try time(renderers.flatMap { [$0.fused, $0.onePass] }, device: device, target: target)
        let spreads = fps.spreads(.rate)
        table.chainsHeader(size: size.description)
        var rows: [ReportRow] = [], longest: (filters: Int, fusedOverOneFilter: Double)?
        for (index, length) in lengths.enumerated() {
            let (fused, onePass) = renderers[index]
            let (fusedFPS, onePassFPS) = (spreads[2 * index], spreads[2 * index + 1])
            let bytes = (fused: try intermediateBytes(fused, device: device, target: target),
                         onePass: try intermediateBytes(onePass, device: device, target: target))
            let overOneFilter = fusedFPS.ratio(to: spreads[0])
            table.chain(filters: length, fused: fusedFPS, onePass: onePassFPS, passes: (fused.passCount, onePass.passCount),
                        fusedOverOneFilter: overOneFilter, intermediateBytes: bytes)
            rows.append(ReportRow([
                "size": size.description, "filters": length, "fusedFPS": fusedFPS.median, "onePassFPS": onePassFPS.median,
                "fusedPasses": fused.passCount, "onePassPasses": onePass.passCount, "fusedOverOneFilter": overOneFilter,
                // Bytes of intermediate targets held while rendering (pool peak), fused and one pass.
                "fusedIntermediateBytes": bytes.fused, "onePassIntermediateBytes": bytes.onePass,
                "runs": ["fused": fps.values(2 * index), "onePass": fps.values(2 * index + 1)],
            ]))
            if length > longest?.filters ?? .min { longest = (length, overOneFilter) }
        }
        return (rows, longest)
    }

    /// The fused chain at each size: its rows of the report, frame time fitted against pixels,
    /// and each size's throughput over the mean (the target: all near 1).
    func measureResolutions(device: GLDevice, sizes: [FrameSize], table: BenchTable) throws
        -> (rows: [ReportRow], fit: ReportRow, throughputRatios: [Double])
    {
        var prepared: [(Texture, OffscreenTarget)] = []
        defer { for (texture, target) in prepared { target.release(); texture.release() } }
        var jobs: [(EffectRenderer, OffscreenTarget)] = []
        for size in sizes {
            let (texture, target) = try prepare(device: device, size: size)
            prepared.append((texture, target))
            let output = Self.chain(ImageSource(texture), length: Self.resolutionChainLength)
            jobs.append((try EffectRenderer(device: device, output: output), target))
        }
        // All sizes in each run, so drift in the machine's speed hits them alike.
        let measured = try time(jobs, device: device)
        let fps = measured.spreads(.rate).map(\.median), pixels = sizes.map { Double($0.width * $0.height) }
        let meanThroughput = zip(fps, pixels).map(*).reduce(0, +) / Double(sizes.count)
        // Least squares of frame time (s) against pixels.
        let xs = pixels, ys = fps.map { 1 / $0 }
        let (mx, my) = (xs.reduce(0, +) / Double(xs.count), ys.reduce(0, +) / Double(ys.count))
        let sxx = zip(xs, xs).map { ($0 - mx) * ($1 - mx) }.reduce(0, +)
        let slope = sxx > 0 ? zip(xs, ys).map { ($0 - mx) * ($1 - my) }.reduce(0, +) / sxx : 0
        let (fixedMilliseconds, nanosecondsPerPixel) = ((my - slope * mx) * 1000, slope * 1e9)
        // Throughput over the mean throughput of all sizes (the best constant of fps = k / pixels in
        // the least-squares sense): 1 means exactly on the proportional line.
        let ratios = zip(fps, pixels).map { $0 * $1 / meanThroughput }
        table.resolutionsHeader()
        let rows = sizes.indices.map { index in
            table.resolution(size: sizes[index].description, fps: fps[index], pixels: pixels[index], throughputRatio: ratios[index])
            return ReportRow([
                "size": sizes[index].description, "pixels": Int(pixels[index]), "fps": fps[index],
                "megapixelsPerSecond": fps[index] * pixels[index] / 1e6, "throughputRatio": ratios[index], "runs": measured.values(index),
            ])
        }
        // Frame time as a straight line in pixels: what a frame costs whatever its size
        // (synchronisation, setup) and what each pixel adds.
        table.frameTimeFit(fixedMilliseconds: fixedMilliseconds, nanosecondsPerPixel: nanosecondsPerPixel)
        return (rows, ReportRow(["fixedMilliseconds": fixedMilliseconds, "nanosecondsPerPixel": nanosecondsPerPixel]), ratios)
    }
}
