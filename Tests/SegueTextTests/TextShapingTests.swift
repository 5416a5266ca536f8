import Foundation
import SegueImage
import SegueUIKit
import SegueText
import Testing

/// Pure tier (fonts and HarfBuzz's tools, no GL): the layout against HarfBuzz's hb-shape and
/// hand-worked line breaks, and the errors of bad input.
@Suite("Text shaping and layout", .tags(.pure))
struct TextShapingTests {
    struct HBGlyph: Decodable { let g: UInt32; let cl: Int; let ax: Double; let dx: Double; let dy: Double }

    /// hb-shape in font units (--font-size=upem), scaled here to `pixelSize`.
    func referenceGlyphs(_ text: String, fontPath: String, pixelSize: Double) throws -> [(id: UInt32, advance: Double)] {
        let json = try HarfBuzzTools.run(
            "hb-shape", ["--font-size=upem", "--output-format=json", "--no-glyph-names", fontPath, text])
        // hb-shape prints one JSON array per line of input.
        let glyphs = try JSONDecoder().decode([HBGlyph].self, from: json)
        let upem = 2048.0  // DejaVu Sans' units per em (its head table)
        return glyphs.map { ($0.g, $0.ax * pixelSize / upem) }
    }

    @Test(.requiresHarfBuzzTools, arguments: ["Héllo, wörld", "Ångström — naïve façade", "e\u{301}a\u{308}o\u{302}", "AVATAR Wo fi ffl", "שלום עולם"])
    func glyphsAndAdvancesMatchHBShape(text: String) throws {
        let font = try Font(name: "DejaVu Sans", size: 24)
        for scale in [1.0, 2.0] {
            let layout = try TextLayout(text: text, font: font, scale: scale)
            let glyphs = try #require(layout.lines.first).glyphs
            let reference = try referenceGlyphs(text, fontPath: Fonts.dejaVuPath, pixelSize: 24 * scale)
            #expect(glyphs.map(\.id) == reference.map(\.id), "glyph ids of '\(text)' at scale \(scale)")
            var pen = 0.0
            for (glyph, expected) in zip(glyphs, reference) {
                // 26.6 fixed point: within 1/64 px per glyph, and the pen within 1/64 per glyph so far.
                #expect(abs(glyph.advance - expected.advance) <= 1.0 / 64 + 1e-9)
                #expect(abs(glyph.x - pen) <= Double(glyphs.count) / 64)
                pen += expected.advance
            }
            #expect(abs(layout.width - pen) <= Double(glyphs.count) / 64)
        }
    }

    @Test func wrapsAtSpacesAndKeepsTrailingSpacesOutOfTheWidth() throws {
        let font = try Font(name: "DejaVu Sans", size: 20)
        let word = try TextLayout(text: "wrap", font: font).width
        let wordSpace = try TextLayout(text: "wrap wrap", font: font).width
        // Room for two words but not three: each line holds two ("wrap wrap ") and the rest wraps.
        let layout = try TextLayout(text: "wrap wrap wrap wrap wrap", font: font, maxWidth: wordSpace + word / 2)
        #expect(layout.lines.map(\.text) == ["wrap wrap ", "wrap wrap ", "wrap"])
        #expect(abs(layout.lines[0].width - wordSpace) < 1e-9, "the trailing space is not part of the width")
        #expect(layout.lines.allSatisfy { $0.width <= wordSpace + word / 2 })
        // Lines stack by the font's line height (DejaVu Sans: height 2384 / 2048 em).
        let lineHeight = 20 * 2384.0 / 2048
        #expect(abs(layout.lines[1].top - lineHeight) < 1e-9 && abs(layout.height - 3 * lineHeight) < 1e-9)
        let spaced = try TextLayout(text: "wrap wrap wrap", font: font, maxWidth: word * 1.5, lineSpacing: 4)
        #expect(abs(spaced.lines[2].top - 2 * (lineHeight + 4)) < 1e-9)
    }

    @Test func aWordWiderThanTheWidthBreaksBetweenCharactersAndNewlinesStartParagraphs() throws {
        let font = try Font(name: "DejaVu Sans", size: 20)
        let m = try TextLayout(text: "m", font: font).width
        let layout = try TextLayout(text: "mmmmm\n\nmm", font: font, maxWidth: m * 2.5)
        #expect(layout.lines.map(\.text) == ["mm", "mm", "m", "", "mm"])
        let limited = try TextLayout(text: "mmmmm\n\nmm", font: font, maxWidth: m * 2.5, numberOfLines: 2)
        #expect(limited.lines.map(\.text) == ["mm", "mm"])
        let unwrapped = try TextLayout(text: "a b c\nd", font: font)
        #expect(unwrapped.lines.map(\.text) == ["a b c", "d"])
    }

    @Test(.requiresCJKFont) func cjkFallsBackToAFontThatHasItAndBreaksBetweenIdeographs() throws {
        // DejaVu Sans has no CJK: fontconfig's fallback draws them (no .notdef glyph 0).
        let text = "自定义转场动画"
        let layout = try TextLayout(text: text, font: Font(name: "DejaVu Sans", size: 20))
        let glyphs = try #require(layout.lines.first).glyphs
        #expect(glyphs.count == 7 && glyphs.allSatisfy { $0.id != 0 })
        let one = layout.width / 7
        let wrapped = try TextLayout(text: text, font: Font(name: "DejaVu Sans", size: 20), maxWidth: one * 3.5)
        #expect(wrapped.lines.map(\.text) == ["自定义", "转场动", "画"])
        // The fallback's taller ascent and descent make the line taller than DejaVu's alone.
        #expect(wrapped.lines[0].height >= 20 * 2384.0 / 2048)
    }

    @Test func aRightToLeftParagraphAlignsRightNaturally() throws {
        let font = try Font(name: "DejaVu Sans", size: 20)
        let hebrew = try TextLayout(text: "שלום עולם", font: font)
        var image = try TextLayout.blankImage(width: 300, height: 30, color: SIMD4(0, 0, 0, 255))
        try hebrew.draw(into: &image, origin: (0, 0), boxWidth: 300, alignment: .natural, color: SIMD4(0, 0, 0, 255))
        let ink = try #require(inkBounds(image))
        #expect(ink.x1 <= 300 && ink.x1 >= 300 - 3 && Double(ink.x0) >= 300 - hebrew.width - 1, "right-aligned: \(ink)")
        let latin = try TextLayout(text: "Hello", font: font)
        var left = try TextLayout.blankImage(width: 300, height: 30, color: SIMD4(0, 0, 0, 255))
        try latin.draw(into: &left, origin: (0, 0), boxWidth: 300, alignment: .natural, color: SIMD4(0, 0, 0, 255))
        #expect(try #require(inkBounds(left)).x0 <= 3, "left-to-right text starts at the left")
    }

    @Test @MainActor func labelsMeasureTheirText() throws {
        let font = try Font(name: "DejaVu Sans", size: 20)
        let label = Label(text: "wrap wrap wrap", font: font)
        let one = try TextLayout(text: "wrap wrap wrap", font: font)
        #expect(label.sizeThatFits(Size(width: 0, height: 0)) == Size(width: one.width.rounded(.up), height: one.height.rounded(.up)))
        label.numberOfLines = 0
        let wrapped = label.sizeThatFits(Size(width: one.width * 0.7, height: 0))
        #expect(wrapped.height == (2 * 20 * 2384.0 / 2048).rounded(.up), "two lines")
        label.sizeToFit()
        #expect(label.bounds.size == Size(width: one.width.rounded(.up), height: one.height.rounded(.up)))
    }

    @Test func badInputIsATypedError() throws {
        #expect(throws: TextError.fontNotFound(family: "No Such Family Segue")) {
            try Font(name: "No Such Family Segue", size: 12)
        }
        #expect(throws: TextError.invalidFontSize(.infinity)) { try Font(name: "DejaVu Sans", size: .infinity) }
        #expect(throws: TextError.invalidFontSize(-3)) { try Font(name: "DejaVu Sans", size: -3) }
        let missing = "/nonexistent/segue-font.ttf"
        #expect(throws: TextError.self) { try Font(fileAt: missing, size: 12) }
        // A damaged font: a TrueType header followed by garbage, and a truncated real font.
        let directory = FileManager.default.temporaryDirectory
        let garbage = directory.appendingPathComponent("segue-garbage-\(getpid()).ttf")
        try (Data([0, 1, 0, 0, 0, 12]) + Data((0..<4000).map { UInt8(truncatingIfNeeded: $0 &* 7919) })).write(to: garbage)
        let truncated = directory.appendingPathComponent("segue-truncated-\(getpid()).ttf")
        try Data(try Data(contentsOf: URL(fileURLWithPath: Fonts.dejaVuPath)).prefix(3000)).write(to: truncated)
        defer { try? FileManager.default.removeItem(at: garbage); try? FileManager.default.removeItem(at: truncated) }
        for url in [garbage, truncated] {
            #expect {
                try Font(fileAt: url.path, size: 12)
            } throws: { error in
                if case .unreadableFont(let path, _) = error as? TextError { return path == url.path }
                return false
            }
        }
        let huge = String(repeating: "a", count: TextLimits.maxUTF8Bytes + 1)
        #expect(throws: TextError.textTooLong(utf8Bytes: TextLimits.maxUTF8Bytes + 1, limit: TextLimits.maxUTF8Bytes)) {
            try TextLayout(text: huge, font: .systemFont(ofSize: 12))
        }
        #expect(throws: TextError.imageTooLarge(width: 20000, height: 10)) {
            try TextLayout.blankImage(width: 20000, height: 10, color: SIMD4(0, 0, 0, 255))
        }
    }

    @Test func longTextAtTheLimitLaysOutInBoundedTime() throws {
        // Within the limit, a long paragraph wraps into many lines in one pass (no quadratic step):
        // this finishing at all under the test runner's time limit is the check, not a timing.
        let text = String(repeating: "lorem ipsum dolor sit amet ", count: TextLimits.maxUTF8Bytes / 27)
        let layout = try TextLayout(text: text, font: .systemFont(ofSize: 12), maxWidth: 300, numberOfLines: 0)
        #expect(layout.lines.count > 1000)
    }
}
