import Foundation
import SegueExport
import SegueExportTestSupport
import SegueTesting
import SegueTimeline
import Testing

/// The edit's sound keys measured by ffmpeg on the exported MP4: astats' RMS levels for volume,
/// fades and ducking, a beep's onset for tracks and the music's start, ebur128 for loudness.
@Suite("Timeline: per-item sound, tracks, ducking, loudness (headless GL + ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct TimelineSoundTests {
    /// One frame at 30 fps: how far a sound may land from where the spec puts it.
    static let frame = 1.0 / 30

    @Test func volumeZeroIsSilentAndAHalfIsSixDecibelsDown() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try TimelineMedia.clip(at: dir.appendingPathComponent("a.mkv").path, seconds: 1, size: "64x36", frequency: 440)
        let path = try SoundMeasure.export(#"""
            {"size": "64x36", "fps": 30, "items": [
              {"clip": "a.mkv", "volume": 0}, {"clip": "a.mkv", "volume": 0.5}, {"clip": "a.mkv", "volume": "-12 dB"}, {"clip": "a.mkv"}]}
            """#, in: dir)
        let levels = try (0..<4).map { try SoundMeasure.rmsLevel(path, from: Double($0) + 0.2, to: Double($0) + 0.8) }
        #expect(levels[3] > -30, "\(levels)")
        #expect(levels[0] < -90, "volume 0: \(levels)")
        #expect(abs(levels[1] - levels[3] + 6.02) < 0.3, "volume 0.5: \(levels)")
        #expect(abs(levels[2] - levels[3] + 12) < 0.3, "volume -12 dB: \(levels)")
    }

    /// A linear fade in over 1 s and out over 0.5 s: the level at a point of the fade is the
    /// steady level times the fade's gain there.
    @Test func fadesFollowTheirLinearEnvelopes() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try TimelineMedia.clip(at: dir.appendingPathComponent("a.mkv").path, seconds: 2, size: "64x36", frequency: 440)
        let path = try SoundMeasure.export(#"""
            {"size": "64x36", "fps": 30, "items": [{"clip": "a.mkv", "fadeIn": 1, "fadeOut": 0.5}]}
            """#, in: dir)
        let steady = try SoundMeasure.rmsLevel(path, from: 1.1, to: 1.4)
        for (time, gain) in [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75), (1.625, 0.75), (1.75, 0.5), (1.875, 0.25)] {
            let level = try SoundMeasure.rmsLevel(path, from: time - 0.01, to: time + 0.01)
            let expected = steady + 20 * log10(gain)
            #expect(abs(level - expected) < 0.5, "at \(time) s: \(level) dB, expected \(expected) dB")
        }
    }

    /// A voice-over's beep starts where its track says, within a frame, with the mix normalised too
    /// (loudnorm's pass must not move it).
    @Test(arguments: [false, true])
    func aTracksBeepStartsOnTime(normalized: Bool) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try SoundMeasure.picture(in: dir)
        try SoundMeasure.sound("sine=f=1000:sample_rate=48000:d=0.5", at: dir.appendingPathComponent("beep.wav").path)
        let normalize = normalized ? #", "normalize": "-14 LUFS""# : ""
        let path = try SoundMeasure.export(#"""
            {"size": "64x36", "fps": 30, "items": [{"picture": "p.png", "duration": 3}],
             "audio": {"tracks": [{"file": "beep.wav", "start": 1.3, "volume": 0.8}]\#(normalize)}}
            """#, in: dir)
        let onset = try SoundMeasure.onset(path, threshold: -40)
        #expect(onset.map { abs($0 - 1.3) <= Self.frame } == true, "onset \(onset.map { String($0) } ?? "none")")
        let end = try SoundMeasure.rmsLevel(path, from: 1.85, to: 2.9)
        #expect(end < -60, "the beep ends after 0.5 s: \(end) dB")
    }

    /// The music (220 Hz, measured through a low-pass that keeps the 1 kHz voice out) drops by
    /// the set 12 dB under the voice, is half-way back during the release and whole after it.
    @Test func musicIsDuckedUnderTheVoiceAndComesBack() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try SoundMeasure.picture(in: dir)
        try SoundMeasure.sound("sine=f=220:sample_rate=48000:d=6", at: dir.appendingPathComponent("music.wav").path)
        try SoundMeasure.sound("sine=f=1000:sample_rate=48000:d=1.5", at: dir.appendingPathComponent("voice.wav").path)
        let path = try SoundMeasure.export(#"""
            {"size": "64x36", "fps": 30, "items": [{"picture": "p.png", "duration": 6}],
             "audio": {"music": "music.wav", "tracks": [{"file": "voice.wav", "start": 2}],
                       "duck": {"amount": "-12 dB", "attack": 0.2, "release": 0.5}}}
            """#, in: dir)
        let music = "lowpass=f=300,lowpass=f=300,lowpass=f=300"
        let before = try SoundMeasure.rmsLevel(path, from: 0.5, to: 1.6, filter: music)
        let under = try SoundMeasure.rmsLevel(path, from: 2.1, to: 3.4, filter: music)
        let releasing = try SoundMeasure.rmsLevel(path, from: 3.74, to: 3.76, filter: music)
        let after = try SoundMeasure.rmsLevel(path, from: 4.1, to: 5.5, filter: music)
        #expect(abs(under - before + 12) < 1, "before \(before), under \(under)")
        // Half-way through the release the gain is 1 − (1 − 0.251) / 2 = 0.625: −4.1 dB.
        #expect(abs(releasing - before + 4.1) < 1, "before \(before), releasing \(releasing)")
        #expect(abs(after - before) < 0.5, "before \(before), after \(after)")
        let high = "highpass=f=700,highpass=f=700,highpass=f=700"
        let voice = try SoundMeasure.rmsLevel(path, from: 2.1, to: 3.4, filter: high)
        let alone = try SoundMeasure.rmsLevel(dir.appendingPathComponent("voice.wav").path, from: 0.1, to: 1.4, filter: high)
        #expect(abs(voice - alone) < 0.5, "the voice itself is not lowered: \(voice) dB, alone \(alone) dB")
    }

    @Test func normalizeBringsTheMixToMinus14LUFS() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try SoundMeasure.picture(in: dir)
        try SoundMeasure.sound("sine=f=440:sample_rate=48000:d=4", at: dir.appendingPathComponent("music.wav").path)
        let path = try SoundMeasure.export(#"""
            {"size": "64x36", "fps": 30, "items": [{"picture": "p.png", "duration": 4}],
             "audio": {"music": "music.wav", "volume": 0.1, "normalize": "-14 LUFS"}}
            """#, in: dir)
        let loudness = try SoundMeasure.integratedLoudness(path)
        #expect(abs(loudness + 14) <= 1, "\(loudness) LUFS")
    }

    /// A song of 3 s whose only sound is a marker at 2 s, started 1 s in: the marker plays at
    /// 1 s, and looped (the next pass from the song's start, at 2 s) again at 4 s.
    @Test(arguments: [true, false])
    func musicStartsAtFromAndLoops(loop: Bool) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try SoundMeasure.picture(in: dir)
        try SoundMeasure.sound("aevalsrc=if(between(t\\,2\\,2.2)\\,0.5*sin(2*PI*1000*t)\\,0):s=48000:d=3",
                               at: dir.appendingPathComponent("song.wav").path)
        let path = try SoundMeasure.export(#"""
            {"size": "64x36", "fps": 30, "items": [{"picture": "p.png", "duration": 6}],
             "audio": {"music": "song.wav", "from": 1, "loop": \#(loop)}}
            """#, in: dir)
        let first = try SoundMeasure.onset(path, threshold: -40)
        let second = try SoundMeasure.onset(path, threshold: -40, after: 1.5)
        #expect(first.map { abs($0 - 1) <= Self.frame } == true, "first marker at \(first.map { String($0) } ?? "none")")
        if loop {
            #expect(second.map { abs($0 - 4) <= Self.frame } == true, "looped marker at \(second.map { String($0) } ?? "none")")
        } else {
            #expect(second == nil, "no loop, yet a marker at \(second.map { String($0) } ?? "")")
        }
    }

    /// A chunk (`--frames`) of a ducked, normalised edit sounds as the same frames of the whole
    /// render: the envelope comes from the plan and the loudness gain from the whole edit.
    @Test func aChunkDucksAndNormalisesAsTheWholeEdit() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try SoundMeasure.picture(in: dir)
        try SoundMeasure.sound("sine=f=220:sample_rate=48000:d=6", at: dir.appendingPathComponent("music.wav").path)
        try SoundMeasure.sound("sine=f=1000:sample_rate=48000:d=1", at: dir.appendingPathComponent("voice.wav").path)
        let json = #"""
            {"size": "64x36", "fps": 30, "items": [{"picture": "p.png", "duration": 6}],
             "audio": {"music": "music.wav", "volume": 0.2, "tracks": [{"file": "voice.wav", "start": 3.5}], "duck": true, "normalize": "-16 LUFS"}}
            """#
        let whole = try SoundMeasure.export(json, in: dir)
        let tools = try FFmpegTools.locate()
        let plan = try EditPlan.load(specAt: dir.appendingPathComponent("edit.json").path, tools: tools)
        let chunk = dir.appendingPathComponent("chunk.mp4").path
        _ = try withDevice { device in
            try TimelineExporter(device: device, plan: plan, format: .mp4, tools: tools).export(to: chunk, frames: 90..<180)
        }
        let music = "lowpass=f=300,lowpass=f=300,lowpass=f=300"
        // Before the duck, in the attack's ramp, under the voice and in the release, 3 s later in the whole edit.
        for (start, end) in [(0.2, 0.8), (0.32, 0.38), (0.7, 1.3), (1.6, 1.7)] {
            let inChunk = try SoundMeasure.rmsLevel(chunk, from: start, to: end, filter: music)
            let inWhole = try SoundMeasure.rmsLevel(whole, from: start + 3, to: end + 3, filter: music)
            #expect(abs(inChunk - inWhole) < 0.2, "\(start)...\(end) s: chunk \(inChunk) dB, whole \(inWhole) dB")
        }
    }

    /// 700 tracks make a sound graph of about 160 KB, over Linux's 128 KiB for one argument
    /// (E2BIG): it goes to ffmpeg by file and the export succeeds, every beep in place.
    @Test func aGraphTooLongForTheCommandLineGoesByFile() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try SoundMeasure.picture(in: dir)
        try SoundMeasure.sound("sine=f=1000:sample_rate=48000:d=0.005", at: dir.appendingPathComponent("tick.wav").path)
        let tracks = (0..<700).map { #"{"file": "tick.wav", "start": \#(0.5 + Double($0) * 0.01)}"# }.joined(separator: ",")
        let path = try SoundMeasure.export(#"""
            {"size": "64x36", "fps": 10, "items": [{"picture": "p.png", "duration": 9}], "audio": {"tracks": [\#(tracks)]}}
            """#, in: dir)
        let onset = try SoundMeasure.onset(path, threshold: -40)
        #expect(onset.map { abs($0 - 0.5) <= 0.1 } == true, "first tick at \(onset.map { String($0) } ?? "none")")
        #expect(try SoundMeasure.rmsLevel(path, from: 1, to: 6) > -40)
        #expect(try SoundMeasure.rmsLevel(path, from: 7.7, to: 8.9) < -60, "the last tick is at 7.49 s")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") }
        #expect(left.isEmpty, "the graph's file is removed: \(left)")
    }
}
