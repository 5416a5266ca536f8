import Foundation
import SegueImage
import Testing
import SegueTesting

/// What a picture will cost is known from its header; past the budget nothing is decoded.
@Suite("picture memory budget", .tags(.pure))
struct PictureBudgetTests {
    /// The shape: 16000x16000 pixels of 8-bit gray zeros in 1.6 MB of deflate, which
    /// decode to 1 GB of RGBA. The declared-size check cannot refuse it: the data could hold it.
    @Test func aHighlyCompressedHugePictureIsRefusedFromItsHeader() throws {
        // The same construction at a small size is a valid file of opaque black pixels.
        let small = try PNGCodec.decode(ZeroPNG.file(width: 300, height: 200), name: "small.png")
        #expect(small.width == 300 && small.height == 200)
        #expect(stride(from: 0, to: small.pixels.count, by: 4).allSatisfy { small.pixels[$0..<($0 + 4)] == [0, 0, 0, 255] })
        let file = ZeroPNG.file(width: 16_000, height: 16_000)
        #expect(file.count < 2_000_000)
        #expect(throws: ImageError.overBudget(path: "flat.png", width: 16_000, height: 16_000, bytes: 1_024_000_000, budget: 512 << 20)) {
            try PNGCodec.decode(file, name: "flat.png")
        }
    }

    @Test func costIsWidthTimesHeightTimesBytesPerPixel() {
        #expect(PictureBudget.cost(width: 16_000, height: 16_000, bytesPerPixel: 4) == 1_024_000_000)
        #expect(PictureBudget.cost(width: Int.max, height: 2, bytesPerPixel: 4) == nil)
        #expect(PictureBudget.standard.maxBytes == 512 * 1024 * 1024)
    }

    @Test func checkRefusesPastTheBudgetNamingSizeCostAndBudget() throws {
        try PictureBudget.standard.check(width: 11_000, height: 11_000, bytesPerPixel: 4, path: "ok.png")
        #expect(throws: ImageError.overBudget(path: "big.png", width: 16_000, height: 16_000, bytes: 1_024_000_000, budget: 512 << 20)) {
            try PictureBudget.standard.check(width: 16_000, height: 16_000, bytesPerPixel: 4, path: "big.png")
        }
        let message = ImageError.overBudget(path: "big.png", width: 16_000, height: 16_000, bytes: 1_024_000_000, budget: 512 << 20).description
        #expect(message == "'big.png' is too large to decode: 16000x16000 pixels would take 976.6 MiB, over the picture memory budget of 512 MiB.")
    }

    /// A small budget given to the decoder refuses a small file; the default decodes it.
    @Test func theDecoderAsksTheBudgetItIsGiven() throws {
        let file = TestPNGEncoder.encode(width: 64, height: 64, bitDepth: 8, colorType: 2, interlaced: false) { x, y, c in (x + y + c) & 0xFF }
        #expect(throws: ImageError.overBudget(path: "x.png", width: 64, height: 64, bytes: 16_384, budget: 16_383)) {
            try PNGCodec.decode(file, name: "x.png", budget: PictureBudget(maxBytes: 16_383))
        }
        #expect(try PNGCodec.decode(file, name: "x.png", budget: PictureBudget(maxBytes: 16_384)).width == 64)
        #expect(try PNGCodec.decode(file, name: "x.png").width == 64)
    }
}

/// A gray 8-bit PNG of zeros with real (fixed-Huffman) deflate: one literal 0, then matches of
/// 258 bytes at distance 1 (13 bits each), so the file is 1/1260 of its pixel data.
enum ZeroPNG {
    static func file(width: Int, height: Int) -> [UInt8] {
        let rawCount = (width + 1) * height  // a filter byte and `width` samples per row, all 0
        var bits = BitWriter()
        bits.write(1, 1)  // BFINAL
        bits.write(1, 2)  // BTYPE 01: fixed Huffman codes
        bits.code(0x30, 8)  // literal 0
        var left = rawCount - 1
        while left >= 258 {
            bits.code(0xC5, 8)  // length 258 (symbol 285)
            bits.code(0, 5)  // distance 1
            left -= 258
        }
        for _ in 0..<left { bits.code(0x30, 8) }
        bits.code(0, 7)  // end of block (symbol 256)
        let adler = UInt32(rawCount % 65_521) << 16 | 1  // a = 1 + 0s, b = rawCount × 1
        let zlib = [0x78, 0x01] + bits.finish() + TestPNGEncoder.be32(Int(adler))
        let header = TestPNGEncoder.be32(width) + TestPNGEncoder.be32(height) + [8, 0, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + TestPNGEncoder.chunk("IHDR", header) + TestPNGEncoder.chunk("IDAT", zlib) + TestPNGEncoder.chunk("IEND", [])
    }

    /// Deflate's bit order: values least significant bit first, Huffman codes most significant first.
    struct BitWriter {
        var bytes: [UInt8] = []
        var pending: UInt64 = 0
        var count = 0

        mutating func write(_ value: UInt64, _ length: Int) {
            pending |= value << UInt64(count)
            count += length
            while count >= 8 {
                bytes.append(UInt8(pending & 0xFF))
                pending >>= 8
                count -= 8
            }
        }

        mutating func code(_ code: UInt64, _ length: Int) {
            var reversed: UInt64 = 0
            for i in 0..<length { reversed |= (code >> UInt64(i) & 1) << UInt64(length - 1 - i) }
            write(reversed, length)
        }

        mutating func finish() -> [UInt8] {
            if count > 0 { write(0, 8 - count) }
            return bytes
        }
    }
}
