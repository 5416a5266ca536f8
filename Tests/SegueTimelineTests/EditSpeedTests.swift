import Foundation
import SegueExport
import SegueExportTestSupport
import SegueImage
import SegueTesting
import SegueTimeline
import Testing

/// Clip speed, reverse and freeze: the frames against the clip's own (decoded by ffmpeg, and
/// reversed by ffmpeg's `reverse` filter), the sound's beep against the picture's flash.
@Suite("Edit: speed, reverse and freeze (headless GL + ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct EditSpeedTests {
    /// 2 s at 30 fps, black but for a white flash on frame 30 (1 s), with a 1 kHz beep for the
    /// 50 ms from 1 s: the beep starts on the flash.
    static func flashClip(at path: String) throws {
        _ = try VideoReader.run("ffmpeg", [
            "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "color=c=black:s=64x36:r=30:d=2,drawbox=c=white:t=fill:enable='eq(n,30)'",
            "-f", "lavfi", "-i", "aevalsrc='if(between(t,1,1.05),0.8*sin(2*PI*1000*t),0)':s=48000:d=2",
            "-c:v", "ffv1", "-pix_fmt", "bgr0", "-c:a", "pcm_s16le", path])
    }

    static func write(_ json: String, in dir: URL) throws -> EditPlan {
        try Data(json.utf8).write(to: dir.appendingPathComponent("edit.json"))
        return try EditPlan.load(specAt: dir.appendingPathComponent("edit.json").path, tools: try FFmpegTools.locate())
    }

    static func frames(_ plan: EditPlan) throws -> [RGBAImage] {
        var frames: [RGBAImage] = []
        try withDevice { device in
            try TimelineExporter(device: device, plan: plan, format: .mp4, tools: try FFmpegTools.locate()).renderFrames { frames.append($1) }
        }
        return frames
    }

    static func brightness(_ image: RGBAImage) -> Double { Double(image.pixels.reduce(0) { $0 + Int($1) }) / Double(image.pixels.count) }

    /// Speed 2 halves the clip (60 frames → 30) and moves its flash to frame 15 and its beep to
    /// 0.5 s, with the beep still on the flash (within a frame) and at its pitch.
    @Test func speedTwoHalvesTheClipAndMovesItsBeep() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.flashClip(at: dir.appendingPathComponent("flash.mkv").path)
        let plan = try Self.write(#"{"size": "64x36", "items": [{"clip": "flash.mkv", "speed": 2}]}"#, in: dir)
        #expect(plan.totalFrames == 30)
        let out = dir.appendingPathComponent("fast.mp4").path
        try withDevice { device in
            _ = try TimelineExporter(device: device, plan: plan, format: .mp4, tools: try FFmpegTools.locate()).export(to: out)
        }
        let frames = try VideoReader.frames(out, width: 64, height: 36)
        #expect(frames.count == 30)
        let flash = frames.indices.max { Self.brightness(frames[$0]) < Self.brightness(frames[$1]) }
        #expect(flash == 15)
        let samples = try TimelineMedia.samples(out)
        let loud = TimelineMedia.rms(samples, 24_000..<25_000)
        let onset = stride(from: 0, to: samples.count - 48, by: 48).first { TimelineMedia.rms(samples, $0..<($0 + 48)) > loud / 2 }
        // The beep at 0.5 s (24,000 samples), where frame 15 starts, to within one frame (1,600).
        #expect(onset.map { abs($0 - 24_000) <= 1_600 } == true, "onset \(onset.map(String.init) ?? "none")")
        // Its length halved: 25 ms loud, not 50.
        #expect(TimelineMedia.rms(samples, 25_800..<27_000) < loud / 4)
        // Its pitch kept: 1 kHz is 48 samples a cycle; count zero crossings over 20 ms.
        let beep = Array(samples[24_100..<25_060])
        let crossings = zip(beep, beep.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
        #expect(abs(crossings - 40) <= 4, "\(crossings) zero crossings in 20 ms (1 kHz gives 40)")
    }

    /// Reversed: the clip's frames in ffmpeg's `reverse` order.
    @Test func reverseIsFfmpegsReverse() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = dir.appendingPathComponent("a.mkv").path
        try TimelineMedia.clip(at: clip, seconds: 1, size: "64x36", frequency: 440)
        let reversedPath = dir.appendingPathComponent("reversed.mkv").path
        _ = try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-i", clip, "-vf", "reverse", "-an", "-c:v", "ffv1", reversedPath])
        let reference = try VideoReader.frames(reversedPath, width: 64, height: 36)
        let frames = try Self.frames(try Self.write(#"{"size": "64x36", "items": [{"clip": "a.mkv", "reverse": true}]}"#, in: dir))
        #expect(frames.count == 30 && reference.count == 30)
        for (index, (frame, expected)) in zip(frames, reference).enumerated() {
            #expect(VideoReader.meanDifference(frame, expected) < 1.5, "frame \(index)")
        }
        // Not the forward order: frame 0 is the clip's last.
        #expect(VideoReader.meanDifference(frames[0], reference[29]) > 5)
    }

    /// A freeze item holds the clip's frame at `at`: every frame the same bytes, that frame's.
    @Test func freezeHoldsOneFrame() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = dir.appendingPathComponent("a.mkv").path
        try TimelineMedia.clip(at: clip, seconds: 1, size: "64x36", frequency: 440)
        let reference = try VideoReader.frames(clip, width: 64, height: 36)
        let plan = try Self.write(#"{"size": "64x36", "items": [{"freeze": "a.mkv", "at": 0.5, "duration": 1}]}"#, in: dir)
        #expect(!plan.hasAudio)
        let frames = try Self.frames(plan)
        #expect(frames.count == 30)
        #expect(frames.allSatisfy { $0 == frames[0] })
        #expect(VideoReader.meanDifference(frames[0], reference[15]) < 1.5)
        #expect(VideoReader.meanDifference(frames[0], reference[14]) > 1.5)
    }

    @Test func slowerThanHalfSpeedIsSilentAndSlowMotionLastsLonger() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try TimelineMedia.clip(at: dir.appendingPathComponent("a.mkv").path, seconds: 1, size: "64x36", frequency: 440)
        let slow = try Self.write(#"{"size": "64x36", "items": [{"clip": "a.mkv", "speed": 0.25}]}"#, in: dir)
        #expect(slow.totalFrames == 120 && !slow.hasAudio)
        let half = try Self.write(#"{"size": "64x36", "items": [{"clip": "a.mkv", "speed": 0.5}]}"#, in: dir)
        #expect(half.totalFrames == 60 && half.hasAudio)
    }

    @Test(arguments: [(#"{"clip": "a.mkv", "speed": 5}"#, "items[0].speed"), (#"{"clip": "a.mkv", "speed": 0.1}"#, "items[0].speed"),
                      (#"{"clip": "a.mkv", "reverse": "yes"}"#, "items[0].reverse"), (#"{"freeze": "a.mkv", "at": 9, "duration": 1}"#, "items[0].at"),
                      (#"{"freeze": "a.mkv", "duration": 0}"#, "items[0].duration"), (#"{"freeze": "a.mkv", "to": 1, "duration": 1}"#, "items[0].to")])
    func aBadTimingKeyIsNamed(item: String, place: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try TimelineMedia.clip(at: dir.appendingPathComponent("a.mkv").path, seconds: 1, size: "64x36", frequency: nil)
        do {
            _ = try Self.write(#"{"size": "64x36", "items": [\#(item)]}"#, in: dir)
            Issue.record("\(item) was accepted")
        } catch let error as EditSpecError {
            #expect(error.place == place, "\(error)")
        }
    }

    @Test func aReversedClipTooLargeToHoldIsRefused() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try TimelineMedia.clip(at: dir.appendingPathComponent("a.mkv").path, seconds: 1, size: "64x36", frequency: nil)
        // 30 frames of 8192x4320 RGBA: 4 GiB.
        do {
            _ = try Self.write(#"{"size": "8192x4320", "items": [{"clip": "a.mkv", "reverse": true}]}"#, in: dir)
            Issue.record("accepted")
        } catch let error as EditSpecError {
            #expect(error.place == "items[0].reverse" && error.message.contains("1 GiB"), "\(error)")
        }
    }
}
