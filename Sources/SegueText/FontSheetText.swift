import Logging
import SegueImage

/// Contact sheet titles and labels in a real font (mixed case, accents, CJK) instead of the
/// 5×7 bitmap font: `ContactSheet.make(..., text: FontSheetText())`. A line that cannot be
/// drawn (a font gone missing) falls back to the bitmap font and is logged under `segue.text`.
public struct FontSheetText: ContactSheetTextRenderer {
    public let font: Font
    /// Pixels per em at scale 1 (the bitmap font's 7-pixel glyphs read like about 10).
    public let pixelSize: Double

    public init(font: Font = .systemFont(ofSize: 10), pixelSize: Double = 10) {
        self.font = font.withSize(pixelSize)
        self.pixelSize = pixelSize
    }

    public func lineHeight(scale: Int) -> Int {
        guard let layout = try? TextLayout(text: " ", font: font, scale: Double(scale)) else {
            return BitmapFontSheetText().lineHeight(scale: scale)
        }
        return Int(layout.height.rounded(.up))
    }

    public func draw(_ text: String, into image: inout RGBAImage, x: Int, y: Int, maxWidth: Int, scale: Int, color: SIMD4<UInt8>) {
        do throws(TextError) {
            // The first line of the text wrapped to the width: cut at a word, or a character.
            let layout = try TextLayout(text: text, font: font, scale: Double(scale), maxWidth: Double(maxWidth), numberOfLines: 1)
            try layout.draw(into: &image, origin: (Double(x), Double(y)), boxWidth: Double(maxWidth), alignment: .left, color: color)
        } catch {
            Logger(label: "segue.text").warning("contact sheet text '\(text.prefix(40))' drawn with the bitmap font: \(error)")
            BitmapFontSheetText().draw(text, into: &image, x: x, y: y, maxWidth: maxWidth, scale: scale, color: color)
        }
    }
}
