import Foundation
import SegueColor
import SegueEffects
@testable import SegueExport
import SegueExportTestSupport
import SegueTesting
import Testing

/// What a clip's numbers mean, read from ffprobe (`MediaInfo`) and honoured by the decoder:
/// an untagged HD clip is BT.709, as players read it.
@Suite("Clips: colour and orientation from ffprobe (ffmpeg)", .tags(.ffmpeg), .requiresFFmpeg)
struct ClipColorTests {
    /// Decodes the first frame of `path` fitted to width x height.
    static func firstFrame(_ path: String, width: Int, height: Int, fit: ResizeMode = .stretch) throws -> (ClipDecoder, [UInt8]) {
        let decoder = try ClipDecoder(path: path, tools: FFmpegTools.locate(), width: width, height: height, framesPerSecond: 30,
                                      fit: fit, frameLimit: 1)
        var frame = [UInt8](repeating: 0, count: width * height * 4)
        let read = try frame.withUnsafeMutableBytes { try decoder.readFrame(into: $0) }
        #expect(read)
        decoder.close()
        return (decoder, frame)
    }

    /// One flat patch of (48, 160, 80), turned into BT.709 limited-range Y'CbCr by swscale and
    /// stored without any colour tag (x264 writes none unless told): ffprobe says "unknown".
    /// Read as BT.709 it comes back as itself (±1); read as BT.601 (swscale's default, what Segue
    /// did) it came back as (54, 174, 77).
    @Test func anUntaggedHDClipIsReadAsBT709() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let raw = dir.appendingPathComponent("patch.rgb"), clip = dir.appendingPathComponent("untagged.mp4").path
        try Data([UInt8]((0..<(1280 * 720)).flatMap { _ in [48, 160, 80] as [UInt8] })).write(to: raw)
        _ = try VideoReader.run("ffmpeg", [
            "-v", "error", "-nostdin", "-y", "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", "1280x720", "-r", "30", "-i", raw.path,
            "-vf", "scale=out_color_matrix=bt709:out_range=tv:flags=accurate_rnd", "-pix_fmt", "yuv420p",
            "-c:v", "libx264", "-qp", "0", clip,
        ])
        let (decoder, _) = try Self.firstFrame(clip, width: 160, height: 90)
        #expect(decoder.info.color == .bt709Video, "\(decoder.info.color)")
        #expect(decoder.info.width == 1280 && decoder.info.height == 720 && decoder.info.rotation == 0)
        // Through the edit, as a user renders it: planes converted on the GPU with the matrix read.
        let frame = try ClipPlaneInputTests.firstFrame(of: "untagged.mp4", in: dir).pixels
        let centre = (45 * 160 + 80) * 4
        let got = (Int(frame[centre]), Int(frame[centre + 1]), Int(frame[centre + 2]))
        #expect(abs(got.0 - 48) <= 1 && abs(got.1 - 160) <= 1 && abs(got.2 - 80) <= 1, "decoded \(got)")
    }

    /// A phone's portrait clip: the pixels stored landscape (left red, right blue), the display
    /// matrix turning them a quarter counter-clockwise (ffprobe's `rotation` 90). Decoded upright:
    /// portrait, red at the bottom.
    @Test func aDisplayMatrixRotationIsDecodedUpright() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let stored = dir.appendingPathComponent("stored.mp4").path, clip = dir.appendingPathComponent("portrait.mp4").path
        _ = try VideoReader.run("ffmpeg", [
            "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "color=red:s=160x96:r=30:d=1,drawbox=x=80:y=0:w=80:h=96:color=blue:t=fill",
            "-c:v", "libx264", "-pix_fmt", "yuv420p", stored,
        ])
        // Copied with the rotation only in the container's display matrix (the pixels untouched).
        _ = try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-i", stored, "-c", "copy", "-metadata:s:v:0", "rotate=90", clip])
        let (decoder, _) = try Self.firstFrame(clip, width: 48, height: 80)
        #expect(decoder.info.rotation == 90 && decoder.info.displayedSize == (96, 160), "\(decoder.info)")
        let frame = try ClipPlaneInputTests.firstFrame(of: "portrait.mp4", in: dir, width: 48, height: 80).pixels
        func pixel(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            let i = (y * 48 + x) * 4
            return (Int(frame[i]), Int(frame[i + 1]), Int(frame[i + 2]))
        }
        let top = pixel(24, 10), bottom = pixel(24, 70)
        #expect(top.2 > 200 && top.0 < 40, "top \(top) should be blue")
        #expect(bottom.0 > 200 && bottom.2 < 40, "bottom \(bottom) should be red")
    }

    @Test func mediaInfoReadsFfprobesStream() throws {
        let json = """
        {"streams": [{"codec_type": "video", "codec_name": "hevc", "profile": "Main 10", "width": 3840, "height": 2160,
          "sample_aspect_ratio": "1:1", "pix_fmt": "yuv420p10le", "color_range": "tv", "color_space": "bt2020nc",
          "color_transfer": "arib-std-b67", "color_primaries": "bt2020", "r_frame_rate": "30/1", "avg_frame_rate": "2997/100",
          "side_data_list": [{"side_data_type": "Display Matrix", "rotation": -90}]}]}
        """
        let info = try #require(MediaInfo(ffprobeJSON: Data(json.utf8)))
        #expect(info.color == ColorDescription(primaries: .bt2020, transfer: .hlg, matrix: .bt2020NonConstant, range: .limited, bitDepth: 10))
        #expect(info.rotation == 270 && info.displayedSize == (2160, 3840))
        #expect(!info.variableFrameRate && abs((info.framesPerSecond ?? 0) - 29.97) < 1e-9)
        let vfr = json.replacingOccurrences(of: "\"2997/100\"", with: "\"24/1\"")
        #expect(MediaInfo(ffprobeJSON: Data(vfr.utf8))?.variableFrameRate == true)
        let alpha = #"{"streams": [{"codec_name": "vp9", "width": 64, "height": 48, "pix_fmt": "yuv420p", "tags": {"alpha_mode": "1"}}]}"#
        #expect(MediaInfo(ffprobeJSON: Data(alpha.utf8))?.color.alpha == .straight)
        #expect(MediaInfo(ffprobeJSON: Data(#"{"streams": []}"#.utf8)) == nil)
    }
}
