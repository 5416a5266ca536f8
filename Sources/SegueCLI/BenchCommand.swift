import ArgumentParser
import Foundation
import SegueEffects
import SegueGL
import SeguePlatform
import SegueTransitions

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Headless frames per second: the pixel dissolve (fused, one pass per filter, bare C floor), "
            + "the compositor, filter chains by length and by resolution.")

    /// The target this benchmark checks: the engine's fused path within 5% of bare C + GL.
    static let fusedOverFloorTarget = 0.95

    enum Section: String, CaseIterable, ExpressibleByArgument {
        case dissolve, scene, chain, resolution
        /// Not in the default run (about a minute): a long session of mixed transitions.
        case soak
        /// Not in the default run (slow, needs ffmpeg): video export against ffmpeg's xfade.
        case export
        /// A timeline (segue edit) against ffmpeg's xfade + acrossfade chain (not run by default).
        case edit
    }

    @Flag(help: "Print one JSON object on stdout instead of the table.") var json = false
    @Option(help: "Comma-separated sizes for the dissolve and scene sections.") var sizes = "1280x720,1920x1080"
    @Option(help: "Frames per run (at least 120 for reported figures).") var frames = 120
    @Option(help: "Runs per variant; the median is reported (at least 5 for reported figures).") var runs = 5
    @Option(help: "Warm-up frames per variant before timing.") var warmup = 30
    @Option(help: "Comma-separated sections: dissolve, scene, chain, resolution, soak, export (video export against ffmpeg's xfade; needs ffmpeg) and edit (a timeline with sound against ffmpeg's xfade + acrossfade); soak, export and edit are not run by default.") var sections = "dissolve,scene,chain,resolution"
    @Option(help: "The frame size of the chain section.") var chainSize = FrameSize(width: 1920, height: 1080)
    @Option(help: "Comma-separated chain lengths (the first is the baseline).") var chainLengths = "1,2,4,8"
    @Option(help: "Comma-separated sizes of the resolution section (two at least).")
    var resolutions = "1280x720,1920x1080,2560x1440,3840x2160"
    @Option(help: "Transitions of the soak section (not run by default; --sections soak).") var soakTransitions = 10_000
    @Option(help: "Soak transitions before the reference sample.") var soakWarmup = 1_000
    @Option(help: "The frame size of the export section.") var exportSize = FrameSize(width: 1920, height: 1080)
    @Option(help: "Frames per export in the export section (2...1000).") var exportFrames = 60
    @Option(help: "The frame size of the edit section.") var editSize = FrameSize(width: 1920, height: 1080)
    @Option(help: "Seconds of each of the edit section's three clips (2...600).") var editClipSeconds = 10
    @Option(help: "Runs of the edit section (each makes the edit twice: Segue and ffmpeg).") var editRuns = 1

    struct Report: Codable {
        let renderer: String
        let backend: String
        let framesPerRun: Int
        let runs: Int
        let warmupFrames: Int
        let measurements: [PixelDissolveBenchmark.Measurement]
        let fusedOverFloorTarget: Double
        let targetMet: Bool
        /// The compositor on 100 textured views with animated 3D transforms.
        let scene: [SceneBenchmark.Measurement]
        let chains: [EffectGraphBenchmark.ChainMeasurement]
        let marginalCosts: [EffectGraphBenchmark.MarginalCost]
        let chainTarget: Double
        let chainTargetMet: Bool
        let resolutions: [EffectGraphBenchmark.ResolutionMeasurement]
        let frameTimeFit: EffectGraphBenchmark.FrameTimeFit?
        let resolutionTolerance: Double
        let resolutionTargetMet: Bool
        /// The long session of mixed transitions (only with `--sections soak`).
        let soak: TransitionSoak.Report?
        let soakFlat: Bool?
        /// Video export through ffmpeg against ffmpeg's xfade (the export section).
        let export: ExportBenchmark.Report?
        /// A timeline against ffmpeg's xfade + acrossfade chain (the edit section).
        let edit: EditBenchmark.Report?
    }

    func run() throws {
        // Commands run on the main thread; views and the animation engine are main-actor types.
        try MainActor.assumeIsolated { try runOnMainActor() }
    }

    @MainActor
    private func runOnMainActor() throws {
        let parsedSizes = try sizes.split(separator: ",").map { try FrameSize.parse(String($0)) }
        let resolutionSizes = try resolutions.split(separator: ",").map { try FrameSize.parse(String($0)) }
        let lengths = try chainLengths.split(separator: ",").map { text -> Int in
            guard let n = Int(text), n >= 1 else { throw ValidationError("--chain-lengths: '\(text)' is not a count ≥ 1") }
            return n
        }
        let chosen = try Set(sections.split(separator: ",").map { text -> Section in
            guard let section = Section(rawValue: String(text)) else {
                throw ValidationError("--sections: unknown section '\(text)' (\(Section.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            return section
        })
        guard (2...600).contains(editClipSeconds), (1...20).contains(editRuns) else {
            throw ValidationError("--edit-clip-seconds must be 2...600 and --edit-runs 1...20")
        }
        guard frames >= 1, runs >= 1, warmup >= 0 else { throw ValidationError("--frames and --runs must be at least 1") }
        guard ExportBenchmark.frameCounts.contains(exportFrames) else {
            throw ValidationError("--export-frames must be \(ExportBenchmark.frameCounts.lowerBound)...\(ExportBenchmark.frameCounts.upperBound), not \(exportFrames)")
        }
        guard !lengths.isEmpty, resolutionSizes.count >= 2 || !chosen.contains(.resolution) else {
            throw ValidationError("--chain-lengths needs one length and --resolutions two sizes at least")
        }

        let context = try HeadlessEGLContext()
        defer { context.release() }
        let device = try GLDevice(context: context)
        defer { device.release() }
        let table = BenchTable(enabled: !json)
        table.line("Segue bench on \(device.driverDescription) (\(context.backendDescription))")
        table.line("median of \(runs) runs x \(frames) frames after \(warmup) warm-up frames per variant; glFinish or readback per frame")

        var measurements: [PixelDissolveBenchmark.Measurement] = []
        if chosen.contains(.dissolve) {
            let benchmark = PixelDissolveBenchmark(frames: frames, runs: runs, warmupFrames: warmup)
            table.dissolveHeader()
            for size in parsedSizes {
                for mode in PixelDissolveBenchmark.SyncMode.allCases {
                    let m = try benchmark.measure(device: device, size: (size.width, size.height), mode: mode)
                    measurements.append(m)
                    table.dissolve(m)
                }
            }
        }
        var scene: [SceneBenchmark.Measurement] = []
        if chosen.contains(.scene) {
            table.line("\ncompositor: 100 textured views, 3D transforms animated every frame (glFinish per frame)")
            for size in parsedSizes {
                let m = try SceneBenchmark(frames: frames, runs: runs, warmupFrames: warmup)
                    .measure(device: device, size: (size.width, size.height))
                scene.append(m)
                table.scene(m)
            }
        }
        let graphs = EffectGraphBenchmark(frames: frames, runs: runs, warmupFrames: warmup)
        let chains = chosen.contains(.chain) ? try graphs.measureChains(device: device, size: chainSize, lengths: lengths) : []
        table.chains(chains)
        let costs = chosen.contains(.chain) ? try graphs.measureMarginalCosts(device: device, size: chainSize) : []
        table.marginalCosts(costs)
        let sweep = chosen.contains(.resolution) ? try graphs.measureResolutions(device: device, sizes: resolutionSizes) : nil
        table.resolutions(sweep?.sizes ?? [], fit: sweep?.fit)
        let soak = chosen.contains(.soak)
            ? try SoakBenchmark.run(device: device, transitions: max(soakTransitions, 1), warmup: min(max(soakWarmup, 0), soakTransitions))
            : nil
        if let soak { table.soak(soak) }

        let export = chosen.contains(.export)
            ? try ExportBenchmark(size: exportSize, frames: exportFrames, runs: runs).run(device: device, table: table) : nil

        let edit = chosen.contains(.edit)
            ? try EditBenchmark(size: editSize, clipSeconds: editClipSeconds, runs: editRuns).run(device: device, table: table) : nil

        let longest = chains.max { $0.filters < $1.filters }
        let report = Report(
            renderer: device.driverDescription, backend: context.backendDescription, framesPerRun: frames, runs: runs,
            warmupFrames: warmup, measurements: measurements, fusedOverFloorTarget: Self.fusedOverFloorTarget,
            targetMet: measurements.allSatisfy { $0.fusedOverFloor >= Self.fusedOverFloorTarget }, scene: scene,
            chains: chains, marginalCosts: costs, chainTarget: EffectGraphBenchmark.chainTarget,
            chainTargetMet: (longest?.fusedOverOneFilter ?? 1) >= EffectGraphBenchmark.chainTarget,
            resolutions: sweep?.sizes ?? [], frameTimeFit: sweep?.fit, resolutionTolerance: EffectGraphBenchmark.resolutionTolerance,
            resolutionTargetMet: (sweep?.sizes ?? []).allSatisfy { abs($0.throughputRatio - 1) <= EffectGraphBenchmark.resolutionTolerance },
            soak: soak, soakFlat: soak.map(SoakBenchmark.isFlat), export: export, edit: edit)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        } else {
            table.targets(report, longestChain: longest)
        }
    }
}
