import Foundation
import SegueColor
import SegueEffects
import SegueExport
import SegueExportTestSupport
import SegueTesting
import Testing

/// `segue render --from a.mp4 --to b.mp4` (`TransitionExporter` with `.clips`) decodes its clips as
/// an edit does: in their own Y'CbCr, converted on the GPU with their matrix and range, HDR
/// tone-mapped. Its first frame (the head of clip a, untouched by the transition) against
/// ffmpeg's accurate conversion of the clip's first frame, after one lossless round trip through
/// the output stage (8-bit Y'CbCr, dithered): under 1 level on average (SDR), 1.5 (HLG,
/// tone-mapped); the HLG clip is where the old fast RGBA decode fails by far.
@Suite("TransitionExporter: clips through the Y'CbCr input stage (headless GL + ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct RenderClipColorTests {
    static let size = ClipColorFixtures.size
    static let accurate709 = "scale=in_color_matrix=bt709:in_range=tv:in_h_chr_pos=0:in_v_chr_pos=128:flags=bilinear+accurate_rnd+full_chroma_int,format=gbrpf32le"

    /// The rendered video's first frame as 8-bit RGB (ffmpeg's accurate conversion of its BT.709 planes).
    static func firstRenderedFrame(of clip: String, in dir: URL) throws -> [UInt8] {
        let out = dir.appendingPathComponent("render.mp4").path
        let fade = try NamedTransition.named("fade")
        _ = try withDevice { device in
            try TransitionExporter(device: device, settings: ExportSettings(format: .mp4, width: size.width, height: size.height, crf: 0))
                .export(.clips(from: clip, to: clip, offsetSeconds: 0.5, transitionFrames: 5), to: out) { device, from, to in
                    try fade.makeEffect(device: device, from: from, to: to)
                }
        }
        return try ClipColorFixtures.reference(out, filters: accurate709)
    }

    /// Largest, 99th-percentile and mean difference over the RGB samples. The largest is where
    /// the gradient's hue turns fastest: chroma is 4:2:0 on the way in and again on the way out,
    /// and the two resamplings soften it there, whatever the conversion.
    static func difference(_ a: [UInt8], _ b: [UInt8]) -> (max: Int, p99: Int, mean: Double) {
        let d = zip(a, b).map { abs(Int($0) - Int($1)) }.sorted()
        return (d.last ?? 0, d.isEmpty ? 0 : d[d.count * 99 / 100], Double(d.reduce(0, +)) / Double(max(d.count, 1)))
    }

    @Test func anSDRClipsHeadMatchesFFmpegsAccurateConversion() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = dir.appendingPathComponent("sdr.mp4").path
        try ClipColorFixtures.makeSDRClip(at: clip)
        let d = Self.difference(try Self.firstRenderedFrame(of: clip, in: dir), try ClipColorFixtures.reference(clip, filters: Self.accurate709))
        // Measured: mean 0.64, 99th percentile 6, largest 10 (the 4:2:0 round trip at the gradient's hue turns).
        #expect(d.mean < 1 && d.p99 <= 7, "largest \(d.max), 99th percentile \(d.p99), mean \(d.mean)")
    }

    /// An HLG clip comes out tone-mapped as ffmpeg's zscale + tonemap (hable) make it; decoded
    /// straight to RGBA by swscale, as `segue render` did before, it is far off (washed out).
    @Test func anHLGClipIsToneMappedAsInAnEdit() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = dir.appendingPathComponent("hlg.mp4").path
        try ClipColorFixtures.makeHDRClip(at: clip, transfer: .hlg)
        let reference = try ClipColorFixtures.reference(clip, filters: "zscale=t=linear:npl=100,format=gbrpf32le,zscale=p=bt709,"
            + "tonemap=hable:desat=0,zscale=t=bt709,format=gbrpf32le")
        let d = Self.difference(try Self.firstRenderedFrame(of: clip, in: dir), reference)
        #expect(d.p99 <= 5 && d.mean < 1.5, "largest \(d.max), 99th percentile \(d.p99), mean \(d.mean)")
        let untouched = try ClipColorFixtures.reference(clip, filters: "format=gbrpf32le")
        let old = Self.difference(untouched, reference)
        #expect(old.mean > 5, "the fast RGBA decode is this far from the reference: mean \(old.mean)")
    }
}
