import Foundation
import SegueColor
import SegueExport
import SegueExportTestSupport
import SegueImage
import SegueTesting
import SegueTimeline
import Testing

/// An HLG clip's reference white in an edit, on the GPU, against the formulas (BT.2100's HLG
/// inverse OETF and OOTF at 1000 nits; BT.2408's 203 cd/m² as SDR white, or ffmpeg's 100 with the
/// peak at white; Hable's curve; BT.1886): cut beside SDR material it is SDR white (255), alone it
/// is where ffmpeg puts it (193). The clip is four grey bars of exact 10-bit HLG codes (FFV1).
@Suite("Edit: HLG reference white (headless GL + ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct HLGReferenceWhiteEditTests {
    /// 18 % grey card (38 % HLG), 50 %, reference white (75 %), 90 %: limited-range 10-bit luma.
    static let codes = [397, 502, 721, 852]
    static let (width, height) = (64, 36)

    /// The bars as a lossless BT.2020 HLG clip (`-color_trc arib-std-b67`, as phones tag theirs).
    static func makeBars(at path: String, in dir: URL) throws {
        var frame = Data()
        func sample(_ value: Int) { frame.append(UInt8(value & 0xff)); frame.append(UInt8(value >> 8)) }
        for _ in 0..<height { for x in 0..<width { sample(codes[x / (width / codes.count)]) } }
        for _ in 0..<(2 * (width / 2) * (height / 2)) { sample(512) }
        let raw = dir.appendingPathComponent("bars.yuv")
        try Data((0..<3).flatMap { _ in frame }).write(to: raw)
        _ = try VideoReader.run("ffmpeg", [
            "-v", "error", "-nostdin", "-y", "-f", "rawvideo", "-pix_fmt", "yuv420p10le", "-s", "\(width)x\(height)", "-r", "30",
            "-i", raw.path, "-c:v", "ffv1", "-color_primaries", "bt2020", "-color_trc", "arib-std-b67", "-colorspace", "bt2020nc",
            "-color_range", "tv", path])
    }

    /// The 8-bit SDR level of HLG code `code` by the formulas: display light in cd/m², over the
    /// SDR white of the mapping, Hable's curve scaled as the mapping scales it, BT.1886's 2.4 power.
    static func expected(_ code: Int, _ mapping: HLGReferenceWhite) -> Double {
        let (a, b, c) = (0.17883277, 0.28466892, 0.55991073)
        let signal = Double(code - 64) / 876
        let scene = signal <= 0.5 ? signal * signal / 3 : (exp((signal - c) / a) + b) / 12
        let nits = 1000 * pow(scene, 1.2)
        func hable(_ x: Double) -> Double { (x * (x * 0.15 + 0.05) + 0.004) / (x * (x * 0.15 + 0.5) + 0.06) - 0.02 / 0.3 }
        let mapped = switch mapping {
        case .bt2408: min(1, hable(nits / 203) / hable(1))   // reference white is white
        case .ffmpeg: hable(nits / 100) / hable(10)          // the 1000-nit peak is white
        }
        return 255 * pow(mapped, 1 / 2.4)
    }

    /// The plan and its frame `index` of `json` (the bars clip and a picture in `dir`).
    static func render(_ json: String, frame index: Int, in dir: URL) throws -> (EditPlan, RGBAImage) {
        try Data(json.utf8).write(to: dir.appendingPathComponent("edit.json"))
        let tools = try FFmpegTools.locate()
        let plan = try EditPlan.load(specAt: dir.appendingPathComponent("edit.json").path, tools: tools)
        var frame: RGBAImage?
        try withDevice { device in
            try TimelineExporter(device: device, plan: plan, format: .mp4, tools: tools).renderFrames(range: index..<(index + 1)) { frame = $1 }
        }
        return (plan, try #require(frame))
    }

    /// Each bar's middle pixel against the formulas.
    static func check(_ frame: RGBAImage, _ mapping: HLGReferenceWhite, _ label: String) -> [String] {
        codes.enumerated().map { k, code in
            let x = k * (width / codes.count) + width / codes.count / 2
            let want = expected(code, mapping)
            let got = (0..<3).map { Int(frame.pixels[((height / 2) * width + x) * 4 + $0]) }
            #expect(got.allSatisfy { abs(Double($0) - want) <= 1 }, "\(label): HLG code \(code) is \(got), the formula says \(want)")
            return "\(code)→\(got[0]) (\(String(format: "%.1f", want)))"
        }
    }

    /// Cut after a picture: BT.2408 by default, reference white at 255; the spec's
    /// `"hlgReferenceWhite": "ffmpeg"` gives ffmpeg's levels back (reference white at 193).
    @Test func besideSDRReferenceWhiteIsSDRWhite() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.makeBars(at: dir.appendingPathComponent("hlg.mkv").path, in: dir)
        try PNGCodec.write(try SampleImages.from(width: Self.width, height: Self.height), to: dir.appendingPathComponent("p.png").path)
        let items = #"[{"picture": "p.png", "duration": 0.1}, {"clip": "hlg.mkv"}]"#
        let (plan, frame) = try Self.render(#"{"size": "64x36", "fps": 30, "items": \#(items)}"#, frame: 3, in: dir)
        #expect(plan.hlgReferenceWhite == .bt2408)
        let figures = Self.check(frame, .bt2408, "beside a picture")
        let (chosen, ffmpegFrame) = try Self.render(
            #"{"size": "64x36", "fps": 30, "items": \#(items), "hlgReferenceWhite": "ffmpeg"}"#, frame: 3, in: dir)
        #expect(chosen.hlgReferenceWhite == .ffmpeg)
        let ffmpegFigures = Self.check(ffmpegFrame, .ffmpeg, "told ffmpeg")
        print("HLG reference white: bt2408 " + figures.joined(separator: ", ") + "; ffmpeg " + ffmpegFigures.joined(separator: ", "))
    }

    /// Alone, the clip keeps ffmpeg's mapping (the one `ClipPlaneInputTests` checks against zscale
    /// and tonemap); the spec can ask for BT.2408's; a misspelt value names its key.
    @Test func aloneItIsFFmpegsUnlessTold() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.makeBars(at: dir.appendingPathComponent("hlg.mkv").path, in: dir)
        let (plan, frame) = try Self.render(#"{"size": "64x36", "items": [{"clip": "hlg.mkv"}]}"#, frame: 0, in: dir)
        #expect(plan.hlgReferenceWhite == .ffmpeg)
        _ = Self.check(frame, .ffmpeg, "alone")
        let (told, toldFrame) = try Self.render(#"{"size": "64x36", "items": [{"clip": "hlg.mkv"}], "hlgReferenceWhite": "bt2408"}"#, frame: 0, in: dir)
        #expect(told.hlgReferenceWhite == .bt2408)
        _ = Self.check(toldFrame, .bt2408, "alone, told bt2408")
        do {
            _ = try Self.render(#"{"size": "64x36", "items": [{"clip": "hlg.mkv"}], "hlgReferenceWhite": "bt2100"}"#, frame: 0, in: dir)
            Issue.record("bt2100 was accepted")
        } catch let error as EditSpecError {
            #expect(error.place == "hlgReferenceWhite", "\(error)")
        }
    }
}
