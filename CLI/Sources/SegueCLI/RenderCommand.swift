import ArgumentParser
import Foundation
import SegueColor
import SegueEffects
import SegueExport
import SegueGL
import SegueImage
import SegueOutput
import SegueRenderJobs
import SegueTransitions

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a transition between two pictures (PNG, JPEG, WebP, HEIC or AVIF) (or an edit of two clips) to numbered frames and a "
            + "contact sheet, or to MP4, MOV, MKV, WebM or GIF through ffmpeg.",
        discussion: "Video: --out x.mp4 (H.264), x.mov (H.264; ProRes 4444 with --alpha), x.mkv (H.264), x.webm (VP9) or x.gif, "
            + "or --format. Frames are piped to ffmpeg, "
            + "none written to disk. With clips (--from a.mp4 --to b.mp4) the output is the whole edit, as ffmpeg's "
            + "xfade makes it: a until --offset, the transition over --duration (or --frames), then the rest of b. "
            + "Audio is left out.")

    @Option(help: "The picture at progress 0 (PNG, JPEG, WebP, HEIC or AVIF; the type is read from the file), or a clip (any file ffmpeg decodes) for a video edit.") var from: String?
    @Option(help: "The picture at progress 1 (PNG, JPEG, WebP, HEIC or AVIF), or a clip for a video edit.") var to: String?
    @Option(help: "The effect to render (see --list).") var effect = "pixel-dissolve"
    @Option(parsing: .unconditional, help: "How many frames, at progress i/(N-1) (default 30; for clips, the transition's frames).")
    var frames: Int?
    @Option(help: "Output format: png (a folder of frames), mp4, mov, mkv, webm or gif (default: from --out's extension).")
    var format: OutputFormat?
    @Option(parsing: .unconditional, help: "Video frame rate (default 30).") var fps: Int?
    // Numbers are read `.unconditional`ly: `--duration -1` is a value out of range, not a missing one.
    @Option(parsing: .unconditional, help: "Video: the transition's length in seconds (frames = duration x fps), instead of --frames.")
    var duration: Double?
    @Option(parsing: .unconditional, help: "Clips: where the transition starts in --from, in seconds (ffmpeg xfade's offset).")
    var offset = 0.0
    @Option(parsing: .unconditional, help: "Video quality, constant rate factor on x264's scale for .mp4, .mov and .mkv, 0...51 (default 23, 0 lossless; with --bit-depth 10 HEVC gets x265's equal, CRF + 5: 28 by default, 0 lossless too), and on VP9's for .webm, 0...63 (default 31).")
    var crf: Int?
    @Option(help: "Frame size, WIDTHxHEIGHT (default 640x360). Pictures of another size are fitted to it by --resize.",
            transform: parseFrameSize)
    var size = FrameSize(width: 640, height: 360)
    @Option(help: "Output directory (frame-0000.png ..., contact-sheet.png), or a .mp4, .mov, .mkv, .webm or .gif file.") var out = "out/render"
    @Option(help: "fused (one generated shader) or onePassPerFilter (the reference path).")
    var mode: ExecutionMode = .fused
    @OptionGroup var setup: TransitionSetupOptions
    @OptionGroup var depth: SampleDepthOptions
    @Flag(help: "Keep the frames' alpha (a stinger, with --edges transparent): PNG frames (always RGBA), .webm (VP9 yuva420p), .mov (ProRes 4444) or .gif (a transparent colour); .mp4 and .mkv have no alpha.")
    var alpha = false
    @Flag(help: "List the effects and their parameters, then exit.") var list = false
    @Flag(help: "Print nothing but errors.") var quiet = false

    func validate() throws {
        if list { return }
        guard from != nil, to != nil else { throw ValidationError("--from and --to are required") }
        if let frames, !(1...ExportInputs.maxTransitionFrames).contains(frames) {
            throw ValidationError("--frames must be 1...\(ExportInputs.maxTransitionFrames), not \(frames)")
        }
        try validateOut()
        // No output may replace an input: the pictures or clips, the .glsl, a --param's file.
        let files = setup.parameters.compactMap { $0.split(separator: "=", maxSplits: 1).dropFirst().first.map(String.init) }
        do {
            try OutputPath.refuseInputs([from, to].compactMap { $0 } + (effect.hasSuffix(".glsl") ? [effect] : []) + files, asOutput: out)
        } catch { throw ValidationError("\(error)") }
        try EffectCatalog.validateName(effect)
        try validateVideoOptions()
    }

    func run() throws {
        InterruptHandling.install()
        if list {
            print(EffectCatalog.catalog.listing)
            print(FilterCatalog.listing)
            return
        }
        guard let from, let to else { return }
        let report = ProgressBar.reporter(label: "rendering \(effect)", quiet: quiet)
        let frames = frames ?? 30
        let transition = try EffectCatalog.transition(named: effect, parameters: setup.parameters, resize: setup.resize, edges: setup.edges)
        if let transition, let video = OutputFormat.resolve(format, out: out).video {
            try renderVideo(from: from, to: to, effect: transition, format: video)
            return
        }
        let written = try MainActor.assumeIsolated {
            // An effect, or a view-controller transition (the seeds' examples).
            guard let chosen = transition.map(TransitionRenderer.Transition.effect)
                ?? EffectCatalog.catalog.entry(named: effect)?.scenario.map(TransitionRenderer.Transition.scenario)
            else { throw ValidationError("unknown effect '\(effect)'") }
            return try Self.writeFrames(chosen, from: from, to: to, frames: frames, size: size, mode: mode,
                                        outputDirectory: out, progress: report, resize: setup.resize, blend: setup.blend)
        }
        if !quiet {
            print("wrote \(written.frames.count) frames to \(written.directory)/frame-0000.png ...")
            print("contact sheet: \(written.contactSheet)")
        }
    }
}

extension ExecutionMode: @retroactive ExpressibleByArgument {}

extension RenderCommand {
    /// Frames of a transition in a folder with a contact sheet (`TransitionRenderer.writeFrameFolder`),
    /// with the command line's notices; the pictures are decoded before anything is written.
    @MainActor
    static func writeFrames(
        _ transition: TransitionRenderer.Transition, from: String, to: String, frames: Int, size: FrameSize, mode: ExecutionMode = .fused,
        outputDirectory: String, progress: ((Int, Int) -> Void)?, resize: ResizeMode = .cover, blend: BlendSpace = .srgb
    ) throws -> FrameFolder {
        func read(_ path: String) throws -> PictureSource {
            try PictureFitting.source(path: path, frameWidth: size.width, frameHeight: size.height, mode: resize)
        }
        let (fromImage, toImage) = (try read(from), try read(to))
        var renderer = try TransitionRenderer(transition, width: size.width, height: size.height, resize: resize)
        (renderer.mode, renderer.blendSpace) = (mode, blend)
        renderer.onReduced = { isFrom, reduction in PictureFitting.printNotice(reduction, label: isFrom ? from : to) }
        return try renderer.writeFrameFolder(
            from: fromImage, to: toImage, count: frames, at: outputDirectory, progress: progress, onWaitingForLock: sayWaitingForLock)
    }
}
