import Foundation
import SegueImage
import Testing
import SegueTesting

/// A WebP decoded in strips through libwebp's incremental decoder (`PictureStrips`, fed 4 KiB
/// at a time, finished rows handed on and their pages given back) gives the pixels the whole
/// decode (`PictureDecoder.decode`, the reference) gives, bit for bit: lossy, lossy with alpha,
/// turned by an EXIF orientation, in strips of one row, of a few rows and of the whole picture; a
/// file cut short gives the whole decode's error; a lossless file is decoded whole.
@Suite("WebP decoded in strips against the whole decode", .tags(.ffmpeg), .requiresFFmpeg)
struct WebPStripsTests {
    static let (width, height) = (600, 401)

    /// ffmpeg's WebP of a noisy picture with a varying alpha, large enough to take several
    /// pieces of input.
    static func file(_ options: [String], pixelFormat: String, in directory: String) throws -> [UInt8] {
        var state: UInt32 = 4242
        let pixels = (0..<(width * height * 4)).map { index -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return index % 4 == 3 ? UInt8(index / 4 % 251) : UInt8(truncatingIfNeeded: state >> 24) / 4 + UInt8(index / 4 / width % 192)
        }
        try PNGCodec.write(try RGBAImage(width: width, height: height, pixels: pixels), to: "\(directory)/noise.png")
        try ReferenceTool.ffmpeg(["-i", "\(directory)/noise.png", "-c:v", "libwebp"] + options + ["-pix_fmt", pixelFormat, "\(directory)/x.webp"])
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(directory)/x.webp")))
    }

    static let kinds: [(String, [String], String)] = [("lossy", ["-quality", "90"], "yuv420p"), ("lossy with alpha", ["-quality", "90"], "yuva420p")]

    static func strips(_ data: [UInt8]) throws -> PictureStrips {
        guard case .strips(let strips) = try PictureDecoder.source(data, name: "x.webp") else {
            throw ImageError.corrupt(path: "x.webp", reason: "decoded whole, not in strips")
        }
        return strips
    }

    @Test(arguments: 0..<2)
    func stripsEqualTheWholeDecode(kind: Int) throws {
        let (label, options, pixelFormat) = Self.kinds[kind]
        try withTemporaryDirectory { directory in
            let data = try Self.file(options, pixelFormat: pixelFormat, in: directory)
            #expect(data.count > 16 * 4_096, "\(label): one piece of input; the incremental decode is not tried")
            let whole = try PictureDecoder.decode(data, name: "x.webp")
            let strips = try Self.strips(data)
            for stripBytes in [1, Self.width * 4 * 7, 1 << 24] {
                #expect(try PNGStripsTests.assembled(strips, stripBytes: stripBytes) == whole, "\(label), \(stripBytes)-byte strips")
            }
        }
    }

    @Test(arguments: [3, 6, 8])
    func turnedPicturesInStripsEqualTheWholeDecode(orientation: UInt16) throws {
        try withTemporaryDirectory { directory in
            let plain = try Self.file(["-quality", "90"], pixelFormat: "yuv420p", in: directory)
            let data = webPWithExif(plain, block: exifOrientationBlock(orientation, bigEndian: false), width: Self.width, height: Self.height)
            let whole = try PictureDecoder.decode(data, name: "x.webp")
            #expect(whole != (try PictureDecoder.decode(plain, name: "x.webp")))
            #expect(try PNGStripsTests.assembled(try Self.strips(data), stripBytes: Self.width * 4 * 9) == whole)
        }
    }

    @Test func losslessFilesAreDecodedWhole() throws {
        try withTemporaryDirectory { directory in
            let data = try Self.file(["-lossless", "1"], pixelFormat: "bgra", in: directory)
            guard case .decoded(let image) = try PictureDecoder.source(data, name: "x.webp") else {
                Issue.record("a lossless WebP came as strips")
                return
            }
            #expect(image == (try PictureDecoder.decode(data, name: "x.webp")))
        }
    }

    @Test func truncatedFilesGiveTheWholeDecodesError() throws {
        try withTemporaryDirectory { directory in
            let data = try Self.file(["-quality", "90"], pixelFormat: "yuva420p", in: directory)
            for length in [40] + Array(stride(from: data.count / 11, to: data.count, by: data.count / 11)) + [data.count - 2, data.count - 1] {
                let cut = Array(data.prefix(length))
                var expected: ImageError?
                do { _ = try PictureDecoder.decode(cut, name: "x.webp") } catch { expected = error as? ImageError }
                let reference = try #require(expected, "a file cut at \(length) decoded")
                #expect(throws: reference, "cut at \(length)") {
                    guard case .strips(let strips) = try PictureDecoder.source(cut, name: "x.webp") else { return }
                    try strips.decode(stripBytes: Self.width * 4 * 8) { _, _ in }
                }
            }
        }
    }
}
