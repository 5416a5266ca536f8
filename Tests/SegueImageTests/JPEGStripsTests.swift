import Foundation
import SegueImage
import Testing
import SegueTesting

/// A JPEG decoded a strip of rows at a time through libjpeg (`PictureStrips`, `segue_jpeg`) gives
/// the pixels TurboJPEG's whole decode (`PictureDecoder.decode`, the reference) gives, bit for
/// bit, for ffmpeg's JPEGs of every chroma subsampling and gray, with an ICC profile converted, in
/// strips of one row, of a few rows and of the whole picture, under each EXIF orientation; damage
/// gives the whole decode's error; a picture to be DCT-scaled is decoded whole.
@Suite("JPEG decoded in strips against the whole decode", .tags(.ffmpeg), .requiresFFmpeg)
struct JPEGStripsTests {
    static let (width, height) = (83, 61)

    /// ffmpeg's JPEG of a noisy picture (odd sizes: partial blocks at the right and bottom).
    static func file(pixelFormat: String, in directory: String) throws -> [UInt8] {
        var state: UInt32 = 77
        let pixels = (0..<(width * height * 4)).map { index -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return index % 4 == 3 ? 255 : UInt8(truncatingIfNeeded: state >> 24) / 2 + UInt8(index / 4 % width)
        }
        try PNGCodec.write(try RGBAImage(width: width, height: height, pixels: pixels), to: "\(directory)/noise.png")
        try ReferenceTool.ffmpeg(["-i", "\(directory)/noise.png", "-pix_fmt", pixelFormat, "-q:v", "3", "\(directory)/\(pixelFormat).jpg"])
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(pixelFormat).jpg")))
    }

    static func strips(_ data: [UInt8], needed: ((Int, Int) -> (width: Int, height: Int))? = nil) throws -> PictureStrips? {
        guard case .strips(let strips) = try PictureDecoder.source(data, name: "x.jpg", needed: needed) else { return nil }
        return strips
    }

    static func assembled(_ strips: PictureStrips, stripBytes: Int) throws -> RGBAImage {
        try PNGStripsTests.assembled(strips, stripBytes: stripBytes)
    }

    @Test(arguments: ["yuvj420p", "yuvj422p", "yuvj444p", "gray"])
    func stripsEqualTheWholeDecode(pixelFormat: String) throws {
        try withTemporaryDirectory { directory in
            let plain = try Self.file(pixelFormat: pixelFormat, in: directory)
            let profile = try #require(ICCProfile.rgb(
                white: (0.3127, 0.3290), red: (0.68, 0.32), green: (0.265, 0.69), blue: (0.15, 0.06), curve: .power(2.2)))
            for (label, data) in [("plain", plain), ("ICC", ICCProfileTests.tagged(plain, profile: profile.bytes))] {
                let whole = try PictureDecoder.decode(data, name: "x.jpg")
                if label == "ICC" { #expect(whole != (try PictureDecoder.decode(plain, name: "x.jpg")), "the profile changed nothing") }
                let strips = try #require(try Self.strips(data), "\(label): decoded whole")
                for stripBytes in [1, Self.width * 4 * 5, 1 << 20] {
                    #expect(try Self.assembled(strips, stripBytes: stripBytes) == whole, "\(label), \(stripBytes)-byte strips")
                }
            }
        }
    }

    @Test func scaledPicturesAreDecodedWhole() throws {
        try withTemporaryDirectory { directory in
            let data = try Self.file(pixelFormat: "yuvj420p", in: directory)
            #expect(try Self.strips(data, needed: { ($0 / 4, $1 / 4) }) == nil, "a DCT-scaled picture came as strips")
            #expect(try Self.strips(data, needed: { ($0, $1) }) != nil)
        }
    }

    /// Each EXIF orientation: strips of stored rows land on their rows or columns of the picture
    /// as shown, as the whole decode turns it.
    @Test(arguments: ExifOrientation.allCases)
    func turnedPicturesInStripsEqualTheWholeDecode(orientation: ExifOrientation) throws {
        try withTemporaryDirectory { directory in
            let data = insertingAPP1(
                exifOrientationBlock(UInt16(orientation.rawValue), bigEndian: false), into: try Self.file(pixelFormat: "yuvj422p", in: directory))
            let whole = try PictureDecoder.decode(data, name: "x.jpg")
            let strips = try #require(try Self.strips(data))
            #expect((strips.width, strips.height) == (whole.width, whole.height))
            for stripBytes in [1, Self.width * 4 * 5, 1 << 20] {
                #expect(try Self.assembled(strips, stripBytes: stripBytes) == whole, "\(stripBytes)-byte strips")
            }
            // The needed size speaks of the picture as shown: a turned picture needed at its shown size is not scaled.
            #expect(try Self.strips(data, needed: { ($0, $1) }) != nil)
        }
    }

    /// Every cut fails, from the header (`source`) or from the strips, with the whole decode's
    /// error; stray bytes between segments pass both ways.
    @Test func damageGivesTheWholeDecodesError() throws {
        try withTemporaryDirectory { directory in
            let data = try Self.file(pixelFormat: "yuvj420p", in: directory)
            for length in Array(stride(from: 2, to: data.count, by: 211)) + [data.count - 2, data.count - 1] {
                let cut = Array(data.prefix(length))
                var expected: ImageError?
                do { _ = try PictureDecoder.decode(cut, name: "x.jpg") } catch { expected = error as? ImageError }
                let reference = try #require(expected, "a file cut at \(length) decoded")
                #expect(throws: reference, "cut at \(length)") {
                    guard let strips = try Self.strips(cut) else { return }
                    try strips.decode(stripBytes: Self.width * 4 * 8) { _, _ in }
                }
            }
            // Stray bytes in the middle of the scan's data: libjpeg warns of extraneous bytes or
            // corrupt data; either way the strips end as the whole decode does.
            let scanMiddle = data.count * 2 / 3
            let stray = Array(data[..<scanMiddle]) + [0xFF, 0xD3, 0x00, 0x11] + Array(data[scanMiddle...])
            let reference = Outcome { try PictureDecoder.decode(stray, name: "x.jpg") }
            let strips = try #require(try Self.strips(stray), "the damage is past the header")
            #expect(Outcome { try Self.assembled(strips, stripBytes: Self.width * 4 * 3) } == reference)
        }
    }

    /// A decode's picture or its error's words.
    enum Outcome: Equatable {
        case picture(RGBAImage), error(String)

        init(_ decode: () throws -> RGBAImage) {
            do { self = .picture(try decode()) } catch { self = .error("\(error)") }
        }
    }
}
