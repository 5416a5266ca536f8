import Foundation
@_spi(Probing) import SegueExport
import SegueTesting
import SegueTimeline
import Testing

/// The edit-spec target's stand-in for ffprobe (`FuzzMediaProber`) against ffprobe itself: its
/// default answers must read as ffprobe's do of a real clip and sound of that kind, or the fuzzer
/// would plan clips no file could give; and the target must reach the plan's clips and sounds
/// (before, every clip and sound of a fuzzed spec was refused for want of ffprobe).
@Suite("the fuzzer's ffprobe stand-in", .tags(.ffmpeg), .requiresFFmpeg)
struct FuzzMediaProberTests {
    @Test func itsDefaultAnswersReadAsFFprobesOfARealClipAndSound() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-prober-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let clip = folder.appendingPathComponent("clip.mp4").path, sound = folder.appendingPathComponent("song.wav").path
        // What the defaults describe: a 4 s 320x180 H.264 clip at 30 fps with AAC sound, a 10 s sound file.
        _ = try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc2=s=320x180:r=30:d=4",
                                           "-f", "lavfi", "-i", "sine=d=4:r=48000", "-pix_fmt", "yuv420p", "-c:v", "libx264",
                                           "-color_trc", "bt709", "-c:a", "aac", "-shortest", clip])
        _ = try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "sine=d=10:r=48000", sound])
        let real = try FFmpegTools.locate()
        var standIn = try FFmpegTools.locate()
        standIn.prober = FuzzMediaProber(records: [:])

        for (path, demuxers) in [(clip, ClipDecoder.clipDemuxers), (sound, ClipDecoder.clipDemuxers.union(["wav", "mp3"]))] {
            let limits = path == clip
            let expected = try ClipDecoder.probe(path, tools: real, demuxers: demuxers, limitsFrames: limits)
            let answered = try ClipDecoder.probe(path, tools: standIn, demuxers: demuxers, limitsFrames: limits)
            #expect(answered.demuxer == expected.demuxer && answered.duration.map { abs($0 - (expected.duration ?? 0)) < 0.05 } == true,
                    "\(answered) against ffprobe's \(expected)")
        }
        let expected = try #require(MediaInfo(ffprobeJSON: try real.streamListing(path: clip, demuxer: "mov")))
        let answered = try #require(MediaInfo(ffprobeJSON: try standIn.streamListing(path: clip, demuxer: "mov")))
        #expect(answered.codec == expected.codec && answered.width == expected.width && answered.height == expected.height
                && answered.framesPerSecond == expected.framesPerSecond && answered.pixelFormat == expected.pixelFormat
                && answered.color == expected.color && answered.variableFrameRate == expected.variableFrameRate,
                "\(answered) against ffprobe's \(expected)")

        // The same edit planned on ffprobe's answers and on the stand-in's.
        let spec = try EditPlan.decode(Data((#"{"size": "320x180", "items": [{"clip": "clip.mp4", "from": 0.5}, {"clip": "clip.mp4", "to": 2}], "#
            + #""transitions": [{"effect": "fade", "duration": 0.5}], "audio": {"music": "song.wav", "from": 2}}"#).utf8))
        let planned = try EditPlan(spec: spec, folder: folder, tools: real)
        let standInPlan = try EditPlan(spec: spec, folder: folder, tools: standIn)
        #expect(standInPlan.items == planned.items && standInPlan.music == planned.music && standInPlan.totalFrames == planned.totalFrames)
    }

    @Test func theTargetPlansTheSeedsClipsMusicAndTracksWithNoProcessStarted() throws {
        let seed = FuzzReplayTests.fuzzFolder.appendingPathComponent("Corpus/edit-spec/probe-clips-music-tracks")
        let (bytes, prober) = FuzzMediaProber.split([UInt8](try Data(contentsOf: seed)))
        let (folder, shared) = try #require(EditSpecFuzz.fixtures.ready)
        var tools = try FFmpegTools(ffmpegPath: shared.ffmpeg.path)
        tools.prober = prober
        let plan = try EditPlan(spec: try EditPlan.decode(Data(bytes)), folder: folder, tools: tools)
        // beach.mp4 from 0.5 to 3.5 s at 30 fps, with its sound; the song's record says mp3.
        #expect(plan.items[0].frames == 90)
        #expect(plan.items[0].source == .clip(path: folder.path + "/beach.mp4", start: 0.5, hasAudio: true, demuxer: "mov"))
        #expect(plan.music?.demuxer == "mp3" && plan.sound.tracks.count == 1)
        // A record's failure is ffprobe's: a refused playlist is named, not read.
        let failing = FuzzReplayTests.fuzzFolder.appendingPathComponent("Corpus/edit-spec/probe-probe-failures")
        let (failingBytes, failingProber) = FuzzMediaProber.split([UInt8](try Data(contentsOf: failing)))
        tools.prober = failingProber
        let error = #expect(throws: EditSpecError.self) {
            try EditPlan(spec: try EditPlan.decode(Data(failingBytes)), folder: folder, tools: tools)
        }
        #expect(error?.place == "items[0].clip" && error?.message.contains("hls") == true, "\(String(describing: error))")
        #expect(!EditSpecFuzz.fixtures.standInRan)
    }
}
