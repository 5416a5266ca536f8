import Foundation
import SegueImage
import Testing
import SegueTesting

/// 16-bit Adam7 files: libpng's simplified reader (Debian's 1.6.39) got 6,144 of the 16,384
/// channels of the 64x64 red-to-blue gradient wrong, by up to 251. References: the
/// samples themselves (an exact 16 → 8 bit rounding, round(v / 257)) and ffmpeg's decoder.
@Suite("16-bit and interlaced PNGs against their samples and ffmpeg", .tags(.ffmpeg), .requiresFFmpeg)
struct SixteenBitInterlacedPNGTests {
    /// The picture (64x64, red at the top to blue at the bottom) with detail in the low
    /// bytes, and an alpha channel that varies where the colour type has one.
    static func sample(_ x: Int, _ y: Int, _ channel: Int, colorType: Int) -> Int {
        let t = y * 65_535 / 63
        let color = [65_535 - t, (x * 1031 + y * 257) % 65_536, t]
        switch colorType {
        case 0: return color[0]
        case 4: return channel == 0 ? color[0] : (x * 4099 + 77) % 65_536
        case 6: return channel < 3 ? color[channel] : (x * 4099 + 77) % 65_536
        default: return color[channel]
        }
    }

    static func file(colorType: Int, bitDepth: Int = 16, interlaced: Bool = true) -> [UInt8] {
        TestPNGEncoder.encode(width: 64, height: 64, bitDepth: bitDepth, colorType: colorType, interlaced: interlaced) { x, y, c in
            let v = sample(x, y, c, colorType: colorType)
            return bitDepth == 16 ? v : v >> 8
        }
    }

    /// RGBA8 from the samples: gray spreads to RGB, a missing alpha is opaque.
    static func expected(colorType: Int, bitDepth: Int = 16) -> [UInt8] {
        var out: [UInt8] = []
        for y in 0..<64 {
            for x in 0..<64 {
                func eight(_ c: Int) -> UInt8 {
                    let v = sample(x, y, c, colorType: colorType)
                    return bitDepth == 16 ? UInt8((v * 255 + 32_767) / 65_535) : UInt8(v >> 8)
                }
                switch colorType {
                case 0: out += [eight(0), eight(0), eight(0), 255]
                case 4: out += [eight(0), eight(0), eight(0), eight(1)]
                case 6: out += [eight(0), eight(1), eight(2), eight(3)]
                default: out += [eight(0), eight(1), eight(2), 255]
                }
            }
        }
        return out
    }

    @Test(arguments: [(0, 16, true), (2, 16, true), (4, 16, true), (6, 16, true), (2, 16, false), (6, 8, true)])
    func decodesExactlyTheRoundedSamples(colorType: Int, bitDepth: Int, interlaced: Bool) throws {
        let image = try PNGCodec.decode(Self.file(colorType: colorType, bitDepth: bitDepth, interlaced: interlaced), name: "x.png")
        #expect(image.width == 64 && image.height == 64)
        let expected = Self.expected(colorType: colorType, bitDepth: bitDepth)
        let wrong = zip(image.pixels, expected).filter { $0 != $1 }.count
        #expect(wrong == 0, "\(wrong) of \(expected.count) channels differ")
    }

    /// Every 16-bit value once (a 256x256 gray picture, interlaced): each becomes round(v / 257).
    @Test func everySixteenBitValueRoundsToNearest() throws {
        let file = TestPNGEncoder.encode(width: 256, height: 256, bitDepth: 16, colorType: 0, interlaced: true) { x, y, _ in y * 256 + x }
        let image = try PNGCodec.decode(file, name: "all.png")
        let wrong = (0..<65_536).filter { image.pixels[$0 * 4] != UInt8(($0 * 255 + 32_767) / 65_535) }
        #expect(wrong.isEmpty, "first wrong values: \(wrong.prefix(5))")
    }

    /// ffmpeg's own PNG decoder reads the same files; it truncates 16-bit samples (v >> 8) where
    /// Segue rounds, so the two may differ by 1 and no more.
    @Test(arguments: [0, 2, 4, 6])
    func matchesFFmpegsDecoder(colorType: Int) throws {
        guard let ffmpeg = Self.ffmpeg else {
            let required = ProcessInfo.processInfo.environment["CI"] != nil || ProcessInfo.processInfo.environment["SEGUE_REQUIRE_FFMPEG"] != nil
            #expect(!required, "ffmpeg is missing; `make test` installs it")
            return
        }
        let file = Self.file(colorType: colorType)
        let reference = try withTemporaryDirectory { dir -> [UInt8] in
            let path = dir + "/x.png"
            try Data(file).write(to: URL(fileURLWithPath: path))
            let process = Process()
            process.executableURL = ffmpeg
            process.arguments = ["-v", "error", "-nostdin", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgba", "-"]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return [UInt8](data)
        }
        let image = try PNGCodec.decode(file, name: "x.png")
        #expect(reference.count == image.pixels.count)
        let largest = zip(image.pixels, reference).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(largest <= 1, "largest difference from ffmpeg: \(largest)")
    }

    static let ffmpeg: URL? = FFmpegRequirement.executable
}
