import Foundation
import SegueImage
import SegueText
import Testing

/// Pure tier: FreeType's coverage, as Segue places and draws it, against an independent
/// rasteriser: hb-view draws HarfBuzz's own outlines with cairo.
@Suite("Text coverage against hb-view", .tags(.pure))
struct TextCoverageTests {
    /// hb-view (through cairo's default hinted metrics) places glyphs at whole pixels, so the
    /// comparison draws with `.wholePixel`; the outlines, coverage and pen positions are what is compared.
    /// Column sums of coverage (0...1 per pixel). A column's sum is the glyph area inside that
    /// column whatever the vertical position, so hb-view's unsnapped baseline and Segue's
    /// whole-pixel one compare exactly; any error of scale, advance, glyph or outline shows.
    func columnCoverage(_ image: RGBAImage, coverage: (SIMD4<UInt8>) -> Double) -> [Double] {
        (0..<image.width).map { x in (0..<image.height).reduce(0) { $0 + coverage(image[x, $1]) } }
    }

    @Test(.requiresHarfBuzzTools, arguments: ["Hamburgefonstiv", "Àccénts: déjà vu, naïve"])
    func columnCoverageMatchesHBView(text: String) throws {
        let size = 48, margin = 8
        let png = FileManager.default.temporaryDirectory.appendingPathComponent("segue-hb-view-\(getpid())-\(text.unicodeScalars.count).png")
        defer { try? FileManager.default.removeItem(at: png) }
        _ = try HarfBuzzTools.run(
            "hb-view", ["--font-size=\(size)", "--margin=\(margin)", "--output-format=png", "-o", png.path, Fonts.dejaVuPath, text])
        let reference = try PNGCodec.read(path: png.path)  // black on white, grey levels
        let layout = try TextLayout(text: text, font: Font(fileAt: Fonts.dejaVuPath, size: Double(size)))
        // A margin on both, so that neither clips an accent or a descender.
        var image = try TextLayout.blankImage(width: reference.width, height: reference.height, color: SIMD4(0, 0, 0, 255))
        try layout.draw(into: &image, origin: (Double(margin), Double(margin)), boxWidth: layout.width, alignment: .left, color: SIMD4(0, 0, 0, 255), positioning: .wholePixel)
        #expect(abs(Double(reference.width - 2 * margin) - layout.width) <= 1, "the line's advance width")
        let ours = columnCoverage(image) { Double($0.w) / 255 }
        let theirs = columnCoverage(reference) { 1 - Double($0.x) / 255 }
        let columns = min(ours.count, theirs.count)
        let differences = (0..<columns).map { abs(ours[$0] - theirs[$0]) }
        let totalOurs = ours.reduce(0, +), totalTheirs = theirs.reduce(0, +)
        // Two rasterisers of one outline (measured on DejaVu Sans 2.37: ink within 0.03 %, worst
        // column 0.4 pixel of area, mean 0.025): the bounds leave room for other versions of
        // FreeType and cairo, which antialias edges slightly differently.
        #expect(abs(totalOurs - totalTheirs) / totalTheirs < 0.005, "total ink \(totalOurs) vs \(totalTheirs)")
        // A glyph off by a pixel moves a whole stem (5 to 15 pixels of area in a column); one
        // positioned at subpixels instead of whole pixels, 3 to 12.
        let worst = differences.max() ?? 0
        #expect(worst < 0.75, "worst column differs by \(worst) pixels of area")
        #expect(differences.reduce(0, +) / Double(columns) < 0.06)
    }
}
