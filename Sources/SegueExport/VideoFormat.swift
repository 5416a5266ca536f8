/// The containers Segue encodes to, and the ffmpeg settings for each.
public enum VideoFormat: String, Sendable, CaseIterable {
    /// H.264 in MP4, 4:2:0 (what every player plays), moov atom first for streaming.
    case mp4
    /// VP9 in WebM, constant quality.
    case webm
    /// An animated GIF with a palette made for the clip (palettegen, then paletteuse).
    case gif
    /// QuickTime: H.264 as MP4 (HEVC at 10 bits), ProRes 4444 (prores_ks) with alpha.
    case mov
    /// Matroska: H.264 as MP4, HEVC Main 10 (libx265) at 10 bits.
    case mkv

    /// The format a file name asks for, by its extension.
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }

    /// The constant-quality factor used when none is given: x264's default on MP4, MOV and MKV
    /// (whose HEVC at 10 bits takes its equal, `x265CRF`), VP9's usual one on WebM.
    public var defaultCRF: Int? {
        switch self {
        case .mp4, .mov, .mkv: 23
        case .webm: 31
        case .gif: nil
        }
    }

    /// x265's CRF for a `--crf` on x264's scale: x265 at CRF n + 5 looks as x264 at n (its own
    /// default, 28, answers x264's 23), so an MP4 keeps the quality `--crf` asks for whether it
    /// holds H.264 or, at 10 bits, HEVC; 0, x264's lossless mode, is x265's (nil: lossless).
    public static func x265CRF(_ crf: Int) -> Int? { crf == 0 ? nil : min(crf + 5, 51) }

    /// The frames' own colour tags, set where swscale makes the encoder's layout from RGBA:
    /// encoders that write the frame's tags into the stream (ProRes does, in each frame's
    /// header, which the MOV's `colr` atom is then made from) write BT.709 as the codec options
    /// say, not "unknown" (swscale converts with the matrix but leaves the frame untagged).
    static let frameTags = "setparams=range=tv:color_primaries=bt709:color_trc=bt709:colorspace=bt709"

    /// The accepted CRF range, nil where the format has no such setting.
    public var crfRange: ClosedRange<Int>? {
        switch self {
        case .mp4, .mov, .mkv: 0...51
        case .webm: 0...63
        case .gif: nil
        }
    }

    /// 4:2:0 chroma halves both axes: H.264 rejects odd sizes.
    public var needsEvenSize: Bool { self == .mp4 || self == .mov || self == .mkv }

    /// Whether `--alpha` applies: VP9 with alpha in WebM, ProRes 4444 in MOV, a GIF's transparent
    /// colour. H.264 and HEVC (MP4, MKV) have no alpha.
    public var hasAlpha: Bool { self == .webm || self == .mov || self == .gif }

    /// The planar layout an alpha output is encoded in (from straight-alpha RGBA by swscale,
    /// BT.709 limited range); nil for GIF, which takes the RGBA itself.
    public var alphaPixelFormat: String? {
        switch self {
        case .webm: "yuva420p"
        case .mov: "yuva444p10le"
        case .mp4, .mkv, .gif: nil
        }
    }

    /// The filter chain from RGBA frames to what the codec takes. RGB becomes BT.709 4:2:0
    /// (tagged as such by `codecArguments`, so players convert it back alike). A GIF gets one
    /// palette for the whole clip, made by a first pass (`paletteFilter`) and applied by a
    /// second (`paletteUseFilter`): one pass (split, palettegen, paletteuse) would hold every
    /// frame until palettegen had seen them all.
    public var conversionFilter: String? {
        switch self {
        case .mp4, .webm, .mov, .mkv: "scale=out_color_matrix=bt709:out_range=tv,format=yuv420p," + Self.frameTags
        case .gif: nil
        }
    }

    /// A GIF's first pass: a colour histogram of every frame, then a 16x16 palette.
    public static let paletteFilter = "palettegen"
    /// A GIF's second pass: input 0 (the frames) mapped through input 1 (the palette).
    public static let paletteUseFilter = "[0:v][1:v]paletteuse"

    /// Whether `--bit-depth 10` applies: HEVC Main 10 (libx265) in MP4, VP9 profile 2 in WebM.
    public var hasTenBitProfile: Bool { self != .gif }

    /// A GIF's second pass with a transparent colour: pixels under half alpha become the
    /// palette's reserved transparent entry (palettegen reserves it by default).
    public static let paletteUseAlphaFilter = "[0:v][1:v]paletteuse=alpha_threshold=128"

    /// MKV and WebM hold a cluster in memory until it closes, by default at 5 MiB or 5 s of
    /// video into a file: a full disk met only then, 15 s of rendering later for an edit's stills.
    /// These are the muxer's own limits for a stream (32 KiB, 1 s).
    static let matroskaClusters = ["-cluster_size_limit", "32768", "-cluster_time_limit", "1000"]

    /// Codec and container options (`-f` included), after the filters. At 10 bits MP4 holds
    /// HEVC (libx265 takes Main 10 from the 10-bit input; `hvc1` as Apple's players want) and
    /// WebM VP9 profile 2 (libvpx takes it from the input alike); the colour tags are the same.
    public func codecArguments(crf: Int?, bitDepth: Int = 8, alpha: Bool = false) -> [String] {
        let tags = ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv"]
        let muxer = ["-f", self == .mkv ? "matroska" : rawValue] + (self == .mkv ? Self.matroskaClusters : ["-movflags", "+faststart"])
        switch self {
        case .mov where alpha:
            // ProRes 4444 keeps a 16-bit alpha plane; prores_ks takes its profile from the name.
            return tags + ["-c:v", "prores_ks", "-profile:v", "4444", "-pix_fmt", "yuva444p10le", "-vendor", "apl0", "-f", "mov"]
        case .mp4 where bitDepth == 10, .mov where bitDepth == 10, .mkv where bitDepth == 10:
            let x265 = Self.x265CRF(crf ?? 23)
            return tags + ["-c:v", "libx265", "-crf", String(x265 ?? 0)] + (self == .mkv ? [] : ["-tag:v", "hvc1"])
                + ["-x265-params", (x265 == nil ? "lossless=1:" : "") + "log-level=error"] + muxer
        case .mp4, .mov, .mkv:
            return tags + ["-c:v", "libx264", "-crf", String(crf ?? 23)] + muxer
        case .webm where alpha:
            // libvpx writes the alpha plane as a second stream in BlockAdditional (alpha_mode=1).
            return tags + ["-c:v", "libvpx-vp9", "-pix_fmt", "yuva420p", "-crf", String(crf ?? 31), "-b:v", "0",
                           "-deadline", "good", "-cpu-used", "4", "-row-mt", "1", "-auto-alt-ref", "0", "-f", "webm"] + Self.matroskaClusters
        case .webm:
            // -b:v 0 makes -crf constant quality; cpu-used 4 with row threads keeps VP9 usable on a CPU.
            return tags + ["-c:v", "libvpx-vp9", "-crf", String(crf ?? 31), "-b:v", "0",
                           "-deadline", "good", "-cpu-used", "4", "-row-mt", "1", "-f", "webm"] + Self.matroskaClusters
        case .gif:
            return ["-loop", "0", "-f", "gif"]
        }
    }

    /// ffmpeg output options, from the raw frames to the container (a GIF's second pass adds
    /// its palette filter itself). Frames already in the codec's Y'CbCr (`input` other than
    /// `rgba`: the GPU output stage's planes) go to the encoder as they are, through no filter.
    public func encoderArguments(crf: Int?, input pixelFormat: String = "rgba", bitDepth: Int? = nil, alpha: Bool = false) -> [String] {
        let depth = bitDepth ?? (pixelFormat.hasSuffix("10le") ? 10 : 8)
        if alpha, let planar = alphaPixelFormat {
            // Straight-alpha RGBA (un-premultiplied once, by `EncoderInput`) to the alpha layout.
            return ["-vf", "scale=out_color_matrix=bt709:out_range=tv,format=\(planar),\(Self.frameTags)"]
                + codecArguments(crf: crf, alpha: true)
        }
        return (pixelFormat == "rgba" ? conversionFilter.map { ["-vf", $0] } ?? [] : []) + codecArguments(crf: crf, bitDepth: depth)
    }
}
