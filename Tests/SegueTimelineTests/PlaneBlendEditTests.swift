import Foundation
import SegueExport
import SegueExportTestSupport
import SegueGL
import SegueImage
import SegueTesting
import SegueTimeline
import Testing

/// An edit's transition between two clips already in the output's format, computed in the
/// encoder's planes: two GPU passes a changed frame and none for the others, and, encoded
/// losslessly, the planes ffmpeg's xfade makes of the same decoded clips (the reference).
@Suite("Timeline: transitions in the encoder's planes (headless GL + ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct PlaneBlendEditTests {
    /// The decoded yuv420p frames of `arguments`' output, each as its samples.
    static func rawFrames(_ arguments: [String], frameBytes: Int) throws -> [[Int]] {
        let raw = try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-threads", "1"] + arguments + ["-f", "rawvideo", "-pix_fmt", "yuv420p", "pipe:1"])
        return stride(from: 0, to: raw.count - frameBytes + 1, by: frameBytes).map { start in
            raw[(raw.startIndex + start)..<(raw.startIndex + start + frameBytes)].map(Int.init)
        }
    }

    /// The decoded yuv420p10le frames of `arguments`' output, `samples` codes each.
    static func rawTenBitFrames(_ arguments: [String], samples: Int) throws -> [[Int]] {
        let raw = try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-threads", "1"] + arguments
            + ["-f", "rawvideo", "-pix_fmt", "yuv420p10le", "pipe:1"])
        let bytes = [UInt8](raw)
        return stride(from: 0, to: bytes.count - 2 * samples + 1, by: 2 * samples).map { start in
            (0..<samples).map { Int(bytes[start + 2 * $0]) | Int(bytes[start + 2 * $0 + 1]) << 8 }
        }
    }

    /// How far a frame's samples are from the reference's: the largest luma difference, the
    /// mean chroma difference and the share of chroma samples more than 2 codes apart.
    static func distance(_ frame: [Int], _ reference: [Int], lumaCount: Int) -> (lumaMax: Int, chromaMean: Double, chromaFar: Double) {
        let luma = zip(frame[0..<lumaCount], reference[0..<lumaCount]).map { abs($0 - $1) }
        let chroma = zip(frame[lumaCount...], reference[lumaCount...]).map { abs($0 - $1) }
        return (luma.max() ?? Int.max, Double(chroma.reduce(0, +)) / Double(max(chroma.count, 1)),
                Double(chroma.filter { $0 > 2 }.count) / Double(max(chroma.count, 1)))
    }

    /// `plan` encoded losslessly to `out`, every frame rendered (no copies); the GL work it took.
    static func losslessExport(_ plan: EditPlan, to out: String) throws -> GLCounters {
        try withDevice { device in
            let exporter = try TimelineExporter(device: device, plan: plan, format: .mp4, crf: 0, tools: try FFmpegTools.locate())
            exporter.smartRendering = false
            let before = device.counters
            _ = try exporter.export(to: out)
            return device.counters.since(before)
        }
    }

    /// Tagged BT.709 clips, and untagged ones (BT.601 by the size rule, BT.601's primaries too:
    /// the untagged output's own, though the output stage was described with BT.709's, which kept
    /// them from this path until the comparison left out what an SDR input stage never converts).
    @Test(arguments: [("wipeleft", true), ("fade", true), ("fade", false)])
    func aTransitionBetweenClipsInTheOutputsFormatIsXfadesPlanes(effect: String, tagged: Bool) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (a, b) = (dir.appendingPathComponent("a.mp4").path, dir.appendingPathComponent("b.mp4").path)
        try SmartRenderMedia.clip(at: a, seconds: 2, tagged: tagged)
        try SmartRenderMedia.clip(at: b, seconds: 2, hue: 120, tagged: tagged)
        // a 0…60 | effect 1 s (frames 30…59) | b: 90 frames.
        let plan = try SmartRenderMedia.plan(EditSpec(size: "320x180", fps: 30, items: [.clip(path: "a.mp4", from: nil, to: nil),
                                                                                         .clip(path: "b.mp4", from: nil, to: nil)],
                                                      transitions: [EditTransition(effect: effect, duration: 1)]), in: dir)
        let out = dir.appendingPathComponent("out.mp4").path
        let used = try Self.losslessExport(plan, to: out)
        // Two passes (Y; Cb and Cr) for each of the 30 changed frames, none for the 60 others
        // (their decoded planes go to the encoder as they are).
        #expect(used.drawCalls == 60, "\(used)")

        let frameBytes = 320 * 180 * 3 / 2
        let edit = try Self.rawFrames(["-i", out], frameBytes: frameBytes)
        // xfade takes 4:4:4: chroma duplicated up and picked down (nearest neighbour), so the
        // untouched samples come back as they were and only xfade's mix changes them.
        let graph = "[0:v]scale=flags=neighbor,format=yuv444p[a];[1:v]scale=flags=neighbor,format=yuv444p[b];"
            + "[a][b]xfade=transition=\(effect):duration=1:offset=1,scale=flags=neighbor,format=yuv420p"
        let reference = try Self.rawFrames(["-i", a, "-i", b, "-filter_complex", graph], frameBytes: frameBytes)
        try #require(edit.count == 90 && reference.count == 90, "\(edit.count) and \(reference.count) frames")
        let lumaCount = 320 * 180
        for index in 30..<60 {
            let (lumaMax, chromaMean, chromaFar) = Self.distance(edit[index], reference[index], lumaCount: lumaCount)
            // xfade truncates its mix where the planes round; a hard edge may fall a chroma sample apart.
            #expect(lumaMax <= 1, "\(effect) frame \(index): luma up to \(lumaMax) apart")
            #expect(chromaMean < 1 && chromaFar < 0.06, "\(effect) frame \(index): chroma mean \(chromaMean), \(chromaFar) beyond 2")
        }
    }

    /// HLG clips into an HLG output: the input stage takes them as SDR of their matrix (nothing
    /// tone-maps), so the transition runs in their 10-bit planes, as xfade computes it.
    @Test func aTransitionBetweenHLGClipsIsXfadesTenBitPlanes() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let clips = try [0, 120].enumerated().map { index, hue -> String in
            let path = dir.appendingPathComponent("hlg\(index).mp4").path
            // Colours inside BT.2020's gamut (half saturation, converted with its matrix), as a camera records them.
            _ = try VideoReader.run("ffmpeg", [
                "-v", "error", "-nostdin", "-y", "-f", "lavfi",
                "-i", "testsrc2=s=320x180:r=30:d=2,hue=h=\(hue)+t*90:s=0.5,scale=out_color_matrix=bt2020:out_range=tv,format=yuv420p10le",
                "-c:v", "libx265", "-preset", "ultrafast", "-tag:v", "hvc1", "-x265-params", "log-level=error:keyint=30:open-gop=0",
                "-color_primaries", "bt2020", "-color_trc", "arib-std-b67", "-colorspace", "bt2020nc", "-color_range", "tv", path,
            ])
            return path
        }
        let plan = try SmartRenderMedia.plan(EditSpec(size: "320x180", fps: 30, items: [.clip(path: "hlg0.mp4", from: nil, to: nil),
                                                                                         .clip(path: "hlg1.mp4", from: nil, to: nil)],
                                                      transitions: [EditTransition(effect: "fade", duration: 1)]), in: dir)
        let out = dir.appendingPathComponent("out.mp4").path
        let used = try Self.losslessExport(plan, to: out)
        #expect(used.drawCalls == 60, "\(used)")
        #expect(try SmartRenderMedia.streamEntries(out, "pix_fmt,color_transfer")
            == ["pix_fmt": "yuv420p10le", "color_transfer": "arib-std-b67"])
        let samples = 320 * 180 * 3 / 2
        let edit = try Self.rawTenBitFrames(["-i", out], samples: samples)
        let graph = "[0:v]scale=flags=neighbor,format=yuv444p10le[a];[1:v]scale=flags=neighbor,format=yuv444p10le[b];"
            + "[a][b]xfade=transition=fade:duration=1:offset=1,scale=flags=neighbor,format=yuv420p10le"
        let reference = try Self.rawTenBitFrames(["-i", clips[0], "-i", clips[1], "-filter_complex", graph], samples: samples)
        try #require(edit.count == 90 && reference.count == 90, "\(edit.count) and \(reference.count) frames")
        let lumaCount = 320 * 180
        for index in 30..<60 {
            let (lumaMax, chromaMean, _) = Self.distance(edit[index], reference[index], lumaCount: lumaCount)
            #expect(lumaMax <= 1, "frame \(index): luma up to \(lumaMax) apart")
            #expect(chromaMean < 1, "frame \(index): chroma mean \(chromaMean)")
        }
    }

    /// A picture's side is its frame as the encoder takes it (converted once, as its untouched
    /// frames are sent), uploaded once: the transition's frames are xfade's of those planes and the clip's.
    @Test(arguments: ["wipeleft", "circleopen"])
    func aTransitionFromAPictureIsXfadesPlanesOfItsEncodedFrame(effect: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try PNGCodec.write(try SampleImages.from(width: 320, height: 180), to: dir.appendingPathComponent("p.png").path)
        let b = dir.appendingPathComponent("b.mp4").path
        try SmartRenderMedia.clip(at: b, seconds: 2, hue: 120)
        // p 0…60 | effect 1 s (frames 30…59) | b: 90 frames.
        let plan = try SmartRenderMedia.plan(EditSpec(size: "320x180", fps: 30, items: [.picture(path: "p.png", duration: 2),
                                                                                         .clip(path: "b.mp4", from: nil, to: nil)],
                                                      transitions: [EditTransition(effect: effect, duration: 1)]), in: dir)
        let out = dir.appendingPathComponent("out.mp4").path
        let used = try Self.losslessExport(plan, to: out)
        // The picture converted once (two passes), then two passes for each of the 30 changed frames.
        #expect(used.drawCalls == 62, "\(used)")

        let frameBytes = 320 * 180 * 3 / 2
        let edit = try Self.rawFrames(["-i", out], frameBytes: frameBytes)
        try #require(edit.count == 90, "\(edit.count) frames")
        let still = dir.appendingPathComponent("still.yuv").path
        try Data(edit[0].map { UInt8($0) }).write(to: URL(fileURLWithPath: still))
        let graph = "[0:v]settb=1/30,scale=flags=neighbor,format=yuv444p[a];[1:v]settb=1/30,scale=flags=neighbor,format=yuv444p[b];"
            + "[a][b]xfade=transition=\(effect):duration=1:offset=1,scale=flags=neighbor,format=yuv420p"
        let reference = try Self.rawFrames(["-f", "rawvideo", "-pix_fmt", "yuv420p", "-s", "320x180", "-framerate", "30", "-stream_loop", "59",
                                            "-i", still, "-i", b, "-filter_complex", graph], frameBytes: frameBytes)
        try #require(reference.count == 90, "\(reference.count) reference frames")
        let lumaCount = 320 * 180
        for index in 30..<60 {
            let (lumaMax, _, chromaFar) = Self.distance(edit[index], reference[index], lumaCount: lumaCount)
            #expect(lumaMax <= 1, "\(effect) frame \(index): luma up to \(lumaMax) apart")
            #expect(chromaFar < 0.06, "\(effect) frame \(index): \(chromaFar) of chroma beyond 2")
        }
    }
}
