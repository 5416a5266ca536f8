import Foundation
@testable import SegueExport
import SegueExportTestSupport
import SegueTesting
@testable import SegueTimeline
import Testing

/// PQ clips (HDR10: HEVC Main 10, BT.2020, SMPTE ST 2084, with mastering display and content
/// light level) give a PQ output: their spans copied, the transitions made from their signal,
/// every frame carrying their metadata as ffprobe decodes it (issue 38). A PQ output is made only
/// of PQ clips: anything else in the edit (here a picture) would be SDR signal read as PQ's
/// absolute light, so the clips are then tone-mapped as before, each named with why.
@Suite("Smart rendering keeps PQ (headless GL + ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct SmartRenderPQTests {
    /// x265's HDR10 encode of a test clip, as cameras and graders write it.
    static let pq = ["-pix_fmt", "yuv420p10le", "-color_primaries", "bt2020", "-color_trc", "smpte2084", "-colorspace", "bt2020nc",
                     "-color_range", "tv", "-x265-params",
                     "log-level=error:open-gop=0:keyint=30:hdr10=1:master-display=G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)L(10000000,50)"
                         + ":max-cll=1000,400"]

    static func pqClip(_ dir: URL, _ name: String, hue: Int, flash: Int?) throws {
        try SmartRenderMedia.clip(at: dir.appendingPathComponent(name).path, seconds: 3, hue: hue, flashFrame: flash, x264: pq,
                                  tagged: false, codec: "libx265")
    }

    /// The mean 10-bit luma of frame `frame` of `path` (ffmpeg's signalstats).
    static func meanLuma(_ path: String, frame: Int) throws -> Double {
        let text = String(decoding: try VideoReader.run("ffmpeg", [
            "-v", "error", "-nostdin", "-i", path, "-map", "0:v:0",
            "-vf", "select=eq(n\\,\(frame)),signalstats,metadata=print:key=lavfi.signalstats.YAVG:file=-", "-f", "null", "-"]), as: UTF8.self)
        let value = text.split(whereSeparator: \.isNewline).compactMap { $0.split(separator: "=").last.flatMap { Double($0) } }.first
        return try #require(value, "no YAVG for frame \(frame): \(text)")
    }

    @Test func pqClipsGiveAPQOutputWithTheirMetadataAndAreCopied() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plan = try SmartRenderFollowTests.edit(in: dir) { name, hue, flash in try Self.pqClip(dir, name, hue: hue, flash: flash) }
        let path = dir.appendingPathComponent("edit.mp4").path
        let smart = try #require(try SmartRenderFollowTests.export(plan, to: path))
        #expect(smart.output == "HEVC Main 10 10-bit BT.2020 PQ" && smart.refused.isEmpty, "\(smart.output ?? "") \(smart.refused)")
        try SmartRenderFollowTests.expectJoinedCopies(smart, plan: plan, path: path, dir: dir)
        let entries = try SmartRenderMedia.streamEntries(path, "profile,pix_fmt,color_space,color_primaries,color_transfer,color_range")
        #expect(entries == ["profile": "Main 10", "pix_fmt": "yuv420p10le", "color_space": "bt2020nc", "color_primaries": "bt2020",
                            "color_transfer": "smpte2084", "color_range": "tv"], "\(entries)")
        // Every frame, encoded or copied, says PQ and carries the clips' mastering display and light level.
        let frames = String(decoding: try VideoReader.run("ffprobe", [
            "-v", "error", "-select_streams", "v:0", "-show_entries", "frame=color_transfer", "-of", "csv=p=0", path]), as: UTF8.self)
        let transfers = Set(frames.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .init(charactersIn: ",")) })
        #expect(transfers == ["smpte2084"], "\(transfers)")
        let sideData = String(decoding: try VideoReader.run("ffprobe", [
            "-v", "error", "-select_streams", "v:0", "-show_entries",
            "frame_side_data=red_x,green_y,white_point_x,max_luminance,min_luminance,max_content,max_average", "-of", "csv=p=0", path]),
            as: UTF8.self)
        let perFrame = sideData.split(whereSeparator: \.isNewline)
        #expect(perFrame.filter { $0.contains("34000/50000") && $0.hasSuffix(",50/10000,10000000/10000") }.count == plan.totalFrames,
                "\(Set(perFrame))")
        #expect(perFrame.filter { $0.hasPrefix("1000,400") }.count == plan.totalFrames, "\(Set(perFrame))")
        // The fade's middle frame (edit frames 60..<90) is the mix of the two clips' PQ signals, not
        // their tone-mapped SDR (which puts testsrc2's near-white PQ codes far lower).
        let (a, b) = (try Self.meanLuma(dir.appendingPathComponent("a.mp4").path, frame: 75),
                      try Self.meanLuma(dir.appendingPathComponent("b.mp4").path, frame: 15))
        let mixed = try Self.meanLuma(path, frame: 75)
        #expect(abs(mixed - (a + b) / 2) < 12, "fade middle luma \(mixed), the clips' \(a) and \(b)")
    }

    @Test func aPictureBesidePQClipsKeepsThemToneMappedAndSaysWhy() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.pqClip(dir, "a.mp4", hue: 0, flash: nil)
        try EditFrameRateTests.picture(in: dir, width: 320, height: 180)
        let tools = try FFmpegTools.locate()
        let clipOnly = try SmartRenderMedia.plan(EditSpec(size: "320x180", fps: 30, items: [.clip(path: "a.mp4", from: nil, to: nil)]), in: dir)
        let alone = try SmartRenderPlan(plan: clipOnly, format: .mp4, tools: tools)
        #expect(alone.output == "HEVC Main 10 10-bit BT.2020 PQ" && alone.copies, "\(alone.output ?? "") \(alone.refused)")
        let withPicture = try SmartRenderMedia.plan(EditSpec(
            size: "320x180", fps: 30, items: [.clip(path: "a.mp4", from: nil, to: nil), .picture(path: "p.png", duration: 1)]), in: dir)
        let mixed = try SmartRenderPlan(plan: withPicture, format: .mp4, tools: tools)
        #expect(mixed.output == "H.264 High 8-bit BT.709 SDR" && !mixed.copies, "\(mixed.output ?? "")")
        #expect(mixed.refused == ["items[0]: HEVC Main 10 10-bit BT.2020 PQ (a PQ output is made only when every item is a PQ clip, "
                                  + "with no text: PQ clips are tone-mapped to SDR), the output's is H.264 High 8-bit BT.709 SDR",
                                  "items[1]: a picture"], "\(mixed.refused)")
    }
}
