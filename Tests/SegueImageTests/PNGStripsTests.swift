import SegueImage
import Testing
import SegueTesting

/// A PNG decoded a strip of rows at a time (`PictureDecoder.source`, `PictureStrips`) gives the rows
/// the whole decode (`PictureDecoder.decode`, the reference) gives, bit for bit: every colour
/// type, 8 and 16 bits, alpha, an iCCP profile or gAMA and cHRM converted to sRGB, strips of one
/// row, of a few rows with a short last one, and of the whole picture. Damage gives the whole
/// decode's error.
@Suite("PNG decoded in strips against the whole decode", .tags(.pure))
struct PNGStripsTests {
    static let (width, height) = (37, 53)

    /// A wide-gamut RGB profile (P3-like primaries, gamma 2.2), as an iCCP chunk carries it.
    static func iccpChunk() throws -> [UInt8] {
        let profile = try #require(ICCProfile.rgb(
            white: (0.3127, 0.3290), red: (0.68, 0.32), green: (0.265, 0.69), blue: (0.15, 0.06), curve: .power(2.2)))
        return TestPNGEncoder.chunk("iCCP", Array("wide\0".utf8) + [0] + TestPNGEncoder.zlibStored(profile.bytes))
    }

    static func gammaAndChromaticityChunks() -> [UInt8] {
        let chrm = [31_270, 32_900, 68_000, 32_000, 26_500, 69_000, 15_000, 6_000].flatMap(TestPNGEncoder.be32)
        return TestPNGEncoder.chunk("gAMA", TestPNGEncoder.be32(55_556)) + TestPNGEncoder.chunk("cHRM", chrm)
    }

    /// Samples that change in every pixel and channel, low bytes included; `extra` chunks go
    /// right after IHDR.
    static func file(colorType: Int, bitDepth: Int, interlaced: Bool = false, extra: [UInt8] = []) -> [UInt8] {
        var state: UInt32 = 2_463_534_242
        let png = TestPNGEncoder.encode(width: width, height: height, bitDepth: bitDepth, colorType: colorType, interlaced: interlaced) { _, _, _ in
            state ^= state << 13; state ^= state >> 17; state ^= state << 5
            return Int(state % (bitDepth == 16 ? 65_536 : 256))
        }
        let afterHeader = 8 + 25
        return Array(png[..<afterHeader]) + extra + Array(png[afterHeader...])
    }

    /// The picture from its strips, each put in its region; checks that the regions cover it once.
    static func assembled(_ strips: PictureStrips, stripBytes: Int) throws -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: strips.width * strips.height * 4)
        var covered = [Int](repeating: 0, count: strips.width * strips.height)
        try strips.decode(stripBytes: stripBytes) { region, strip in
            #expect(region.width * region.height * 4 == strip.count && strip.count <= max(stripBytes, max(strips.width, strips.height) * 4))
            for row in 0..<region.height {
                for column in 0..<region.width {
                    let at = (region.y + row) * strips.width + region.x + column
                    covered[at] += 1
                    for channel in 0..<4 { pixels[at * 4 + channel] = strip[(row * region.width + column) * 4 + channel] }
                }
            }
        }
        #expect(covered.allSatisfy { $0 == 1 }, "the strips' regions do not cover the picture once")
        return try RGBAImage(width: strips.width, height: strips.height, pixels: pixels)
    }

    static func strips(_ data: [UInt8]) throws -> PictureStrips {
        guard case .strips(let strips) = try PictureDecoder.source(data, name: "x.png") else {
            Issue.record("a non-interlaced PNG was decoded whole")
            throw ImageError.corrupt(path: "x.png", reason: "not strips")
        }
        return strips
    }

    @Test(arguments: [0, 2, 4, 6], [8, 16])
    func stripsEqualTheWholeDecode(colorType: Int, bitDepth: Int) throws {
        for (label, extra) in [("plain", []), ("iCCP", try Self.iccpChunk()), ("gAMA+cHRM", Self.gammaAndChromaticityChunks())] {
            let data = Self.file(colorType: colorType, bitDepth: bitDepth, extra: extra)
            let whole = try PictureDecoder.decode(data, name: "x.png")
            // libpng refuses an RGB profile in a gray file (the whole decode then converts nothing).
            if label == "gAMA+cHRM" || (label == "iCCP" && colorType & 2 != 0) {
                #expect(whole != (try PNGCodec.decode(data, name: "x.png")), "\(label) converted nothing: the case could not fail")
            }
            let strips = try Self.strips(data)
            // One row, five rows (53 = 10 × 5 + 3), and the whole picture in one strip.
            for stripBytes in [1, Self.width * 4 * 5 + 3, 1 << 20] {
                #expect(try Self.assembled(strips, stripBytes: stripBytes) == whole, "\(label), \(stripBytes)-byte strips")
            }
            #expect(try strips.decodedWhole() == whole)
        }
    }

    @Test func interlacedFilesAreDecodedWhole() throws {
        let data = Self.file(colorType: 6, bitDepth: 16, interlaced: true)
        guard case .decoded(let image) = try PictureDecoder.source(data, name: "x.png") else {
            Issue.record("an Adam7 file was given as strips")
            return
        }
        #expect(image == (try PictureDecoder.decode(data, name: "x.png")))
    }

    /// Every cut of the file fails, from the header (`source`) or from the strips, with the whole
    /// decode's error.
    @Test func truncatedFilesGiveTheWholeDecodesError() throws {
        let data = Self.file(colorType: 2, bitDepth: 8, extra: try Self.iccpChunk())
        for length in Array(stride(from: 8, to: data.count, by: 97)) + [data.count - 1] {
            let cut = Array(data.prefix(length))
            var expected: ImageError?
            do { _ = try PictureDecoder.decode(cut, name: "x.png") } catch { expected = error }
            let reference = try #require(expected, "a file cut at \(length) decoded")
            #expect(throws: reference, "cut at \(length)") {
                guard case .strips(let strips) = try PictureDecoder.source(cut, name: "x.png") else { return }
                try strips.decode(stripBytes: Self.width * 4 * 4) { _, _ in }
            }
        }
    }

    @Test func damagedDataGivesTheWholeDecodesError() throws {
        for data in [TestPNGFixtures.rgb8BadCRC, TestPNGFixtures.rgb8MissingIEND] {
            var expected: ImageError?
            do { _ = try PictureDecoder.decode(data, name: "x.png") } catch { expected = error }
            let reference = try #require(expected)
            #expect(throws: reference) { try Self.strips(data).decode(stripBytes: 4) { _, _ in } }
        }
    }

    @Test func overBudgetHeadersAreRefusedBeforeDecoding() throws {
        let data = Self.file(colorType: 6, bitDepth: 8)
        let budget = PictureBudget(maxBytes: Self.width * Self.height * 4 - 1)
        #expect(throws: ImageError.overBudget(
            path: "x.png", width: Self.width, height: Self.height, bytes: Self.width * Self.height * 4, budget: budget.maxBytes)
        ) { _ = try PictureDecoder.source(data, name: "x.png", budget: budget) }
    }

    struct Stop: Error, Equatable {}

    @Test func aReceiversErrorStopsTheDecode() throws {
        let strips = try Self.strips(Self.file(colorType: 6, bitDepth: 8))
        var handed = 0
        #expect(throws: Stop()) {
            try strips.decode(stripBytes: Self.width * 4 * 10) { _, _ in
                handed += 1
                if handed == 2 { throw Stop() }
            }
        }
        #expect(handed == 2)
    }
}
