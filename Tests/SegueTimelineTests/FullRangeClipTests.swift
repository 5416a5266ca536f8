import Foundation
import SegueColor
import SegueEffects
import SegueExport
import SegueExportTestSupport
import SegueTesting
import SegueTimeline
import Testing

/// A full-range clip (`yuvj420p` from H.264, or `yuv420p` tagged `color_range=pc` from FFV1) is
/// converted once, from its own range: its black bar comes out black (0) and its white bar white
/// (255), as in ffmpeg's own decode of it, through `segue edit` (each fit: its scalers and pad
/// are where swscale squeezed the range) and `segue render`'s clips. The same picture stored in
/// limited range comes out the same. Each output's first frame, encoded losslessly (CRF 0) and
/// read back by ffmpeg's accurate conversion, against ffmpeg's accurate RGB decode of the source.
@Suite("Clips: full and limited range converted once (headless GL + ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct FullRangeClipTests {
    static let size = ClipColorFixtures.size
    static func accurate(_ range: ColorRange) -> String {
        "scale=in_color_matrix=bt709:in_range=\(range.ffmpegName):in_h_chr_pos=0:in_v_chr_pos=128"
            + ":flags=bilinear+accurate_rnd+full_chroma_int,format=gbrpf32le"
    }

    enum Source: String, CaseIterable, CustomTestStringConvertible {
        case fullH264 = "full.mp4", fullFFV1 = "full.mkv", limitedH264 = "limited.mp4"
        var range: ColorRange { self == .limitedH264 ? .limited : .full }
        var testDescription: String { rawValue }
        func make(in dir: URL) throws -> String {
            let path = dir.appendingPathComponent(rawValue).path
            try ClipColorFixtures.makeBarredClip(at: path, range: range, ffv1: self == .fullFFV1)
            return path
        }
    }

    /// How far `ours` (RGB) is from `reference`: the mean over every sample, and the darkest
    /// sample of the white bar and the brightest of the black bar (columns 2...9, well inside the
    /// bars' chroma edges).
    static func measure(_ ours: [UInt8], against reference: [UInt8]) -> (mean: Double, black: Int, white: Int) {
        let total = zip(ours, reference).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        var (black, white) = (0, 255)
        for y in 0..<size.height {
            for x in 2..<10 {
                for c in 0..<3 {
                    black = max(black, Int(ours[(y * size.width + x) * 3 + c]))
                    white = min(white, Int(ours[(y * size.width + size.width - 1 - x) * 3 + c]))
                }
            }
        }
        return (Double(total) / Double(max(reference.count, 1)), black, white)
    }

    static func check(_ ours: [UInt8], source: String, range: ColorRange, _ what: String) throws {
        let reference = try ClipColorFixtures.reference(source, filters: accurate(range))
        let d = measure(ours, against: reference)
        // Measured: mean 0.60 to 0.66 (the 4:2:0 round trip at the gradient's hue turns; 0 where a
        // limited clip's planes pass through), black bar 0, white bar 254 and up. Before the fix
        // a full-range clip came out squeezed (H.264's in every fit, FFV1's contained): mean 13.8,
        // its black bar up to 26, its white bar down to 233.
        #expect(d.mean < 1 && d.black <= 1 && d.white >= 254, "\(what): mean \(d.mean), black bar up to \(d.black), white bar down to \(d.white)")
    }

    @Test(arguments: Source.allCases, ["cover", "contain", "contain-blur"])
    func anEditShowsTheClipsOwnRange(source: Source, resize: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = try source.make(in: dir)
        let spec = EditSpec(size: "\(Self.size.width)x\(Self.size.height)", fps: 30, resize: resize,
                            items: [.clip(path: clip, from: nil, to: nil)], transitions: [])
        let url = dir.appendingPathComponent("edit.json"), out = dir.appendingPathComponent("edit.mp4").path
        try TimelineMedia.write(spec, to: url)
        let tools = try FFmpegTools.locate()
        let plan = try EditPlan.load(specAt: url.path, tools: tools)
        try withDevice { device in
            let exporter = try TimelineExporter(device: device, plan: plan, format: .mp4, crf: 0, tools: tools)
            exporter.smartRendering = false
            _ = try exporter.export(to: out, frames: 0..<3)
        }
        try Self.check(try ClipColorFixtures.reference(out, filters: Self.accurate(.limited)), source: clip, range: source.range,
                       "edit of \(source.rawValue), resize \(resize)")
    }

    @Test(arguments: Source.allCases)
    func aRenderOfClipsShowsTheClipsOwnRange(source: Source) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = try source.make(in: dir)
        let out = dir.appendingPathComponent("render.mp4").path
        let fade = try NamedTransition.named("fade")
        _ = try withDevice { device in
            try TransitionExporter(device: device, settings: ExportSettings(format: .mp4, width: Self.size.width, height: Self.size.height, crf: 0))
                .export(.clips(from: clip, to: clip, offsetSeconds: 0.5, transitionFrames: 5), to: out) { device, from, to in
                    try fade.makeEffect(device: device, from: from, to: to)
                }
        }
        try Self.check(try ClipColorFixtures.reference(out, filters: Self.accurate(.limited)), source: clip, range: source.range,
                       "render of \(source.rawValue)")
    }

    /// A `yuvj` stream that leaves `color_range` unknown (an old camera's MJPEG) is full range.
    @Test func aYUVJClipWithoutARangeTagIsFullRange() throws {
        let json = #"{"streams": [{"codec_type": "video", "codec_name": "mjpeg", "width": 640, "height": 480, "pix_fmt": "yuvj422p", "color_range": "unknown"}]}"#
        let info = try #require(MediaInfo(ffprobeJSON: Data(json.utf8)))
        #expect(info.color.range == .full)
        let tagged = #"{"streams": [{"codec_type": "video", "width": 640, "height": 480, "pix_fmt": "yuv420p"}]}"#
        #expect(try #require(MediaInfo(ffprobeJSON: Data(tagged.utf8))).color.range == .limited)
    }
}
