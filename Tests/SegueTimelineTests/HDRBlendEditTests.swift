import Foundation
@testable import SegueExport
import SegueExportTestSupport
import SegueTesting
@testable import SegueTimeline
import Testing

/// An edit whose output stays HLG or PQ (HEVC Main 10 BT.2020 clips) against ffmpeg's zscale:
/// a fade to white meets white at BT.2408's HDR reference white (the clips here are SDR white
/// converted by zscale with `npl=203`: PQ 0.58, HLG 75 %), never the signal's peak; and
/// `"blend": "linear"` mixes the clips' light as their own transfer gives it (PQ's EOTF, HLG's
/// inverse OETF and OOTF), which zscale's `t=linear`, `blend=average` and the way back compute.
@Suite("Edit: colours and linear blends in HLG and PQ outputs (headless GL + ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct HDRBlendEditTests {
    static let (width, height) = (128, 72)

    /// ffmpeg's names of the two HDR transfers, and the output `--plan json` says for each.
    enum Transfer: String, CaseIterable {
        case pq = "smpte2084", hlg = "arib-std-b67"
        var output: String { self == .pq ? "HEVC Main 10 10-bit BT.2020 PQ" : "HEVC Main 10 10-bit BT.2020 HLG" }
        /// The 10-bit limited-range luma of BT.2408's reference white: PQ 0.58, HLG 75 %.
        var referenceWhiteLuma: Double { self == .pq ? 64 + 876 * 0.58 : 64 + 876 * 0.75 }
    }

    /// 2 s of `color` (an sRGB colour) as an HEVC Main 10 BT.2020 clip of `transfer`, SDR white at
    /// 203 cd/m² (zscale's `npl=203`), with a second of sound.
    static func clip(_ dir: URL, _ name: String, color: String, transfer: Transfer) throws {
        let hdr10 = transfer == .pq ? ":hdr10=1:master-display=G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)L(10000000,50)" : ""
        _ = try VideoReader.run("ffmpeg", [
            "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "color=\(color):s=\(width)x\(height):r=30:d=2,format=gbrpf32le",
            "-f", "lavfi", "-i", "sine=f=440:sample_rate=48000:d=2",
            "-vf", "zscale=tin=iec61966-2-1:pin=bt709:min=gbr:rin=full:t=\(transfer.rawValue):p=bt2020:m=bt2020nc:r=limited:npl=203,"
                + "format=yuv420p10le",
            "-c:v", "libx265", "-tag:v", "hvc1", "-x265-params", "log-level=error:open-gop=0:keyint=30" + hdr10,
            "-color_primaries", "bt2020", "-color_trc", transfer.rawValue, "-colorspace", "bt2020nc", "-color_range", "tv",
            "-c:a", "aac", "-shortest", dir.appendingPathComponent(name).path])
    }

    /// `a.mp4` then `b.mp4` with a 1 s `effect` (frames 30..<60 of 90), in `blend`, to `edit-<blend>.mp4`.
    static func edit(_ dir: URL, effect: String, blend: String, transfer: Transfer) throws -> String {
        let spec = dir.appendingPathComponent("edit-\(effect)-\(blend).json")
        let json = #"{"size": "\#(width)x\#(height)", "fps": 30, "blend": "\#(blend)", "items": [{"clip": "a.mp4"}, {"clip": "b.mp4"}], "#
            + #""transitions": [{"effect": "\#(effect)", "duration": 1}]}"#
        try Data(json.utf8).write(to: spec)
        let plan = try EditPlan.load(specAt: spec.path, tools: try FFmpegTools.locate())
        #expect(plan.totalFrames == 90)
        let path = dir.appendingPathComponent("edit-\(effect)-\(blend).mp4").path
        let smart = try #require(try SmartRenderFollowTests.export(plan, to: path))
        #expect(smart.output == transfer.output, "\(smart.output ?? "") \(smart.refused)")
        #expect(try SmartRenderMedia.decodeErrors(path) == "")
        return path
    }

    /// Every frame's 10-bit luma plane, decoded by ffmpeg (after `filters`, when given).
    static func lumaPlanes(_ inputs: [String], filters: String? = nil) throws -> [[UInt16]] {
        let data = try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin"] + inputs.flatMap { ["-i", $0] }
            + (filters.map { ["-filter_complex", $0] } ?? []) + ["-pix_fmt", "yuv420p10le", "-f", "rawvideo", "pipe:1"])
        let samples = data.withUnsafeBytes { Array($0.bindMemory(to: UInt16.self)) }
        let (luma, frame) = (width * height, width * height * 3 / 2)
        return stride(from: 0, to: samples.count - frame + 1, by: frame).map { Array(samples[$0..<($0 + luma)]) }
    }

    /// The largest and the mean distance of `plane`'s samples from `reference`'s.
    static func distance(_ plane: [UInt16], _ reference: [UInt16]) -> (max: Double, mean: Double) {
        let d = zip(plane, reference).map { abs(Double($0) - Double($1)) }
        return (d.max() ?? .infinity, d.reduce(0, +) / Double(max(d.count, 1)))
    }

    /// A fade to white between two clips of reference white stays at reference white, in either
    /// blend space: the colour is SDR white, BT.2408's 203 cd/m² (zscale's), not the signal's 1.0
    /// (PQ's 10,000 cd/m², HLG's 1000).
    @Test(arguments: Transfer.allCases)
    func aFadeToWhiteMeetsTheReferenceWhite(_ transfer: Transfer) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.clip(dir, "a.mp4", color: "white", transfer: transfer)
        try Self.clip(dir, "b.mp4", color: "white", transfer: transfer)
        let white = try #require(try Self.lumaPlanes([dir.appendingPathComponent("a.mp4").path]).first)
        let whiteMean = Double(white.map(Int.init).reduce(0, +)) / Double(white.count)
        #expect(abs(whiteMean - transfer.referenceWhiteLuma) < 2, "zscale's reference white is \(whiteMean), BT.2408's \(transfer.referenceWhiteLuma)")
        for blend in ["srgb", "linear"] {
            let frames = try Self.lumaPlanes([try Self.edit(dir, effect: "fadewhite", blend: blend, transfer: transfer)])
            #expect(frames.count == 90)
            var worst = (max: 0.0, mean: 0.0, frame: -1)
            for (index, frame) in frames.enumerated() {
                let d = Self.distance(frame, white)
                if d.max > worst.max { worst = (d.max, d.mean, index) }
            }
            #expect(worst.max <= 6 && worst.mean <= 3,
                    "\(transfer) \(blend): frame \(worst.frame) is up to \(worst.max) (mean \(worst.mean)) from reference white \(whiteMean)")
            print("HDR fade to white, \(transfer) \(blend): worst frame \(worst.frame), max \(worst.max), mean \(String(format: "%.2f", worst.mean))")
        }
    }

    /// A linear-light crossfade from black to reference white: its middle frame (progress ½) is
    /// zscale's linear light of both clips, averaged, encoded back with the output's transfer
    /// (PQ ≈ 510, HLG ≈ 616 with the OOTF, 595 without), not the sRGB curve's mix of the signals
    /// (PQ ≈ 434). A gl-transition (`fade`) and an effect graph (`pixel-dissolve`, whose cells
    /// change nothing in a flat colour) alike.
    @Test(arguments: Transfer.allCases, ["fade", "pixel-dissolve"])
    func aLinearBlendMixesTheClipsOwnLight(_ transfer: Transfer, effect: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.clip(dir, "a.mp4", color: "black", transfer: transfer)
        try Self.clip(dir, "b.mp4", color: "white", transfer: transfer)
        let path = try Self.edit(dir, effect: effect, blend: "linear", transfer: transfer)
        let frames = try Self.lumaPlanes([path])
        #expect(frames.count == 90)
        let t = transfer.rawValue
        let linear = "zscale=t=linear:npl=203,format=gbrpf32le"
        let reference = try #require(try Self.lumaPlanes(
            [dir.appendingPathComponent("a.mp4").path, dir.appendingPathComponent("b.mp4").path],
            filters: "[0:v]\(linear)[a];[1:v]\(linear)[b];[a][b]blend=all_mode=average,"
                + "zscale=tin=linear:t=\(t):p=bt2020:m=bt2020nc:r=limited:npl=203,format=yuv420p10le").first)
        let middle = Self.distance(frames[45], reference)
        let mean = Double(frames[45].map(Int.init).reduce(0, +)) / Double(frames[45].count)
        let want = Double(reference.map(Int.init).reduce(0, +)) / Double(reference.count)
        #expect(middle.max <= 6 && middle.mean <= 3, "\(transfer) \(effect): the middle frame's luma is \(mean), zscale's linear mix \(want)")
        print("HDR linear \(effect), \(transfer): middle luma \(String(format: "%.1f", mean)), zscale \(String(format: "%.1f", want)), "
            + "max \(middle.max), mean \(String(format: "%.2f", middle.mean))")
    }
}
