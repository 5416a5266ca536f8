import ArgumentParser
import Foundation
import SegueBenchmarks
import SegueImage

extension BenchmarkSuite.Section: ExpressibleByArgument {}
extension EditBenchmarkCase: ExpressibleByArgument {}

/// `segue bench`: parses the options and hands them to `BenchmarkSuite` (SegueBenchmarks).
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Headless frames per second: the pixel dissolve (fused, one pass per filter, bare C floor), "
            + "the compositor, filter chains by length and by resolution.")

    @Flag(help: "Print one JSON object on stdout instead of the table.") var json = false
    @Option(help: "Comma-separated sizes for the dissolve and scene sections. (default: 1280x720,1920x1080)", transform: CommaSeparated.parser("--sizes", "a size (WIDTHxHEIGHT)"))
    var sizes = CommaSeparated([FrameSize(width: 1280, height: 720), FrameSize(width: 1920, height: 1080)])
    @Option(help: "Frames per run (at least 120 for reported figures).") var frames = 120
    @Option(help: "Runs per variant; the median is reported (at least 5 for reported figures).") var runs = 5
    @Option(help: "Warm-up frames per variant before timing.") var warmup = 30
    @Option(help: "Comma-separated sections: dissolve, scene, chain, resolution, soak, export (video export against ffmpeg's xfade; needs ffmpeg), edit (a timeline with sound against ffmpeg's xfade + acrossfade and MoviePy 2), edit-long (memory over a 10-minute timeline), host (a hosted app's frame times in a window; needs a display), input (pointer events through gesture arbitration), frei0r (the frei0r plugin's f0r_update2 against the CLI's renderer; needs make frei0r), gstreamer (the GStreamer element seguetransition in a gst-launch-1.0 pipeline against the CLI's renderer; needs make gstreamer), output (the GPU output stage's Y'CbCr planes against RGBA + swscale, at --export-size over --export-frames; needs ffmpeg) and blend (linear-light blending against the sRGB default, per effect, at --export-size over at most 30 frames a run); soak, export, edit, edit-long, host, input, frei0r, gstreamer, output and blend are not run by default. (default: dissolve,scene,chain,resolution)",
            transform: CommaSeparated.parser("--sections", "section", choices: BenchmarkSuite.Section.allCases.map(\.rawValue)))
    var sections = CommaSeparated(BenchmarkSuite.Section.defaults)
    @Option(help: "The frame size of the chain section.") var chainSize = FrameSize(width: 1920, height: 1080)
    @Option(help: "Comma-separated chain lengths (the first is the baseline). (default: 1,2,4,8)", transform: CommaSeparated.parser("--chain-lengths", "a count ≥ 1"))
    var chainLengths = CommaSeparated([1, 2, 4, 8].map(PositiveCount.init))
    @Option(help: "Comma-separated sizes of the resolution section (two at least). (default: 1280x720,1920x1080,2560x1440,3840x2160)", transform: CommaSeparated.parser("--resolutions", "a size (WIDTHxHEIGHT)"))
    var resolutions = CommaSeparated(BenchmarkSuite.Options().resolutions)
    @Option(help: "Transitions of the soak section (not run by default; --sections soak).") var soakTransitions = 10_000
    @Option(help: "Soak transitions before the reference sample.") var soakWarmup = 1_000
    @Option(help: "Seeded random gesture sequences per interactive example in the soak section.") var gestureSequences = 1_000
    @Option(help: "The frame size of the export and output sections.") var exportSize = FrameSize(width: 1920, height: 1080)
    @Option(help: "Frames per export in the export section (2...1000).") var exportFrames = 60
    @Option(help: "The frame size of the edit section.") var editSize = FrameSize(width: 1920, height: 1080)
    @Option(help: "Seconds of each of the edit section's three clips (2...600).") var editClipSeconds = 10
    @Option(help: "Runs of the edit section (each makes the edit with every variant).") var editRuns = 1
    @Option(help: "Comma-separated cases of the edit section: phone (H.264 BT.709 clips against ffmpeg and MoviePy 2), phone-untagged (the same edit, clips untagged; not run by default), hlg (HEVC Main 10 HLG clips against ffmpeg with x265; --edit-size, --edit-clip-seconds), slideshow (20 photos, 19 transitions against ffmpeg's xfade chain; --edit-size). (default: phone,hlg,slideshow)",
            transform: CommaSeparated.parser("--edit-cases", "case", choices: EditBenchmarkCase.allCases.map(\.rawValue)))
    var editCases = CommaSeparated(EditBenchmarkCase.defaults)
    @Option(help: "Comma-separated variants of the phone case, by the names its table prints (e.g. \"segue edit,ffmpeg xfade+acrossfade,segue edit --reencode\"); all when not given.",
            transform: { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } })
    var editVariants: [String] = []
    @Option(help: "Seconds each photo of the slideshow case shows (2...60).") var slideshowPictureSeconds = 5
    @Option(help: "Seconds of each of the slideshow case's transitions (at most half a photo's).") var slideshowTransitionSeconds = 2
    @Option(help: "The Python with MoviePy 2 for the edit section (default: $SEGUE_BENCH_MOVIEPY_PYTHON, else .build/bench-venv made by scripts/bench-moviepy-setup.sh); without one MoviePy is skipped.")
    var moviepyPython: String?
    @Option(help: "The frame size of the edit-long section.") var editLongSize = FrameSize(width: 640, height: 360)
    @Option(help: "Minutes of the edit-long section's edit (2...60).") var editLongMinutes = 10
    @Option(help: "The window size of the host section, in points.") var hostSize = FrameSize(width: 1280, height: 720)
    @Option(help: "Gestures per run of the input section (not run by default; --sections input).") var inputGestures = 2_000
    @Option(help: "The frei0r section's plugin (default: $SEGUE_FREI0R_PLUGIN, else .build-libsegue/frei0r-1/segue.so made by make frei0r).")
    var frei0rPlugin = Frei0rBenchmark.defaultPlugin
    @Option(help: "The frame size of the frei0r section (at most 60 frames per run).") var frei0rSize = FrameSize(width: 1920, height: 1080)
    @Option(help: "The gstreamer section's plugin folder (default: $SEGUE_GST_PLUGIN_PATH, else .build-libsegue/gstreamer-1.0 made by make gstreamer).")
    var gstreamerPluginPath = GStreamerBenchmark.defaultPluginPath
    @Option(help: "The frame size of the gstreamer section (at most 60 frames per run).") var gstreamerSize = FrameSize(width: 1920, height: 1080)

    func validate() throws {
        guard (2...600).contains(editClipSeconds), (1...20).contains(editRuns) else {
            throw ValidationError("--edit-clip-seconds must be 2...600 and --edit-runs 1...20")
        }
        guard (2...60).contains(slideshowPictureSeconds), slideshowTransitionSeconds >= 1, 2 * slideshowTransitionSeconds <= slideshowPictureSeconds else {
            throw ValidationError("--slideshow-picture-seconds must be 2...60 and --slideshow-transition-seconds 1...half of it")
        }
        guard (2...60).contains(editLongMinutes) else { throw ValidationError("--edit-long-minutes must be 2...60") }
        guard (1...1_000_000).contains(inputGestures) else { throw ValidationError("--input-gestures must be 1...1000000") }
        guard frames >= 1, runs >= 1, warmup >= 0 else { throw ValidationError("--frames and --runs must be at least 1") }
        let counts = BenchmarkSuite.exportFrameCounts
        guard counts.contains(exportFrames) else {
            throw ValidationError("--export-frames must be \(counts.lowerBound)...\(counts.upperBound), not \(exportFrames)")
        }
        guard resolutions.elements.count >= 2 || !sections.elements.contains(.resolution) else {
            throw ValidationError("--resolutions needs two sizes at least")
        }
    }

    func run() throws {
        var options = BenchmarkSuite.Options()
        options.sections = Set(sections.elements)
        options.sizes = sizes.elements
        (options.frames, options.runs, options.warmup) = (frames, runs, warmup)
        options.chainSize = chainSize
        options.chainLengths = chainLengths.elements.map(\.value)
        options.resolutions = resolutions.elements
        (options.soakTransitions, options.soakWarmup) = (soakTransitions, soakWarmup)
        options.gestureSequences = gestureSequences
        (options.exportSize, options.exportFrames) = (exportSize, exportFrames)
        (options.editSize, options.editClipSeconds, options.editRuns) = (editSize, editClipSeconds, editRuns)
        options.editCases = editCases.elements
        options.editVariants = editVariants
        (options.slideshowPictureSeconds, options.slideshowTransitionSeconds) = (slideshowPictureSeconds, slideshowTransitionSeconds)
        options.hostSize = hostSize
        (options.moviePyPython, options.editLongSize, options.editLongMinutes) = (moviepyPython, editLongSize, editLongMinutes)
        options.inputGestures = inputGestures
        (options.frei0rPlugin, options.frei0rSize) = (frei0rPlugin, frei0rSize)
        (options.gstreamerPluginPath, options.gstreamerSize) = (gstreamerPluginPath, gstreamerSize)
        options.printsTable = !json
        // Commands run on the main thread; views and the animation engine are main-actor types.
        let json = json
        try MainActor.assumeIsolated {
            let report = try BenchmarkSuite(options: options).run()
            guard json else { return }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        }
    }
}
