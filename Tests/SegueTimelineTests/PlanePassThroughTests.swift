import Foundation
import SegueExport
import SegueExportTestSupport
import SegueTesting
import SegueTimeline
import Testing

/// Untouched frames of a clip whose planes are already what the output takes (8-bit 4:2:0,
/// BT.709, limited range, SDR) go to the encoder as decoded: losslessly encoded, they decode to
/// the source's own planes, byte for byte. A BT.601 clip's frames are converted (its matrix is
/// not the output's), so the same comparison differs: the check can fail.
@Suite("Timeline: decoded planes straight to the encoder (headless GL + ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct PlanePassThroughTests {
    /// A lossless H.264 clip of a moving test pattern, tagged with `matrix` (limited range).
    static func clip(at path: String, matrix: String) throws {
        _ = try VideoReader.run("ffmpeg", [
            "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc2=s=160x90:r=30:d=1",
            "-pix_fmt", "yuv420p", "-colorspace", matrix, "-color_primaries", matrix == "bt709" ? "bt709" : "bt470bg",
            "-color_trc", matrix == "bt709" ? "bt709" : "smpte170m", "-color_range", "tv", "-c:v", "libx264", "-qp", "0", path,
        ])
    }

    static func planes(_ path: String) throws -> Data {
        try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-i", path, "-f", "rawvideo", "-pix_fmt", "yuv420p", "pipe:1"])
    }

    /// The clip alone, exported losslessly with every frame rendered (no packet copies).
    static func export(_ clip: String, in dir: URL) throws -> Data {
        let spec = EditSpec(size: "160x90", fps: 30, items: [.clip(path: clip, from: nil, to: nil)], transitions: [])
        let url = dir.appendingPathComponent("edit.json")
        try TimelineMedia.write(spec, to: url)
        let tools = try FFmpegTools.locate()
        let plan = try EditPlan.load(specAt: url.path, tools: tools)
        let out = dir.appendingPathComponent("out.mp4").path
        try withDevice { device in
            let exporter = try TimelineExporter(device: device, plan: plan, format: .mp4, crf: 0, tools: tools)
            exporter.smartRendering = false
            _ = try exporter.export(to: out)
        }
        return try planes(out)
    }

    @Test func aBT709ClipsUntouchedFramesReachTheEncoderAsDecoded() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = dir.appendingPathComponent("a.mp4").path
        try Self.clip(at: clip, matrix: "bt709")
        let source = try Self.planes(clip)
        let exported = try Self.export(clip, in: dir)
        #expect(source.count == 30 * 160 * 90 * 3 / 2)
        // Compared as a count: an #expect on two large Data values would diff them byte by byte.
        let differing = zip(exported, source).filter { $0 != $1 }.count
        #expect(exported.count == source.count && differing == 0, "\(differing) bytes differ from the clip's own planes")
    }

    @Test func aBT601ClipIsConvertedToTheOutputsMatrix() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = dir.appendingPathComponent("a.mp4").path
        try Self.clip(at: clip, matrix: "smpte170m")
        let source = try Self.planes(clip)
        let exported = try Self.export(clip, in: dir)
        #expect(exported.count == source.count)
        let differing = zip(exported, source).filter { $0 != $1 }.count
        #expect(differing > 0)
    }
}
