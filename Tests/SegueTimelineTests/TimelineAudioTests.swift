import Foundation
import SegueExport
import SegueExportTestSupport
import SegueImage
import SegueTesting
import SegueTimeline
import Testing

/// A timeline's video and sound read back by ffprobe and ffmpeg: streams, length and frame
/// count, the crossfade's loudness at a junction, and where a clip's sound lands.
@Suite("Timeline: video and sound (headless GL + ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct TimelineAudioTests {
    static func export(_ spec: EditSpec, in dir: URL, to name: String, format: VideoFormat = .mp4) throws -> String {
        let url = dir.appendingPathComponent("edit.json")
        try TimelineMedia.write(spec, to: url)
        let tools = try FFmpegTools.locate()
        let plan = try EditPlan.load(specAt: url.path, tools: tools)
        let path = dir.appendingPathComponent(name).path
        _ = try withDevice { device in
            try TimelineExporter(device: device, plan: plan, format: format, tools: tools).export(to: path)
        }
        return path
    }

    @Test(arguments: [(VideoFormat.mp4, "aac"), (.webm, "opus")])
    func picturesClipsAndMusicMakeOneVideoWithSound(format: VideoFormat, audioCodec: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try PNGCodec.write(try SampleImages.from(width: 160, height: 90), to: dir.appendingPathComponent("p.png").path)
        try TimelineMedia.clip(at: dir.appendingPathComponent("a.mkv").path, seconds: 2, frequency: 440)
        _ = try VideoReader.run("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "sine=f=220:d=1.5", dir.appendingPathComponent("song.wav").path])
        let spec = EditSpec(size: "160x90", fps: 30, items: [.picture(path: "p.png", duration: 1.5), .clip(path: "a.mkv", from: nil, to: nil)],
                            transitions: [EditTransition(effect: "wipeleft", duration: 0.5)],
                            audio: EditAudio(music: "song.wav", volume: 0.5, fadeIn: 0.2, fadeOut: 0.5))
        let path = try Self.export(spec, in: dir, to: "edit.\(format.rawValue)", format: format)
        let info = try VideoReader.info(path)
        // 45 + 60 − 15 frames: 3 s.
        #expect(info.frames == 90 && info.width == 160 && info.height == 90, "\(info)")
        #expect(abs(info.durationSeconds - 3) < 0.05, "\(info)")
        let streams = try TimelineMedia.streams(path)
        #expect(streams.contains { $0.hasPrefix(audioCodec) && $0.hasSuffix("audio") }, "\(streams)")
        // The song (1.5 s, looped) plays under the picture, which has no sound of its own.
        let samples = try TimelineMedia.samples(path)
        #expect(abs(Double(samples.count) / 48_000 - 3) < 0.05, "\(samples.count) samples")
        #expect(TimelineMedia.rms(samples, 24_000..<28_800) > 0.01, "music under the picture")
        #expect(TimelineMedia.rms(samples, 64_000..<68_000) > 0.01, "music looped past its own end")
    }

    /// Two steady tones crossfaded: the loudness holds through the junction (no gap, no dip).
    @Test func theCrossfadeKeepsTheLoudnessThroughTheJunction() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try TimelineMedia.clip(at: dir.appendingPathComponent("a.mkv").path, seconds: 2, frequency: 440)
        try TimelineMedia.clip(at: dir.appendingPathComponent("b.mkv").path, seconds: 2, hue: 90, frequency: 660)
        let spec = EditSpec(size: "160x90", fps: 30, items: [.clip(path: "a.mkv", from: nil, to: nil), .clip(path: "b.mkv", from: nil, to: nil)],
                            transitions: [EditTransition(effect: "fade", duration: 1)])
        let samples = try TimelineMedia.samples(try Self.export(spec, in: dir, to: "edit.mp4"))
        let steady = TimelineMedia.rms(samples, 9_600..<19_200)
        #expect(steady > 0.05)
        // 10 ms windows from 0.3 s to 2.7 s: the transition is 1...2 s.
        var quietest = Double.infinity, loudest = 0.0
        for start in stride(from: 14_400, to: 129_600, by: 480) {
            let level = TimelineMedia.rms(samples, start..<(start + 480))
            quietest = min(quietest, level)
            loudest = max(loudest, level)
        }
        #expect(quietest > 0.8 * steady && loudest < 1.2 * steady, "steady \(steady), range \(quietest)...\(loudest)")
    }

    /// A silent clip cut to a clip with a tone: the tone starts on the junction's frame, within
    /// one AAC frame (1024 samples), here and after ten minutes.
    @Test(arguments: [2.0, 599.0])
    func aClipsSoundStartsOnItsFirstFrame(silentSeconds: Double) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try TimelineMedia.silentClip(at: dir.appendingPathComponent("quiet.mkv").path, seconds: 1, size: "64x36")
        try TimelineMedia.clip(at: dir.appendingPathComponent("tone.mkv").path, seconds: 1, size: "64x36", frequency: 1000)
        try PNGCodec.write(try SampleImages.from(width: 64, height: 36), to: dir.appendingPathComponent("p.png").path)
        let spec = EditSpec(size: "64x36", fps: 30, items: [
            .picture(path: "p.png", duration: silentSeconds - 1), .clip(path: "quiet.mkv", from: nil, to: nil),
            .clip(path: "tone.mkv", from: nil, to: nil),
        ], transitions: [EditTransition(effect: "cut"), EditTransition(effect: "cut")])
        let samples = try TimelineMedia.samples(try Self.export(spec, in: dir, to: "edit.mp4"))
        let expected = Int(silentSeconds * 48_000)
        // The first 1 ms window whose level reaches half the tone's.
        let tone = TimelineMedia.rms(samples, (expected + 9_600)..<(expected + 19_200))
        let onset = stride(from: expected - 4_800, to: expected + 4_800, by: 48).first {
            TimelineMedia.rms(samples, $0..<($0 + 48)) > tone / 2
        }
        #expect(tone > 0.05)
        #expect(onset.map { abs($0 - expected) <= 1024 } == true, "onset \(onset.map(String.init) ?? "none"), expected \(expected)")
    }
}
