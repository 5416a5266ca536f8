import Foundation
import SegueExport
import SegueExportTestSupport
import SegueImage
import SegueTesting
import SegueTimeline
import Testing

/// Ken Burns frames against ffmpeg's crop and scale of the picture itself (the reference: the
/// window worked out here from the documented motion, cut from the original picture and scaled
/// by ffmpeg), and contain-blur's bars against black.
@Suite("Edit: Ken Burns and contain-blur (headless GL + ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct EditKenBurnsTests {
    /// A smooth picture (gradients and one soft disc): a sub-pixel difference in where a window
    /// starts changes a pixel by a level or two, a wrong window by tens.
    static func smoothPicture(width: Int, height: Int) throws -> RGBAImage {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let (u, v) = (Double(x) / Double(width), Double(y) / Double(height))
                let disc = max(0, 1 - hypot(u - 0.7, v - 0.35) * 4)
                let i = (y * width + x) * 4
                pixels[i] = UInt8(min(255, 255 * u * 0.8 + 50 * disc))
                pixels[i + 1] = UInt8(min(255, 255 * v * 0.8 + 50 * disc))
                pixels[i + 2] = UInt8(min(255, 255 * (1 - u) * 0.5 + 120 * disc))
            }
        }
        return try RGBAImage(width: width, height: height, pixels: pixels)
    }

    static func render(_ json: String, in dir: URL) throws -> [Int: RGBAImage] {
        let tools = try FFmpegTools.locate()
        try Data(json.utf8).write(to: dir.appendingPathComponent("edit.json"))
        let plan = try EditPlan.load(specAt: dir.appendingPathComponent("edit.json").path, tools: tools)
        var frames: [Int: RGBAImage] = [:]
        try withDevice { device in
            try TimelineExporter(device: device, plan: plan, format: .mp4, tools: tools).renderFrames { frames[$0] = $1 }
        }
        return frames
    }

    /// The reference: the window of the picture (width·side by height·side, its centre moved as
    /// the docs say) cropped and scaled to 64x36 by ffmpeg.
    static func reference(_ picture: String, width: Int, height: Int, centerX: Double, centerY: Double, side: Double) throws -> RGBAImage {
        let (w, h) = (Double(width) * side, Double(height) * side)
        let (x, y) = (Double(width) * centerX - w / 2, Double(height) * centerY - h / 2)
        let data = try VideoReader.run("ffmpeg", [
            "-v", "error", "-nostdin", "-i", picture, "-vf",
            "crop=\(Int(w.rounded())):\(Int(h.rounded())):\(Int(x.rounded())):\(Int(y.rounded())):exact=1,scale=64:36:flags=bilinear",
            "-f", "rawvideo", "-pix_fmt", "rgba", "pipe:1"])
        return try RGBAImage(width: 64, height: 36, pixels: Array(data))
    }

    /// A picture zoomed in by 0.5 while panning right, between two fades: frames at the start,
    /// middle and end of its untouched span against the window the motion gives at that frame
    /// of its whole 30 (the fades' frames included, so the motion runs on under them).
    @Test func zoomAndPanFramesAreTheirWindowOfThePicture() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let picturePath = dir.appendingPathComponent("p.png").path
        try PNGCodec.write(try Self.smoothPicture(width: 256, height: 144), to: picturePath)
        try PNGCodec.write(try SampleImages.from(width: 64, height: 36), to: dir.appendingPathComponent("q.png").path)
        let frames = try Self.render(#"""
            {"size": "64x36", "fps": 10, "items": [{"picture": "q.png", "duration": 1},
              {"picture": "p.png", "duration": 3, "zoom": "in", "pan": "right", "zoomAmount": 0.5}, {"picture": "q.png", "duration": 1}],
             "transitions": [{"effect": "fade", "duration": 0.5}, {"effect": "fade", "duration": 0.5}]}
            """#, in: dir)
        #expect(frames.count == 40)
        // The zoomed item starts at edit frame 5; its untouched frames are its 5...24.
        for k in [5, 14, 24] {
            guard let frame = frames[5 + k] else { Issue.record("no frame \(5 + k)"); continue }
            let p = (1 - cos(Double.pi * Double(k) / 29)) / 2
            let side = 1 / (1 + 0.5 * p)
            let expected = try Self.reference(picturePath, width: 256, height: 144, centerX: side / 2 + (1 - side) * p, centerY: 0.5, side: side)
            let mean = VideoReader.meanDifference(frame, expected)
            let most = zip(frame.pixels, expected.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(mean < 2.5 && most < 24, "item frame \(k): mean \(mean), max \(most)")
        }
        // And it moved: its first and last untouched frames differ by far more than the tolerance.
        #expect(VideoReader.meanDifference(frames[10]!, frames[29]!) > 10)
    }

    /// A range rendered alone (as `--frames` and `--chunk` do) is the same frames of the whole.
    @Test func aRangeOfAZoomIsTheSameFramesOfTheWhole() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try PNGCodec.write(try Self.smoothPicture(width: 128, height: 72), to: dir.appendingPathComponent("p.png").path)
        let json = #"{"size": "64x36", "fps": 10, "items": [{"picture": "p.png", "duration": 2, "zoom": "in", "pan": "down"}]}"#
        let whole = try Self.render(json, in: dir)
        try Data(json.utf8).write(to: dir.appendingPathComponent("edit.json"))
        let tools = try FFmpegTools.locate()
        let plan = try EditPlan.load(specAt: dir.appendingPathComponent("edit.json").path, tools: tools)
        var part: [Int: RGBAImage] = [:]
        try withDevice { device in
            try TimelineExporter(device: device, plan: plan, format: .mp4, tools: tools).renderFrames(range: 7..<13) { part[$0] = $1 }
        }
        #expect(part.count == 6 && part.allSatisfy { whole[$0.key] == $0.value })
    }

    @Test func zoomOutStartsCloseAndEndsOnTheWholePicture() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let picturePath = dir.appendingPathComponent("p.png").path
        try PNGCodec.write(try Self.smoothPicture(width: 128, height: 72), to: picturePath)
        let frames = try Self.render(#"{"size": "64x36", "fps": 10, "items": [{"picture": "p.png", "duration": 1, "zoom": "out"}]}"#, in: dir)
        let first = try Self.reference(picturePath, width: 128, height: 72, centerX: 0.5, centerY: 0.5, side: 1 / 1.1)
        let last = try Self.reference(picturePath, width: 128, height: 72, centerX: 0.5, centerY: 0.5, side: 1)
        #expect(VideoReader.meanDifference(frames[0]!, first) < 2.5)
        #expect(VideoReader.meanDifference(frames[9]!, last) < 2.5)
    }

    /// A portrait picture in a landscape frame: the middle is the contained picture, the bars
    /// beside it are its blurred colours (bright here), not black.
    @Test func containBlurBarsAreBlurredPictureNotBlack() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try PNGCodec.write(try Self.smoothPicture(width: 72, height: 128), to: dir.appendingPathComponent("p.png").path)
        let blurred = try Self.render(#"{"size": "64x36", "resize": "contain-blur", "items": [{"picture": "p.png", "duration": 0.1}]}"#, in: dir)[0]!
        let contained = try Self.render(#"{"size": "64x36", "resize": "contain", "items": [{"picture": "p.png", "duration": 0.1}]}"#, in: dir)[0]!
        func mean(_ image: RGBAImage, columns: Range<Int>) -> Double {
            var sum = 0.0
            for y in 0..<36 { for x in columns { for c in 0..<3 { sum += Double(image.pixels[(y * 64 + x) * 4 + c]) } } }
            return sum / Double(36 * columns.count * 3)
        }
        // The contained picture is 20 wide (36·72/128), from column 22.
        #expect(mean(contained, columns: 0..<18) < 2)
        #expect(mean(blurred, columns: 0..<18) > 40 && mean(blurred, columns: 46..<64) > 40)
        #expect(abs(mean(blurred, columns: 24..<40) - mean(contained, columns: 24..<40)) < 2)
    }

    @Test func aClipsContainBlurBarsAreNotBlack() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try TimelineMedia.clip(at: dir.appendingPathComponent("tall.mkv").path, seconds: 0.5, size: "36x64", frequency: nil)
        let frame = try Self.render(#"{"size": "64x36", "resize": "contain-blur", "items": [{"clip": "tall.mkv"}]}"#, in: dir)[0]!
        var bar = 0.0
        for y in 0..<36 { for x in 0..<16 { for c in 0..<3 { bar += Double(frame.pixels[(y * 64 + x) * 4 + c]) } } }
        #expect(bar / Double(36 * 16 * 3) > 20)
    }

    @Test(arguments: [(#""zoom": "sideways""#, "items[0].zoom"), (#""pan": "diagonal""#, "items[0].pan"),
                      (#""zoom": "in", "zoomAmount": 3"#, "items[0].zoomAmount"), (#""zoomAmount": 0.2"#, "items[0].zoomAmount"),
                      (#""speed": 2"#, "items[0].speed")])
    func aBadMotionKeyIsNamed(keys: String, place: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try PNGCodec.write(try SampleImages.from(width: 64, height: 36), to: dir.appendingPathComponent("p.png").path)
        do {
            _ = try Self.render(#"{"size": "64x36", "items": [{"picture": "p.png", "duration": 1, \#(keys)}]}"#, in: dir)
            Issue.record("\(keys) was accepted")
        } catch let error as EditSpecError {
            #expect(error.place == place, "\(error)")
        }
    }
}
