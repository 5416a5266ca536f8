/// What a PNG's header (IHDR) promises, checked against the bytes that follow it before any
/// pixel buffer is allocated: a 570-byte file claiming 16000x16000 must fail in microseconds,
/// not after zero-filling a gigabyte.
struct PNGDeclaredSize {
    let width: Int
    let height: Int
    /// Bytes of filtered scanlines the header implies (filter byte + packed samples per row,
    /// without Adam7's extra filter bytes, so it is a lower bound for interlaced files).
    let rawBytes: Int
    /// Bytes of compressed data in all IDAT chunks present in the file.
    let compressedBytes: Int

    /// Deflate cannot do better than 1032:1 (a 258-byte match per 2 bits at best), and zlib
    /// adds a 2-byte header and a 4-byte checksum; anything claiming more is a lie or a
    /// truncated file.
    static let deflateMaximumRatio = 1032

    /// Reads IHDR and sums the IDAT lengths; nil when the chunk list cannot be walked (libpng
    /// then reports the precise problem itself).
    init?(_ buffer: UnsafeRawBufferPointer) {
        // Signature (8) + IHDR length (4) + "IHDR" (4) + 13 bytes of data.
        guard buffer.count >= 8 + 8 + 13, buffer[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        width = Self.uint32(buffer, at: 16)
        height = Self.uint32(buffer, at: 20)
        let bitDepth = Int(buffer[24])
        let channels: Int
        switch buffer[25] {  // colour type
        case 0, 3: channels = 1  // gray, palette
        case 2: channels = 3     // RGB
        case 4: channels = 2     // gray + alpha
        case 6: channels = 4     // RGBA
        default: return nil
        }
        // Multiplication overflow is impossible here: both sides are below 2^31 and the
        // caller has already bounded them, but guard anyway so no header can trap.
        let (bits, overflow) = width.multipliedReportingOverflow(by: bitDepth * channels)
        guard !overflow else { return nil }
        let rowBytes = 1 + (bits + 7) / 8
        let (total, overflow2) = rowBytes.multipliedReportingOverflow(by: height)
        guard !overflow2 else { return nil }
        rawBytes = total

        var idat = 0
        var offset = 8
        while offset + 8 <= buffer.count {
            let length = Self.uint32(buffer, at: offset)
            if buffer[(offset + 4)..<(offset + 8)].elementsEqual("IDAT".utf8) { idat += min(length, buffer.count - offset - 8) }
            if buffer[(offset + 4)..<(offset + 8)].elementsEqual("IEND".utf8) { break }
            offset += 12 + length
        }
        compressedBytes = idat
    }

    /// The most raw bytes `compressedBytes` of zlib data can possibly expand to.
    var largestPossibleRawBytes: Int { max(0, compressedBytes - 6) * Self.deflateMaximumRatio }

    /// Why the file cannot hold the image its header declares, or nil if it might.
    var implausibility: String? {
        guard rawBytes > largestPossibleRawBytes else { return nil }
        return "the header declares \(width)x\(height) pixels (\(Self.megabytes(rawBytes)) of image data), "
            + "but the file holds only \(compressedBytes) bytes of compressed data, "
            + "which cannot expand to more than \(Self.megabytes(largestPossibleRawBytes))"
    }

    private static func uint32(_ buffer: UnsafeRawBufferPointer, at offset: Int) -> Int {
        buffer[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func megabytes(_ bytes: Int) -> String {
        bytes >= 1_000_000 ? "\(bytes / 1_000_000) MB" : "\(bytes) bytes"
    }
}
