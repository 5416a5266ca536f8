import Foundation
import SegueColor
import SegueEffects
import SegueExport
import SegueExportTestSupport
import SegueImage
import SegueTesting
import Testing

/// `bitDepth: 10`: HEVC Main 10 in MP4 and VP9 profile 2 in WebM from the output stage's
/// 16-bit planes, as ffprobe reads them, and more levels than 8 bits hold.
@Suite("Output stage: 10-bit video (headless GL + ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct TenBitOutputTests {
    static func probe(_ path: String) throws -> [String: String] {
        let text = String(decoding: try VideoReader.run("ffprobe", [
            "-v", "error", "-select_streams", "v:0",
            "-show_entries", "stream=codec_name,profile,pix_fmt,color_space,color_primaries,color_transfer,color_range",
            "-of", "default=noprint_wrappers=1", path,
        ]), as: UTF8.self)
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        return fields
    }

    /// A fade from black to white over 400 frames, exported at `bitDepth` and decoded as stored:
    /// the distinct luma codes over all its frames. CRF 10: at the default, VP9 repeats nearly
    /// equal flat frames, which is the encoder's choice, not the pipeline's.
    static func lumaLevels(format: VideoFormat, bitDepth: Int, in dir: URL) throws -> (levels: Int, probe: [String: String]) {
        let (width, height, frames) = (32, 16, 400)
        let out = dir.appendingPathComponent("fade\(bitDepth).\(format.rawValue)").path
        let black = try RGBAImage(width: width, height: height, fill: [0, 0, 0, 255])
        let white = try RGBAImage(width: width, height: height, fill: [255, 255, 255, 255])
        let fade = try NamedTransition.named("fade")
        _ = try withDevice { device in
            try TransitionExporter(
                device: device,
                settings: ExportSettings(format: format, width: width, height: height, crf: 10, dither: .none, bitDepth: bitDepth)
            ).export(.pictures(from: black, to: white, frames: frames), to: out) { device, from, to in
                try fade.makeEffect(device: device, from: from, to: to)
            }
        }
        let pixelFormat = bitDepth == 10 ? "yuv420p10le" : "yuv420p"
        let data = Array(try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-i", out, "-f", "rawvideo", "-pix_fmt", pixelFormat, "pipe:1"]))
        let sampleBytes = bitDepth == 10 ? 2 : 1, frameBytes = width * height * 3 / 2 * sampleBytes
        var levels = Set<Int>()
        for frame in stride(from: 0, to: data.count, by: frameBytes) {
            let centre = frame + (height / 2 * width + width / 2) * sampleBytes
            levels.insert(sampleBytes == 2 ? Int(data[centre]) | Int(data[centre + 1]) << 8 : Int(data[centre]))
        }
        return (levels.count, try probe(out))
    }

    @Test(arguments: [VideoFormat.mp4, .webm])
    func tenBitVideoProbesAsTenBitAndHoldsMoreThan256Levels(format: VideoFormat) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (levels, probe) = try Self.lumaLevels(format: format, bitDepth: 10, in: dir)
        #expect(probe["pix_fmt"] == "yuv420p10le")
        #expect(probe["codec_name"] == (format == .mp4 ? "hevc" : "vp9"))
        #expect(probe["profile"] == (format == .mp4 ? "Main 10" : "Profile 2"))
        #expect(probe["color_space"] == "bt709" && probe["color_primaries"] == "bt709" && probe["color_transfer"] == "bt709")
        #expect(probe["color_range"] == "tv")
        #expect(levels > 256, "\(levels) luma levels over the fade")
        // The same fade at 8 bits has at most limited range's 220 levels.
        let eight = try Self.lumaLevels(format: format, bitDepth: 8, in: dir)
        #expect(eight.probe["pix_fmt"] == "yuv420p" && eight.levels <= 220, "\(eight.levels) levels at 8 bits")
    }

    @Test func tenBitsAreRefusedWhereNoProfileHasThem() {
        #expect(throws: ExportError.bitDepthUnsupported(10, format: .gif)) {
            try ExportSettings(format: .gif, width: 64, height: 64, bitDepth: 10).validate()
        }
        #expect(throws: ExportError.bitDepthUnsupported(12, format: .mp4)) {
            try ExportSettings(format: .mp4, width: 64, height: 64, bitDepth: 12).validate()
        }
        #expect(throws: ExportError.bitDepthUnsupported(10, format: .mp4)) {
            try ExportSettings(format: .mp4, width: 64, height: 64, conversion: .swscale, bitDepth: 10).validate()
        }
    }
}
