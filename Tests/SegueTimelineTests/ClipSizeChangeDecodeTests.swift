import Foundation
import SegueEffects
@testable import SegueExport
import SegueExportTestSupport
import SegueTesting
import Testing

/// A clip whose frame size changes mid-stream (two encodes joined with ffmpeg's concat demuxer
/// and `-c copy`) decodes whole, each part exactly as that part decodes alone: ffmpeg keeps one
/// filter graph (`-reinit_filter 0`) whose scalers and pad follow each frame's size. Rebuilt at
/// the change, the graph restarted its timestamps there and `fps` dropped every later frame.
@Suite("Clips: a frame size that changes mid-stream (ffmpeg)", .tags(.ffmpeg), .requiresFFmpeg)
struct ClipSizeChangeDecodeTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let first: String, second: String, fit: ResizeMode, start: Double, backdrop: Bool
        var testDescription: String { "\(first) then \(second), \(fit)\(backdrop ? " over a blurred backdrop" : "") from \(start) s" }
    }

    static let cases = [
        // The issue's clip: 160x90, then 320x180 frames the header does not declare.
        Case(first: "160x90", second: "320x180", fit: .cover, start: 0, backdrop: false),
        // Smaller, and 4:3 then 16:9: the crop's offset (15 rows) is clamped to the new frame.
        Case(first: "320x240", second: "160x90", fit: .cover, start: 0, backdrop: false),
        // 16:9 then 4:3 contained: the bars move from none to the sides (pad evaluated per frame).
        Case(first: "320x180", second: "240x180", fit: .contain, start: 0, backdrop: false),
        // Over a blurred backdrop, the same shape smaller. (A crop keeps the offset it was
        // configured with, clamped into the frame: where the shape changes, cover and the
        // backdrop crop the new part off-centre; docs/Export.md.)
        Case(first: "320x180", second: "160x90", fit: .contain, start: 0, backdrop: true),
        // From an in-point before the change (the seek, `fps` started at it).
        Case(first: "160x90", second: "320x180", fit: .cover, start: 1, backdrop: false),
    ]

    /// Two seconds of testsrc2 at 30 fps, H.264 as a camera writes it, without sound.
    static func part(at path: String, size: String, hue: Int) throws {
        _ = try VideoReader.run("ffmpeg", [
            "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc2=s=\(size):r=30:d=2,hue=h=\(hue)+t*90",
            "-c:v", "libx264", "-g", "30", "-pix_fmt", "yuv420p", "-colorspace", "bt709", "-color_primaries", "bt709",
            "-color_trc", "bt709", "-color_range", "tv", path,
        ])
    }

    /// Every frame `ClipDecoder` gives of `path` at 160x90 and 30 fps, planar.
    static func decoded(_ path: String, _ test: Case, start: Double) throws -> [[UInt8]] {
        let decoder = try ClipDecoder(path: path, tools: FFmpegTools.locate(), width: 160, height: 90, frameRate: FrameRate(30),
                                      fit: test.fit, start: start, planar: true, backdrop: test.backdrop)
        defer { decoder.close() }
        var frame = [UInt8](repeating: 0, count: decoder.frameBytes), frames: [[UInt8]] = []
        while try frame.withUnsafeMutableBytes({ try decoder.readFrame(into: $0) }) { frames.append(frame) }
        return frames
    }

    @Test(arguments: cases)
    func theJoinedClipDecodesAsItsPartsOneAfterTheOther(_ test: Case) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let first = dir.appendingPathComponent("first.mp4").path, second = dir.appendingPathComponent("second.mp4").path
        try Self.part(at: first, size: test.first, hue: 0)
        try Self.part(at: second, size: test.second, hue: 90)
        try Data("ffconcat version 1.0\nfile first.mp4\nfile second.mp4\n".utf8).write(to: dir.appendingPathComponent("list.ffconcat"))
        let joined = dir.appendingPathComponent("joined.mp4").path
        _ = try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-f", "concat", "-safe", "0",
                                           "-i", dir.appendingPathComponent("list.ffconcat").path, "-c", "copy", joined])

        let whole = try Self.decoded(joined, test, start: test.start)
        let parts = try Self.decoded(first, test, start: test.start) + Self.decoded(second, test, start: 0)
        #expect(whole.count == 120 - Int(test.start * 30), "\(whole.count) frames")
        #expect(whole.count == parts.count)
        let differing = zip(whole, parts).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(differing.isEmpty, "frames unlike the part's own decode: \(differing)")
    }
}
