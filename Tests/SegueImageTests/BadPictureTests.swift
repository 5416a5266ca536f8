import Foundation
import SegueImage
import Testing
import SegueTesting

/// Damaged, truncated, oversized and non-picture files: each a typed error naming the file's
/// real type, never a crash or a half-decoded picture.
@Suite("PictureDecoder: bad files", .tags(.ffmpeg), .requiresFFmpeg)
struct BadPictureTests {
    private func makeFile(_ directory: String, _ name: String, options: [String]) throws -> [UInt8] {
        let picture = try smoothPicture(width: 64, height: 48)
        try PNGCodec.write(picture, to: "\(directory)/source.png")
        try ReferenceTool.ffmpeg(["-i", "\(directory)/source.png"] + options + ["\(directory)/\(name)"])
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(name)")))
    }

    @Test(arguments: [("photo.jpg", "JPEG", ["-q:v", "2"]), ("photo.webp", "WebP", ["-c:v", "libwebp"])])
    func aTruncatedFileIsDamaged(name: String, type: String, options: [String]) throws {
        try withTemporaryDirectory { directory in
            let bytes = try makeFile(directory, name, options: options)
            for keep in [bytes.count / 2, bytes.count - 3, 40] {
                #expect(throws: ImageError.self, "\(type) cut to \(keep) bytes") {
                    _ = try PictureDecoder.decode(Array(bytes.prefix(keep)), name: "cut-\(name)")
                }
                do {
                    _ = try PictureDecoder.decode(Array(bytes.prefix(keep)), name: "cut-\(name)")
                } catch let error as ImageError {
                    guard case let .damaged(path, reportedType, _) = error else {
                        Issue.record("\(type) cut to \(keep): \(error)")
                        continue
                    }
                    #expect(path == "cut-\(name)" && reportedType == type)
                    #expect(error.description.contains("damaged \(type)"))
                }
            }
        }
    }

    @Test func aJPEGHeaderClaimingAHugePictureIsRefusedBeforeDecoding() throws {
        try withTemporaryDirectory { directory in
            var bytes = try makeFile(directory, "photo.jpg", options: ["-q:v", "2"])
            // SOF0 (FF C0): length, precision, then height and width, big-endian.
            let sof = try #require((0..<(bytes.count - 1)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
            for offset in [sof + 5, sof + 7] { bytes[offset] = 0x3E; bytes[offset + 1] = 0x80 }  // 16000
            #expect {
                _ = try PictureDecoder.decode(bytes, name: "huge.jpg")
            } throws: { error in
                // The one picture budget every format answers to (1 GB of RGBA8 is over 512 MiB).
                guard case let .overBudget(path, width, height, _, _) = error as? ImageError else { return false }
                return path == "huge.jpg" && width == 16000 && height == 16000
            }
        }
    }

    @Test func aWebPHeaderClaimingAHugePictureIsRefusedBeforeDecoding() throws {
        try withTemporaryDirectory { directory in
            var bytes = try makeFile(directory, "still.webp", options: ["-c:v", "libwebp", "-lossless", "1"])
            // VP8L: chunk header (8 bytes) at 12, signature 0x2F, then 14 bits of width − 1 and
            // 14 of height − 1, little-endian; both set to 16383.
            try #require(bytes[12..<16].elementsEqual("VP8L".utf8) && bytes[20] == 0x2F)
            var bits = (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[21 + $1]) << (8 * $1) }
            bits = (bits & 0xF000_0000) | 0x3FFF | (0x3FFF << 14)
            for k in 0..<4 { bytes[21 + k] = UInt8((bits >> (8 * k)) & 0xFF) }
            #expect {
                _ = try PictureDecoder.decode(bytes, name: "huge.webp")
            } throws: { error in
                guard case let .overBudget(path, width, height, _, _) = error as? ImageError else { return false }
                return path == "huge.webp" && width == 16384 && height == 16384
            }
        }
    }

    /// JPEG and WebP answer to the same `PictureBudget` as PNG; a JPEG is measured at the
    /// scale it is decoded at, so a photo shown small fits where the whole one would not.
    @Test(arguments: [("photo.jpg", ["-q:v", "2"]), ("photo.webp", ["-c:v", "libwebp"])])
    func everyFormatAnswersToThePictureBudget(name: String, options: [String]) throws {
        try withTemporaryDirectory { directory in
            let bytes = try makeFile(directory, name, options: options)
            let tight = PictureBudget(maxBytes: 64 * 48 * 4 - 1)
            #expect {
                _ = try PictureDecoder.decode(bytes, name: name, budget: tight)
            } throws: { error in
                guard case let .overBudget(path, width, height, bytes, budget) = error as? ImageError else { return false }
                return path == name && width == 64 && height == 48 && bytes == 64 * 48 * 4 && budget == tight.maxBytes
            }
            #expect(try PictureDecoder.decode(bytes, name: name, budget: PictureBudget(maxBytes: 64 * 48 * 4)).width == 64)
            if name.hasSuffix(".jpg") {
                let small = try PictureDecoder.decode(bytes, name: name, budget: tight) { _, _ in (8, 6) }
                #expect(small.width == 8 && small.height == 6)
            }
        }
    }

    @Test func otherFilesNameTheirRealType() throws {
        try withTemporaryDirectory { directory in
            let clip = "\(directory)/clip.mp4"
            try ReferenceTool.ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=64x48:d=0.2", "-pix_fmt", "yuv420p", clip])
            let renamed = "\(directory)/holiday.jpg"
            try FileManager.default.moveItem(atPath: clip, toPath: renamed)
            let heif: [UInt8] = [0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8) + [UInt8](repeating: 0, count: 32)
            let cases: [(bytes: [UInt8], type: String)] = [
                ([UInt8](try Data(contentsOf: URL(fileURLWithPath: renamed))), "MP4/QuickTime video"),
                (Array("GIF89a".utf8) + [UInt8](repeating: 1, count: 20), "GIF"),
                (Array("hello, this is text\n".utf8), "unknown"),
            ]
            for (bytes, type) in cases {
                #expect {
                    _ = try PictureDecoder.decode(bytes, name: "input")
                } throws: { error in
                    guard case let .notAPicture(path, reported) = error as? ImageError else { return false }
                    return path == "input" && reported == type
                }
            }
            #expect(try PictureDecoder.type(ofFileAt: renamed) == .isoVideo)
            // A HEIF header with nothing behind it is a damaged HEIF, not a picture of another type.
            #expect {
                _ = try PictureDecoder.decode(heif, name: "input")
            } throws: { error in
                guard case let .damaged(path, type, _) = error as? ImageError else { return false }
                return path == "input" && type == "HEIF"
            }
            #expect(throws: ImageError.self) { _ = try PictureDecoder.decode([], name: "empty") }
        }
    }
}
