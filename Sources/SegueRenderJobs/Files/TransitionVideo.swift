import Foundation
import SegueColor
import SegueEffects
import SegueExport
import SegueGL
import SegueHeadless
import SegueImage
import SegueOutput

/// A named transition encoded as a video by ffmpeg (`TransitionExporter`) on a headless GL
/// context of its own: between two still pictures (the video is the transition), or as an edit
/// of two clips (the first until `offsetSeconds`, the transition, then the rest of the second,
/// as ffmpeg's xfade makes it). Frames are piped to ffmpeg, none written to disk.
public struct TransitionVideo {
    public var from: String
    public var to: String
    public var transition: NamedTransition
    /// Format, size, frame rate and quality.
    public var settings: ExportSettings
    /// The transition's frames (the whole video for pictures).
    public var transitionFrames: Int
    /// Clips: where the transition starts in `from`, in seconds.
    public var offsetSeconds: Double = 0
    /// How clips are fitted to the frame (pictures go at their own size; the effect fits them),
    /// and so the size a picture is shown at, which a large JPEG is decoded to.
    public var clipFit: ResizeMode = .cover
    public var mode: ExecutionMode = .fused
    /// Where the transition mixes: sRGB-encoded values (the default) or linear light.
    public var blendSpace: BlendSpace = .srgb
    public var tools: FFmpegTools
    /// Told when a picture is larger than the GL's textures and was reduced (with its path).
    public var onReduced: ((PictureReduction, String) -> Void)?
    /// Told of the export's progress (see `TransitionExporter.onProgress`).
    public var onProgress: ((ExportProgress) -> Void)?

    public init(from: String, to: String, transition: NamedTransition, settings: ExportSettings, transitionFrames: Int, tools: FFmpegTools) {
        (self.from, self.to, self.transition, self.settings) = (from, to, transition, settings)
        (self.transitionFrames, self.tools) = (transitionFrames, tools)
    }

    /// Whether `path` is a still picture, told from its first bytes (a photo named .png may be a
    /// JPEG, a clip may be named anything): pictures are never handed to ffmpeg as one-frame
    /// clips, and one of a type Segue does not decode gets an error naming that type. A file that
    /// cannot be read is judged by its extension, so its error comes from the right reader.
    public static func isPicture(_ path: String) -> Bool {
        if let type = try? PictureDecoder.type(ofFileAt: path), type != .unknown { return type.isStillPicture }
        let pictureExtensions: Set<String> = ["png", "jpg", "jpeg", "webp", "heic", "heif", "avif", "bmp", "tif", "tiff"]
        return pictureExtensions.contains(URL(fileURLWithPath: path).pathExtension.lowercased())
    }

    /// Encodes the video to `path`. Pictures are decoded (a PNG's header checked) before ffmpeg
    /// starts, so a bad one fails with nothing written; a PNG's damaged rows, found as they are
    /// decoded into the texture, fail it before its first frame and its unfinished video is
    /// removed. An interrupted export kills ffmpeg and removes its unfinished video
    /// (`InterruptCleanup`), and one killed outright is swept by the next export to the same path.
    public func export(to path: String) throws -> ExportResult {
        do { try OutputPath.refuseInputs([from, to], asOutput: path) } catch { throw ExportError.output(error) }
        let clips = (Self.isPicture(from), Self.isPicture(to))
        guard clips.0 == clips.1 else { throw RenderInputError.mixedPicturesAndClips(from: from, to: to) }
        // A photo far larger than the frame is decoded at a reduced scale that still covers it.
        // A PNG's header is checked now and its rows decoded into its texture (`PictureSource`).
        func read(_ path: String) throws -> PictureSource {
            try PictureFitting.source(path: path, frameWidth: settings.width, frameHeight: settings.height, mode: clipFit)
        }
        let pictures = clips.0 ? (try read(from), try read(to)) : nil
        return try HeadlessEGLContext.withDevice { device in
            let inputs: ExportInputs
            if let pictures {
                // At their own size, as for PNG frames: the effect's resize mode fits them.
                let told = onReduced ?? { _, _ in }
                inputs = .pictureSources(
                    from: try PictureFitting.uploadable(pictures.0, device: device, label: from, onReduced: told),
                    to: try PictureFitting.uploadable(pictures.1, device: device, label: to, onReduced: told), frames: transitionFrames)
            } else {
                inputs = .clips(from: from, to: to, offsetSeconds: offsetSeconds, transitionFrames: transitionFrames, fit: clipFit)
            }
            let exporter = try TransitionExporter(device: device, settings: settings, tools: tools)
            exporter.onProgress = onProgress
            exporter.pictureFit = transition.resize
            let (transition, mode, blendSpace) = (transition, mode, blendSpace)
            return try exporter.export(inputs, to: path) { device, from, to in
                try transition.makeEffect(device: device, from: from, to: to, mode: mode, blendSpace: blendSpace)
            }
        }
    }
}

/// Inputs to a video render that cannot go together.
public enum RenderInputError: Error, Equatable, CustomStringConvertible {
    /// One input is a still picture and the other a clip: a transition joins two of a kind.
    case mixedPicturesAndClips(from: String, to: String)

    public var description: String {
        switch self {
        case let .mixedPicturesAndClips(from, to):
            "--from and --to must both be pictures or both be clips ('\(from)', '\(to)')"
        }
    }
}
