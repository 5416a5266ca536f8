import Foundation
import SegueColor
import SegueExport
import SegueImage
import SegueTesting
import SegueTimeline
import Testing

/// Clips decoded in their own Y'CbCr and converted on the GPU (`YCbCrInputStage`), against
/// ffmpeg's own conversion of the same files: swscale for SDR, and for HDR the chain
/// `zscale=t=linear:npl=100,zscale=p=bt709,tonemap=<operator>:desat=0,zscale=t=bt709`.
@Suite("Clips: Y'CbCr planes to RGB on the GPU (headless GL + ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct ClipPlaneInputTests {
    static let size = (width: 160, height: 90)
    static let gradient = "gradients=s=160x90:r=30:d=1:speed=0.05:seed=7:c0=white:c1=red:c2=0x3060ff:c3=0xffcc88:c4=black:nb_colors=5"

    /// The first frame of a one-clip edit of `width` x `height` (the clip's own size by default).
    static func firstFrame(
        of clip: String, in dir: URL, width: Int = size.width, height: Int = size.height, toneMap: ToneMapOperator? = nil
    ) throws -> RGBAImage {
        let spec = EditSpec(size: "\(width)x\(height)", fps: 30, items: [.clip(path: clip, from: nil, to: nil)], transitions: [],
                            tonemap: toneMap?.rawValue)
        let url = dir.appendingPathComponent("edit.json")
        try TimelineMedia.write(spec, to: url)
        let tools = try FFmpegTools.locate()
        let plan = try EditPlan.load(specAt: url.path, tools: tools)
        var frame: RGBAImage?
        try withDevice { device in
            try TimelineExporter(device: device, plan: plan, format: .mp4, tools: tools).renderFrames(range: 0..<1) { _, image in frame = image }
        }
        return try #require(frame)
    }

    /// ffmpeg's first frame of `path` through `filters` ending in `gbrpf32le`, as 8-bit RGB.
    static func reference(_ path: String, filters: String) throws -> [UInt8] {
        let data = try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-i", path, "-vf", filters, "-frames:v", "1",
                                                  "-f", "rawvideo", "pipe:1"])
        let floats = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        let n = size.width * size.height
        // gbrp: planes G, B, R.
        func level(_ value: Float) -> UInt8 { UInt8((min(max(value, 0), 1) * 255).rounded()) }
        var rgb: [UInt8] = []
        for i in 0..<n { rgb += [level(floats[2 * n + i]), level(floats[i]), level(floats[n + i])] }
        return rgb
    }

    /// Largest and mean difference over the RGB channels.
    static func difference(_ image: RGBAImage, _ reference: [UInt8]) -> (max: Int, mean: Double, at: (Int, Int)) {
        var (largest, total, at) = (0, 0, (0, 0))
        for i in 0..<(reference.count / 3) {
            for c in 0..<3 {
                let d = abs(Int(image.pixels[4 * i + c]) - Int(reference[3 * i + c]))
                if d > largest { (largest, at) = (d, (i % size.width, i / size.width)) }
                total += d
            }
        }
        return (largest, Double(total) / Double(reference.count), at)
    }

    /// An 8-bit BT.709 clip against swscale's float conversion of the same planes (bilinear
    /// chroma sited as H.264 sites it by default, left and between the rows, which swscale must
    /// be told; exact rounding): within 2 levels everywhere (1 measured), under 1 on average.
    @Test func anSDRClipMatchesSwscale() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = dir.appendingPathComponent("sdr.mp4").path
        _ = try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", Self.gradient,
                                           "-vf", "scale=out_color_matrix=bt709:out_range=tv", "-pix_fmt", "yuv420p",
                                           "-c:v", "libx264", "-qp", "0", "-colorspace", "bt709", "-color_primaries", "bt709",
                                           "-color_trc", "bt709", "-color_range", "tv", clip])
        let ours = try Self.firstFrame(of: "sdr.mp4", in: dir)
        let reference = try Self.reference(clip, filters: "scale=in_color_matrix=bt709:in_range=tv:in_h_chr_pos=0:in_v_chr_pos=128:flags=bilinear+accurate_rnd+full_chroma_int,format=gbrpf32le")
        let d = Self.difference(ours, reference)
        #expect(d.max <= 2 && d.mean < 1, "largest \(d.max) at \(d.at), mean \(d.mean)")
    }

    /// HLG and PQ clips (BT.2020, 10-bit, made by zscale from a gradient whose white is 800 nits,
    /// so the tone curve is used well above SDR white), tone-mapped to BT.709 with the default
    /// (`hable`) and with the operator the spec's `tonemap` names: within 3 levels, under 1 on average.
    @Test(arguments: [
        (TransferCharacteristic.hlg, ToneMapOperator?.none), (.pq, nil), (.hlg, .mobius), (.pq, .reinhard), (.pq, .clip),
    ])
    func anHDRClipMatchesZscaleAndTonemap(transfer: TransferCharacteristic, toneMap: ToneMapOperator?) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = dir.appendingPathComponent("hdr.mp4").path
        try Self.makeHDRClip(at: clip, transfer: transfer)
        let ours = try Self.firstFrame(of: "hdr.mp4", in: dir, toneMap: toneMap)
        let reference = try Self.reference(clip, filters: "zscale=t=linear:npl=100,format=gbrpf32le,zscale=p=bt709,"
            + "tonemap=\((toneMap ?? .hable).rawValue):desat=0,zscale=t=bt709,format=gbrpf32le")
        let d = Self.difference(ours, reference)
        #expect(d.max <= 3 && d.mean < 1, "\(transfer) \(String(describing: toneMap)): largest \(d.max) at \(d.at), mean \(d.mean)")
    }

    /// A 10-bit BT.2020 clip with `transfer` (HLG or PQ), lossless HEVC: the gradient's SDR
    /// white lifted to 800 nits by zscale, tagged as phones tag theirs.
    static func makeHDRClip(at path: String, transfer: TransferCharacteristic) throws {
        let t = transfer.ffmpegName
        _ = try VideoReader.run("ffmpeg", [
            "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", gradient, "-vf",
            "format=gbrpf32le,zscale=tin=iec61966-2-1:pin=bt709:min=gbr:rin=pc:t=linear:p=bt709:npl=100,"
                + "zscale=tin=linear:pin=bt709:t=\(t):p=bt2020:npl=800,zscale=m=bt2020nc:r=tv,format=yuv420p10le",
            "-c:v", "libx265", "-x265-params", "lossless=1:log-level=error",
            "-color_primaries", "bt2020", "-color_trc", t, "-colorspace", "bt2020nc", "-color_range", "tv", path,
        ])
    }

    @Test func anUnknownToneMapIsASpecError() throws {
        let json = #"{"size": "64x36", "items": [{"picture": "a.png", "duration": 1}], "tonemap": "aces"}"#
        let url = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(json.utf8).write(to: url.appendingPathComponent("edit.json"))
        #expect(throws: EditSpecError.self) { try EditPlan.load(specAt: url.appendingPathComponent("edit.json").path, tools: FFmpegTools.locate()) }
    }
}
