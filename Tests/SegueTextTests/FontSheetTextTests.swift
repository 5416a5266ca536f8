import Foundation
import SegueImage
import SegueText
import Testing

/// Pure tier: contact sheets titled in a real font (the "PIxEL-DISSOLVE" header of the bitmap font).
@Suite("Contact sheet text in a real font", .tags(.pure))
struct FontSheetTextTests {
    @Test(.requiresHarfBuzzTools) func theTitleIsDrawnInMixedCaseAtItsShapedWidth() throws {
        let frame = try RGBAImage(width: 64, height: 36, fill: SIMD4(40, 90, 200, 255))
        let text = FontSheetText()
        let title = "pixel-dissolve"
        let sheet = try ContactSheet.make(
            frames: [(frame, "#0 p=0.00"), (frame, "#1 p=1.00")], columns: 2, thumbnailWidth: 120, title: title, text: text)
        // The layout arithmetic with this renderer's line heights (scale 1 labels, 2 title).
        let margin = ContactSheet.margin
        let titleBlock = text.lineHeight(scale: 2) + margin
        let cell = 68 + ContactSheet.labelGap + text.lineHeight(scale: 1)  // 120 × 36/64 = 67.5 → 68
        #expect(sheet.width == margin + 2 * (120 + margin) && sheet.height == margin + titleBlock + cell + margin)
        // DejaVu Sans' line at 20 px (10 × scale 2): 20 × 2384/2048 = 23.3 → 24 pixels.
        #expect(text.lineHeight(scale: 2) == 24)
        // The title's ink spans its shaped width: hb-shape's advances at 20 px, less the side
        // bearings of "p" and "e" (under 2 px each).
        var band = try RGBAImage(width: sheet.width, height: titleBlock - margin, fill: SIMD4(0, 0, 0, 0))
        for y in 0..<band.height { for x in 0..<sheet.width { band[x, y] = sheet[x, margin + y] } }
        let ink = try #require(inkBounds(band) { $0.x > 100 ? 255 : 0 })
        let json = try HarfBuzzTools.run("hb-shape", ["--font-size=upem", "--output-format=json", "--no-glyph-names", Fonts.dejaVuPath, title])
        let advances = try JSONDecoder().decode([TextShapingTests.HBGlyph].self, from: json).map { $0.ax * 20 / 2048 }
        let width = advances.reduce(0, +)
        #expect(ink.x0 >= margin && ink.x0 <= margin + 2)
        #expect(Double(ink.x1 - margin) <= width + 1 && Double(ink.x1 - margin) >= width - 4)
        // The bitmap font would draw it upper case, 14 glyphs × 12 px = 168 px wide: far wider.
        #expect(Double(ink.x1 - ink.x0) < 168 - 20)
    }
}
