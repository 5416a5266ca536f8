import Foundation
@testable import SegueExport
import SegueExportTestSupport
import SegueImage
import SegueTesting
import SegueTimeline
import Testing

/// An in-point between two frames shows the frame whose interval holds it, then the next ones,
/// none twice and none left out (`ClipTiming.frameTolerance`'s rule, docs/Export.md), with or
/// without a sound track. The clips carry their frame number in their luma (16 + 5n, lossless
/// H.264, a keyframe every 12 frames so each seek decodes from an earlier one); which frames
/// come out is read from the decoded planes, and from an edit's rendered frames.
@Suite("Clips: an in-point between frames (headless GL + ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct InPointFrameTests {
    static let rates = [FrameRate(24), FrameRate(25), FrameRate(30000, 1001), FrameRate(30)]

    /// A 32x32 clip of 40 frames at `rate` whose frame n has luma 16 + 5n, with a sine sound
    /// (AAC, as phones record it) when `sound`.
    static func makeNumberedClip(at path: String, rate: FrameRate, sound: Bool) throws {
        let seconds = rate.seconds(40)
        _ = try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-f", "lavfi",
                                           "-i", "nullsrc=s=32x32:r=\(rate.ffmpegText):d=\(seconds),geq=lum='16+5*N':cb=128:cr=128"]
                                    + (sound ? ["-f", "lavfi", "-i", "sine=f=440:sample_rate=48000:d=\(seconds)", "-c:a", "aac"] : [])
                                    + ["-c:v", "libx264", "-qp", "0", "-pix_fmt", "yuv420p", "-g", "12", "-frames:v", "40", path])
    }

    /// The frame number a luma level stands for.
    static func frameNumber(luma: Double) -> Int { Int(((luma - 16) / 5).rounded()) }

    /// The first `count` frames `ClipDecoder` gives from `start` seconds, as frame numbers.
    static func decodedFrames(_ path: String, rate: FrameRate, start: Double, count: Int) throws -> [Int] {
        let decoder = try ClipDecoder(path: path, tools: FFmpegTools.locate(), width: 32, height: 32, frameRate: rate, fit: .cover,
                                      start: start, frameLimit: count, planar: true)
        defer { decoder.close() }
        let layout = try #require(decoder.planes)
        var frame = [UInt8](repeating: 0, count: layout.frameBytes), numbers: [Int] = []
        while try frame.withUnsafeMutableBytes({ try decoder.readFrame(into: $0) }) {
            numbers.append(frameNumber(luma: Double(frame[16 * 32 + 16])))
        }
        return numbers
    }

    /// In-points at frame 10.1 ... 10.9 of the clip's own rate, and on frame 10 itself: frames 10, 11, 12.
    @Test(arguments: rates, [false, true])
    func eachTenthOfAFrameShowsTheFrameThatHoldsIt(rate: FrameRate, sound: Bool) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = dir.appendingPathComponent("numbered.mp4").path
        try Self.makeNumberedClip(at: clip, rate: rate, sound: sound)
        for tenth in 0...9 {
            let start = rate.seconds(1) * (10 + Double(tenth) / 10)
            let frames = try Self.decodedFrames(clip, rate: rate, start: start, count: 3)
            // Before the fix, with sound: 11, 11, 12 from 10.1 at 30 fps (10 never shown);
            // without: 11, 12, 13 (the first frame at or after the in-point).
            #expect(frames == [10, 11, 12], "\(rate) fps, sound \(sound), from \(start) s (frame 10.\(tenth)): frames \(frames)")
        }
    }

    /// An in-point typed to the millisecond finds the frame that starts within that millisecond
    /// (29.97 fps frame 10 starts at 0.333667 s).
    @Test func anInPointTypedToTheMillisecondFindsItsFrame() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = dir.appendingPathComponent("numbered.mp4").path
        let rate = FrameRate(30000, 1001)
        try Self.makeNumberedClip(at: clip, rate: rate, sound: true)
        #expect(try Self.decodedFrames(clip, rate: rate, start: 0.333, count: 2) == [10, 11])
        #expect(try Self.decodedFrames(clip, rate: rate, start: 0.334, count: 2) == [10, 11])
    }

    /// The same rule through an edit, at a cut: the clip (with sound) from 0 to 10 frames, then
    /// from frame 20.1, 20.5 or 20.9 to 30, at 30 fps. Every rendered frame read back: 0...9, then 20 on.
    @Test(arguments: [0.1, 0.5, 0.9])
    func anEditCutsToTheFrameThatHoldsTheInPoint(tenths: Double) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let rate = FrameRate(30)
        try Self.makeNumberedClip(at: dir.appendingPathComponent("numbered.mp4").path, rate: rate, sound: true)
        let spec = EditSpec(size: "32x32", fps: 30, items: [
            .clip(path: "numbered.mp4", from: 0, to: rate.seconds(10)),
            .clip(path: "numbered.mp4", from: rate.seconds(1) * (20 + tenths), to: rate.seconds(30)),
        ], transitions: [EditTransition(effect: "cut")])
        let url = dir.appendingPathComponent("edit.json")
        try TimelineMedia.write(spec, to: url)
        let tools = try FFmpegTools.locate()
        let plan = try EditPlan.load(specAt: url.path, tools: tools)
        var numbers: [Int] = []
        try withDevice { device in
            try TimelineExporter(device: device, plan: plan, format: .mp4, tools: tools).renderFrames { _, image in
                let i = (16 * 32 + 16) * 4
                // Gray: R' = (Y' − 16) × 255/219, back to the luma level.
                numbers.append(Self.frameNumber(luma: Double(image.pixels[i]) * 219 / 255 + 16))
            }
        }
        let second = plan.items[1].frames
        #expect(numbers == Array(0..<10) + Array(20..<(20 + second)), "from frame \(20 + tenths): \(numbers)")
    }
}
