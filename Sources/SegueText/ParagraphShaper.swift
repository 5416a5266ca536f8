/// One paragraph shaped: its glyphs (runs in logical order, each run in HarfBuzz's visual
/// order), the advance each character owns and where lines may break.
struct ParagraphShaper {
    var glyphs: [ShapedGlyph] = []
    /// Character (grapheme) index of each glyph.
    var glyphCharacter: [Int] = []
    var advances: [Double] = []
    var isSpace: [Bool] = []
    var breakAfter: [Bool] = []
    var rightToLeft = false
    var characters: [Character] = []

    static func shape(
        _ paragraph: String, primary: FontFace, pixelSize: Double, locator: FontLocator, engine: TextEngine
    ) throws(TextError) -> ParagraphShaper {
        var result = ParagraphShaper()
        let characters = Array(paragraph)
        result.characters = characters
        let utf8 = Array(paragraph.utf8CString.dropLast())  // without the terminator
        var characterOfByte = [Int](repeating: 0, count: utf8.count)
        // The face of each character: the primary font, or one that has its first scalar.
        var faces: [FontFace] = []
        faces.reserveCapacity(characters.count)
        var byte = 0
        for (index, character) in characters.enumerated() {
            let length = character.utf8.count
            for b in byte..<(byte + length) { characterOfByte[b] = index }
            byte += length
            let base = character.unicodeScalars.first!
            var face = primary
            if !primary.hasGlyph(for: base), !base.properties.isWhitespace, let file = locator.fallback(for: base),
               let fallback = try? engine.face(file), fallback.hasGlyph(for: base) {
                face = fallback
            }
            faces.append(face)
            let space = character.isWhitespace
            result.isSpace.append(space)
            result.breakAfter.append(space || character == "-" || Self.isIdeographic(base))
        }
        // A break is also allowed before an ideograph.
        for i in characters.indices.dropLast() where Self.isIdeographic(characters[i + 1].unicodeScalars.first!) {
            result.breakAfter[i] = true
        }
        result.advances = [Double](repeating: 0, count: characters.count)
        // Runs of one face, shaped with the paragraph as context.
        var start = 0, startByte = 0
        while start < characters.count {
            var end = start, endByte = startByte
            while end < characters.count, faces[end] === faces[start] { endByte += characters[end].utf8.count; end += 1 }
            let face = faces[start]
            face.use(pixelSize: pixelSize)
            let first = result.glyphs.count
            let rtl = face.shape(utf8, offset: startByte, length: endByte - startByte, into: &result.glyphs)
            if start == 0 { result.rightToLeft = rtl }
            for glyph in result.glyphs[first...] {
                let character = characterOfByte[min(glyph.cluster, utf8.count - 1)]
                result.glyphCharacter.append(character)
                result.advances[character] += glyph.advance
            }
            start = end
            startByte = endByte
        }
        return result
    }

    /// Character ranges of the lines: greedy, spaces hang at a line's end, a word wider than
    /// `maxWidth` breaks between characters. An empty paragraph is one empty line.
    func breakLines(maxWidth: Double?) -> [Range<Int>] {
        let count = advances.count
        guard count > 0 else { return [0..<0] }
        guard let maxWidth else { return [0..<count] }
        var lines: [Range<Int>] = []
        var start = 0
        while start < count {
            var x = 0.0, lastBreak: Int?, i = start, end = count
            while i < count {
                if x + advances[i] > maxWidth + 1e-9, !isSpace[i], i > start {
                    end = lastBreak ?? i
                    break
                }
                x += advances[i]
                if breakAfter[i] { lastBreak = i + 1 }
                i += 1
            }
            lines.append(start..<end)
            start = end
        }
        return lines
    }

    /// The lines of characters `ranges` (from `breakLines`), glyphs placed from each line's left
    /// edge; one pass over the glyphs, so a long paragraph costs linear time. Tops are left 0.
    func lines(_ ranges: [Range<Int>], primary: FontFace, pixelSize: Double) -> [TextLayout.Line] {
        var lineOfCharacter = [Int](repeating: 0, count: advances.count)
        for (index, range) in ranges.enumerated() { for c in range { lineOfCharacter[c] = index } }
        var placed = [[(glyph: ShapedGlyph, x: Double)]](repeating: [], count: ranges.count)
        var pen = 0.0
        for (index, glyph) in glyphs.enumerated() {
            placed[lineOfCharacter[glyphCharacter[index]]].append((glyph, pen))
            pen += glyph.advance
        }
        let primaryMetrics = primary.metrics(pixelSize: pixelSize)
        return ranges.indices.map { index in
            let range = ranges[index]
            var glyphs = placed[index]
            var (ascent, descent, lineHeight) = primaryMetrics
            var seen: [ObjectIdentifier] = [ObjectIdentifier(primary)]
            for (glyph, _) in glyphs where !seen.contains(ObjectIdentifier(glyph.face)) {
                seen.append(ObjectIdentifier(glyph.face))
                let m = glyph.face.metrics(pixelSize: pixelSize)
                ascent = max(ascent, m.ascent); descent = max(descent, m.descent); lineHeight = max(lineHeight, m.lineHeight)
            }
            if let minPen = glyphs.map(\.x).min() { glyphs = glyphs.map { ($0.glyph, $0.x - minPen) } }
            var last = range.upperBound
            while last > range.lowerBound, isSpace[last - 1] { last -= 1 }
            let width = advances[range.lowerBound..<last].reduce(0, +)
            return TextLayout.Line(
                shaped: glyphs, width: width, ascent: ascent + (lineHeight - ascent - descent) / 2,
                height: lineHeight, top: 0, rightToLeft: rightToLeft, text: String(characters[range]))
        }
    }

    /// CJK ideographs, kana, hangul and fullwidth forms: lines may break on either side.
    static func isIdeographic(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2E80...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x3FFFF: return true
        default: return false
        }
    }
}
