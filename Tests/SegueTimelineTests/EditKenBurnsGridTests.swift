import Foundation
import SegueExport
import SegueExportTestSupport
import SegueImage
import SegueTesting
import SegueTimeline
import Testing

/// Ken Burns frames of a picture with 1-pixel grid lines against a CPU area average
/// (`AreaAverageReference`: each frame pixel the mean of the picture area it covers): a zoomed-out
/// frame shows the lines as that average does, never as bilinear sampling's lines that come and
/// go (82 to 255 in one frame before the prefilter).
@Suite("Edit: Ken Burns prefilter (headless GL + ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct EditKenBurnsGridTests {
    /// A 160x90 edit zooming in by 0.5 on a 240x135 grid (the canvas's own size, so the fit
    /// leaves it as it is and every frame's scaling is Ken Burns's own: 1.5 down to 1). Frames
    /// from the widest to the closest, every pixel within a level of the area average (measured:
    /// 0.5 at most; up to 73 off before the prefilter).
    @Test func aFineGridIsAreaAveragedAtEveryZoom() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let picture = try AreaAverageReference.grid(width: 240, height: 135, period: 5)
        try PNGCodec.write(picture, to: dir.appendingPathComponent("grid.png").path)
        let frames = try EditKenBurnsTests.render(#"""
            {"size": "160x90", "fps": 10, "items": [{"picture": "grid.png", "duration": 2, "zoom": "in", "zoomAmount": 0.5}]}
            """#, in: dir)
        var figures: [String] = []
        for k in [0, 4, 9, 14, 19] {
            let frame = try #require(frames[k])
            let p = (1 - cos(Double.pi * Double(k) / 19)) / 2
            let side = 1 / (1 + 0.5 * p)
            let left = (0.5 - side / 2) * 240, top = (0.5 - side / 2) * 135
            let expected = AreaAverageReference.reduce(
                picture, left: left, top: top, stepX: side * 240 / 160, stepY: side * 135 / 90, width: 160, height: 90)
            let worst = AreaAverageReference.maxDifference(frame, expected)
            var low = 255, high = 0
            // The lines' brightest pixels (where the reference is most of a line), to show the shimmer.
            for i in 0..<(160 * 90) where expected[i].x > 120 {
                low = min(low, Int(frame.pixels[i * 4])); high = max(high, Int(frame.pixels[i * 4]))
            }
            figures.append(String(format: "frame %d (1:%.2f): max %.1f off, lines %d–%d", k, side * 1.5, worst, low, high))
            #expect(worst <= 1, "frame \(k), \(side * 1.5) picture pixels a frame pixel: a pixel \(worst) levels off the area average")
        }
        print("Ken Burns grid against the area average: " + figures.joined(separator: "; "))
    }
}
