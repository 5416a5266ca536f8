import Foundation
import SegueEffects
import SegueGL
import SegueHeadless
import SegueImage
import SegueSoak
import SegueTransitions

/// Why a benchmark could not run.
public enum BenchmarkError: Error, CustomStringConvertible {
    case toolFailed(tool: String, status: Int32, log: String)
    /// An option's value the section cannot use (the message names the option and what it takes).
    case invalidOption(String)

    public var description: String {
        switch self {
        case .toolFailed(let tool, let status, let log): "bench: \(tool) failed (\(status)): \(log)"
        case .invalidOption(let message): "bench: \(message)"
        }
    }
}

/// `segue bench`: headless frames per second of the pixel dissolve (fused, one pass per filter,
/// bare C floor), the compositor, filter chains by length and by resolution, and on request a
/// long soak and video export against ffmpeg. Prints a table (or nothing, for JSON) as it goes
/// and returns the whole report.
@MainActor
public struct BenchmarkSuite {
    /// The target this benchmark checks: the engine's fused path within 5% of bare C + GL.
    public nonisolated static let fusedOverFloorTarget = 0.95
    /// Frames per export in the export section.
    public nonisolated static let exportFrameCounts = ExportBenchmark.frameCounts

    public enum Section: String, CaseIterable, Sendable {
        case dissolve, scene, chain, resolution
        /// Not in the default run (about a minute): a long session of mixed transitions.
        case soak
        /// Not in the default run (slow, needs ffmpeg): video export against ffmpeg's xfade.
        case export
        /// Not in the default run: a timeline (segue edit) against ffmpeg's xfade + acrossfade chain
        /// and MoviePy 2.
        case edit
        /// Not in the default run (opens a window; needs a display): a hosted app's frame times.
        case host
        /// Not in the default run (minutes): memory over a 10-minute timeline.
        case editLong = "edit-long"
        /// Not in the default run: pointer events through gesture arbitration (no GL).
        case input
        /// Not in the default run (needs `make frei0r`): the frei0r plugin's frame against the CLI's renderer.
        case frei0r
        /// Not in the default run (needs `make gstreamer`): the GStreamer element's frame against the CLI's renderer.
        case gstreamer
        /// Not in the default run (needs ffmpeg): the GPU output stage against RGBA + swscale.
        case output
        /// Not in the default run: linear-light blending against the sRGB default, per effect.
        case blend

        public static let defaults: [Section] = [.dissolve, .scene, .chain, .resolution]
    }

    public struct Options: Sendable {
        public var sections: Set<Section> = Set(Section.defaults)
        public var sizes = [FrameSize(width: 1280, height: 720), FrameSize(width: 1920, height: 1080)]
        public var frames = 120
        public var runs = 5
        public var warmup = 30
        public var chainSize = FrameSize(width: 1920, height: 1080)
        public var chainLengths = [1, 2, 4, 8]
        public var resolutions = [
            FrameSize(width: 1280, height: 720), FrameSize(width: 1920, height: 1080),
            FrameSize(width: 2560, height: 1440), FrameSize(width: 3840, height: 2160),
        ]
        public var soakTransitions = 10_000
        public var soakWarmup = 1_000
        /// Seeded random gesture sequences per interactive example (the soak section).
        public var gestureSequences = 1_000
        public var exportSize = FrameSize(width: 1920, height: 1080)
        public var exportFrames = 60
        public var editSize = FrameSize(width: 1920, height: 1080)
        /// Seconds of each of the edit section's three clips.
        public var editClipSeconds = 10
        /// Runs of the edit section (each makes the edit with every variant).
        public var editRuns = 1
        /// The edit section's cases: the phone-like H.264 edit, HLG clips, the photo slideshow.
        public var editCases: [EditBenchmarkCase] = EditBenchmarkCase.defaults
        /// The phone case's variants by name (`EditBenchmark.variantNames`); empty: all of them.
        public var editVariants: [String] = []
        /// Seconds each of the slideshow's 20 photos shows, and of its 19 transitions.
        public var slideshowPictureSeconds = 5
        public var slideshowTransitionSeconds = 2
        /// The window size of the host section (points).
        public var hostSize = FrameSize(width: 1280, height: 720)
        /// The Python with MoviePy 2 for the edit section; nil: `SEGUE_BENCH_MOVIEPY_PYTHON`, else
        /// the repository's `.build/bench-venv` (see `MoviePyPeer`).
        public var moviePyPython: String?
        public var editLongSize = FrameSize(width: 640, height: 360)
        public var editLongMinutes = 10
        /// Gestures per run of the input section.
        public var inputGestures = 2_000
        /// The frei0r section's plugin (segue.so) and frame size.
        public var frei0rPlugin = Frei0rBenchmark.defaultPlugin
        public var frei0rSize = FrameSize(width: 1920, height: 1080)
        /// The gstreamer section's plugin folder and frame size.
        public var gstreamerPluginPath = GStreamerBenchmark.defaultPluginPath
        public var gstreamerSize = FrameSize(width: 1920, height: 1080)
        /// Print the table while measuring (off for JSON).
        public var printsTable = true

        public init() {}
    }

    /// The whole report: `segue bench --json` prints it (its keys are built in `run`).
    public struct Report: Encodable {
        fileprivate let row: ReportRow

        public func encode(to encoder: any Encoder) throws { try row.encode(to: encoder) }
    }

    let options: Options
    private let table: BenchTable

    public init(options: Options) {
        self.options = options
        table = BenchTable(enabled: options.printsTable)
    }

    /// Runs the chosen sections on a headless context of its own.
    public func run() throws -> Report {
        // First, before the headless context exists: Mesa refuses a GLX context current on a
        // thread where an EGL one was (BadAccess from glXMakeCurrent), and the window is GLX.
        let host = options.sections.contains(.host)
            ? try HostBenchmark(size: options.hostSize, frames: options.frames, warmupFrames: options.warmup).run(table: table) : nil
        return try HeadlessEGLContext.withDevice { device in
            table.line("Segue bench on \(device.driverDescription) (\(device.context.backendDescription))")
            table.line("median of \(options.runs) runs x \(options.frames) frames after \(options.warmup) warm-up frames per variant; glFinish or readback per frame")

            let dissolve = try measureDissolve(device)
            let scene = try measureScene(device)
            let chains = try measureChains(device)
            let sweep = options.sections.contains(.resolution)
                ? try graphs.measureResolutions(device: device, sizes: options.resolutions, table: table) : nil
            let soak = try measureSoak(device)
            let gestures = options.sections.contains(.soak)
                ? try SoakBenchmark.runGestures(device: device, sequences: max(options.gestureSequences, 1)) : nil
            if let gestures { table.gestureStress(gestures) }
            let export = options.sections.contains(.export)
                ? try ExportBenchmark(size: options.exportSize, frames: options.exportFrames, runs: options.runs)
                    .run(device: device, table: table) : nil
            let editCases: Set<EditBenchmarkCase> = options.sections.contains(.edit) ? Set(options.editCases) : []
            let edit = editCases.contains(.phone)
                ? try EditBenchmark(size: options.editSize, clipSeconds: options.editClipSeconds, runs: options.editRuns,
                                    moviePy: MoviePyPeer.locate(python: options.moviePyPython), only: options.editVariants)
                    .run(device: device, table: table) : nil
            let editUntagged = editCases.contains(.phoneUntagged)
                ? try EditBenchmark(size: options.editSize, clipSeconds: options.editClipSeconds, runs: options.editRuns,
                                    moviePy: MoviePyPeer.locate(python: options.moviePyPython), tagged: false, only: options.editVariants)
                    .run(device: device, table: table) : nil
            let editHLG = editCases.contains(.hlg)
                ? try HLGEditBenchmark(size: options.editSize, clipSeconds: options.editClipSeconds, runs: options.editRuns)
                    .run(device: device, table: table) : nil
            let slideshow = editCases.contains(.slideshow)
                ? try SlideshowBenchmark(size: options.editSize, pictureSeconds: options.slideshowPictureSeconds,
                                         transitionSeconds: options.slideshowTransitionSeconds, runs: options.editRuns)
                    .run(device: device, table: table) : nil
            let editLong = options.sections.contains(.editLong)
                ? try LongEditBenchmark(size: options.editLongSize, minutes: options.editLongMinutes).run(device: device, table: table) : nil
            let output = options.sections.contains(.output)
                ? try OutputBenchmark(size: options.exportSize, frames: options.exportFrames, runs: options.runs)
                    .run(device: device, table: table) : nil
            let input = options.sections.contains(.input)
                ? InputBenchmark(gestures: max(options.inputGestures, 1), runs: options.runs).run(table: table) : nil
            let frei0r = options.sections.contains(.frei0r)
                ? try Frei0rBenchmark(plugin: options.frei0rPlugin, size: options.frei0rSize, frames: min(options.frames, 60), runs: options.runs)
                    .run(table: table) : nil
            let gstreamer = options.sections.contains(.gstreamer)
                ? try GStreamerBenchmark(pluginPath: options.gstreamerPluginPath, size: options.gstreamerSize,
                                         frames: max(min(options.frames, 60), 2), runs: options.runs).run(table: table) : nil
            let blend = options.sections.contains(.blend)
                ? try BlendBenchmark(size: options.exportSize, frames: min(options.frames, 30), runs: options.runs)
                    .run(device: device, table: table) : nil

            let dissolveMet = dissolve.allSatisfy { $0.fusedOverFloor >= Self.fusedOverFloorTarget }
            let chainMet = (chains.longest?.fusedOverOneFilter ?? 1) >= EffectGraphBenchmark.chainTarget
            let ratios = sweep?.throughputRatios ?? []
            let resolutionMet = ratios.allSatisfy { abs($0 - 1) <= EffectGraphBenchmark.resolutionTolerance }
            let report = Report(row: ReportRow([
                "renderer": device.driverDescription, "backend": device.context.backendDescription, "framesPerRun": options.frames,
                "runs": options.runs, "warmupFrames": options.warmup, "measurements": dissolve.map(\.row),
                "fusedOverFloorTarget": Self.fusedOverFloorTarget, "targetMet": dissolveMet,
                // The compositor on 100 textured views with animated 3D transforms.
                "scene": scene, "chains": chains.rows, "marginalCosts": chains.costs, "chainTarget": EffectGraphBenchmark.chainTarget,
                "chainTargetMet": chainMet, "resolutions": sweep?.rows ?? [], "frameTimeFit": sweep?.fit,
                "resolutionTolerance": EffectGraphBenchmark.resolutionTolerance, "resolutionTargetMet": resolutionMet,
                // The sections not run by default are left out unless asked for (host also without a display).
                "soak": soak, "soakFlat": soak.map(SoakBenchmark.isFlat), "gestureStress": gestures,
                "gestureStressClean": gestures.map { $0.allSatisfy(\.isClean) }, "export": export, "edit": edit, "editUntagged": editUntagged, "editHLG": editHLG, "editSlideshow": slideshow,
                "host": host, "editLong": editLong, "output": output, "input": input, "frei0r": frei0r, "gstreamer": gstreamer, "blend": blend,
            ]))
            table.targets(dissolve: dissolve, dissolveMet: dissolveMet, longestChain: chains.longest, chainMet: chainMet,
                          throughputRatios: ratios, resolutionMet: resolutionMet)
            return report
        }
    }

    private var graphs: EffectGraphBenchmark {
        EffectGraphBenchmark(frames: options.frames, runs: options.runs, warmupFrames: options.warmup)
    }

    private func measureDissolve(_ device: GLDevice) throws -> [PixelDissolveBenchmark.Outcome] {
        guard options.sections.contains(.dissolve) else { return [] }
        let benchmark = PixelDissolveBenchmark(frames: options.frames, runs: options.runs, warmupFrames: options.warmup)
        table.dissolveHeader()
        return try options.sizes.flatMap { size in
            try PixelDissolveBenchmark.SyncMode.allCases.map { mode in
                try benchmark.measure(device: device, size: (size.width, size.height), mode: mode, table: table)
            }
        }
    }

    private func measureScene(_ device: GLDevice) throws -> [ReportRow] {
        guard options.sections.contains(.scene) else { return [] }
        table.line("\ncompositor: 100 textured views, 3D transforms animated every frame (glFinish per frame)")
        return try options.sizes.map { size in
            try SceneBenchmark(frames: options.frames, runs: options.runs, warmupFrames: options.warmup)
                .measure(device: device, size: (size.width, size.height), table: table)
        }
    }

    private func measureChains(_ device: GLDevice) throws
        -> (rows: [ReportRow], longest: (filters: Int, fusedOverOneFilter: Double)?, costs: [ReportRow])
    {
        guard options.sections.contains(.chain) else { return ([], nil, []) }
        let chains = try graphs.measureChains(device: device, size: options.chainSize, lengths: options.chainLengths, table: table)
        let costs = try graphs.measureMarginalCosts(device: device, size: options.chainSize, table: table)
        return (chains.rows, chains.longest, costs)
    }

    private func measureSoak(_ device: GLDevice) throws -> TransitionSoak.Report? {
        guard options.sections.contains(.soak) else { return nil }
        let transitions = max(options.soakTransitions, 1)
        let report = try SoakBenchmark.run(
            device: device, transitions: transitions, warmup: min(max(options.soakWarmup, 0), transitions))
        table.soak(report)
        return report
    }
}

/// A benchmark's working folder in the temporary directory, named `name` and this process's id
/// (so two benches at once do not share one); the caller removes it.
func makeScratchDirectory(_ name: String) throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(getpid())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
}
