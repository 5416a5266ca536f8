import Foundation
import SegueExport
import SegueExportTestSupport
import SegueImage
import SegueTesting
import SegueTimeline
import Testing

/// A timeline's frames against its pieces: untouched spans are the pictures' and clips' own
/// frames (decoded by ffmpeg, the reference), transition frames the gl-transitions `fade`
/// formula mix(from, to, progress) over those frames, at xfade's frame positions.
@Suite("Timeline: frames against the pieces (headless GL + ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct TimelineFrameTests {
    /// picture P 2 s | fade 0.5 s | clip A 0.5...2.5 | cut | clip B 0...2 — 165 frames at 30 fps.
    static func makeEdit(in dir: URL, easing: String = "linear") throws -> (spec: URL, picture: RGBAImage, a: [RGBAImage], b: [RGBAImage]) {
        let picture = try SampleImages.from(width: 160, height: 90)
        try PNGCodec.write(picture, to: dir.appendingPathComponent("p.png").path)
        try TimelineMedia.clip(at: dir.appendingPathComponent("a.mkv").path, seconds: 3, frequency: 440)
        try TimelineMedia.clip(at: dir.appendingPathComponent("b.mkv").path, seconds: 2.5, hue: 120, frequency: 660)
        let spec = EditSpec(size: "160x90", fps: 30, items: [
            .picture(path: "p.png", duration: 2), .clip(path: "a.mkv", from: 0.5, to: 2.5), .clip(path: "b.mkv", from: nil, to: 2),
        ], transitions: [EditTransition(effect: "fade", duration: 0.5, easing: easing), EditTransition(effect: "cut")])
        let url = dir.appendingPathComponent("edit.json")
        try TimelineMedia.write(spec, to: url)
        return (url, picture, try VideoReader.frames(dir.appendingPathComponent("a.mkv").path, width: 160, height: 90),
                try VideoReader.frames(dir.appendingPathComponent("b.mkv").path, width: 160, height: 90))
    }

    static func render(_ spec: URL, range: Range<Int>? = nil) throws -> [Int: RGBAImage] {
        let tools = try FFmpegTools.locate()
        let plan = try EditPlan.load(specAt: spec.path, tools: tools)
        var frames: [Int: RGBAImage] = [:]
        try withDevice { device in
            let exporter = try TimelineExporter(device: device, plan: plan, format: .mp4, tools: tools)
            try exporter.renderFrames(range: range) { index, image in frames[index] = image }
        }
        return frames
    }

    /// mix(from, to, p) per channel, rounded, as the fade shader computes it.
    static func mix(_ from: RGBAImage, _ to: RGBAImage, _ p: Double) throws -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: from.pixels.count)
        for i in pixels.indices {
            pixels[i] = UInt8((Double(from.pixels[i]) * (1 - p) + Double(to.pixels[i]) * p).rounded())
        }
        return try RGBAImage(width: from.width, height: from.height, pixels: pixels)
    }

    @Test func everyFrameIsItsPieceOrTheFadeOfItsPieces() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let edit = try Self.makeEdit(in: dir)
        let frames = try Self.render(edit.spec)
        #expect(frames.count == 165)
        guard frames.count == 165 else { return }
        for index in 0..<165 {
            let expected: RGBAImage
            switch index {
            case 0..<45: expected = edit.picture
            case 45..<60: expected = try Self.mix(edit.picture, edit.a[15 + index - 45], Double(index - 45) / 15)
            case 60..<105: expected = edit.a[15 + index - 45]
            default: expected = edit.b[index - 105]
            }
            let difference = RGBAImage.maxDifference(frames[index]!, expected)
            #expect(difference <= 2, "edit frame \(index): max difference \(difference)")
        }
    }

    /// Only the transition's 15 frames touch the GPU (two uploads and one readback each); the
    /// other 150 go from the decoder (or the fitted picture) straight out.
    @Test func untouchedSpansMakeNoGPURoundTrip() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let edit = try Self.makeEdit(in: dir)
        let tools = try FFmpegTools.locate()
        let plan = try EditPlan.load(specAt: edit.spec.path, tools: tools)
        var frames = 0
        let used = try withDevice { device in
            let before = device.counters
            try TimelineExporter(device: device, plan: plan, format: .mp4, tools: tools).renderFrames { _, _ in frames += 1 }
            return device.counters.since(before)
        }
        #expect(frames == 165)
        // The 15 fade frames: each read back, each uploads its clip side (an RGB clip, decoded as
        // RGBA); the picture's one frame is uploaded once for the whole transition.
        #expect(used.readbacks == 15 && used.textureUploads == 16, "\(used)")
    }

    @Test func easingShapesTheTransitionsProgress() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let edit = try Self.makeEdit(in: dir, easing: "steps(3)")
        let frames = try Self.render(edit.spec, range: 45..<60)
        for k in 0..<15 {
            // CSS steps(3), jump-end: 0, 1/3, 2/3 held for five frames each.
            let expected = try Self.mix(edit.picture, edit.a[15 + k], Double(k / 5) / 3)
            #expect(RGBAImage.maxDifference(frames[45 + k]!, expected) <= 2, "transition frame \(k)")
        }
    }

    @Test func aRangeIsBitIdenticalToTheSameFramesOfTheWhole() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let edit = try Self.makeEdit(in: dir, easing: "ease-in-out")
        let whole = try Self.render(edit.spec)
        for range in [40..<75, 100..<165, 0..<1] {
            let chunk = try Self.render(edit.spec, range: range)
            #expect(chunk.count == range.count)
            for index in range {
                let identical = chunk[index] != nil && chunk[index]?.pixels == whole[index]?.pixels
                #expect(identical, "frame \(index) of chunk \(range)")
            }
        }
    }
}
