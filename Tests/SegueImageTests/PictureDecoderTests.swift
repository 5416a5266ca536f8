import Foundation
import SegueImage
import Testing

/// JPEG and WebP decoding checked against ffmpeg's own decoders of the same files (ffmpeg makes
/// the files too, from a PNG), and the type told from the bytes, not the name.
@Suite("PictureDecoder: JPEG and WebP against ffmpeg")
struct PictureDecoderTests {
    /// Mean and largest per-channel difference over R, G, B and A.
    private func differences(_ a: RGBAImage, _ b: RGBAImage) -> (mean: Double, max: Int) {
        (RGBAImage.meanDifference(a, b), RGBAImage.maxDifference(a, b))
    }

    private func encode(_ picture: RGBAImage, in directory: String, as name: String, _ options: [String]) throws -> String {
        let source = "\(directory)/source.png"
        try PNGCodec.write(picture, to: source)
        let path = "\(directory)/\(name)"
        try ReferenceTool.ffmpeg(["-i", source] + options + [path])
        return path
    }

    @Test(arguments: [("yuvj444p", 1.0, 8), ("yuvj420p", 1.5, 24)])
    func jpegMatchesFFmpegsDecoding(pixelFormat: String, meanLimit: Double, maxLimit: Int) throws {
        try withTemporaryDirectory { directory in
            let picture = try smoothPicture(width: 96, height: 64)
            let path = try encode(picture, in: directory, as: "photo.jpg", ["-pix_fmt", pixelFormat, "-q:v", "2"])
            let decoded = try PictureDecoder.read(path: path)
            let reference = try ReferenceTool.decode(path, width: 96, height: 64)
            #expect(decoded.width == 96 && decoded.height == 64)
            let (mean, largest) = differences(decoded, reference)
            #expect(mean <= meanLimit && largest <= maxLimit, "mean \(mean), max \(largest)")
            // Far from a wrong decoding: the source itself is close too.
            #expect(RGBAImage.meanDifference(decoded, picture) < 3)
        }
    }

    @Test func losslessWebPIsExactlyTheSourceAndFFmpegsDecoding() throws {
        try withTemporaryDirectory { directory in
            var picture = try smoothPicture(width: 40, height: 30)
            // Alpha never 0: libwebp may drop the colour of fully transparent pixels.
            for i in stride(from: 3, to: picture.pixels.count, by: 4) { picture.pixels[i] = UInt8(1 + (i / 4) % 255) }
            let path = try encode(picture, in: directory, as: "still.webp", ["-c:v", "libwebp", "-lossless", "1", "-pix_fmt", "bgra"])
            let decoded = try PictureDecoder.read(path: path)
            #expect(decoded.width == 40 && decoded.height == 30)
            #expect(RGBAImage.maxDifference(decoded, picture) == 0)
            #expect(RGBAImage.maxDifference(decoded, try ReferenceTool.decode(path, width: 40, height: 30)) == 0)
        }
    }

    @Test func lossyWebPMatchesFFmpegsDecoding() throws {
        try withTemporaryDirectory { directory in
            let picture = try smoothPicture(width: 96, height: 64)
            let path = try encode(picture, in: directory, as: "lossy.webp", ["-c:v", "libwebp", "-quality", "90"])
            let decoded = try PictureDecoder.read(path: path)
            let reference = try ReferenceTool.decode(path, width: 96, height: 64)
            let (mean, largest) = differences(decoded, reference)
            #expect(mean <= 2 && largest <= 24, "mean \(mean), max \(largest)")
            #expect(RGBAImage.meanDifference(decoded, picture) < 4)
        }
    }

    @Test func theTypeComesFromTheBytesNotTheName() throws {
        try withTemporaryDirectory { directory in
            let picture = try smoothPicture(width: 32, height: 32)
            let jpeg = try encode(picture, in: directory, as: "photo.jpg", ["-q:v", "2"])
            let misnamed = "\(directory)/really-a-jpeg.png"
            try FileManager.default.copyItem(atPath: jpeg, toPath: misnamed)
            #expect(try PictureDecoder.type(ofFileAt: misnamed) == .jpeg)
            #expect(RGBAImage.maxDifference(try PictureDecoder.read(path: misnamed), try PictureDecoder.read(path: jpeg)) == 0)
            // PNG still goes through libpng exactly.
            try PNGCodec.write(picture, to: "\(directory)/p.png")
            #expect(RGBAImage.maxDifference(try PictureDecoder.read(path: "\(directory)/p.png"), picture) == 0)
        }
    }
}
