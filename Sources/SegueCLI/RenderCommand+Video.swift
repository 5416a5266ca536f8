import ArgumentParser
import Foundation
import SegueExport
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
            if let from, let to, !VideoRender.isPicture(from) || !VideoRender.isPicture(to) {
                throw ValidationError("clips as inputs need a video output (--out x.mp4, .webm or .gif); PNG frames come from pictures")
            }
            return
        }
        let isScenario = MainActor.assumeIsolated { TransitionScenario.named(effect) != nil }
        if isScenario {
            throw ValidationError("'\(effect)' is a view-controller transition: it renders to PNG frames only, not \(video.rawValue)")
        }
        if frames != nil && duration != nil { throw ValidationError("give --frames or --duration, not both") }
        // Frame rate, CRF and size by the exporter's own rules, before anything starts.
        do {
            try ExportSettings(format: video, width: size.width, height: size.height, framesPerSecond: fps ?? 30, crf: crf).validate()
        } catch let error as ExportError {
            throw ValidationError("\(error)")
        }
        if let duration, Self.frames(seconds: duration, framesPerSecond: fps ?? 30, within: 1...100_000) == nil {
            throw ValidationError("--duration \(duration) s at \(fps ?? 30) fps must make 1...100000 frames")
        }
        do {
            _ = try ExportInputs.headFrames(offsetSeconds: offset, framesPerSecond: fps ?? 30)
        } catch let error as ExportError {
            throw ValidationError("--offset: \(error)")
        }
        if let from, let to, offset > 0, VideoRender.isPicture(from) && VideoRender.isPicture(to) {
            throw ValidationError("--offset places the transition in a clip; with two pictures the video is the transition alone")
        }
    }

    /// Frames of the transition: --frames, or --duration × fps, or 30 (the options are valid by now).
    var videoFrames: Int {
        if let frames { return frames }
        if let duration { return Self.frames(seconds: duration, framesPerSecond: fps ?? 30, within: 1...100_000) ?? 30 }
        return 30
    }

    /// `seconds` × fps rounded to whole frames, nil when not in `range`. Checked as a Double
    /// first: converting a huge or non-finite product to Int would trap.
    static func frames(seconds: Double, framesPerSecond: Int, within range: ClosedRange<Int>) -> Int? {
        let exact = (seconds * Double(framesPerSecond)).rounded()
        guard exact.isFinite, exact >= Double(range.lowerBound), exact <= Double(range.upperBound) else { return nil }
        return Int(exact)
    }

    func renderVideo(from: String, to: String, effect entry: EffectCatalog.Entry, format video: VideoFormat) throws {
        let rate = fps ?? 30
        let result = try VideoRender(
            fromPath: from, toPath: to, effect: entry, format: video, size: size, framesPerSecond: rate,
            transitionFrames: videoFrames, offsetSeconds: offset, crf: crf, resize: resize, mode: mode, outputPath: out, quiet: quiet
        ).run()
        if !quiet { print(VideoRender.summary(result, format: video, framesPerSecond: rate)) }
    }
}
