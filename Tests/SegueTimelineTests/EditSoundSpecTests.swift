import Foundation
import SegueExport
import SegueExportTestSupport
import SegueTesting
import SegueTimeline
import Testing

/// The sound keys' mistakes, each refused before anything renders with its place in the spec,
/// and the keys the decoder takes for tracks and ducking matching the schema's.
@Suite("Edit spec: sound keys checked (ffprobe)", .tags(.ffmpeg), .requiresFFmpeg)
struct EditSoundSpecTests {
    static func media() throws -> URL {
        let dir = try temporaryDirectory()
        try SoundMeasure.picture(in: dir)
        try TimelineMedia.clip(at: dir.appendingPathComponent("a.mkv").path, seconds: 1, size: "64x36", frequency: 440)
        try TimelineMedia.clip(at: dir.appendingPathComponent("mute.mkv").path, seconds: 1, size: "64x36", frequency: nil)
        try SoundMeasure.sound("sine=f=440:sample_rate=48000:d=2", at: dir.appendingPathComponent("song.wav").path)
        _ = try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "sine=d=1", dir.appendingPathComponent("secret.ts").path])
        try Data("#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n#EXTINF:1.0,\nsecret.ts\n#EXT-X-ENDLIST\n".utf8)
            .write(to: dir.appendingPathComponent("list.m3u8"))
        return dir
    }

    /// The error loading `json` (items and audio given as JSON fragments) in `dir`.
    static func error(_ items: String, audio: String? = nil, in dir: URL) throws -> EditSpecError? {
        let json = #"{"size": "64x36", "items": [\#(items)]"# + (audio.map { #", "audio": \#($0)"# } ?? "") + "}"
        let url = dir.appendingPathComponent("edit.json")
        try Data(json.utf8).write(to: url)
        do {
            _ = try EditPlan.load(specAt: url.path, tools: try FFmpegTools.locate())
            return nil
        } catch let error as EditSpecError {
            return error
        }
    }

    @Test func mistakesNameTheirItemAndKey() throws {
        let dir = try Self.media()
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = #"{"clip": "a.mkv"}"#
        let cases: [(items: String, audio: String?, place: String, says: String)] = [
            (#"{"picture": "p.png", "duration": 1, "volume": 0}"#, nil, "items[0].volume", "unknown key"),
            (#"{"clip": "a.mkv", "volume": "loud"}"#, nil, "items[0].volume", "expected a gain"),
            (#"{"clip": "a.mkv", "volume": 11}"#, nil, "items[0].volume", "0...10"),
            (#"{"clip": "a.mkv", "volume": "+30 dB"}"#, nil, "items[0].volume", "+20 dB"),
            (#"{"clip": "a.mkv", "fadeIn": 2}"#, nil, "items[0].fadeIn", "at most the item's 1 s"),
            (#"{"clip": "a.mkv", "fadeOut": -1}"#, nil, "items[0].fadeOut", "0 or more"),
            (clip, #"{"tracks": [{"file": "p.png"}]}"#, "audio.tracks[0].file", "not sound"),
            (clip, #"{"tracks": [{"file": "list.m3u8"}]}"#, "audio.tracks[0].file", "playlists"),
            (clip, #"{"tracks": [{"file": "mute.mkv"}]}"#, "audio.tracks[0].file", "has no sound"),
            (clip, #"{"tracks": [{"file": "missing.wav"}]}"#, "audio.tracks[0].file", "cannot read"),
            (clip, #"{"tracks": [{"file": "song.wav"}, {"file": "song.wav", "start": 5}]}"#, "audio.tracks[1].start", "before the edit's end"),
            (clip, #"{"tracks": [{"file": "song.wav", "to": 3}]}"#, "audio.tracks[0].to", "past the file's end"),
            (clip, #"{"tracks": [{"file": "song.wav", "from": 1.5, "to": 1}]}"#, "audio.tracks[0].to", "after from"),
            (clip, #"{"tracks": [{"file": "song.wav", "gain": 1}]}"#, "audio.tracks[0].gain", "unknown key"),
            (clip, #"{"tracks": [{"file": "song.wav", "volume": -1}]}"#, "audio.tracks[0].volume", "0...10"),
            (clip, #"{"duck": true}"#, "audio.duck", "give \"music\""),
            (clip, #"{"music": "song.wav", "duck": {"amount": "+3 dB"}}"#, "audio.duck.amount", "must lower the music"),
            (clip, #"{"music": "song.wav", "duck": {"attack": 20}}"#, "audio.duck.attack", "0...10"),
            (clip, #"{"music": "song.wav", "duck": false}"#, "audio.duck", "leave \"duck\" out"),
            (clip, #"{"music": "song.wav", "normalize": "-100 LUFS"}"#, "audio.normalize", "-70 to -5"),
            (clip, #"{"music": "song.wav", "normalize": "loud"}"#, "audio.normalize", "such as \"-14 LUFS\""),
            (clip, #"{"music": "song.wav", "from": 2}"#, "audio.from", "before the music's end (2 s)"),
            (clip, #"{"loop": false}"#, "audio.loop", "give \"music\""),
        ]
        for (items, audio, place, says) in cases {
            let error = try Self.error(items, audio: audio, in: dir)
            #expect(error?.place == place && error?.message.contains(says) == true,
                    "\(items) \(audio ?? ""): \(error.map { "\($0)" } ?? "accepted")")
        }
        #expect(try Self.error(#"{"clip": "a.mkv", "volume": "-6 dB", "fadeIn": 0.5, "fadeOut": 0.5}"#,
                               audio: #"{"music": "song.wav", "from": 1.5, "loop": false, "duck": true, "normalize": "-14 LUFS", "#
                                   + #""tracks": [{"file": "song.wav", "start": 0.5, "volume": "-3 dB", "from": 0.5, "to": 1}]}"#, in: dir) == nil)
    }

    /// A clip's sound keys survive encoding (`EditSpec.encode`) and change the spec's identity,
    /// so chunks of an edit with other volumes are told apart.
    @Test func clipSoundIsPartOfTheSpec() throws {
        let json = #"{"size": "64x36", "items": [{"clip": "a.mkv", "volume": "-6 dB", "fadeIn": 0.5}, {"picture": "p.png", "duration": 1}]}"#
        let spec = try EditPlan.decode(Data(json.utf8))
        #expect(spec.sound(ofItem: 0) == EditClipSound(volume: .decibels(-6), fadeIn: 0.5))
        let again = try EditPlan.decode(try JSONEncoder().encode(spec))
        #expect(again == spec)
        let plain = try EditPlan.decode(Data(json.replacingOccurrences(of: #", "volume": "-6 dB", "fadeIn": 0.5"#, with: "").utf8))
        #expect(ChunkTag.identity(of: plain) != ChunkTag.identity(of: spec))
        #expect(plain.clipSounds.isEmpty)
    }

    @Test func tracksAndDuckTakeTheSchemasKeys() throws {
        let audio = EditSpecSchemaTests.audio as? [String: Any]
        let properties = audio?["properties"] as? [String: Any]
        let track = (properties?["tracks"] as? [String: Any])?["items"]
        let duck = ((properties?["duck"] as? [String: Any])?["oneOf"] as? [Any])?.last
        let item = #"{"picture": "p.png", "duration": 1}"#
        #expect(EditSpecSchemaTests.decoderKeys(#"{"size": "2x2", "items": [\#(item)], "audio": {"tracks": [{"file": "a", "bogus": 1}]}}"#)
            == EditSpecSchemaTests.properties(track))
        #expect(EditSpecSchemaTests.decoderKeys(#"{"size": "2x2", "items": [\#(item)], "audio": {"duck": {"bogus": 1}}}"#)
            == EditSpecSchemaTests.properties(duck))
        #expect(!EditSpecSchemaTests.properties(track).isEmpty)
    }
}
