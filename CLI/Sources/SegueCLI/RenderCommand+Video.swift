import ArgumentParser
import Foundation
import SegueEffects
import SegueExport
import SegueRenderJobs
import SegueTransitions

/// The video half of `segue render`: option checks and the hand-off to `VideoRender`.
extension RenderCommand {
    var outputFormat: OutputFormat { OutputFormat.resolve(format, out: out) }

    func validateVideoOptions() throws {
        if let message = OutputFormat.unsupportedOutput(out, format: format) { throw ValidationError(message) }
        guard let video = outputFormat.video else {
            guard fps == nil, duration == nil, crf == nil, offset == 0 else {
                throw ValidationError("--fps, --duration, --crf and --offset apply to video output (--out x.mp4, .webm or .gif)")
            }
            if let dither = depth.dither { throw ValidationError("--dither \(dither.rawValue) applies to video output (--out x.mp4 or .webm)") }
            if let bitDepth = depth.bitDepth { throw ValidationError("--bit-depth \(bitDepth) applies to video output (--out x.mp4 or .webm)") }
            // PNG frames always carry their alpha: --alpha asks for nothing more there.
            if let from, let to, !TransitionVideo.isPicture(from) || !TransitionVideo.isPicture(to) {
                throw ValidationError("clips as inputs need a video output (--out x.mp4, .webm or .gif); PNG frames come from pictures")
            }
            return
        }
        let isScenario = EffectCatalog.catalog.entry(named: effect)?.kind == .scenario
        if isScenario {
            throw ValidationError("'\(effect)' is a view-controller transition: it renders to PNG frames only, not \(video.rawValue)")
        }
        if frames != nil && duration != nil { throw ValidationError("give --frames or --duration, not both") }
        // Frame rate, CRF and size by the exporter's own rules, before anything starts.
        do {
            try ExportSettings(
                format: video, width: size.width, height: size.height, framesPerSecond: fps ?? 30, crf: crf, bitDepth: depth.bitDepth ?? 8,
                alpha: alpha
            ).validate()
        } catch {
            throw ValidationError("\(error)")
        }
        if let duration, ExportInputs.transitionFrames(seconds: duration, framesPerSecond: fps ?? 30) == nil {
            throw ValidationError(
                "--duration \(duration) s at \(fps ?? 30) fps is out of range: it must make 1...\(ExportInputs.maxTransitionFrames) frames")
        }
        do {
            _ = try ExportInputs.headFrames(offsetSeconds: offset, framesPerSecond: fps ?? 30)
        } catch {
            throw ValidationError("--offset: \(error)")
        }
        if let from, let to, offset > 0, TransitionVideo.isPicture(from) && TransitionVideo.isPicture(to) {
            throw ValidationError("--offset places the transition in a clip; with two pictures the video is the transition alone")
        }
    }

    /// `--out` is never empty (that would be the working folder by accident), and a name that ends
    /// in `/` is a folder: never taken for a video file, nor silently for a folder of frames when
    /// it looks like a video's name.
    func validateOut() throws {
        guard !out.isEmpty else { throw ValidationError("--out is empty: name a folder for PNG frames or a .mp4, .mov, .mkv, .webm or .gif file") }
        guard out.hasSuffix("/") else { return }
        let name = String(out.reversed().drop { $0 == "/" }.reversed())
        if let video = outputFormat.video {
            throw ValidationError("--out '\(out)' ends in '/', which names a folder, not a \(video.rawValue) file: drop the '/'")
        }
        if format == nil, let video = VideoFormat(path: name) {
            throw ValidationError(
                "--out '\(out)' ends in '/' but is named like a \(video.rawValue) video: drop the '/' for a video, "
                    + "or add --format png for a folder of frames by that name")
        }
    }

    /// Frames of the transition: --frames, or --duration × fps, or 30 (the options are valid by now).
    var videoFrames: Int {
        if let frames { return frames }
        if let duration { return ExportInputs.transitionFrames(seconds: duration, framesPerSecond: fps ?? 30) ?? 30 }
        return 30
    }

    func renderVideo(from: String, to: String, effect transition: NamedTransition, format video: VideoFormat) throws {
        let rate = fps ?? 30
        let settings = ExportSettings(
            format: video, width: size.width, height: size.height, framesPerSecond: rate, crf: crf, dither: depth.dither ?? .ordered,
            bitDepth: depth.bitDepth ?? 8, alpha: alpha)
        var render = TransitionVideo(
            from: from, to: to, transition: transition, settings: settings, transitionFrames: videoFrames, tools: try VideoRender.tools())
        (render.offsetSeconds, render.clipFit, render.mode, render.blendSpace) = (offset, setup.resize, mode, setup.blend)
        render.onReduced = PictureFitting.printNotice
        if let bar = ProgressBar(label: "\(transition.name) → \(video.rawValue)", quiet: quiet) { render.onProgress = { bar.update($0) } }
        let result = try render.export(to: out)
        if !quiet { print(VideoRender.summary(result, format: video, framesPerSecond: rate)) }
    }
}
