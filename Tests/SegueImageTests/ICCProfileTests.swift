@preconcurrency import CLCMS2
import Foundation
import SegueImage
import SegueTesting
import Testing

/// Photos' embedded ICC profiles converted to sRGB, against lcms2's own transform and a profile
/// whose effect cannot be mistaken (colord's SwappedRedAndGreen.icc).
@Suite(.requiresFFmpeg)
struct ICCProfileTests {
    static let swapped = "/usr/share/color/icc/colord/SwappedRedAndGreen.icc"

    /// A 64x64 JPEG (4:4:4, best quality) of four flat quadrants: red, a sky blue, a skin tone, green.
    static func quadrants(in dir: URL) throws -> [UInt8] {
        let path = dir.appendingPathComponent("plain.jpg").path
        try ReferenceTool.ffmpeg([
            "-f", "lavfi", "-i", "color=c=red:s=64x64,drawbox=x=32:y=0:w=32:h=32:c=0x3C8CDC:t=fill,"
                + "drawbox=x=0:y=32:w=32:h=32:c=0xE0A080:t=fill,drawbox=x=32:y=32:w=32:h=32:c=0x00C000:t=fill",
            "-frames:v", "1", "-q:v", "1", "-pix_fmt", "yuvj444p", path,
        ])
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// `jpeg` with `profile` in APP2 ICC_PROFILE segments after its SOI (one chunk each 60000 bytes).
    static func tagged(_ jpeg: [UInt8], profile: [UInt8]) -> [UInt8] {
        let pieces = stride(from: 0, to: profile.count, by: 60_000).map { Array(profile[$0..<min($0 + 60_000, profile.count)]) }
        var segments: [UInt8] = []
        for (index, piece) in pieces.enumerated() {
            let length = 2 + 12 + 2 + piece.count
            segments += [0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)] + Array("ICC_PROFILE".utf8) + [0]
                + [UInt8(index + 1), UInt8(pieces.count)] + piece
        }
        return Array(jpeg[0..<2]) + segments + Array(jpeg[2...])
    }

    static func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> (Int, Int, Int) {
        let i = (y * image.width + x) * 4
        return (Int(image.pixels[i]), Int(image.pixels[i + 1]), Int(image.pixels[i + 2]))
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: swapped), "colord-data's profiles are not installed"))
    func aProfileThatSwapsRedAndGreenShowsGreenWherePixelsSayRed() throws {
        let dir = try BuiltProgram.temporaryDirectory(prefix: "segue-icc")
        defer { try? FileManager.default.removeItem(at: dir) }
        let plain = try Self.quadrants(in: dir)
        let profile = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.swapped)))
        #expect(ICCProfile.fromJPEG(Self.tagged(plain, profile: profile)) == ICCProfile(bytes: profile))
        let stored = Self.pixel(try PictureDecoder.decode(plain, name: "plain.jpg"), 16, 16)
        let shown = Self.pixel(try PictureDecoder.decode(Self.tagged(plain, profile: profile), name: "swapped.jpg"), 16, 16)
        #expect(stored.0 > 240 && stored.1 < 20, "the stored pixels are red: \(stored)")
        #expect(shown.1 > 240 && shown.0 < 20 && shown.2 < 20, "shown green: \(shown)")
    }

    /// Display P3 (P3 primaries, D65, sRGB's curve), the profile phones embed, built by lcms2.
    static func displayP3() throws -> [UInt8] {
        var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
        var primaries = cmsCIExyYTRIPLE(Red: cmsCIExyY(x: 0.680, y: 0.320, Y: 1), Green: cmsCIExyY(x: 0.265, y: 0.690, Y: 1),
                                        Blue: cmsCIExyY(x: 0.150, y: 0.060, Y: 1))
        var parameters: [Double] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
        let curve = try #require(cmsBuildParametricToneCurve(nil, 4, &parameters))
        defer { cmsFreeToneCurve(curve) }
        let curves: [OpaquePointer?] = [curve, curve, curve]
        let profile = try #require(cmsCreateRGBProfile(&white, &primaries, curves))
        defer { cmsCloseProfile(profile) }
        var size: cmsUInt32Number = 0
        try #require(cmsSaveProfileToMem(profile, nil, &size) != 0)
        var bytes = [UInt8](repeating: 0, count: Int(size))
        try #require(cmsSaveProfileToMem(profile, &bytes, &size) != 0)
        return bytes
    }

    /// lcms2's own 16-bit relative-colorimetric transform of `image` from `profile` to sRGB.
    static func lcmsReference(_ image: RGBAImage, profile: [UInt8]) throws -> [UInt16] {
        let source = try #require(profile.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) })
        let srgb = try #require(cmsCreate_sRGBProfile())
        defer { cmsCloseProfile(source); cmsCloseProfile(srgb) }
        let transform = try #require(cmsCreateTransform(source, SEGUE_TYPE_RGB_16, srgb, SEGUE_TYPE_RGB_16,
                                                        cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC), 0))
        defer { cmsDeleteTransform(transform) }
        let count = image.width * image.height
        let input = (0..<(count * 3)).map { UInt16(image.pixels[$0 / 3 * 4 + $0 % 3]) * 257 }
        var output = [UInt16](repeating: 0, count: count * 3)
        cmsDoTransform(transform, input, &output, cmsUInt32Number(count))
        return output
    }

    @Test func aDisplayP3PhotoMatchesLcms2sOwnTransform() throws {
        let dir = try BuiltProgram.temporaryDirectory(prefix: "segue-icc")
        defer { try? FileManager.default.removeItem(at: dir) }
        let plain = try Self.quadrants(in: dir)
        let profile = try Self.displayP3()
        let stored = try PictureDecoder.decode(plain, name: "plain.jpg")
        let shown = try PictureDecoder.decode(Self.tagged(plain, profile: profile), name: "p3.jpg")
        let reference = try Self.lcmsReference(stored, profile: profile)
        var (largest, moved, at) = (0, 0, 0)
        for i in 0..<(stored.width * stored.height) {
            for c in 0..<3 {
                let expected = Int((Double(reference[3 * i + c]) / 257).rounded())
                let difference = abs(Int(shown.pixels[4 * i + c]) - expected)
                if difference > largest { (largest, at) = (difference, i) }
                moved = max(moved, abs(Int(shown.pixels[4 * i + c]) - Int(stored.pixels[4 * i + c])))
            }
        }
        let worst = "at (\(at % 64), \(at / 64)): stored \(Self.pixel(stored, at % 64, at / 64)), shown \(Self.pixel(shown, at % 64, at / 64)), "
            + "lcms2 \(reference[(3 * at)..<(3 * at + 3)].map { $0 / 257 })"
        #expect(largest <= 1, "largest difference from lcms2's transform: \(largest) \(worst)")
        // P3's red is beyond sRGB's: the conversion visibly moves it (so this test can fail).
        #expect(moved > 20, "P3 made no difference: \(moved)")
    }

    /// A lossless WebP of the quadrants, rewrapped in the extended format (VP8X, its ICC flag
    /// set) with the swapping profile in an ICCP chunk before the image data.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: swapped), "colord-data's profiles are not installed"))
    func aWebPsICCChunkIsApplied() throws {
        let dir = try BuiltProgram.temporaryDirectory(prefix: "segue-icc")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("plain.webp").path
        try ReferenceTool.ffmpeg(["-f", "lavfi", "-i", "color=c=red:s=64x64", "-frames:v", "1", "-c:v", "libwebp", "-lossless", "1", path])
        let simple = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let profile = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.swapped)))
        func le(_ value: Int, _ bytes: Int) -> [UInt8] { (0..<bytes).map { UInt8((value >> (8 * $0)) & 0xFF) } }
        func chunk(_ fourcc: String, _ payload: [UInt8]) -> [UInt8] {
            Array(fourcc.utf8) + le(payload.count, 4) + payload + (payload.count % 2 == 1 ? [0] : [])
        }
        let header = chunk("VP8X", [0x20, 0, 0, 0] + le(63, 3) + le(63, 3))
        let body = Array("WEBP".utf8) + header + chunk("ICCP", profile) + Array(simple[12...])
        let extended = Array("RIFF".utf8) + le(body.count, 4) + body
        #expect(ICCProfile.fromWebP(extended) == ICCProfile(bytes: profile))
        let stored = Self.pixel(try PictureDecoder.decode(simple, name: "plain.webp"), 8, 8)
        let shown = Self.pixel(try PictureDecoder.decode(extended, name: "swapped.webp"), 8, 8)
        #expect(stored.0 > 240 && stored.1 < 20, "stored red: \(stored)")
        #expect(shown.1 > 240 && shown.0 < 20, "shown green: \(shown)")
    }

    /// A PNG whose iCCP chunk ffmpeg copied from the swapped-profile JPEG (its PNG encoder writes
    /// the frame's profile): shown green.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: swapped), "colord-data's profiles are not installed"))
    func aPNGsICCPChunkIsApplied() throws {
        let dir = try BuiltProgram.temporaryDirectory(prefix: "segue-icc")
        defer { try? FileManager.default.removeItem(at: dir) }
        let profile = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.swapped)))
        let jpeg = dir.appendingPathComponent("swapped.jpg"), png = dir.appendingPathComponent("swapped.png")
        try Data(Self.tagged(try Self.quadrants(in: dir), profile: profile)).write(to: jpeg)
        try ReferenceTool.ffmpeg(["-i", jpeg.path, "-frames:v", "1", "-pix_fmt", "rgb24", png.path])
        let data = [UInt8](try Data(contentsOf: png))
        #expect(ICCProfile.fromPNG(data) == ICCProfile(bytes: profile))
        let shown = Self.pixel(try PictureDecoder.decode(data, name: "swapped.png"), 16, 16)
        #expect(shown.1 > 240 && shown.0 < 20, "shown green: \(shown)")
    }
}
