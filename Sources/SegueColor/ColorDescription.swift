/// What a picture's numbers mean: the five facts every picture in Segue's media pipeline
/// carries (as libplacebo's `pl_color_space` and `pl_color_repr` and mpv's `mp_image_params`
/// do), so that every conversion between two of them is explicit. Names follow ffmpeg's
/// (`-color_primaries`, `-color_trc`, `-colorspace`, `-color_range`), which ffprobe reports and
/// the encoders take. See docs/MediaPipeline.md.
public struct ColorDescription: Sendable, Hashable, CustomStringConvertible {
    public var primaries: ColorPrimaries
    public var transfer: TransferCharacteristic
    /// How Y'CbCr was made from R'G'B' (`.rgb` for pictures stored as RGB).
    public var matrix: MatrixCoefficients
    public var range: ColorRange
    public var alpha: AlphaMode
    /// Bits per stored component (8, 10, 12 or 16).
    public var bitDepth: Int

    public init(
        primaries: ColorPrimaries, transfer: TransferCharacteristic, matrix: MatrixCoefficients,
        range: ColorRange, alpha: AlphaMode = .opaque, bitDepth: Int = 8
    ) {
        (self.primaries, self.transfer, self.matrix) = (primaries, transfer, matrix)
        (self.range, self.alpha, self.bitDepth) = (range, alpha, bitDepth)
    }

    /// An 8-bit sRGB picture (PNG, JPEG and WebP without a profile), full range, straight alpha.
    public static let sRGB = ColorDescription(primaries: .bt709, transfer: .sRGB, matrix: .rgb, range: .full, alpha: .straight)
    /// What Segue's video outputs are tagged as: BT.709 primaries, transfer and matrix, limited range.
    public static let bt709Video = ColorDescription(primaries: .bt709, transfer: .bt709, matrix: .bt709, range: .limited)

    /// True for transfers that carry more than SDR's range (PQ and HLG): they are tone-mapped.
    public var isHDR: Bool { transfer == .pq || transfer == .hlg }

    public var description: String {
        "\(primaries.ffmpegName)/\(transfer.ffmpegName)/\(matrix.ffmpegName)/\(range.ffmpegName)/\(alpha)/\(bitDepth)-bit"
    }

    /// A video stream's description from what ffprobe reports of it (`color_primaries`,
    /// `color_transfer`, `color_space`, `color_range`; "unknown" or missing for untagged
    /// streams). What a stream leaves untagged is filled in as players do: the size rule for
    /// the matrix and primaries (`untaggedMatrix(width:height:)`), BT.709's transfer, limited range.
    public static func video(
        primaries: String?, transfer: String?, matrix: String?, range: String?,
        width: Int, height: Int, bitDepth: Int = 8, hasAlpha: Bool = false
    ) -> ColorDescription {
        let guessedMatrix = untaggedMatrix(width: width, height: height)
        let m = matrix.flatMap(MatrixCoefficients.init(ffmpegName:)) ?? guessedMatrix
        let guessedPrimaries: ColorPrimaries = switch m {
        case .bt2020NonConstant: .bt2020
        case .bt601: height == 576 ? .bt601_625 : .bt601_525
        default: .bt709
        }
        return ColorDescription(
            primaries: primaries.flatMap(ColorPrimaries.init(ffmpegName:)) ?? guessedPrimaries,
            transfer: transfer.flatMap(TransferCharacteristic.init(ffmpegName:)) ?? .bt709,
            matrix: m,
            range: range.flatMap(ColorRange.init(ffmpegName:)) ?? .limited,
            alpha: hasAlpha ? .straight : .opaque, bitDepth: bitDepth)
    }

    /// The matrix players assume for an untagged Y'CbCr stream: BT.709 for HD and larger
    /// (wider than 1024 or taller than 576, mpv's rule), BT.601 for SD.
    public static func untaggedMatrix(width: Int, height: Int) -> MatrixCoefficients {
        width > 1024 || height > 576 ? .bt709 : .bt601
    }
}

/// The chromaticities of the red, green and blue primaries and the white point.
public enum ColorPrimaries: String, Sendable, Hashable, CaseIterable {
    case bt709
    /// BT.601 625-line (PAL), ffmpeg's `bt470bg`.
    case bt601_625
    /// BT.601 525-line (NTSC), ffmpeg's `smpte170m` (`smpte240m` has the same primaries).
    case bt601_525
    case bt2020
    /// Display P3 (P3 primaries, D65 white), ffmpeg's `smpte432`.
    case displayP3

    public var ffmpegName: String {
        switch self {
        case .bt709: "bt709"
        case .bt601_625: "bt470bg"
        case .bt601_525: "smpte170m"
        case .bt2020: "bt2020"
        case .displayP3: "smpte432"
        }
    }

    public init?(ffmpegName: String) {
        switch ffmpegName {
        case "bt709": self = .bt709
        case "bt470bg": self = .bt601_625
        case "smpte170m", "smpte240m": self = .bt601_525
        case "bt2020": self = .bt2020
        case "smpte432": self = .displayP3
        default: return nil
        }
    }
}

/// How stored values relate to light.
public enum TransferCharacteristic: String, Sendable, Hashable, CaseIterable {
    /// IEC 61966-2-1 (pictures; ffmpeg's `iec61966-2-1`).
    case sRGB
    /// BT.709 (= BT.601 and BT.2020's 10/12-bit SDR curves; ffmpeg's `bt709`, `smpte170m`, `bt2020-10`, `bt2020-12`).
    case bt709
    /// Linear light.
    case linear
    /// SMPTE ST 2084, perceptual quantiser (HDR10; ffmpeg's `smpte2084`).
    case pq
    /// ARIB STD-B67, hybrid log-gamma (phones' HDR video; ffmpeg's `arib-std-b67`).
    case hlg
    /// A pure 2.2 power law (ffmpeg's `gamma22`, `bt470m`).
    case gamma22

    public var ffmpegName: String {
        switch self {
        case .sRGB: "iec61966-2-1"
        case .bt709: "bt709"
        case .linear: "linear"
        case .pq: "smpte2084"
        case .hlg: "arib-std-b67"
        case .gamma22: "gamma22"
        }
    }

    public init?(ffmpegName: String) {
        switch ffmpegName {
        case "iec61966-2-1": self = .sRGB
        case "bt709", "smpte170m", "bt470bg", "bt2020-10", "bt2020-12", "smpte240m": self = .bt709
        case "linear": self = .linear
        case "smpte2084": self = .pq
        case "arib-std-b67": self = .hlg
        case "gamma22", "bt470m": self = .gamma22
        default: return nil
        }
    }
}

/// How luma and chroma were made from R'G'B'.
public enum MatrixCoefficients: String, Sendable, Hashable, CaseIterable {
    /// Not Y'CbCr: the values are R'G'B' (ffmpeg's `gbr`).
    case rgb
    case bt709
    /// BT.601 (ffmpeg's `bt470bg` and `smpte170m`, the same matrix).
    case bt601
    /// BT.2020 non-constant luminance (ffmpeg's `bt2020nc`).
    case bt2020NonConstant

    public var ffmpegName: String {
        switch self {
        case .rgb: "gbr"
        case .bt709: "bt709"
        case .bt601: "smpte170m"
        case .bt2020NonConstant: "bt2020nc"
        }
    }

    public init?(ffmpegName: String) {
        switch ffmpegName {
        case "gbr", "rgb": self = .rgb
        case "bt709": self = .bt709
        case "bt470bg", "smpte170m": self = .bt601
        case "bt2020nc", "bt2020_ncl": self = .bt2020NonConstant
        default: return nil
        }
    }

    /// The luma weights of red and blue (Kr, Kb); green's is 1 − Kr − Kb. Nil for `.rgb`.
    public var lumaWeights: (red: Double, blue: Double)? {
        switch self {
        case .rgb: nil
        case .bt709: (0.2126, 0.0722)
        case .bt601: (0.299, 0.114)
        case .bt2020NonConstant: (0.2627, 0.0593)
        }
    }
}

/// Where the code values of black and white sit.
public enum ColorRange: String, Sendable, Hashable, CaseIterable {
    /// Studio swing: Y' in 16…235, Cb/Cr in 16…240 (scaled by 2^(bits − 8)); ffmpeg's `tv`.
    case limited
    /// 0…2^bits − 1; ffmpeg's `pc`.
    case full

    public var ffmpegName: String { self == .limited ? "tv" : "pc" }

    public init?(ffmpegName: String) {
        switch ffmpegName {
        case "tv", "mpeg", "limited": self = .limited
        case "pc", "jpeg", "full": self = .full
        default: return nil
        }
    }
}

/// How a picture's alpha relates to its colour.
public enum AlphaMode: String, Sendable, Hashable, CaseIterable {
    /// No alpha: every pixel is opaque.
    case opaque
    /// Colour independent of alpha (PNG, WebP, WebM's alpha, ProRes 4444 as ffmpeg decodes it).
    case straight
    /// Colour already multiplied by alpha: what Segue's GPU pipeline works in.
    case premultiplied
}
