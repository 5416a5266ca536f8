import CSeguePNG

/// A PNG decoded a strip of rows at a time (libpng's row reading, `segue_png_decode_rgba8_strips`),
/// each strip converted to sRGB as the whole decode converts the picture, so that a caller can
/// put it where it goes (a texture) without the picture ever being held whole: a 121-megapixel
/// picture costs its strip, not 484 MB. Made by `PictureDecoder.source` once the header has been
/// checked against the budget; interlaced files are decoded whole there (Adam7's passes touch
/// every row).
public struct PNGStrips: Sendable {
    public let name: String
    public let width: Int
    public let height: Int
    let data: [UInt8]
    let profile: ICCProfile?
    let budget: PictureBudget

    /// nil when the file is interlaced (or not a PNG with a readable header, which the whole
    /// decode then reports); throws what the whole decode throws for a refused header.
    static func make(_ data: [UInt8], name: String, budget: PictureBudget) throws(ImageError) -> PNGStrips? {
        guard data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        let header = data.withUnsafeBytes { buffer in
            Result { () throws(ImageError) in try PNGCodec.checkedHeader(buffer, name: name, budget: budget) }
        }
        let info = try header.get()
        guard info.interlaced == 0 else { return nil }
        let profile = ICCProfile.fromPNG(data) ?? ICCProfile.fromPNGChunks(data)
        return PNGStrips(name: name, width: Int(info.width), height: Int(info.height), data: data, profile: profile, budget: budget)
    }

    /// The whole picture, as `PictureDecoder.decode` gives it (for a caller that cannot take strips).
    public func decodedWhole() throws(ImageError) -> RGBAImage {
        try PictureDecoder.decode(data, name: name, budget: budget)
    }

    /// Decodes the picture top to bottom, handing `body` each strip: its first row, its row count
    /// and its pixels (8-bit straight RGBA, in sRGB, `rows` × `width` × 4 bytes, which `body` may
    /// change). Strips hold at most `stripBytes` (at least one row). The file's damage is found
    /// only as the decode goes on, or after its last row: when this throws, strips already handed
    /// over are not the picture and must be thrown away. An error `body` throws stops the decode
    /// and is rethrown.
    public func decode(
        stripBytes: Int, _ body: (_ y: Int, _ rows: Int, _ pixels: UnsafeMutableRawBufferPointer) throws -> Void
    ) throws {
        let rowBytes = width * 4
        let stripRows = max(1, min(height, stripBytes / rowBytes))
        var strip = [UInt8](repeating: 0, count: stripRows * rowBytes)
        try withoutActuallyEscaping(body) { body in
            var receiver = StripReceiver(body: body, profile: profile, rowBytes: rowBytes)
            var info = segue_png_info()
            let ok = data.withUnsafeBytes { file in
                strip.withUnsafeMutableBytes { buffer in
                    withUnsafeMutablePointer(to: &receiver) { context in
                        segue_png_decode_rgba8_strips(
                            file.baseAddress, file.count, buffer.baseAddress, UInt32(stripRows),
                            { context, y, rows, pixels in
                                context!.assumingMemoryBound(to: StripReceiver.self).pointee.receive(y: y, rows: rows, pixels: pixels)
                            },
                            context, &info)
                    }
                }
            }
            if let error = receiver.error { throw error }
            try data.withUnsafeBytes { file in try PNGCodec.finished(ok != 0, info: info, file, name: name) }
        }
    }
}

/// What the C decoder calls back with each strip; keeps the first error `body` threw.
private struct StripReceiver {
    let body: (Int, Int, UnsafeMutableRawBufferPointer) throws -> Void
    let profile: ICCProfile?
    let rowBytes: Int
    var error: (any Error)?

    mutating func receive(y: UInt32, rows: UInt32, pixels: UnsafeMutablePointer<UInt8>?) -> Int32 {
        guard let pixels else { return 0 }
        let strip = UnsafeMutableRawBufferPointer(start: pixels, count: Int(rows) * rowBytes)
        profile?.convertToSRGB(rgba8: strip)
        do { try body(Int(y), Int(rows), strip) } catch {
            self.error = error
            return 0
        }
        return 1
    }
}
