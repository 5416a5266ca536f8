/// Why text could not be laid out or drawn. Every failure of a font, of the text or of the
/// picture it would need is one of these, thrown within bounded time and memory.
public enum TextError: Error, Equatable, CustomStringConvertible {
    /// fontconfig knows no font of this family (it would only have offered a substitute).
    case fontNotFound(family: String)
    /// The font file could not be opened or is not a font FreeType reads (missing, corrupt, truncated).
    case unreadableFont(path: String, reason: String)
    /// fontconfig itself could not be initialised (no configuration at all).
    case fontconfigUnavailable
    /// A point size that is not finite and positive, or one whose pixels would exceed the limit.
    case invalidFontSize(Double)
    /// More text than one layout accepts (`TextLimits.maxUTF8Bytes`).
    case textTooLong(utf8Bytes: Int, limit: Int)
    /// The picture of the text would be larger than `TextLimits.maxPixels` (or a side than the image limit).
    case imageTooLarge(width: Int, height: Int)
    /// A FreeType call failed while drawing a glyph.
    case rasterisationFailed(glyph: UInt32, code: Int32)

    public var description: String {
        switch self {
        case let .fontNotFound(family): return "no font of family '\(family)' is installed (fc-list lists the families)"
        case let .unreadableFont(path, reason): return "cannot read font file \(path): \(reason)"
        case .fontconfigUnavailable: return "fontconfig could not load its configuration"
        case let .invalidFontSize(size): return "font size \(size) is not a positive size of at most \(TextLimits.maxPixelSize) pixels"
        case let .textTooLong(bytes, limit): return "text of \(bytes) UTF-8 bytes is longer than the limit of \(limit)"
        case let .imageTooLarge(width, height): return "text picture of \(width)x\(height) pixels exceeds the limit of \(TextLimits.maxPixels) pixels"
        case let .rasterisationFailed(glyph, code): return "FreeType failed to draw glyph \(glyph) (error \(code))"
        }
    }
}

/// The bounds that keep bad input (huge text, absurd sizes) from taking unbounded time or memory.
public enum TextLimits {
    /// Longest text one layout shapes.
    public static let maxUTF8Bytes = 256 * 1024
    /// Largest font size in pixels (points × scale).
    public static let maxPixelSize = 2048.0
    /// Largest picture of text, in pixels (128 MiB of RGBA).
    public static let maxPixels = 32 * 1024 * 1024
}
