import Foundation
import SegueImage
import Testing

/// A JPEG decoded for a smaller use comes out at the smallest DCT scale (k/8) still covering
/// what the caller needs, in the orientation it is shown, and looks like ffmpeg's area-averaged
/// reduction of the whole decoding.
@Suite("PictureDecoder: JPEG decoded at a reduced scale")
struct ScaledJPEGDecodingTests {
    @Test func theSmallestScaleThatCoversTheNeedIsUsed() throws {
        try withTemporaryDirectory { directory in
            try PNGCodec.write(try smoothPicture(width: 800, height: 400), to: "\(directory)/source.png")
            try ReferenceTool.ffmpeg(["-i", "\(directory)/source.png", "-q:v", "2", "\(directory)/big.jpg"])
            // 1/8 gives 100x50; 2/8 gives 200x100, the first to cover 150x60.
            let eighth = try PictureDecoder.read(path: "\(directory)/big.jpg") { _, _ in (100, 50) }
            #expect(eighth.width == 100 && eighth.height == 50)
            let quarter = try PictureDecoder.read(path: "\(directory)/big.jpg") { _, _ in (150, 60) }
            #expect(quarter.width == 200 && quarter.height == 100)
            let whole = try PictureDecoder.read(path: "\(directory)/big.jpg") { _, _ in (801, 10) }
            #expect(whole.width == 800 && whole.height == 400)
            // Against ffmpeg's area average of its own full decoding.
            let reference = try ReferenceTool.decode("\(directory)/big.jpg", width: 200, height: 100, filter: "scale=200:100:flags=area")
            #expect(RGBAImage.meanDifference(quarter, reference) < 2.5, "\(RGBAImage.meanDifference(quarter, reference))")
        }
    }

    @Test func theNeedIsAskedOfThePictureAsShown() throws {
        try withTemporaryDirectory { directory in
            try PNGCodec.write(try quadrantPicture(width: 512, height: 256), to: "\(directory)/source.png")
            try ReferenceTool.ffmpeg(["-i", "\(directory)/source.png", "-pix_fmt", "yuvj444p", "-q:v", "2", "\(directory)/plain.jpg"])
            let plain = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(directory)/plain.jpg")))
            let tagged = insertingAPP1(exifOrientationBlock(6, bigEndian: false), into: plain)
            try Data(tagged).write(to: URL(fileURLWithPath: "\(directory)/turned.jpg"))
            var asked: (Int, Int)?
            let decoded = try PictureDecoder.read(path: "\(directory)/turned.jpg") { width, height in
                asked = (width, height)
                return (64, 128)
            }
            #expect(asked.map { $0 == (256, 512) } == true, "the shown size is 256x512")
            #expect(decoded.width == 64 && decoded.height == 128)
            // Turned clockwise: the stored top-left (red) quadrant is now at the top right.
            let corner = decoded[60, 4]
            #expect(corner.x > 240 && corner.y < 16 && corner.z < 16, "\(corner)")
        }
    }
}
