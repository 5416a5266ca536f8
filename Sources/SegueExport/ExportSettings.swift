import SegueColor
import SegueEffects
import SegueImage

/// What an export produces: the container, frame size and rate, and quality.
public struct ExportSettings: Sendable, Equatable {
    public var format: VideoFormat
    public var width: Int
    public var height: Int
    public var framesPerSecond: Int
    /// Constant-quality factor (lower is better); nil for the format's default. Not for GIF.
    public var crf: Int?
    /// Frames that may wait for the encoder while the GPU renders the next one. 0 writes each
    /// frame to ffmpeg before rendering the next (the serial reference the benchmark compares).
    public var pipelineDepth: Int
    /// Where frames become the encoder's Y'CbCr (not for GIF, which takes RGBA).
    public var conversion: OutputConversion
    /// How the output stage quantises to the encoder's bits (ordered by default: no banding).
    public var dither: Dither
    /// Bits per component of the video: 8, or 10 (HEVC Main 10 in MP4, VP9 profile 2 in WebM,
    /// from the output stage's 16-bit planes).
    public var bitDepth: Int
    /// Whether the output keeps the frames' alpha (`--alpha`): VP9 `yuva420p` in WebM, ProRes
    /// 4444 in MOV, a GIF's transparent colour. Otherwise frames are shown over black.
    public var alpha: Bool
    /// The codec of an MP4, MOV or MKV video; nil: H.264 at 8 bits, HEVC at 10. An edit sets it
    /// to follow its clips (`OutputCoding.swift`).
    public var videoCodec: VideoCodec? = nil
    /// The colour tags the video carries; nil leaves it untagged (an edit whose every input is).
    public var colorTags: VideoColorTags? = .bt709
    /// The matrix the output stage converts R'G'B' with (`outputColor`): BT.709 unless an edit
    /// follows clips of another (BT.601 SD, BT.2020).
    public var outputMatrix: MatrixCoefficients = .bt709
    /// HDR10 static metadata an HEVC video carries (an HDR edit's, from its clips); nil: none.
    public var hdrMetadata: HDRStaticMetadata? = nil

    public init(
        format: VideoFormat, width: Int, height: Int, framesPerSecond: Int = 30, crf: Int? = nil, pipelineDepth: Int = 2,
        conversion: OutputConversion = .gpu, dither: Dither = .ordered, bitDepth: Int = 8, alpha: Bool = false
    ) {
        self.format = format
        self.width = width
        self.height = height
        self.framesPerSecond = framesPerSecond
        self.crf = crf
        self.pipelineDepth = pipelineDepth
        self.conversion = conversion
        self.dither = dither
        self.bitDepth = bitDepth
        self.alpha = alpha
    }

    /// True when frames reach the encoder as planes from the GPU output stage (`YCbCrOutput`).
    /// Alpha outputs take straight-alpha RGBA (un-premultiplied once) and swscale's conversion.
    public var usesOutputStage: Bool { format != .gif && conversion == .gpu && !alpha }
    /// ffmpeg's `-pix_fmt` of the frames piped to the encoder.
    public var encoderInputPixelFormat: String { usesOutputStage ? (bitDepth == 10 ? "yuv420p10le" : "yuv420p") : "rgba" }

    /// The encoder's output options for these settings (see `VideoFormat.encoderArguments`).
    public var encoderArguments: [String] {
        // An output that follows its inputs: frames from the output stage in its matrix, no filter.
        if followsInputs, usesOutputStage, [.mp4, .mov, .mkv].contains(format) { return followedCodecArguments() }
        return format.encoderArguments(crf: crf, input: encoderInputPixelFormat, bitDepth: bitDepth, alpha: alpha)
    }

    public static let frameRates = 1...240
    /// The largest video frame: H.264 and VP9 level 6.2 (8192 a side, 35,651,584 pixels). Beyond
    /// it libx264 fails after seconds and gigabytes, so it is refused before anything starts.
    public static let maxSide = 8192
    public static let maxPixels = 35_651_584

    /// Throws the first setting out of range (callers such as the CLI check options with it
    /// before anything starts; `TransitionExporter` calls it too).
    public func validate() throws(ExportError) {
        guard width > 0, height > 0 else { throw .frameSizeNotPositive(width: width, height: height) }
        guard width <= Self.maxSide, height <= Self.maxSide, width * height <= Self.maxPixels else {
            throw .frameSizeTooLarge(width: width, height: height)
        }
        if format.needsEvenSize && (width % 2 != 0 || height % 2 != 0) {
            throw .frameSizeOdd(format: format, width: width, height: height)
        }
        guard Self.frameRates.contains(framesPerSecond) else { throw .frameRateOutOfRange(framesPerSecond) }
        if let crf {
            guard let range = format.crfRange else { throw .crfNotApplicable(format: format) }
            guard range.contains(crf) else { throw .crfOutOfRange(crf, format: format) }
        }
        guard (0...16).contains(pipelineDepth) else { throw .pipelineDepthOutOfRange(pipelineDepth) }
        // 10 bits come from the output stage's 16-bit planes, to the formats with a 10-bit profile.
        if bitDepth != 8, bitDepth != 10 || !format.hasTenBitProfile || conversion != .gpu {
            throw .bitDepthUnsupported(bitDepth, format: format)
        }
        if alpha { try validateAlpha() }
    }

    private func validateAlpha() throws(ExportError) {
        guard format.hasAlpha else {
            throw .alphaUnsupported(format: format, reason: "its codec (H.264, HEVC) has no alpha; write .webm (VP9), .mov (ProRes 4444), .gif or PNG frames")
        }
        if bitDepth != 8 {
            throw .alphaUnsupported(format: format, reason: "alpha outputs are 8-bit RGBA in (ProRes 4444 is 10-bit already); drop --bit-depth")
        }
        if format == .mov, crf != nil {
            throw .alphaUnsupported(format: format, reason: "ProRes has no CRF; drop --crf")
        }
    }
}

/// Where rendered frames are converted to the encoder's Y'CbCr.
public enum OutputConversion: String, Sendable, CaseIterable {
    /// On the GPU (`YCbCrOutput`): only the planes are read back and piped, dithered.
    case gpu
    /// RGBA read back and piped, converted by ffmpeg's swscale (the old path, kept as the
    /// reference the output stage is tested and benchmarked against).
    case swscale
}

/// How far an export has come; `TransitionExporter` reports one after every frame.
public struct ExportProgress: Sendable, Equatable {
    public let framesDone: Int
    /// Known exactly for pictures; for clips it is estimated from their duration until the
    /// second clip ends.
    public let totalFrames: Int
    public let elapsedSeconds: Double

    public init(framesDone: Int, totalFrames: Int, elapsedSeconds: Double) {
        self.framesDone = framesDone
        self.totalFrames = totalFrames
        self.elapsedSeconds = elapsedSeconds
    }

    public var framesPerSecond: Double { elapsedSeconds > 0 ? Double(framesDone) / elapsedSeconds : 0 }
    public var isFinished: Bool { framesDone >= totalFrames }
    /// Seconds left at the rate so far; nil before the first frame.
    public var remainingSeconds: Double? {
        guard framesDone > 0, elapsedSeconds > 0 else { return nil }
        return Double(max(0, totalFrames - framesDone)) / framesPerSecond
    }
}

/// A finished export.
public struct ExportResult: Sendable, Equatable {
    public let path: String
    public let frames: Int
    /// Length of the video: frames / frame rate.
    public let durationSeconds: Double
    /// Wall time of the whole export, ffmpeg's start and finish included.
    public let elapsedSeconds: Double
    /// Time the renderer waited for the encoder to take frames (0 when the GPU was the bottleneck).
    public let encoderWaitSeconds: Double

    package init(path: String, frames: Int, durationSeconds: Double, elapsedSeconds: Double, encoderWaitSeconds: Double) {
        (self.path, self.frames, self.durationSeconds) = (path, frames, durationSeconds)
        (self.elapsedSeconds, self.encoderWaitSeconds) = (elapsedSeconds, encoderWaitSeconds)
    }
}

/// The two inputs of an export.
public enum ExportInputs {
    /// Two still pictures: `frames` frames of the transition alone, frame i at progress
    /// i / (frames − 1), as the PNG export renders them.
    case pictures(from: RGBAImage, to: RGBAImage, frames: Int)
    /// As `pictures`, for pictures not yet decoded (`PictureFitting.source`): a PNG is decoded a
    /// strip at a time into its texture, never whole beside it; a damaged one fails the export
    /// before its first frame, and the unfinished video is removed.
    case pictureSources(from: PictureSource, to: PictureSource, frames: Int)
    /// Two clips edited together as ffmpeg's xfade does: `from` plays until `offsetSeconds`
    /// (rounded to whole frames), the transition runs `transitionFrames` frames over both
    /// (frame j: `from`'s frame head + j and `to`'s frame j at progress j / transitionFrames,
    /// which is xfade's 1 − j/N), then `to` plays on from its frame N. Length: offset + length
    /// of `to`. (xfade renders frames N and N + 1 at its end progress too; Segue's effects show
    /// `to` whole there, where xfade's hard wipes keep a column of `from`.)
    /// ffmpeg fits the clips' frames to the export's size by `fit`, with the meanings the
    /// effects give still pictures (contain's bars are transparent black).
    case clips(from: String, to: String, offsetSeconds: Double, transitionFrames: Int, fit: ResizeMode = .cover)

    /// The most frames of `from` an edit plays before the transition: over 3 days at 30 fps,
    /// far beyond any clip, and small enough that the count is an ordinary Int.
    public static let maxHeadFrames = 10_000_000
    /// The most frames of a transition (or of a picture export), whether given as frames or as a
    /// duration: 333 s at 30 fps.
    public static let maxTransitionFrames = 10_000

    /// A transition of `seconds` at `framesPerSecond`, rounded to whole frames; nil when that is
    /// not 1...`maxTransitionFrames`. Checked as a Double first: converting a huge or non-finite
    /// product to Int would trap.
    public static func transitionFrames(seconds: Double, framesPerSecond: Int) -> Int? {
        let exact = (seconds * Double(framesPerSecond)).rounded()
        guard exact.isFinite, exact >= 1, exact <= Double(maxTransitionFrames) else { return nil }
        return Int(exact)
    }

    /// Frames of `from` before the transition: `offsetSeconds` × fps rounded, as xfade rounds its
    /// offset to the frame grid. The product is checked as a Double, so a huge offset is an
    /// error rather than a trapping conversion.
    public static func headFrames(offsetSeconds: Double, framesPerSecond: Int) throws(ExportError) -> Int {
        let exact = (offsetSeconds * Double(framesPerSecond)).rounded()
        guard offsetSeconds >= 0, exact.isFinite, exact <= Double(maxHeadFrames) else {
            throw .offsetOutOfRange(seconds: offsetSeconds, framesPerSecond: framesPerSecond)
        }
        return Int(exact)
    }
}
