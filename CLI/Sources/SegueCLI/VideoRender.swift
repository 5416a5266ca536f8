import ArgumentParser
import Foundation
import SegueEffects
import SegueExport
import SegueGL
import SegueImage
import SegueHeadless

/// `segue render --out x.mp4|.webm|.gif`: the transition (between two pictures, or an edit of
/// two clips) encoded by ffmpeg through `TransitionExporter`.
struct VideoRender {
    let fromPath: String
    let toPath: String
    let effect: EffectCatalog.Entry
    let format: VideoFormat
    let size: FrameSize
    let framesPerSecond: Int
    /// The transition's frames (the whole video for pictures).
    let transitionFrames: Int
    let offsetSeconds: Double
    let crf: Int?
    /// How clips are fitted to the frame (pictures go at their own size; the effect fits them).
    let resize: ResizeMode
    let mode: ExecutionMode
    let outputPath: String
    let quiet: Bool

    /// Whether `path` is a still picture, told from its first bytes (a photo named .png may be a
    /// JPEG, a clip may be named anything): pictures are never handed to ffmpeg as one-frame
    /// clips, and one of a type Segue does not decode gets an error naming that type. A file that
    /// cannot be read is judged by its extension, so its error comes from the right reader.
    static func isPicture(_ path: String) -> Bool {
        if let type = try? PictureDecoder.type(ofFileAt: path), type != .unknown { return type.isStillPicture }
        let pictureExtensions: Set<String> = ["png", "jpg", "jpeg", "webp", "heic", "heif", "avif", "bmp", "tif", "tiff"]
        return pictureExtensions.contains(URL(fileURLWithPath: path).pathExtension.lowercased())
    }

    func run() throws -> ExportResult {
        let clips = (Self.isPicture(fromPath), Self.isPicture(toPath))
        guard clips.0 == clips.1 else {
            throw RenderInputError.mixedPicturesAndClips(from: fromPath, to: toPath)
        }
        // Decoded before ffmpeg starts: a bad picture fails with nothing written.
        let pictures = clips.0 ? (try PictureDecoder.read(path: fromPath), try PictureDecoder.read(path: toPath)) : nil
        let context = try HeadlessEGLContext()
        defer { context.release() }
        let device = try GLDevice(context: context)
        defer { device.release() }
        let inputs: ExportInputs
        if let pictures {
            // At their own size, as for PNG frames: the effect's --resize mode fits them.
            inputs = .pictures(
                from: try PictureFitting.uploadable(pictures.0, device: device, label: fromPath),
                to: try PictureFitting.uploadable(pictures.1, device: device, label: toPath), frames: transitionFrames)
        } else {
            inputs = .clips(from: fromPath, to: toPath, offsetSeconds: offsetSeconds, transitionFrames: transitionFrames, fit: resize)
        }
        var tools = try FFmpegTools.locate()
        if let timeout = Self.stallTimeout { tools.stallTimeout = timeout }
        let exporter = try TransitionExporter(
            device: device,
            settings: ExportSettings(
                format: format, width: size.width, height: size.height, framesPerSecond: framesPerSecond, crf: crf),
            tools: tools)
        if let bar = ProgressBar(label: "\(effect.name) → \(format.rawValue)", quiet: quiet) {
            exporter.onProgress = { bar.update($0) }
        }
        let (make, mode) = (effect.make, mode)
        // An interrupted export kills ffmpeg and removes its unfinished video (`InterruptHandling`);
        // one killed outright is swept by the next export to the same path.
        return try exporter.export(inputs, to: outputPath) { device, from, to in try make(device, from, to, mode) }
    }

    /// `SEGUE_FFMPEG_STALL_TIMEOUT`: seconds an ffmpeg or ffprobe may make no progress before
    /// it is stopped (the library's default otherwise).
    static var stallTimeout: Double? {
        ProcessInfo.processInfo.environment["SEGUE_FFMPEG_STALL_TIMEOUT"].flatMap(Double.init).flatMap { $0 > 0 ? $0 : nil }
    }

    static func summary(_ result: ExportResult, format: VideoFormat, framesPerSecond: Int) -> String {
        "wrote \(result.path): \(result.frames) frames, \(String(format: "%.2f", result.durationSeconds)) s at "
            + "\(framesPerSecond) fps (\(format.rawValue)) in \(String(format: "%.1f", result.elapsedSeconds)) s"
    }
}

/// `--format`: a PNG folder or one of the video formats.
enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
    case png, mp4, webm, gif

    var video: VideoFormat? { VideoFormat(rawValue: rawValue) }

    /// `--format` if given, else the output's extension (a folder or `.png`: frames).
    static func resolve(_ format: OutputFormat?, out: String) -> OutputFormat {
        format ?? VideoFormat(path: out).flatMap { OutputFormat(rawValue: $0.rawValue) } ?? .png
    }

    /// Extensions of videos and pictures Segue does not write: `--out x.mov` without `--format`
    /// is a mistake, not a request for a folder of PNG frames named `x.mov`.
    static let unsupportedExtensions: Set<String> = [
        "avi", "mov", "mkv", "m4v", "mpg", "mpeg", "ts", "flv", "wmv", "ogv", "apng", "webp", "jpg", "jpeg", "tif", "tiff", "bmp",
    ]

    /// The error for an --out that names a file type Segue cannot write, when no --format says otherwise.
    static func unsupportedOutput(_ out: String, format: OutputFormat?) -> String? {
        let ext = URL(fileURLWithPath: out).pathExtension.lowercased()
        guard format == nil, unsupportedExtensions.contains(ext) else { return nil }
        return "--out '\(out)': Segue writes .mp4, .webm or .gif videos, or PNG frames into a folder; not .\(ext) "
            + "(for a folder of frames by that name, add --format png)"
    }
}

/// Inputs to a video render that cannot go together.
enum RenderInputError: Error, Equatable, CustomStringConvertible {
    /// One input is a still picture and the other a clip: a transition joins two of a kind.
    case mixedPicturesAndClips(from: String, to: String)

    var description: String {
        switch self {
        case let .mixedPicturesAndClips(from, to):
            "--from and --to must both be pictures or both be clips ('\(from)', '\(to)')"
        }
    }
}
