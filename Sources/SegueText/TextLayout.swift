/// Where a line's glyphs go across a width, like NSTextAlignment.
public enum TextAlignment: Sendable, Hashable {
    case left, center, right
    /// Left for left-to-right text, right when the paragraph starts right-to-left.
    case natural
}

/// Text shaped and broken into lines, in pixels (points × scale), ready to draw. Lines break
/// at spaces, after hyphens and around CJK characters (a word longer than the width breaks
/// between characters); "\n" starts a paragraph. Each paragraph is shaped whole by HarfBuzz;
/// characters its font lacks are shaped with a font fontconfig finds for them.
///
/// Runs keep HarfBuzz's visual order, so a right-to-left paragraph reads correctly, but runs
/// of mixed directions are not reordered (no bidirectional algorithm).
public struct TextLayout {
    public struct Glyph: Sendable, Equatable {
        /// The glyph index in its font.
        public let id: UInt32
        /// Pen position from the line's start, in pixels.
        public let x: Double
        public let advance: Double
    }

    public struct Line {
        /// Glyph origins relative to the line's start; y is HarfBuzz's offset (up).
        let shaped: [(glyph: ShapedGlyph, x: Double)]
        /// Width without trailing spaces, in pixels.
        public let width: Double
        /// From the line's top to its baseline, and the line's height, in pixels.
        public let ascent: Double
        public let height: Double
        /// The line's top, from the layout's top (line spacing included).
        public internal(set) var top: Double
        let rightToLeft: Bool
        /// The characters of the line (trailing spaces included).
        public let text: String

        public var glyphs: [Glyph] { shaped.map { Glyph(id: $0.glyph.glyph, x: $0.x, advance: $0.glyph.advance) } }
    }

    public let lines: [Line]
    /// Whether `numberOfLines` left text out.
    public let isTruncated: Bool
    /// Pixels: the widest line and the lines' total height.
    public let width: Double
    public let height: Double
    /// The pixel size the text was shaped at (points × scale).
    public let pixelSize: Double

    /// Shapes and breaks `text`. `maxWidth` (pixels) wraps lines when given; `numberOfLines`
    /// keeps at most that many lines (0 keeps all); `lineSpacing` (pixels) goes between lines.
    public init(
        text: String, font: Font, scale: Double = 1, maxWidth: Double? = nil, numberOfLines: Int = 0, lineSpacing: Double = 0
    ) throws(TextError) {
        let bytes = text.utf8.count
        guard bytes <= TextLimits.maxUTF8Bytes else { throw .textTooLong(utf8Bytes: bytes, limit: TextLimits.maxUTF8Bytes) }
        let pixelSize = font.pointSize * scale
        guard scale.isFinite, scale > 0 else { throw .invalidFontSize(pixelSize) }
        try Font.validate(pixelSize)
        self.pixelSize = pixelSize
        let engine = TextEngine.shared
        var lines: [Line] = []
        var truncated = false
        try engine.withLock { () throws(TextError) in
            let primary = try font.resolveFace(in: engine)
            let locator = try engine.locator()
            var top = 0.0
            for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if numberOfLines > 0, lines.count >= numberOfLines {
                    truncated = true
                    break
                }
                let shaped = try ParagraphShaper.shape(
                    String(paragraph), primary: primary, pixelSize: pixelSize, locator: locator, engine: engine)
                var ranges = shaped.breakLines(maxWidth: maxWidth)
                if numberOfLines > 0, ranges.count > numberOfLines - lines.count {
                    ranges = Array(ranges.prefix(numberOfLines - lines.count))
                    truncated = true
                }
                for var line in shaped.lines(ranges, primary: primary, pixelSize: pixelSize) {
                    if !lines.isEmpty { top += lineSpacing }
                    line.top = top
                    lines.append(line)
                    top += line.height
                }
            }
        }
        self.lines = lines
        isTruncated = truncated
        width = lines.map(\.width).max() ?? 0
        height = (lines.last.map { $0.top + $0.height }) ?? 0
    }

    /// This layout with its last line replaced by `other`'s first (same place, same spacing above).
    func replacingLastLine(with other: TextLayout) -> TextLayout {
        guard var line = other.lines.first, let last = lines.last else { return self }
        line.top = last.top
        return TextLayout(lines: Array(lines.dropLast()) + [line], isTruncated: isTruncated, pixelSize: pixelSize)
    }

    private init(lines: [Line], isTruncated: Bool, pixelSize: Double) {
        self.lines = lines
        self.isTruncated = isTruncated
        self.pixelSize = pixelSize
        width = lines.map(\.width).max() ?? 0
        height = (lines.last.map { $0.top + $0.height }) ?? 0
    }

    /// The x of a line's start in a box `boxWidth` pixels wide.
    func startX(of line: Line, alignment: TextAlignment, boxWidth: Double) -> Double {
        switch alignment {
        case .left: return 0
        case .right: return boxWidth - line.width
        case .center: return ((boxWidth - line.width) / 2)
        case .natural: return line.rightToLeft ? boxWidth - line.width : 0
        }
    }
}
