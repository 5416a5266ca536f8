import Logging
import SegueImage
import SegueUIKit

/// UILabel: text in one font and colour, aligned, wrapped by word to the label's width, on one
/// or several lines, centred vertically in the bounds. The text is shaped by HarfBuzz and drawn
/// by FreeType once, at the window's content scale (crisp on HiDPI), into the view's content;
/// it is drawn again only when the text, font, colour, alignment, lines, spacing, bounds size or
/// content scale change. A failure (a damaged font, too much text) leaves the label empty,
/// logs the error under `segue.text` and keeps it in `lastError`; it never traps.
@MainActor
open class Label: View {
    public var text: String { didSet { if text != oldValue { setNeedsDisplay() } } }
    public var font: Font { didSet { if font != oldValue { setNeedsDisplay() } } }
    public var textColor: Color = .black { didSet { if textColor != oldValue { setNeedsDisplay() } } }
    public var textAlignment: TextAlignment = .natural { didSet { if textAlignment != oldValue { setNeedsDisplay() } } }
    /// Lines shown at most; 0 shows them all. As UILabel, 1 (the default) does not wrap:
    /// a longer line ends in "…" (see `truncatesTail`).
    public var numberOfLines = 1 { didSet { if numberOfLines != oldValue { setNeedsDisplay() } } }
    /// Whether left-out text ends the last line with "…" (UILabel's default `byTruncatingTail`);
    /// false clips instead.
    public var truncatesTail = true { didSet { if truncatesTail != oldValue { setNeedsDisplay() } } }
    /// Extra points between lines (NSParagraphStyle.lineSpacing).
    public var lineSpacing: Double = 0 { didSet { if lineSpacing != oldValue { setNeedsDisplay() } } }
    /// Why the last drawing failed, or nil when it succeeded.
    public private(set) var lastError: TextError?
    /// How many times the text was shaped and drawn (the cache's hits leave it unchanged).
    public private(set) var renderCount = 0

    private static let logger = Logger(label: "segue.text")

    public init(frame: Rect = .zero, text: String = "", font: Font = .systemFont(ofSize: 17), name: String = "label") {
        self.text = text
        self.font = font
        super.init(frame: frame, name: name)
        // As UILabel: presses go through a label to what is behind it (a button's title to the button).
        isUserInteractionEnabled = false
        needsDisplayOnBoundsChange = true
        setNeedsDisplay()
    }

    /// The lines as they are drawn at `scale` in the current bounds width (truncated with "…"
    /// when text is left out and `truncatesTail` is on).
    public func layout(scale: Double) throws(TextError) -> TextLayout {
        let full = try TextLayout(
            text: text, font: font, scale: scale, maxWidth: numberOfLines == 1 ? nil : bounds.size.width * scale,
            numberOfLines: numberOfLines, lineSpacing: lineSpacing * scale)
        return try truncatingTail(full, boxWidth: bounds.size.width * scale, scale: scale)
    }

    open override func display(contentScale scale: Double) {
        renderCount += 1
        let width = (bounds.size.width * scale).rounded(.up), height = (bounds.size.height * scale).rounded(.up)
        guard !text.isEmpty, width >= 1, height >= 1 else {
            content = nil
            lastError = nil
            return
        }
        guard let size = contentPixelSize(scale: scale) else {
            content = nil
            lastError = .imageTooLarge(width: Int(min(width, 1e9)), height: Int(min(height, 1e9)))
            Self.logger.error("label '\(name)' not drawn: \(lastError!)")
            return
        }
        do throws(TextError) {
            let layout = try layout(scale: scale)
            let color = textColor.rgba8
            var image = try TextLayout.blankImage(width: size.width, height: size.height, color: color)
            // UILabel centres its lines vertically; whole pixels keep baselines sharp.
            let top = ((Double(size.height) - layout.height) / 2).rounded(.down)
            try layout.draw(into: &image, origin: (0, top), boxWidth: Double(size.width), alignment: textAlignment, color: color)
            content = .image(image)
            lastError = nil
        } catch {
            content = nil
            lastError = error
            Self.logger.error("label '\(name)' not drawn: \(error)")
        }
    }

    /// The text's size in points at scale 1: wrapped to `size.width` when lines wrap and it is positive.
    open override func sizeThatFits(_ size: Size) -> Size {
        let wraps = numberOfLines != 1 && size.width > 0
        guard let layout = try? TextLayout(
            text: text, font: font, maxWidth: wraps ? size.width : nil, numberOfLines: numberOfLines, lineSpacing: lineSpacing)
        else { return .zero }
        return Size(width: layout.width.rounded(.up), height: layout.height.rounded(.up))
    }
}

extension Color {
    /// Straight-alpha bytes, clamped.
    var rgba8: SIMD4<UInt8> {
        func byte(_ v: Double) -> UInt8 { UInt8(min(max(v, 0), 1) * 255 + 0.5) }
        return SIMD4(byte(red), byte(green), byte(blue), byte(alpha))
    }
}
