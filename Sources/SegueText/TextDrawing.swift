@preconcurrency import CFreeType
import SegueImage

/// Where glyphs' left edges may fall.
public enum GlyphPositioning: Sendable {
    /// At HarfBuzz's positions to 1/64 pixel: even spacing (the default).
    case subpixel
    /// Rounded to whole pixels, as cairo places glyphs with its default hinted metrics:
    /// sharper vertical stems, uneven spacing.
    case wholePixel
}

extension TextLayout {
    /// Draws the lines into `image` with FreeType's antialiased coverage, unhinted (HarfBuzz's
    /// advances are unhinted too) and at subpixel x positions. Each line starts at
    /// `origin.x` plus its alignment offset within `boxWidth` pixels; the first line's top is
    /// at `origin.y`; baselines are snapped to whole pixels. Glyphs are composited over what is
    /// in the image (straight alpha); pixels outside the image are clipped.
    public func draw(
        into image: inout RGBAImage, origin: (x: Double, y: Double), boxWidth: Double,
        alignment: TextAlignment, color: SIMD4<UInt8>, positioning: GlyphPositioning = .subpixel, glyphLimit: Int = .max
    ) throws(TextError) {
        let engine = TextEngine.shared
        try engine.withLock { () throws(TextError) in
            var remaining = glyphLimit
            for line in lines {
                let baseline = (origin.y + line.top + line.ascent).rounded()
                let start = origin.x + startX(of: line, alignment: alignment, boxWidth: boxWidth)
                for (glyph, x) in line.shaped {
                    guard remaining > 0 else { return }
                    remaining -= 1
                    let glyphX = start + x + glyph.offsetX
                    try Self.drawGlyph(
                        glyph, pixelSize: pixelSize, x: positioning == .subpixel ? glyphX : glyphX.rounded(), baseline: baseline - glyph.offsetY,
                        into: &image, color: color)
                }
            }
        }
    }

    /// A picture of the text alone, `ceil(width) × ceil(height)` pixels (at least 1×1), in
    /// `color` on transparent pixels of the same colour (so filtering adds no dark fringe).
    /// `glyphLimit` draws only the first glyphs in reading order of lines (a text typed on),
    /// each where the whole text puts it.
    public func image(color: SIMD4<UInt8>, alignment: TextAlignment = .natural, glyphLimit: Int = .max) throws(TextError) -> RGBAImage {
        let w = max(1, Int(width.rounded(.up))), h = max(1, Int(height.rounded(.up)))
        var image = try Self.blankImage(width: w, height: h, color: color)
        try draw(into: &image, origin: (0, 0), boxWidth: Double(w), alignment: alignment, color: color, glyphLimit: glyphLimit)
        return image
    }

    /// Glyphs in all lines (what `glyphLimit` counts).
    public var glyphCount: Int { lines.reduce(0) { $0 + $1.shaped.count } }

    /// Transparent pixels of `color`, within the size limits.
    public static func blankImage(width: Int, height: Int, color: SIMD4<UInt8>) throws(TextError) -> RGBAImage {
        guard width > 0, height > 0, width <= RGBAImage.maxDimension, height <= RGBAImage.maxDimension,
              width * height <= TextLimits.maxPixels else { throw .imageTooLarge(width: width, height: height) }
        do {
            return try RGBAImage(width: width, height: height, fill: SIMD4(color.x, color.y, color.z, 0))
        } catch {
            throw .imageTooLarge(width: width, height: height)
        }
    }

    /// Only under the engine's lock.
    private static func drawGlyph(
        _ glyph: ShapedGlyph, pixelSize: Double, x: Double, baseline: Double, into image: inout RGBAImage, color: SIMD4<UInt8>
    ) throws(TextError) {
        let face = glyph.face
        face.use(pixelSize: pixelSize)
        let ft = face.ftFace
        var error = FT_Load_Glyph(ft, glyph.glyph, segue_ft_load_no_hinting | segue_ft_load_no_bitmap)
        guard error == 0 else { throw .rasterisationFailed(glyph: glyph.glyph, code: error) }
        let slot = ft.pointee.glyph!
        // Colour and bitmap-only glyphs (emoji) have no outline: they are left out.
        guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return }
        let whole = x.rounded(.down), wholeY = baseline.rounded(.down)
        FT_Outline_Translate(&slot.pointee.outline, FT_Pos(((x - whole) * 64).rounded()), -FT_Pos(((baseline - wholeY) * 64).rounded()))
        error = FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL)
        guard error == 0 else { throw .rasterisationFailed(glyph: glyph.glyph, code: error) }
        let bitmap = slot.pointee.bitmap
        guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue), let buffer = bitmap.buffer else { return }
        let left = Int(whole) + Int(slot.pointee.bitmap_left), top = Int(wholeY) - Int(slot.pointee.bitmap_top)
        let rows = Int(bitmap.rows), columns = Int(bitmap.width), pitch = Int(bitmap.pitch)
        let alpha = Int(color.w)
        let width = image.width, height = image.height
        let y0 = max(0, -top), y1 = min(rows, height - top), x0 = max(0, -left), x1 = min(columns, width - left)
        guard y0 < y1, x0 < x1 else { return }
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            for row in y0..<y1 {
                let source = buffer + (pitch >= 0 ? row * pitch : (row - rows + 1) * pitch)
                var i = ((top + row) * width + left + x0) * 4
                for column in x0..<x1 {
                    let coverage = Int(source[column]) * alpha / 255
                    if coverage > 0 {
                        // Straight-alpha "over"; on pixels of the text's own colour only alpha changes.
                        let existing = Int(pixels[i + 3])
                        let below = existing * (255 - coverage) / 255
                        let out = coverage + below
                        for c in 0..<3 {
                            pixels[i + c] = UInt8((Int(color[c]) * coverage + Int(pixels[i + c]) * below + out / 2) / out)
                        }
                        pixels[i + 3] = UInt8(out)
                    }
                    i += 4
                }
            }
        }
    }
}
