import Foundation
@testable import SegueExport
import SegueExportTestSupport
import SegueImage
import SegueTesting
@testable import SegueTimeline
import Testing

/// A picture an edit shows many times is decoded once (issue 32 item 12: it was decoded once
/// per item), and what is shown is still each item's own picture.
@Suite("Timeline: pictures decoded once per file (headless GL + ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct StillCacheTests {
    @Test func twoPicturesShownSixTimesAreDecodedTwice() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pictures = [try SampleImages.from(width: 64, height: 36), try SampleImages.to(width: 64, height: 36)]
        try PNGCodec.write(pictures[0], to: dir.appendingPathComponent("a.png").path)
        try PNGCodec.write(pictures[1], to: dir.appendingPathComponent("b.png").path)
        let items = (0..<6).map { EditItem.picture(path: $0 % 2 == 0 ? "a.png" : "b.png", duration: 0.2) }
        let spec = EditSpec(size: "64x36", fps: 10, items: items, transitions: Array(repeating: EditTransition(effect: "cut"), count: 5))
        let url = dir.appendingPathComponent("edit.json")
        try TimelineMedia.write(spec, to: url)
        let tools = try FFmpegTools.locate()
        let plan = try EditPlan.load(specAt: url.path, tools: tools)
        var frames: [Int: RGBAImage] = [:]
        let decodes = try withDevice { device in
            let exporter = try TimelineExporter(device: device, plan: plan, format: .mp4, tools: tools)
            try exporter.renderFrames { index, image in frames[index] = image }
            return exporter.stills.decodes
        }
        #expect(decodes == 2)
        #expect(frames.count == 12)
        for (index, frame) in frames {
            #expect(frame.pixels == pictures[(index / 2) % 2].pixels, "frame \(index)")
        }
    }

    /// The cache keeps at least two pictures and drops the least recently used beyond its capacity.
    @Test func theCacheIsBoundedAndKeepsTheRecent() throws {
        let cache = StillCache(frameBytes: StillCache.byteBudget)
        #expect(cache.capacity == 2)
        for path in ["a", "b", "a", "c", "a", "b"] { _ = try cache.still(for: path) { StillFrame([1]) } }
        // a, b decoded; a hit; c drops b; a hit; b decoded again (c dropped).
        #expect(cache.decodes == 4)
    }
}
