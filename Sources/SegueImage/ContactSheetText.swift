/// How a contact sheet draws its title and labels. The default is the built-in 5×7
/// `BitmapFont` (upper case only); `SegueText`'s `FontSheetText` draws with real fonts.
public protocol ContactSheetTextRenderer {
    /// Pixels from a line's top to the next line's top at `scale` (1 for thumbnails under 240
    /// pixels wide, 2 from 240, 3 from 360; the title one more).
    func lineHeight(scale: Int) -> Int
    /// Draws one line of `text` with its top-left corner at (`x`, `y`), cut to `maxWidth` pixels.
    func draw(_ text: String, into image: inout RGBAImage, x: Int, y: Int, maxWidth: Int, scale: Int, color: SIMD4<UInt8>)
}

/// The 5×7 bitmap font, each pixel `scale` pixels square.
public struct BitmapFontSheetText: ContactSheetTextRenderer {
    public init() {}

    public func lineHeight(scale: Int) -> Int { BitmapFont.glyphHeight * scale }

    public func draw(_ text: String, into image: inout RGBAImage, x: Int, y: Int, maxWidth: Int, scale: Int, color: SIMD4<UInt8>) {
        BitmapFont.draw(ContactSheet.fit(text, width: maxWidth, scale: scale), into: &image, x: x, y: y, scale: scale, color: color)
    }
}
