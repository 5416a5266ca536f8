import Foundation
import SegueEffects
import SegueExport
import SegueExportTestSupport
import SegueImage
import SegueTesting
import Testing

/// `.mov` and `.mkv`: H.264 by default, HEVC Main 10 at 10 bits, as ffprobe reads them, and
/// the frames the same as the MP4's (the same encoder settings in another container).
@Suite("Outputs: MOV and MKV (headless GL + ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct ContainerOutputTests {
    static func export(_ format: VideoFormat, bitDepth: Int = 8, in dir: URL) throws -> String {
        let (width, height) = (64, 36)
        let out = dir.appendingPathComponent("fade\(bitDepth).\(format.rawValue)").path
        let red = try RGBAImage(width: width, height: height, fill: [255, 0, 0, 255])
        let blue = try RGBAImage(width: width, height: height, fill: [0, 0, 255, 255])
        let fade = try NamedTransition.named("fade")
        _ = try withDevice { device in
            try TransitionExporter(
                device: device, settings: ExportSettings(format: format, width: width, height: height, bitDepth: bitDepth)
            ).export(.pictures(from: red, to: blue, frames: 8), to: out) { device, from, to in
                try fade.makeEffect(device: device, from: from, to: to)
            }
        }
        return out
    }

    static func probe(_ path: String) throws -> String {
        String(decoding: try VideoReader.run("ffprobe", [
            "-v", "error", "-select_streams", "v:0", "-show_entries", "format=format_name:stream=codec_name,pix_fmt,nb_read_frames",
            "-count_frames", "-of", "default=noprint_wrappers=1:nokey=1", path,
        ]), as: UTF8.self).split(separator: "\n").joined(separator: ",")
    }

    @Test(arguments: [VideoFormat.mov, .mkv])
    func h264ByDefaultAndTheSameFramesAsMP4(format: VideoFormat) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = try Self.export(format, in: dir)
        let container = format == .mov ? "mov,mp4,m4a,3gp,3g2,mj2" : "matroska,webm"
        #expect(try Self.probe(out) == "h264,yuv420p,8,\(container)")
        let mp4 = try Self.export(.mp4, in: dir)
        let decode = { (path: String) in try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-i", path, "-f", "rawvideo", "pipe:1"]) }
        #expect(try decode(out) == decode(mp4), "the same stream in another container")
    }

    @Test(arguments: [VideoFormat.mov, .mkv])
    func tenBitsAreHEVCMain10(format: VideoFormat) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = try Self.export(format, bitDepth: 10, in: dir)
        #expect(try Self.probe(out).hasPrefix("hevc,yuv420p10le,8,"))
    }
}
