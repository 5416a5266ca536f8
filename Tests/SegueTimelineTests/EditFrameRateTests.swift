import Foundation
import SegueExport
import SegueExportTestSupport
import SegueImage
import SegueTesting
import SegueTimeline
import Testing

/// Fractional frame rates (29.97 as 30000/1001) and size presets, through the plan and into the
/// encoded file as ffprobe reads it.
@Suite("Edit: frame rates and size presets (headless GL + ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct EditFrameRateTests {
    static func plan(_ json: String, in dir: URL) throws -> EditPlan {
        try EditPlan(spec: try EditPlan.decode(Data(json.utf8)), folder: dir, tools: try FFmpegTools.locate())
    }

    static func picture(in dir: URL, width: Int = 64, height: Int = 36) throws {
        try PNGCodec.write(try SampleImages.from(width: width, height: height), to: dir.appendingPathComponent("p.png").path)
    }

    @Test(arguments: [("29.97", 30000, 1001), ("\"30000/1001\"", 30000, 1001), ("23.976", 24000, 1001),
                      ("\"24000/1001\"", 24000, 1001), ("59.94", 60000, 1001), ("25", 25, 1), ("\"50\"", 50, 1)])
    func aRateIsReadAsItsFraction(written: String, numerator: Int, denominator: Int) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.picture(in: dir)
        let plan = try Self.plan(#"{"size": "64x36", "fps": \#(written), "items": [{"picture": "p.png", "duration": 2}]}"#, in: dir)
        #expect(plan.frameRate == FrameRate(numerator, denominator))
        // 2 s at the rate, rounded to whole frames: 60 at 29.97 (59.94 → 60), 48 at 23.976.
        #expect(plan.totalFrames == Int((2 * Double(numerator) / Double(denominator)).rounded()))
    }

    @Test(arguments: ["29.5", "0", "-30", "241", "\"30000/0\"", "\"fast\"", "true"])
    func anUnknownRateNamesFpsAndWhatIsAccepted(written: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.picture(in: dir)
        do {
            _ = try Self.plan(#"{"size": "64x36", "fps": \#(written), "items": [{"picture": "p.png", "duration": 1}]}"#, in: dir)
            Issue.record("fps \(written) was accepted")
        } catch let error as EditSpecError {
            #expect(error.place == "fps")
            #expect(error.message.contains("30000/1001"), "\(error)")
            #expect(!error.message.contains("not valid JSON"))
        }
    }

    @Test func aChunkTagKeepsTheFraction() throws {
        let tag = ChunkTag(spec: "abc", encoding: "mp4-crfdefault-standard", frames: 10..<20, total: 30, framesPerSecond: FrameRate(30000, 1001))
        #expect(tag.text.hasSuffix("fps=30000/1001"))
        #expect(ChunkTag(parsing: tag.text) == tag)
    }

    @Test(arguments: [("1080p", 1920, 1080), ("720p", 1280, 720), ("4k", 3840, 2160), ("vertical", 1080, 1920), ("square", 1080, 1080)])
    func aSizePresetIsItsSize(name: String, width: Int, height: Int) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.picture(in: dir, width: 16, height: 16)
        let plan = try Self.plan(#"{"size": "\#(name)", "items": [{"picture": "p.png", "duration": 1}]}"#, in: dir)
        #expect(plan.width == width && plan.height == height)
    }

    @Test func anUnknownSizeNamesThePresets() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.picture(in: dir)
        #expect(throws: EditSpecError.self) { try Self.plan(#"{"size": "portrait", "items": [{"picture": "p.png", "duration": 1}]}"#, in: dir) }
        do { _ = try Self.plan(#"{"size": "portrait", "items": [{"picture": "p.png", "duration": 1}]}"#, in: dir) } catch let error as EditSpecError {
            #expect(error.place == "size" && error.message.contains("vertical (1080x1920)"), "\(error)")
        }
    }

    /// A 29.97 edit of a picture and a 29.97 clip with sound, faded: ffprobe reads 30000/1001, the
    /// planned frame count, their duration, and sound as long as the pictures.
    @Test func aNTSCEditIsEncodedAt30000Over1001() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.picture(in: dir)
        _ = try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc2=s=64x36:r=30000/1001:d=2",
                                           "-f", "lavfi", "-i", "sine=f=440:sample_rate=48000:d=2", "-c:v", "ffv1", "-c:a", "pcm_s16le",
                                           dir.appendingPathComponent("c.mkv").path])
        let json = #"{"size": "64x36", "fps": 29.97, "items": [{"picture": "p.png", "duration": 2}, {"clip": "c.mkv", "to": 1.5}],"#
            + #" "transitions": [{"effect": "fade", "duration": 0.5}]}"#
        let plan = try Self.plan(json, in: dir)
        // 2 s → 60 frames, 1.5 s → 45, 0.5 s → 15: 90 frames, 90·1001/30000 = 3.003 s.
        #expect(plan.totalFrames == 90)
        let out = dir.appendingPathComponent("edit.mp4").path
        try withDevice { device in
            _ = try TimelineExporter(device: device, plan: plan, format: .mp4, tools: try FFmpegTools.locate()).export(to: out)
        }
        let rate = String(decoding: try VideoReader.run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries",
                                                                   "stream=r_frame_rate,avg_frame_rate", "-of", "csv=p=0", out]), as: UTF8.self)
        #expect(rate.trimmingCharacters(in: .whitespacesAndNewlines) == "30000/1001,30000/1001")
        let info = try VideoReader.info(out)
        #expect(info.frames == 90)
        let seconds = 90.0 * 1001 / 30000
        let sound = Double(try TimelineMedia.samples(out).count) / 48_000
        #expect(abs(info.durationSeconds - seconds) < 0.05, "container \(info.durationSeconds) s")
        // AAC pads its last packet: the sound is the pictures' length to within one AAC frame.
        #expect(abs(sound - seconds) < 1024.0 / 48_000 + 1e-3, "sound \(sound) s, pictures \(seconds) s")
    }

    /// Smart rendering copies a 30000/1001 H.264 clip into a 29.97 edit, and refuses it in a 30
    /// fps one, naming its rate: rates must match exactly, not to the nearest whole number.
    @Test func smartRenderingCopiesOnlyAtTheClipsExactRate() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try VideoReader.run("ffmpeg", [
            "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc2=s=320x180:r=30000/1001:d=3", "-c:v", "libx264", "-g", "30",
            "-pix_fmt", "yuv420p", "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv",
            dir.appendingPathComponent("ntsc.mp4").path])
        let tools = try FFmpegTools.locate()
        for (fps, copies) in [("29.97", true), ("30", false)] {
            let plan = try Self.plan(#"{"size": "320x180", "fps": \#(fps), "items": [{"clip": "ntsc.mp4"}]}"#, in: dir)
            let smart = try SmartRenderPlan(plan: plan, format: .mp4, range: nil, tools: tools)
            #expect(smart.copies == copies, "fps \(fps): \(smart.refused)")
            if !copies { #expect(smart.refused.first?.contains("frame rate 30000/1001, not a constant 30 fps") == true, "\(smart.refused)") }
        }
    }
}
