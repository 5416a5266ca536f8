import Foundation
import SegueExport
import SegueExportTestSupport
import SegueImage
import SegueTesting
import SegueTimeline
import Testing

/// A phone's variable-frame-rate clip in an edit: resampled to the edit's rate by ffmpeg's
/// `fps`, its sound cut by the same timestamps, so a beep and its flash stay together.
@Suite("Clips: variable frame rate, sound in sync (headless GL + ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct PhoneVideoTests {
    /// 30 fps for its first second, then 15 fps (timestamps from a setpts expression, kept by
    /// `-fps_mode vfr`); a white flash on the frame at 1.6 s and a 1 kHz beep from 1.6 s.
    static func makeVFRClip(at path: String) throws {
        _ = try VideoReader.run("ffmpeg", [
            "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "color=c=0x202020:s=160x90:r=30:d=3",
            "-f", "lavfi", "-i", "aevalsrc='if(between(t,1.6,1.7),0.5*sin(2*PI*1000*t),0)':s=48000:d=5",
            "-vf", "setpts='if(lt(N,30),N,30+(N-30)*2)/30/TB',drawbox=c=white:t=fill:enable='between(t,1.59,1.61)'",
            "-fps_mode", "vfr", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", path,
        ])
    }

    @Test func aBeepInAVariableRateClipLandsOnItsFlashFrame() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = dir.appendingPathComponent("vfr.mp4").path
        try Self.makeVFRClip(at: clip)
        let probe = try VideoReader.run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_streams", "-of", "json", clip])
        #expect(MediaInfo(ffprobeJSON: probe)?.variableFrameRate == true)

        let spec = EditSpec(size: "160x90", fps: 30, items: [.clip(path: "vfr.mp4", from: nil, to: nil)], transitions: [])
        let url = dir.appendingPathComponent("edit.json")
        try TimelineMedia.write(spec, to: url)
        let tools = try FFmpegTools.locate()
        let plan = try EditPlan.load(specAt: url.path, tools: tools)
        let out = dir.appendingPathComponent("edit.mp4").path
        _ = try withDevice { device in try TimelineExporter(device: device, plan: plan, format: .mp4, tools: tools).export(to: out) }

        let frames = try VideoReader.frames(out, width: 160, height: 90)
        let brightness = frames.map { frame in stride(from: 0, to: frame.pixels.count, by: 4).reduce(0) { $0 + Int(frame.pixels[$1]) } }
        let flash = try #require(brightness.indices.max { brightness[$0] < brightness[$1] })
        let samples = try TimelineMedia.samples(out)
        let onset = try #require(samples.firstIndex { abs($0) > 0.1 })
        let beepFrame = Double(onset) * 30 / 48_000
        #expect(abs(flash - 48) <= 1, "the flash at 1.6 s is frame \(flash) of \(frames.count)")
        #expect(abs(beepFrame - Double(flash)) <= 1, "beep at frame \(beepFrame), flash at \(flash)")
    }
}
