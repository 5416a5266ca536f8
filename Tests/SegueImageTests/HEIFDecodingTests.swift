import Foundation
import SegueImage
import SegueTesting
import Testing

/// HEIC and AVIF photos made by libheif's own encoder (`heif-enc`, libheif-examples) from a JPEG
/// whose EXIF orientation says "turn 90° clockwise": heif-enc keeps the pixels as stored and the
/// orientation in the Exif block, so the photo is shown upright only if it is applied. The
/// reference is ffmpeg's decode of the JPEG turned by `transpose=clock`.
@Suite("HEIC and AVIF photos (libheif)", .tags(.ffmpeg), .requiresFFmpeg)
struct HEIFDecodingTests {
    static let heifEncoderFound = ["/usr/bin/heif-enc", "/usr/local/bin/heif-enc"].contains { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: heifEncoderFound, "heif-enc (libheif-examples) is not installed"), arguments: ["heic", "avif"])
    func aPhotoWithAnEXIFOrientationIsShownUpright(format: String) throws {
        try withTemporaryDirectory { directory in
            try PNGCodec.write(try quadrantPicture(), to: "\(directory)/source.png")
            try ReferenceTool.ffmpeg(["-i", "\(directory)/source.png", "-pix_fmt", "yuvj444p", "-q:v", "2", "\(directory)/plain.jpg"])
            let plain = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(directory)/plain.jpg")))
            let jpeg = "\(directory)/turned.jpg", photo = "\(directory)/photo.\(format)"
            try Data(insertingAPP1(exifOrientationBlock(6, bigEndian: false), into: plain)).write(to: URL(fileURLWithPath: jpeg))
            let encoded = try CapturedProcess.run(tool: "heif-enc", (format == "avif" ? ["-A"] : []) + ["-q", "95", jpeg, "-o", photo])
            try #require(encoded.status == 0, "\(encoded.stderrText)")
            #expect(try PictureDecoder.type(ofFileAt: photo) == (format == "avif" ? .avif : .heif))

            let decoded = try PictureDecoder.read(path: photo)
            #expect(decoded.width == 32 && decoded.height == 64, "\(decoded.width)x\(decoded.height)")
            guard decoded.width == 32, decoded.height == 64 else { return }
            let reference = try ReferenceTool.decode("\(directory)/plain.jpg", width: 32, height: 64, filter: "transpose=clock")
            #expect(RGBAImage.maxDifference(decoded, reference) <= 24, "\(format): \(RGBAImage.maxDifference(decoded, reference))")

            // The same budget as every format, from the header.
            #expect(throws: ImageError.self) { _ = try PictureDecoder.read(path: photo, budget: PictureBudget(maxBytes: 32 * 64 * 4 - 1)) }
        }
    }
}
