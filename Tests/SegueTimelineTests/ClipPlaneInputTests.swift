import Foundation
import SegueColor
import SegueExport
import SegueExportTestSupport
import SegueImage
import SegueTesting
import SegueTimeline
import Testing

/// Clips decoded in their own Y'CbCr and converted on the GPU (`YCbCrInputStage`), against
/// ffmpeg's own conversion of the same files: swscale for SDR, and for HDR the chain
/// `zscale=t=linear:npl=100,zscale=p=bt709,tonemap=<operator>:desat=0,zscale=t=bt709`.
@Suite("Clips: Y'CbCr planes to RGB on the GPU (headless GL + ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct ClipPlaneInputTests {
    /// The first frame of a one-clip edit of `width` x `height` (the clip's own size by default).
    static func firstFrame(
        of clip: String, in dir: URL, width: Int = ClipColorFixtures.size.width, height: Int = ClipColorFixtures.size.height,
        toneMap: ToneMapOperator? = nil
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

    /// Largest and mean difference over the RGB channels.
    static func difference(_ image: RGBAImage, _ reference: [UInt8]) -> (max: Int, mean: Double, at: (Int, Int)) {
        var (largest, total, at) = (0, 0, (0, 0))
        for i in 0..<(reference.count / 3) {
            for c in 0..<3 {
                let d = abs(Int(image.pixels[4 * i + c]) - Int(reference[3 * i + c]))
                if d > largest { (largest, at) = (d, (i % ClipColorFixtures.size.width, i / ClipColorFixtures.size.width)) }
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
        try ClipColorFixtures.makeSDRClip(at: clip)
        let ours = try Self.firstFrame(of: "sdr.mp4", in: dir)
        let reference = try ClipColorFixtures.reference(clip, filters: "scale=in_color_matrix=bt709:in_range=tv:in_h_chr_pos=0:in_v_chr_pos=128:flags=bilinear+accurate_rnd+full_chroma_int,format=gbrpf32le")
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
        try ClipColorFixtures.makeHDRClip(at: clip, transfer: transfer)
        let ours = try Self.firstFrame(of: "hdr.mp4", in: dir, toneMap: toneMap)
        let reference = try ClipColorFixtures.reference(clip, filters: "zscale=t=linear:npl=100,format=gbrpf32le,zscale=p=bt709,"
            + "tonemap=\((toneMap ?? .hable).rawValue):desat=0,zscale=t=bt709,format=gbrpf32le")
        let d = Self.difference(ours, reference)
        #expect(d.max <= 3 && d.mean < 1, "\(transfer) \(String(describing: toneMap)): largest \(d.max) at \(d.at), mean \(d.mean)")
    }

    @Test func anUnknownToneMapIsASpecError() throws {
        let json = #"{"size": "64x36", "items": [{"picture": "a.png", "duration": 1}], "tonemap": "aces"}"#
        let url = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(json.utf8).write(to: url.appendingPathComponent("edit.json"))
        #expect(throws: EditSpecError.self) { try EditPlan.load(specAt: url.appendingPathComponent("edit.json").path, tools: FFmpegTools.locate()) }
    }
}
