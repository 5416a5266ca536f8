import Foundation
import SegueImage
import Testing

/// Every EXIF orientation, applied as ffmpeg's transpose/flip filters turn the same decoded
/// pixels (the reference): the EXIF 2.3 table of where row 0 and column 0 of the stored picture
/// belong, written as ffmpeg filters independently of Segue's code.
@Suite("EXIF orientation: all eight, JPEG and WebP")
struct ExifOrientationTests {
    /// The filter that displays a picture stored with each orientation.
    static let referenceFilters: [Int: String?] = [
        1: nil, 2: "hflip", 3: "hflip,vflip", 4: "vflip",
        5: "transpose=cclock_flip", 6: "transpose=clock", 7: "transpose=clock_flip", 8: "transpose=cclock",
    ]

    @Test(arguments: 1...8)
    func jpegOrientationIsApplied(orientation: Int) throws {
        try withTemporaryDirectory { directory in
            try PNGCodec.write(try quadrantPicture(), to: "\(directory)/source.png")
            try ReferenceTool.ffmpeg(["-i", "\(directory)/source.png", "-pix_fmt", "yuvj444p", "-q:v", "2", "\(directory)/plain.jpg"])
            let plain = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(directory)/plain.jpg")))
            // Both byte orders: Canon and most phones write little-endian, Nikon big-endian.
            let tagged = insertingAPP1(exifOrientationBlock(UInt16(orientation), bigEndian: orientation % 2 == 0), into: plain)
            let path = "\(directory)/tagged.jpg"
            try Data(tagged).write(to: URL(fileURLWithPath: path))

            let decoded = try PictureDecoder.read(path: path)
            let (width, height) = orientation >= 5 ? (32, 64) : (64, 32)
            #expect(decoded.width == width && decoded.height == height)
            guard decoded.width == width, decoded.height == height else { return }
            let reference = try ReferenceTool.decode(path, width: width, height: height, filter: Self.referenceFilters[orientation]!)
            #expect(RGBAImage.maxDifference(decoded, reference) <= 8, "orientation \(orientation)")
        }
    }

    @Test func webPExifChunkIsApplied() throws {
        try withTemporaryDirectory { directory in
            let picture = try quadrantPicture()
            try PNGCodec.write(picture, to: "\(directory)/source.png")
            try ReferenceTool.ffmpeg(["-i", "\(directory)/source.png", "-c:v", "libwebp", "-lossless", "1", "\(directory)/plain.webp"])
            let plain = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(directory)/plain.webp")))
            let path = "\(directory)/rotated.webp"
            try Data(webPWithExif(plain, block: exifOrientationBlock(6, bigEndian: false), width: 64, height: 32))
                .write(to: URL(fileURLWithPath: path))
            let decoded = try PictureDecoder.read(path: path)
            // The lossless source turned by ffmpeg's reference filter, exactly.
            let reference = try ReferenceTool.decode("\(directory)/source.png", width: 32, height: 64, filter: "transpose=clock")
            #expect(decoded.width == 32 && decoded.height == 64)
            guard decoded.width == 32, decoded.height == 64 else { return }
            #expect(RGBAImage.maxDifference(decoded, reference) == 0)
        }
    }

    @Test func aFileWithoutOrientationIsAsStored() throws {
        try withTemporaryDirectory { directory in
            let picture = try quadrantPicture()
            try PNGCodec.write(picture, to: "\(directory)/source.png")
            try ReferenceTool.ffmpeg(["-i", "\(directory)/source.png", "-c:v", "libwebp", "-lossless", "1", "\(directory)/plain.webp"])
            let decoded = try PictureDecoder.read(path: "\(directory)/plain.webp")
            #expect(decoded.width == 64 && decoded.height == 32 && RGBAImage.maxDifference(decoded, picture) == 0)
        }
    }
}
