import CSegueJPEG
import CSeguePNG

/// A picture decoded a strip of rows at a time — a PNG through libpng's row reading
/// (`segue_png_decode_rgba8_strips`), a JPEG through libjpeg's scanlines (`segue_jpeg`), a lossy
/// WebP through libwebp's incremental decoder (`WebPDecoder.decodeStrips`) — each strip converted
/// to sRGB as the whole decode converts the picture, so that a caller can put it where it goes (a
/// texture) without the picture ever being held whole: a 121-megapixel picture costs its strip,
/// not 484 MB. Made by `PictureDecoder.source` once the header has passed the whole decode's
/// checks (the budget among them); what cannot be decoded in strips is decoded whole there: an
/// interlaced PNG (Adam7's passes touch every row), a JPEG shown smaller than it is (DCT-scaled),
/// a lossless WebP. An EXIF orientation (JPEG, WebP) is applied strip by strip: each strip of
/// stored rows lands on its region of the picture as shown (`StripRegion`: columns, for a
/// quarter turn).
public struct PictureStrips: Sendable {
    public enum Format: Sendable { case png, jpeg, webp }

    public let name: String
    public let format: Format
    /// The size as shown (after the orientation).
    public let width: Int
    public let height: Int
    /// How the stored pixels are turned for display (`.topLeft`: as stored).
    let orientation: ExifOrientation
    let data: [UInt8]
    let profile: ICCProfile?
    let budget: PictureBudget

    /// A PNG's strips; nil when the file is interlaced. Throws what the whole decode throws for
    /// a refused header.
    static func png(_ data: [UInt8], name: String, budget: PictureBudget) throws(ImageError) -> PictureStrips? {
        guard data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        let header = data.withUnsafeBytes { buffer in
            Result { () throws(ImageError) in try PNGCodec.checkedHeader(buffer, name: name, budget: budget) }
        }
        let info = try header.get()
        guard info.interlaced == 0 else { return nil }
        let profile = ICCProfile.fromPNG(data) ?? ICCProfile.fromPNGChunks(data)
        return PictureStrips(
            name: name, format: .png, width: Int(info.width), height: Int(info.height), orientation: .topLeft, data: data,
            profile: profile, budget: budget)
    }

    /// A JPEG's strips; nil when its header fails a check (the whole decode then says which) or
    /// it is to be DCT-scaled for `needed` (which speaks of the picture as shown).
    static func jpeg(
        _ data: [UInt8], name: String, budget: PictureBudget, needed: ((Int, Int) -> (width: Int, height: Int))?
    ) -> PictureStrips? {
        let orientation = ExifOrientation.read(from: data) ?? .topLeft
        let storedNeeded = ExifOrientation.storedNeeded(needed, orientation: orientation)
        guard let stored = JPEGDecoder.fullSizeForStrips(data, name: name, needed: storedNeeded, budget: budget) else { return nil }
        let (width, height) = orientation.swapsSides ? (stored.height, stored.width) : (stored.width, stored.height)
        return PictureStrips(
            name: name, format: .jpeg, width: width, height: height, orientation: orientation, data: data,
            profile: ICCProfile.fromJPEG(data), budget: budget)
    }

    /// A WebP's strips; nil when its header fails a check (the whole decode then says which).
    static func webp(_ data: [UInt8], name: String, budget: PictureBudget) -> PictureStrips? {
        guard let stored = WebPDecoder.sizeForStrips(data, name: name, budget: budget) else { return nil }
        let orientation = WebPDecoder.exifBlock(data).flatMap(ExifOrientation.read(from:)) ?? .topLeft
        let (width, height) = orientation.swapsSides ? (stored.height, stored.width) : (stored.width, stored.height)
        return PictureStrips(
            name: name, format: .webp, width: width, height: height, orientation: orientation, data: data,
            profile: ICCProfile.fromWebP(data), budget: budget)
    }

    /// The size as stored (before the orientation).
    var storedSize: (width: Int, height: Int) { orientation.swapsSides ? (height, width) : (width, height) }

    /// The whole picture, as `PictureDecoder.decode` gives it (for a caller that cannot take strips).
    public func decodedWhole() throws(ImageError) -> RGBAImage {
        try PictureDecoder.decode(data, name: name, budget: budget)
    }

    /// Decodes the picture top to bottom as stored, handing `body` each strip: where it goes in
    /// the picture as shown and its pixels there (8-bit straight RGBA, in sRGB, top row first,
    /// `region.width` × `region.height` × 4 bytes, which `body` may change). Strips hold at most
    /// `stripBytes` (at least one stored row). The file's damage is found
    /// only as the decode goes on, or after its last row: when this throws (the whole decode's
    /// `ImageError`), strips already handed over are not the picture and must be thrown away. An
    /// error `body` throws stops the decode and is rethrown.
    public func decode(
        stripBytes: Int, _ body: (_ region: StripRegion, _ pixels: UnsafeMutableRawBufferPointer) throws -> Void
    ) throws {
        let stored = storedSize
        let stripRows = max(1, min(stored.height, stripBytes / (stored.width * 4)))
        var strip = [UInt8](repeating: 0, count: stripRows * stored.width * 4)
        try withoutActuallyEscaping(body) { body in
            var receiver = StripReceiver(
                body: body, profile: profile, orientation: orientation, storedWidth: stored.width, storedHeight: stored.height)
            let outcome = data.withUnsafeBytes { file in
                strip.withUnsafeMutableBytes { buffer in
                    withUnsafeMutablePointer(to: &receiver) { context in
                        run(file, strip: buffer.baseAddress!, stripRows: stripRows, context: context)
                    }
                }
            }
            if let error = receiver.error { throw error }
            try outcome.get()
        }
    }

    /// One run of the format's C decoder, and the whole decode's verdict on how it ended.
    private func run(
        _ file: UnsafeRawBufferPointer, strip: UnsafeMutableRawPointer, stripRows: Int, context: UnsafeMutablePointer<StripReceiver>
    ) -> Result<Void, ImageError> {
        let bytes = file.bindMemory(to: UInt8.self)
        let pixels = strip.assumingMemoryBound(to: UInt8.self)
        switch format {
        case .png:
            var info = segue_png_info()
            let ok = segue_png_decode_rgba8_strips(
                bytes.baseAddress, bytes.count, pixels, UInt32(stripRows), { StripReceiver.receive($0, $1, $2, $3) }, context, &info)
            return Result { () throws(ImageError) in try PNGCodec.finished(ok != 0, info: info, file, name: name) }
        case .jpeg:
            var result = segue_jpeg_result()
            let ok = segue_jpeg_decode_rgba8_strips(
                bytes.baseAddress, bytes.count, UInt32(storedSize.width), pixels, UInt32(stripRows), { StripReceiver.receive($0, $1, $2, $3) },
                context, &result)
            var text = result.message
            let message = withUnsafeBytes(of: &text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let reason = JPEGDecoder.damage(failed: ok == 0 || result.failed != 0, warned: result.warned != 0, message: message)
            else { return .success(()) }
            return .failure(.damaged(path: name, type: "JPEG", reason: reason))
        case .webp:
            let stored = storedSize
            let damage = WebPDecoder.decodeStrips(bytes, width: stored.width, height: stored.height, stripRows: stripRows) { y, rows, pixels in
                StripReceiver.receive(context, UInt32(y), UInt32(rows), pixels) != 0
            }
            return damage.map { .failure(.damaged(path: name, type: "WebP", reason: $0)) } ?? .success(())
        }
    }
}

/// What the C decoders call back with each strip; keeps the first error `body` threw.
struct StripReceiver {
    let body: (StripRegion, UnsafeMutableRawBufferPointer) throws -> Void
    let profile: ICCProfile?
    let orientation: ExifOrientation
    let storedWidth: Int
    let storedHeight: Int
    /// The turned strip, for an orientation other than `.topLeft`.
    var shown: [UInt8] = []
    var error: (any Error)?

    static func receive(_ context: UnsafeMutableRawPointer?, _ y: UInt32, _ rows: UInt32, _ pixels: UnsafeMutablePointer<UInt8>?) -> Int32 {
        context!.assumingMemoryBound(to: StripReceiver.self).pointee.receive(y: y, rows: rows, pixels: pixels)
    }

    mutating func receive(y: UInt32, rows: UInt32, pixels: UnsafeMutablePointer<UInt8>?) -> Int32 {
        guard let pixels else { return 0 }
        let strip = UnsafeMutableRawBufferPointer(start: pixels, count: Int(rows) * storedWidth * 4)
        profile?.convertToSRGB(rgba8: strip)
        let region = orientation.shownRegion(ofStoredRows: Int(y), count: Int(rows), width: storedWidth, height: storedHeight)
        do {
            if orientation == .topLeft { try body(region, strip) } else {
                if shown.count < strip.count { shown = [UInt8](repeating: 0, count: strip.count) }
                try shown.withUnsafeMutableBytes { shown in
                    let part = UnsafeMutableRawBufferPointer(rebasing: shown[..<strip.count])
                    orientation.turn(
                        strip: UnsafeRawBufferPointer(strip), firstRow: Int(y), width: storedWidth, height: storedHeight, into: part,
                        region: region)
                    try body(region, part)
                }
            }
        } catch {
            self.error = error
            return 0
        }
        return 1
    }
}
