@preconcurrency import CFreeType
@preconcurrency import CHarfBuzz
import Foundation

/// One opened font: a FreeType face that rasterises and a HarfBuzz font (its own OpenType
/// functions on the same file) that shapes. Used only under `TextEngine`'s lock; the pixel
/// size is set before each use because faces are shared between sizes.
final class FontFace {
    let reference: FontFileReference
    let ftFace: FT_Face
    private let hbFont: OpaquePointer
    private var pixelSize = 0.0
    let unitsPerEm: Double
    /// Design metrics in font units (FreeType's `ascender`, positive `descender`, `height`).
    private let ascenderUnits, descenderUnits, heightUnits: Double

    init(reference: FontFileReference, library: FT_Library) throws(TextError) {
        self.reference = reference
        var face: FT_Face?
        let error = FT_New_Face(library, reference.path, FT_Long(reference.index), &face)
        guard error == 0, let face else {
            throw .unreadableFont(path: reference.path, reason: "FreeType error \(error) (not a font, or damaged)")
        }
        guard face.pointee.face_flags & segue_ft_face_flag_scalable != 0, face.pointee.units_per_EM > 0 else {
            FT_Done_Face(face)
            throw .unreadableFont(path: reference.path, reason: "not a scalable (outline) font")
        }
        // HarfBuzz reads the file on its own; a file FreeType opened but HarfBuzz cannot is damaged.
        guard let blob = hb_blob_create_from_file_or_fail(reference.path) else {
            FT_Done_Face(face)
            throw .unreadableFont(path: reference.path, reason: "HarfBuzz cannot read it")
        }
        let hbFace = hb_face_create(blob, UInt32(reference.index))
        hb_blob_destroy(blob)
        guard let hbFace, hb_face_get_glyph_count(hbFace) > 0 else {
            hb_face_destroy(hbFace)
            FT_Done_Face(face)
            throw .unreadableFont(path: reference.path, reason: "HarfBuzz finds no glyphs in it")
        }
        hbFont = hb_font_create(hbFace)
        hb_face_destroy(hbFace)
        ftFace = face
        unitsPerEm = Double(face.pointee.units_per_EM)
        ascenderUnits = Double(face.pointee.ascender)
        descenderUnits = -Double(face.pointee.descender)
        heightUnits = Double(face.pointee.height)
    }

    deinit {
        hb_font_destroy(hbFont)
        FT_Done_Face(ftFace)
    }

    func hasGlyph(for scalar: Unicode.Scalar) -> Bool { FT_Get_Char_Index(ftFace, FT_ULong(scalar.value)) != 0 }

    /// Sets the size both libraries work at: `size` pixels per em, in 26.6 fixed point.
    func use(pixelSize size: Double) {
        guard size != pixelSize else { return }
        pixelSize = size
        let fixed = Int((size * 64).rounded())
        FT_Set_Char_Size(ftFace, 0, FT_F26Dot6(fixed), 72, 72)
        hb_font_set_scale(hbFont, Int32(fixed), Int32(fixed))
    }

    /// Unrounded line metrics at `size` pixels per em: the same for every scale but the factor.
    func metrics(pixelSize size: Double) -> (ascent: Double, descent: Double, lineHeight: Double) {
        let factor = size / unitsPerEm
        let ascent = ascenderUnits * factor, descent = descenderUnits * factor
        return (ascent, descent, max(heightUnits * factor, ascent + descent))
    }

    /// Shapes `length` bytes at `offset` of `utf8` (the whole paragraph is context for shaping).
    /// Clusters are byte offsets into `utf8`; positions are in pixels at the current size.
    func shape(_ utf8: [CChar], offset: Int, length: Int, into glyphs: inout [ShapedGlyph]) -> Bool {
        guard let buffer = hb_buffer_create() else { return false }
        defer { hb_buffer_destroy(buffer) }
        utf8.withUnsafeBufferPointer {
            hb_buffer_add_utf8(buffer, $0.baseAddress, Int32($0.count), UInt32(offset), Int32(length))
        }
        hb_buffer_guess_segment_properties(buffer)
        let rightToLeft = hb_buffer_get_direction(buffer) == HB_DIRECTION_RTL
        hb_shape(hbFont, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return rightToLeft }
        for i in 0..<Int(count) {
            let p = positions[i]
            glyphs.append(ShapedGlyph(
                face: self, glyph: infos[i].codepoint, cluster: Int(infos[i].cluster),
                advance: Double(p.x_advance) / 64, offsetX: Double(p.x_offset) / 64, offsetY: Double(p.y_offset) / 64))
        }
        return rightToLeft
    }
}

/// One glyph as HarfBuzz placed it: pixels at the layout's size, y up.
struct ShapedGlyph {
    let face: FontFace
    let glyph: UInt32
    /// Byte offset of its cluster in the paragraph's UTF-8.
    let cluster: Int
    let advance: Double
    let offsetX: Double
    let offsetY: Double
}

/// The process's one FreeType library, fontconfig and open faces, behind one lock: FreeType
/// faces are not thread-safe, and text is drawn rarely (once per change), so one lock costs nothing.
final class TextEngine: @unchecked Sendable {
    static let shared = TextEngine()

    private let lock = NSLock()
    private var library: FT_Library?
    private var locatorResult: Result<FontLocator, TextError>?
    private var faces: [FontFileReference: FontFace] = [:]

    private init() {
        var library: FT_Library?
        if FT_Init_FreeType(&library) == 0 { self.library = library }
    }

    func withLock<T>(_ body: () throws(TextError) -> T) throws(TextError) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Only under the lock.
    func locator() throws(TextError) -> FontLocator {
        if locatorResult == nil {
            do throws(TextError) { locatorResult = .success(try FontLocator()) } catch { locatorResult = .failure(error) }
        }
        return try locatorResult!.get()
    }

    /// Only under the lock. Faces stay open for the life of the process (a handful of files).
    func face(_ reference: FontFileReference) throws(TextError) -> FontFace {
        if let face = faces[reference] { return face }
        guard let library else { throw .unreadableFont(path: reference.path, reason: "FreeType could not be initialised") }
        let face = try FontFace(reference: reference, library: library)
        faces[reference] = face
        return face
    }
}
