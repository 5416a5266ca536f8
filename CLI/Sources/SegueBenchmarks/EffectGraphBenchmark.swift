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

    struct ChainMeasurement: Codable {
        let size: String
        let filters: Int
        let fusedFPS: Double
        let onePassFPS: Double
        let fusedPasses: Int
        let onePassPasses: Int
        /// Fused frame rate over the 1-filter fused chain's.
        let fusedOverOneFilter: Double
        /// Bytes of intermediate targets held while rendering (pool peak), fused and one pass.
        let fusedIntermediateBytes: Int
        let onePassIntermediateBytes: Int
        let runs: [String: [Double]]
    }

    struct ResolutionMeasurement: Codable {
        let size: String
        let pixels: Int
        let fps: Double
        /// Frames per second × pixels, in millions per second.
        let megapixelsPerSecond: Double
        /// Throughput over the mean throughput of all sizes (the best constant of fps = k / pixels
        /// in the least-squares sense): 1 means exactly on the proportional line.
        let throughputRatio: Double
        let runs: [Double]
    }

    /// Frame time as a straight line in pixels, fitted over the resolution sweep: what a frame
    /// costs whatever its size (synchronisation, setup) and what each pixel adds.
    struct FrameTimeFit: Codable {
        let fixedMilliseconds: Double
        let nanosecondsPerPixel: Double
    }

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

    struct MarginalCost: Codable {
        let filter: String
        /// Frame time added by one more fused filter of this kind, in milliseconds and as a
        /// fraction of the 1-filter chain's frame time.
        let milliseconds: Double
        let fractionOfOneFilterFrame: Double
    }

    /// What one more fused filter of each kind adds to a frame: chains of 1 and of `length`
    /// filters of that kind, timed alike.
    func measureMarginalCosts(device: GLDevice, size: FrameSize, length: Int = 8) throws -> [MarginalCost] {
        let (texture, target) = try prepare(device: device, size: size)
        defer { target.release(); texture.release() }
        var renderers: [EffectRenderer] = []
        for index in Self.adjustments.indices {
            for count in [1, length] {
                renderers.append(try EffectRenderer(
                    device: device, output: Self.chain(ImageSource(texture), length: count, kinds: index..<index + 1)))
            }
        }
        let fps = try time(renderers, device: device, target: target).map(median)
        return Self.adjustments.indices.map { index in
            let (one, many) = (1000 / fps[2 * index], 1000 / fps[2 * index + 1])
            let added = (many - one) / Double(length - 1)
            return MarginalCost(filter: Self.adjustments[index].name, milliseconds: added, fractionOfOneFilterFrame: added / one)
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

    /// Median frames per second of each renderer, runs interleaved so drift hits them alike.
    private func time(_ renderers: [EffectRenderer], device: GLDevice, target: OffscreenTarget) throws -> [[Double]] {
        try time(renderers.map { ($0, target) }, device: device)
    }

    /// The same for renderers that each draw into a target of their own.
    private func time(_ jobs: [(EffectRenderer, OffscreenTarget)], device: GLDevice) throws -> [[Double]] {
        for (renderer, target) in jobs {
            for _ in 0..<warmupFrames { try renderer.render(into: target); device.finish() }
        }
        let clock = RealClock()
        var fps = Array(repeating: [Double](), count: jobs.count)
        for _ in 0..<runs {
            for (index, (renderer, target)) in jobs.enumerated() {
                let start = clock.now
                for _ in 0..<frames { try renderer.render(into: target); device.finish() }
                fps[index].append(Double(frames) / (clock.now - start))
            }
        }
        return fps
    }

    /// Intermediate bytes the pool holds at most while `renderer` draws a frame.
    private func intermediateBytes(_ renderer: EffectRenderer, device: GLDevice, target: OffscreenTarget) throws -> Int {
        device.targetPool.trim()
        device.targetPool.resetPeak()
        try renderer.render(into: target)
        return device.targetPool.peakByteCount
    }

    func measureChains(device: GLDevice, size: FrameSize, lengths: [Int]) throws -> [ChainMeasurement] {
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
        let baseline = median(fps[0])
        var result: [ChainMeasurement] = []
        for (index, length) in lengths.enumerated() {
            let (fused, onePass) = renderers[index]
            result.append(ChainMeasurement(
                size: size.description, filters: length,
                fusedFPS: median(fps[2 * index]), onePassFPS: median(fps[2 * index + 1]),
                fusedPasses: fused.passCount, onePassPasses: onePass.passCount,
                fusedOverOneFilter: median(fps[2 * index]) / baseline,
                fusedIntermediateBytes: try intermediateBytes(fused, device: device, target: target),
                onePassIntermediateBytes: try intermediateBytes(onePass, device: device, target: target),
                runs: ["fused": fps[2 * index], "onePass": fps[2 * index + 1]]))
        }
        return result
    }

    func measureResolutions(device: GLDevice, sizes: [FrameSize]) throws -> (sizes: [ResolutionMeasurement], fit: FrameTimeFit) {
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
        let runs = try time(jobs, device: device)
        let measured = sizes.indices.map { index in
            (pixels: Double(sizes[index].width * sizes[index].height), fps: median(runs[index]), runs: runs[index], size: sizes[index])
        }
        let meanThroughput = measured.map { $0.fps * $0.pixels }.reduce(0, +) / Double(measured.count)
        // Least squares of frame time (s) against pixels.
        let xs = measured.map(\.pixels), ys = measured.map { 1 / $0.fps }
        let (mx, my) = (xs.reduce(0, +) / Double(xs.count), ys.reduce(0, +) / Double(ys.count))
        let sxx = zip(xs, xs).map { ($0 - mx) * ($1 - mx) }.reduce(0, +)
        let slope = sxx > 0 ? zip(xs, ys).map { ($0 - mx) * ($1 - my) }.reduce(0, +) / sxx : 0
        let fit = FrameTimeFit(fixedMilliseconds: (my - slope * mx) * 1000, nanosecondsPerPixel: slope * 1e9)
        let rows = measured.map { entry in
            ResolutionMeasurement(
                size: entry.size.description, pixels: Int(entry.pixels), fps: entry.fps,
                megapixelsPerSecond: entry.fps * entry.pixels / 1e6, throughputRatio: entry.fps * entry.pixels / meanThroughput,
                runs: entry.runs)
        }
        return (rows, fit)
    }
}
