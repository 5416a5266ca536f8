import Foundation
import SegueExport
import SegueExportTestSupport
import SegueTesting
import SegueTimeline
import Testing

/// A clip whose size changes mid-stream (issue hardening-3 item 4): two encodes joined by
/// ffmpeg's concat demuxer with `-c copy` declare the first one's size, but the second's frames
/// come with a parameter set of their own. Copied, 10 of 65 frames of a 160x90 edit were
/// 320x180; smart rendering encodes such a clip instead, and says why.
@Suite("Smart rendering: a clip whose parameters change is encoded (headless GL + ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct SmartRenderChangingStreamTests {
    /// `small` (160x90) then `large` (`secondSize`, encoded with `secondX264` too), 2 s each,
    /// their video joined with `-c copy` into joined.mp4: a constant 30 fps from time 0, as a
    /// copy needs (with their sound, the concat demuxer would shift the video by its priming).
    static func joinedClip(in dir: URL, secondSize: String = "320x180", secondX264: [String] = []) throws -> String {
        for (name, size, hue, x264) in [("small", "160x90", 0, [String]()), ("large", secondSize, 90, secondX264)] {
            let path = dir.appendingPathComponent("\(name)-av.mp4").path
            try SmartRenderMedia.clip(at: path, seconds: 2, size: size, hue: hue, x264: x264)
            _ = try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-i", path, "-an", "-c", "copy",
                                               dir.appendingPathComponent("\(name).mp4").path])
        }
        try Data("ffconcat version 1.0\nfile small.mp4\nfile large.mp4\n".utf8).write(to: dir.appendingPathComponent("list.ffconcat"))
        let joined = dir.appendingPathComponent("joined.mp4").path
        _ = try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-f", "concat", "-safe", "0",
                                           "-i", dir.appendingPathComponent("list.ffconcat").path, "-c", "copy", joined])
        return joined
    }

    /// Each decoded frame's size, as ffprobe reads the file.
    static func frameSizes(_ path: String) throws -> [String] {
        let data = try VideoReader.run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "frame=width,height",
                                                   "-of", "csv=p=0", path])
        return String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).map { String($0).trimmingCharacters(in: .init(charactersIn: ",")) }
    }

    @Test func aClipThatChangesSizeIsEncodedWithTheReason() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let joined = try Self.joinedClip(in: dir)
        // The premise: the file says 160x90, but its second half decodes at 320x180.
        #expect(Set(try Self.frameSizes(joined)) == ["160,90", "320,180"])
        let plan = try SmartRenderMedia.plan(EditSpec(size: "160x90", fps: 30, items: [.clip(path: "joined.mp4", from: nil, to: nil)]), in: dir)
        let smart = try SmartRenderPlan(plan: plan, format: .mp4, tools: try FFmpegTools.locate())
        #expect(!smart.copies)
        #expect(smart.refused.first?.hasPrefix("items[0]: its sequence parameter sets (SPS) change mid-stream") == true, "\(smart.refused)")
        // What `--plan json` prints carries the reason.
        let json = String(decoding: try JSONEncoder().encode(smart), as: UTF8.self)
        #expect(json.contains("change mid-stream"), "\(json)")

        // Encoded instead, every frame at the edit's size: the decode goes on past the change
        // (it stopped there, 62 of 120 frames, when ffmpeg rebuilt the graph at the new size).
        let out = dir.appendingPathComponent("edit.mp4").path
        _ = try withDevice { device in try TimelineExporter(device: device, plan: plan, format: .mp4).export(to: out) }
        let sizes = try Self.frameSizes(out)
        #expect(sizes.count == plan.totalFrames && Set(sizes) == ["160,90"], "\(sizes.count) frames: \(Set(sizes))")
    }

    @Test func aClipThatChangesPixelFormatIsNotCopied() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // The second part 4:4:4 (ffmpeg takes the last -pix_fmt): the file says yuv420p.
        let joined = try Self.joinedClip(in: dir, secondSize: "160x90", secondX264: ["-pix_fmt", "yuv444p"])
        let formats = try VideoReader.run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "frame=pix_fmt", "-of", "csv=p=0", joined])
        let seen = String(decoding: formats, as: UTF8.self).split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .init(charactersIn: ",")) }
        #expect(Set(seen) == ["yuv420p", "yuv444p"])
        let plan = try SmartRenderMedia.plan(EditSpec(size: "160x90", fps: 30, items: [.clip(path: "joined.mp4", from: nil, to: nil)]), in: dir)
        let smart = try SmartRenderPlan(plan: plan, format: .mp4, tools: try FFmpegTools.locate())
        #expect(!smart.copies)
        #expect(smart.refused.first?.contains("parameter sets") == true, "\(smart.refused)")
    }

    /// One encode, copied as before: its in-band parameter sets are its extradata's.
    @Test func aClipOfOneEncodeIsStillCopied() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try SmartRenderMedia.clip(at: dir.appendingPathComponent("one.mp4").path, seconds: 2, size: "160x90")
        let plan = try SmartRenderMedia.plan(EditSpec(size: "160x90", fps: 30, items: [.clip(path: "one.mp4", from: nil, to: nil)]), in: dir)
        let smart = try SmartRenderPlan(plan: plan, format: .mp4, tools: try FFmpegTools.locate())
        #expect(smart.copies, "\(smart.refused)")
    }
}
