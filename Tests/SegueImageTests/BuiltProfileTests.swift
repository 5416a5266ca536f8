import Foundation
import SegueImage
import SegueTesting
import Testing

/// Pictures tagged without an ICC profile: PNG's cHRM and gAMA chunks, HEIF's nclx box. Their
/// pixels are converted to sRGB, against a CPU reference written here from the standards (the
/// primaries' RGB → XYZ matrices, the curves); lcms2 adapts both whites to D50 and back, which
/// cancels for D65 pictures but for its 16-bit fixed point, so a level of difference is allowed.
struct BuiltProfileTests {
    typealias XY = (Double, Double)
    static let d65: XY = (0.3127, 0.3290)
    static let srgb: [XY] = [(0.64, 0.33), (0.30, 0.60), (0.15, 0.06)]
    static let displayP3: [XY] = [(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)]
    static let bt2020: [XY] = [(0.708, 0.292), (0.170, 0.797), (0.131, 0.046)]

    /// Colours whose conversion from a wide gamut moves them several levels (and two that clip).
    static let colors: [[Int]] = [[200, 100, 50], [60, 150, 200], [230, 190, 160], [90, 90, 90], [20, 200, 40], [255, 0, 0], [128, 0, 200]]

    /// Row-major RGB → XYZ of `primaries` with white `white` (Y = 1).
    static func rgbToXYZ(_ primaries: [XY], white: XY) -> [Double] {
        func xyz(_ p: XY) -> [Double] { [p.0 / p.1, 1, (1 - p.0 - p.1) / p.1] }
        let (r, g, b, w) = (xyz(primaries[0]), xyz(primaries[1]), xyz(primaries[2]), xyz(white))
        let m = [r[0], g[0], b[0], r[1], g[1], b[1], r[2], g[2], b[2]]
        let s = apply(inverse(m), w)
        return (0..<9).map { m[$0] * s[$0 % 3] }
    }

    static func apply(_ m: [Double], _ v: [Double]) -> [Double] {
        (0..<3).map { m[3 * $0] * v[0] + m[3 * $0 + 1] * v[1] + m[3 * $0 + 2] * v[2] }
    }

    static func inverse(_ m: [Double]) -> [Double] {
        let (a, b, c, d, e, f, g, h, i) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
        let det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
        return [e * i - f * h, c * h - b * i, b * f - c * e, f * g - d * i, a * i - c * g, c * d - a * f,
                d * h - e * g, b * g - a * h, a * e - b * d].map { $0 / det }
    }

    /// `rgb` (0...255) from `primaries` with `decode` (stored → light) to sRGB, 0...255, clipped.
    static func reference(_ rgb: [Int], primaries: [XY], decode: (Double) -> Double) -> [Int] {
        let light = rgb.map { decode(Double($0) / 255) }
        let toSRGB = inverse(rgbToXYZ(srgb, white: d65))
        let out = apply(toSRGB, apply(rgbToXYZ(primaries, white: d65), light))
        return out.map { v in
            let c = min(max(v, 0), 1)
            let encoded = c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055
            return Int((encoded * 255).rounded())
        }
    }

    static func sRGBDecode(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }

    /// An RGB PNG whose rows are `colors`, with `chunks` (type, data) before its IDAT.
    static func png(_ colors: [[Int]], height: Int = 1, chunks: [(String, [UInt8])]) -> [UInt8] {
        let plain = TestPNGEncoder.encode(width: colors.count, height: height, bitDepth: 8, colorType: 2, interlaced: false) { x, _, c in
            colors[x][c]
        }
        let afterHeader = 8 + 12 + 13  // signature, IHDR
        return Array(plain[0..<afterHeader]) + chunks.flatMap { TestPNGEncoder.chunk($0.0, $0.1) } + Array(plain[afterHeader...])
    }

    static func fixed(_ value: Double) -> [UInt8] { TestPNGEncoder.be32(Int((value * 100_000).rounded())) }

    static func worst(_ image: RGBAImage, _ expected: [[Int]]) -> Int {
        expected.indices.map { x in (0..<3).map { abs(Int(image.pixels[4 * x + $0]) - expected[x][$0]) }.max() ?? 0 }.max() ?? 0
    }

    @Test func aPNGsCHRMAndGAMAAreConvertedToSRGB() throws {
        let chrm = ([Self.d65] + Self.displayP3).flatMap { Self.fixed($0.0) + Self.fixed($0.1) }
        let data = Self.png(Self.colors, chunks: [("gAMA", Self.fixed(1 / 2.2)), ("cHRM", chrm)])
        let image = try PictureDecoder.decode(data, name: "p3.png")
        // gAMA stores 45455 (1/2.2 to five digits): the curve is its inverse.
        let expected = Self.colors.map { Self.reference($0, primaries: Self.displayP3) { pow($0, 100_000 / 45_455) } }
        #expect(Self.worst(image, expected) <= 1, "\(image.pixels) against \(expected)")
        #expect(Self.worst(image, Self.colors) >= 5, "the conversion shows: the reference is not the pixels as stored")
    }

    @Test func gAMAAloneKeepsSRGBsPrimariesAndAnSRGBChunkWins() throws {
        let gamma18 = Self.png(Self.colors, chunks: [("gAMA", Self.fixed(1 / 1.8))])
        let expected = Self.colors.map { Self.reference($0, primaries: Self.srgb) { pow($0, 100_000 / 55_556) } }
        #expect(Self.worst(try PictureDecoder.decode(gamma18, name: "g18.png"), expected) <= 1)
        // An sRGB chunk with the gAMA and cHRM encoders write beside it: sRGB, nothing converted.
        let chrm = ([Self.d65] + Self.srgb).flatMap { Self.fixed($0.0) + Self.fixed($0.1) }
        let tagged = Self.png(Self.colors, chunks: [("sRGB", [0]), ("gAMA", Self.fixed(1 / 2.2)), ("cHRM", chrm)])
        #expect(Self.worst(try PictureDecoder.decode(tagged, name: "srgb.png"), Self.colors) == 0)
    }

    static let heifEncoderFound = HEIFDecodingTests.heifEncoderFound

    /// An AVIF from libheif's `heif-enc` whose nclx box (H.273 code points) is retagged with
    /// primaries 12 (Display P3) or 9 (BT.2020) and transfer 13 (sRGB): heif-enc 1.15 writes
    /// "unspecified" (2, 2) whatever its `--colour_primaries` says, so the test sets the two
    /// code points in the box it wrote. The retagged photo must be the untagged one's pixels
    /// (libheif's decode of the same data) converted to sRGB as the reference has it.
    @Test(.enabled(if: heifEncoderFound, "heif-enc (libheif-examples) is not installed"), arguments: [(12, "p3"), (9, "bt2020")])
    func anAVIFsNCLXPrimariesAreConvertedToSRGB(code: Int, name: String) throws {
        let primaries = code == 12 ? Self.displayP3 : Self.bt2020
        let wide = (0..<64).map { Self.colors[$0 % Self.colors.count] }
        try withTemporaryDirectory { directory in
            let source = "\(directory)/source.png", photo = "\(directory)/plain.avif"
            try Data(Self.png(wide, height: 16, chunks: [])).write(to: URL(fileURLWithPath: source))
            let encoded = try CapturedProcess.run(tool: "heif-enc", ["-A", "-q", "100", source, "-o", photo])
            try #require(encoded.status == 0, "\(encoded.stderrText)")
            let plain = [UInt8](try Data(contentsOf: URL(fileURLWithPath: photo)))
            let box = try #require(Self.find(Array("colrnclx".utf8), in: plain), "heif-enc wrote no nclx box")
            var tagged = plain
            (tagged[box + 8], tagged[box + 9], tagged[box + 10], tagged[box + 11]) = (0, UInt8(code), 0, 13)
            let stored = try PictureDecoder.decode(plain, name: "plain.avif")
            let image = try PictureDecoder.decode(tagged, name: "\(name).avif")
            let pixels = (0..<64).map { x in (0..<3).map { Int(stored.pixels[4 * x + $0]) } }
            let expected = pixels.map { Self.reference($0, primaries: primaries, decode: Self.sRGBDecode) }
            // Within 2: the saturated colours clip, where lcms2's fixed point and the reference part most.
            #expect(Self.worst(image, expected) <= 2, "\(name): \(Array(image.pixels.prefix(28))) against \(expected.prefix(7))")
            #expect(Self.worst(image, pixels) >= 5, "the untagged photo is not converted; the tagged one is")
        }
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        return (0...(bytes.count - needle.count)).first { bytes[$0] == needle[0] && bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
