import ArgumentParser
import Foundation
import SegueEffects
import SegueGL
import SegueImage
import SeguePlatform
import SegueTransitions

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a transition between two pictures (PNG, JPEG or WebP) (or an edit of two clips) to numbered frames and a "
            + "contact sheet, or to MP4, WebM or GIF through ffmpeg.",
        discussion: "Video: --out x.mp4 (H.264), x.webm (VP9) or x.gif, or --format. Frames are piped to ffmpeg, "
            + "none written to disk. With clips (--from a.mp4 --to b.mp4) the output is the whole edit, as ffmpeg's "
            + "xfade makes it: a until --offset, the transition over --duration (or --frames), then the rest of b. "
            + "Audio is left out.")

    @Option(help: "The picture at progress 0 (PNG, JPEG or WebP; the type is read from the file), or a clip (any file ffmpeg decodes) for a video edit.") var from: String?
    @Option(help: "The picture at progress 1 (PNG, JPEG or WebP), or a clip for a video edit.") var to: String?
    @Option(help: "The effect to render (see --list).") var effect = "pixel-dissolve"
    @Option(help: "How many frames, at progress i/(N-1) (default 30; for clips, the transition's frames).") var frames: Int?
    @Option(help: "Output format: png (a folder of frames), mp4, webm or gif (default: from --out's extension).")
    var format: OutputFormat?
    @Option(help: "Video frame rate (default 30).") var fps: Int?
    @Option(help: "Video: the transition's length in seconds (frames = duration x fps), instead of --frames.")
    var duration: Double?
    @Option(help: "Clips: where the transition starts in --from, in seconds (ffmpeg xfade's offset).") var offset = 0.0
    @Option(help: "Video quality, constant rate factor: mp4 0...51 (default 23), webm 0...63 (default 31).") var crf: Int?
    @Option(help: "Frame size, WIDTHxHEIGHT (default 640x360). Pictures of another size are fitted to it by --resize.",
            transform: parseFrameSize)
    var size = FrameSize(width: 640, height: 360)
    @Option(help: "Output directory (frame-0000.png ..., contact-sheet.png), or a .mp4, .webm or .gif file.") var out = "out/render"
    @Option(help: "fused (one generated shader) or onePassPerFilter (the reference path).")
    var mode: ExecutionMode = .fused
    @Option(name: .customLong("param"), help: "A parameter of a gl-transitions effect, name=value (repeatable), e.g. steps=30, center=0.5,0.5, or luma=FILE.png (or a built-in luma map: spiral-1, square, ...) for a sampler2D.")
    var parameters: [String] = []
    @Option(help: "How pictures of another aspect ratio fit the frame, for every effect: cover fills it and crops the centre, contain shows the whole picture with transparent bars (black on view-controller transitions' screens), stretch scales each axis so corners meet. Clips are fitted the same way (by ffmpeg, as they are decoded).")
    var resize: GLTransitionEffect.ResizeMode = .cover
    @Option(help: "What a gl-transitions effect's lookups outside the picture return: clamp (repeat the edge pixels, as the official runtime does) or transparent.")
    var edges: GLTransitionEffect.EdgeMode = .clamp
    @Flag(help: "List the effects and their parameters, then exit.") var list = false
    @Flag(help: "Print nothing but errors.") var quiet = false

    func validate() throws {
        if list { return }
        guard from != nil, to != nil else { throw ValidationError("--from and --to are required") }
        if let frames, !(1...10_000).contains(frames) { throw ValidationError("--frames must be 1...10000, not \(frames)") }
        try EffectCatalog.validateName(effect)
        try validateVideoOptions()
    }

    func run() throws {
        if list {
            print(EffectCatalog.listing)
            print(GLTransitionCatalog.builtInListing)
            print(MainActor.assumeIsolated {
                TransitionScenario.all.map { "\($0.name)  \($0.summary)" }.joined(separator: "\n")
            })
            print(FilterGallery.listing)
            return
        }
        guard let from, let to else { return }
        let report = ProgressBar.reporter(label: "rendering \(effect)", quiet: quiet)
        let frames = frames ?? 30
        let glEntry = GLTransitionCatalog.isTransition(effect)
            ? try GLTransitionCatalog.entry(for: effect, parameters: parameters, resize: resize, edges: edges) : nil
        if !parameters.isEmpty && glEntry == nil {
            throw ValidationError("--param applies to gl-transitions effects (a built-in name or a .glsl file)")
        }
        guard let entry = glEntry ?? EffectCatalog.entry(named: effect, resize: resize) else {
            // A view-controller transition (the seeds' examples) rather than a filter effect.
            let written = try MainActor.assumeIsolated { () throws -> TransitionExport.Result in
                guard let scenario = TransitionScenario.named(effect) else { throw ValidationError("unknown effect '\(effect)'") }
                return try ScenarioExport(
                    fromPath: from, toPath: to, scenario: scenario, frames: frames, size: size,
                    outputDirectory: out, progress: report, resize: resize
                ).run()
            }
            if !quiet {
                print("wrote \(written.frames.count) frames to \(written.directory)/frame-0000.png ...")
                print("contact sheet: \(written.contactSheet)")
            }
            return
        }
        if let video = OutputFormat.resolve(format, out: out).video {
            try renderVideo(from: from, to: to, effect: entry, format: video)
            return
        }
        let written = try TransitionExport(
            fromPath: from, toPath: to, effect: entry, frames: frames, size: size, mode: mode,
            outputDirectory: out, progress: report, resize: resize
        ).run()
        if !quiet {
            print("wrote \(written.frames.count) frames to \(written.directory)/frame-0000.png ...")
            print("contact sheet: \(written.contactSheet)")
        }
    }
}

extension ExecutionMode: ExpressibleByArgument {}

/// Renders frames of a transition headlessly and writes them with a contact sheet.
struct TransitionExport {
    let fromPath: String
    let toPath: String
    let effect: EffectCatalog.Entry
    let frames: Int
    let size: FrameSize
    let mode: ExecutionMode
    let outputDirectory: String
    let progress: ((Int, Int) -> Void)?
    /// How pictures of another size are fitted (see `PictureFitting`).
    var resize: ResizeMode = .cover

    struct Result {
        let directory: String
        let frames: [String]
        let contactSheet: String
    }

    static func frameName(_ index: Int) -> String {
        let digits = String(index)
        return "frame-" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".png"
    }

    func run() throws -> Result {
        // Decode first: a bad input fails before anything is written. The pictures go to the GPU
        // at their own size; the effect's resize mode fits them (see `PictureFitting`).
        let fromImage = try PictureDecoder.read(path: fromPath)
        let toImage = try PictureDecoder.read(path: toPath)

        return try OutputDirectory.produce(at: outputDirectory, ownsFile: OutputDirectory.isFrameOutput) { output in
            try render(fromImage, toImage, into: output)
        }
    }

    private func render(_ fromImage: RGBAImage, _ toImage: RGBAImage, into output: OutputDirectory) throws -> Result {
        let context = try HeadlessEGLContext()
        defer { context.release() }
        let device = try GLDevice(context: context)
        defer { device.release() }
        let fromTexture = try PictureFitting.texture(fromImage, device: device, label: fromPath)
        defer { fromTexture.release() }
        let toTexture = try PictureFitting.texture(toImage, device: device, label: toPath)
        defer { toTexture.release() }
        let target = try device.makeOffscreenTarget(width: size.width, height: size.height)
        defer { target.release() }
        let transition = try effect.make(device, fromTexture, toTexture, mode)
        defer { transition.release() }

        var names: [String] = []
        var sheetFrames: [(image: RGBAImage, label: String)] = []
        let sheetEvery = max(1, frames / 24)  // keep the sheet readable for long renders
        for index in 0..<frames {
            let value = frames == 1 ? 0 : Float(index) / Float(frames - 1)
            transition.progress = value
            try transition.render(into: target)
            let image = try target.readImage()
            let name = Self.frameName(index)
            try PNGCodec.write(image, to: output.stagedPath(name))
            names.append(output.finalPath(name))
            if index % sheetEvery == 0 || index == frames - 1 {
                sheetFrames.append((image, "#\(index) p=\(String(format: "%.2f", value))"))
            }
            progress?(index + 1, frames)
        }
        let columns = min(6, max(1, Int(Double(sheetFrames.count).squareRoot().rounded(.up))))
        let sheet = try ContactSheet.make(
            frames: sheetFrames, columns: columns, thumbnailWidth: min(320, size.width),
            title: "\(effect.name)  \(size)  \(frames) frames  (\(mode.rawValue), \(device.renderer))")
        try PNGCodec.write(sheet, to: output.stagedPath("contact-sheet.png"))
        return Result(directory: output.destination.path, frames: names, contactSheet: output.finalPath("contact-sheet.png"))
    }
}
