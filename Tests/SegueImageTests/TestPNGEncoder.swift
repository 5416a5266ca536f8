/// A PNG writer for tests, independent of libpng: any colour type and bit depth 8 or 16, plain
/// or Adam7-interlaced, samples given per pixel and channel, zlib data in stored (uncompressed)
/// deflate blocks, so every byte of the file is written here.
enum TestPNGEncoder {
    /// Colour types: 0 gray, 2 RGB, 4 gray + alpha, 6 RGBA.
    static func channels(colorType: Int) -> Int { [0: 1, 2: 3, 4: 2, 6: 4][colorType]! }

    /// Adam7's passes: first column, first row, column step, row step.
    static let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]

    static func encode(
        width: Int, height: Int, bitDepth: Int, colorType: Int, interlaced: Bool,
        sample: (_ x: Int, _ y: Int, _ channel: Int) -> Int
    ) -> [UInt8] {
        let count = channels(colorType: colorType)
        func row(_ y: Int, _ xs: StrideTo<Int>) -> [UInt8] {
            var bytes: [UInt8] = [0]  // filter type None
            for x in xs {
                for c in 0..<count {
                    let v = sample(x, y, c)
                    if bitDepth == 16 { bytes += [UInt8(v >> 8), UInt8(v & 0xFF)] } else { bytes.append(UInt8(v)) }
                }
            }
            return bytes
        }
        var raw: [UInt8] = []
        for (x0, y0, dx, dy) in interlaced ? passes : [(0, 0, 1, 1)] where x0 < width && y0 < height {
            for y in stride(from: y0, to: height, by: dy) { raw += row(y, stride(from: x0, to: width, by: dx)) }
        }
        let header = be32(width) + be32(height) + [UInt8(bitDepth), UInt8(colorType), 0, 0, interlaced ? 1 : 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", header) + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
    }

    static func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(data.count) + body + be32(Int(crc32(body)))
    }

    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let n = min(65_535, data.count - offset)
            let final: UInt8 = offset + n == data.count ? 1 : 0
            out += [final, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8(~n >> 8 & 0xFF)]
            out += data[offset..<(offset + n)]
            offset += n
        } while offset < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + be32(Int(b << 16 | a))
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }
}
