import Foundation
import SegueExport
import SegueExportTestSupport
import SegueImage
import SegueTesting
import SegueTimeline
import Testing

/// An edit whose spec says `"background": "transparent"`: a stinger made by `segue edit`. Its
/// WebM keeps the alpha (decoded by libvpx), the contain bars of a picture stay transparent,
/// and formats without alpha are refused with the reason before anything renders.
@Suite("Edits: a transparent background (headless GL + ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct TransparentEditTests {
    /// A square picture (opaque orange) contained in a 64x32 frame: bars 16 wide on both sides.
    static func spec(in dir: URL, background: String?) throws -> URL {
        _ = try VideoReader.run("ffmpeg", [
            "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "color=c=0xF08010:s=32x32", "-frames:v", "1",
            dir.appendingPathComponent("square.png").path,
        ])
        let spec = EditSpec(size: "64x32", fps: 10, resize: "contain", items: [.picture(path: "square.png", duration: 1)], background: background)
        let url = dir.appendingPathComponent("edit.json")
        try TimelineMedia.write(spec, to: url)
        return url
    }

    @Test func aTransparentEditKeepsItsBarsTransparentInWebM() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let tools = try FFmpegTools.locate()
        let plan = try EditPlan.load(specAt: try Self.spec(in: dir, background: "transparent").path, tools: tools)
        #expect(plan.background == .transparent)
        let out = dir.appendingPathComponent("edit.webm").path
        try withDevice { device in
            _ = try TimelineExporter(device: device, plan: plan, format: .webm, crf: 10, tools: tools).export(to: out)
        }
        #expect(TimelineMedia.tags(out)["alpha_mode"] == "1")
        let frame = [UInt8](try VideoReader.run("ffmpeg", [
            "-v", "error", "-nostdin", "-c:v", "libvpx-vp9", "-i", out, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgba", "pipe:1",
        ]))
        try #require(frame.count == 64 * 32 * 4)
        let bar = (16 * 64 + 4) * 4, middle = (16 * 64 + 32) * 4
        #expect(frame[bar + 3] <= 2, "the contain bar's alpha \(frame[bar + 3])")
        #expect(frame[middle + 3] >= 253, "the picture's alpha \(frame[middle + 3])")
        #expect(abs(Int(frame[middle]) - 0xF0) <= 4 && abs(Int(frame[middle + 1]) - 0x80) <= 4, "the picture's colour")
    }

    @Test func aTransparentEditRefusesFormatsWithoutAlpha() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let tools = try FFmpegTools.locate()
        let plan = try EditPlan.load(specAt: try Self.spec(in: dir, background: "transparent").path, tools: tools)
        for format in [VideoFormat.mp4, .mkv, .gif] {
            _ = try withDevice { device in
                #expect(throws: ExportError.self) { try TimelineExporter(device: device, plan: plan, format: format, tools: tools) }
            }
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("edit.mp4").path))
        // A background that is neither is named in the spec's error.
        #expect(throws: EditSpecError.self) { try EditPlan.load(specAt: try Self.spec(in: dir, background: "blue").path, tools: tools) }
    }
}

extension TimelineMedia {
    /// The first video stream's tags, as ffprobe reads them (keys lowercased).
    static func tags(_ path: String) -> [String: String] {
        let text = (try? VideoReader.run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream_tags",
                                                     "-of", "default=noprint_wrappers=1", path])).map { String(decoding: $0, as: UTF8.self) } ?? ""
        var tags: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { tags[parts[0].replacingOccurrences(of: "TAG:", with: "").lowercased()] = parts[1] }
        }
        return tags
    }
}
