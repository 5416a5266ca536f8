/// The containers Segue encodes to, and the ffmpeg settings for each.
public enum VideoFormat: String, Sendable, CaseIterable {
    /// H.264 in MP4, 4:2:0 (what every player plays), moov atom first for streaming.
    case mp4
    /// VP9 in WebM, constant quality.
    case webm
    /// An animated GIF with a palette made for the clip (palettegen, then paletteuse).
    case gif

    /// The format a file name asks for, by its extension.
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }

    /// The constant-quality factor used when none is given (the encoders' own defaults).
    public var defaultCRF: Int? {
        switch self {
        case .mp4: 23
        case .webm: 31
        case .gif: nil
        }
    }

    /// The accepted CRF range, nil where the format has no such setting.
    public var crfRange: ClosedRange<Int>? {
        switch self {
        case .mp4: 0...51
        case .webm: 0...63
        case .gif: nil
        }
    }

    /// 4:2:0 chroma halves both axes: H.264 rejects odd sizes.
    public var needsEvenSize: Bool { self == .mp4 }

    /// The filter chain from RGBA frames to what the codec takes. RGB becomes BT.709 4:2:0
    /// (tagged as such by `codecArguments`, so players convert it back alike). A GIF gets one
    /// palette for the whole clip, made by a first pass (`paletteFilter`) and applied by a
    /// second (`paletteUseFilter`): one pass (split, palettegen, paletteuse) would hold every
    /// frame until palettegen had seen them all.
    public var conversionFilter: String? {
        switch self {
        case .mp4, .webm: "scale=out_color_matrix=bt709:out_range=tv,format=yuv420p"
        case .gif: nil
        }
    }

    /// A GIF's first pass: a colour histogram of every frame, then a 16x16 palette.
    public static let paletteFilter = "palettegen"
    /// A GIF's second pass: input 0 (the frames) mapped through input 1 (the palette).
    public static let paletteUseFilter = "[0:v][1:v]paletteuse"

    /// Whether `--bit-depth 10` applies: HEVC Main 10 (libx265) in MP4, VP9 profile 2 in WebM.
    public var hasTenBitProfile: Bool { self != .gif }

    /// Codec and container options (`-f` included), after the filters. At 10 bits MP4 holds
    /// HEVC (libx265 takes Main 10 from the 10-bit input; `hvc1` as Apple's players want) and
    /// WebM VP9 profile 2 (libvpx takes it from the input alike); the colour tags are the same.
    public func codecArguments(crf: Int?, bitDepth: Int = 8) -> [String] {
        let tags = ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv"]
        switch self {
        case .mp4 where bitDepth == 10:
            return tags + ["-c:v", "libx265", "-crf", String(crf ?? 28), "-tag:v", "hvc1", "-x265-params", "log-level=error",
                           "-movflags", "+faststart", "-f", "mp4"]
        case .mp4:
            return tags + ["-c:v", "libx264", "-crf", String(crf ?? 23), "-movflags", "+faststart", "-f", "mp4"]
        case .webm:
            // -b:v 0 makes -crf constant quality; cpu-used 4 with row threads keeps VP9 usable on a CPU.
            return tags + ["-c:v", "libvpx-vp9", "-crf", String(crf ?? 31), "-b:v", "0",
                           "-deadline", "good", "-cpu-used", "4", "-row-mt", "1", "-f", "webm"]
        case .gif:
            return ["-loop", "0", "-f", "gif"]
        }
    }

    /// ffmpeg output options, from the raw frames to the container (a GIF's second pass adds
    /// its palette filter itself). Frames already in the codec's Y'CbCr (`input` other than
    /// `rgba`: the GPU output stage's planes) go to the encoder as they are, through no filter.
    public func encoderArguments(crf: Int?, input pixelFormat: String = "rgba") -> [String] {
        (pixelFormat == "rgba" ? conversionFilter.map { ["-vf", $0] } ?? [] : [])
            + codecArguments(crf: crf, bitDepth: pixelFormat.hasSuffix("10le") ? 10 : 8)
    }
}
