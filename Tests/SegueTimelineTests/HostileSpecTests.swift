import Foundation
import SegueExport
import SegueExportTestSupport
import SegueImage
import SegueTesting
import SegueTimeline
import Testing

/// Specs written by a hostile user (issue hardening-3): numbers far outside any range, full-width
/// hex digits, FIFOs where files go. Each is a typed error naming its place, or a valid plan;
/// planning runs in this process, so a trap would end the test run.
@Suite("Hostile edit specs: huge numbers, odd colours, FIFOs", .tags(.ffmpeg), .requiresFFmpeg)
struct HostileSpecTests {
    /// A folder with a picture, a clip and a sound of unknown length (Matroska written to a pipe
    /// has no duration), a clip of known length with sound, a font and an SRT file.
    static func media() throws -> URL {
        let dir = try temporaryDirectory()
        try PNGCodec.write(try SampleImages.from(width: 64, height: 36), to: dir.appendingPathComponent("p.png").path)
        try TimelineMedia.clip(at: dir.appendingPathComponent("c.mkv").path, seconds: 1, size: "64x36", frequency: 440)
        try pipedMatroska(["-f", "lavfi", "-i", "testsrc2=s=64x36:r=30:d=1", "-c:v", "ffv1"], to: dir.appendingPathComponent("u.mkv"))
        try pipedMatroska(["-f", "lavfi", "-i", "sine=f=440:sample_rate=48000:d=1", "-c:a", "libopus"], to: dir.appendingPathComponent("s.mka"))
        try Data("1\n00:00:00,100 --> 00:00:00,900\nHello\n".utf8).write(to: dir.appendingPathComponent("s.srt"))
        return dir
    }

    private static func pipedMatroska(_ arguments: [String], to url: URL) throws {
        let data = try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin"] + arguments + ["-f", "matroska", "pipe:1"])
        try data.write(to: url)
    }

    static func plan(_ json: String, in dir: URL) throws -> EditPlan {
        let url = dir.appendingPathComponent("edit-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try EditPlan.load(specAt: url.path, tools: try FFmpegTools.locate())
    }

    /// The error planning `json` gives, as "place: message"; "no error" when it plans.
    static func error(_ json: String, in dir: URL) throws -> String {
        do {
            _ = try plan(json, in: dir)
            return "no error"
        } catch let error as EditSpecError {
            return error.description
        }
    }

    @Test func theSoundsOfUnknownLengthHaveNone() throws {
        let dir = try Self.media()
        defer { try? FileManager.default.removeItem(at: dir) }
        // The premise of the cases below: ffprobe gives these files no duration.
        let plan = try Self.plan(#"{"size": "64x36", "items": [{"clip": "u.mkv", "to": 0.5}], "audio": {"music": "s.mka"}}"#, in: dir)
        #expect(plan.items[0].frames == 15 && plan.music != nil)
        #expect(try Self.error(#"{"size": "64x36", "items": [{"clip": "u.mkv"}]}"#, in: dir).contains("the clip's length is unknown"))
        let track = #"{"size": "64x36", "items": [{"picture": "p.png", "duration": 1}], "audio": {"tracks": [{"file": "s.mka"}]}}"#
        #expect(try Self.error(track, in: dir).contains("the file's length is unknown"))
    }

    /// Each number that trapped in `Int(_:)` or overflowed a sample count is refused by name.
    @Test(arguments: [
        (#""fps": 1e19, "items": [{"picture": "p.png", "duration": 1}]"#, "fps: 1e+19 is out of range"),
        (#""items": [{"picture": "p.png", "duration": 1}], "audio": {"tracks": [{"file": "s.mka", "start": 1e15}]}"#,
         "audio.tracks[0].start: 1e+15 must be 0 or more seconds, before the edit's end (1 s)"),
        (#""items": [{"picture": "p.png", "duration": 1}], "audio": {"music": "s.mka", "from": 1e300}"#,
         "audio.from: 1e+300 is out of range"),
        (#""items": [{"picture": "p.png", "duration": 1}], "audio": {"tracks": [{"file": "s.mka", "from": 1e300, "to": 2e300}]}"#,
         "audio.tracks[0].from: 1e+300 is out of range"),
        (#""items": [{"picture": "p.png", "duration": 1}], "audio": {"tracks": [{"file": "s.mka", "to": 1e300}]}"#,
         "audio.tracks[0].to: 1e+300 is out of range"),
        (#""items": [{"picture": "p.png", "duration": 1}, {"clip": "u.mkv", "to": 1e300}]"#, "items[1].to: 1e+300 is out of range"),
        (#""items": [{"picture": "p.png", "duration": 1}, {"clip": "u.mkv", "from": 1e15, "to": 1000000000000001}]"#,
         "items[1].from: 1e+15 is out of range"),
        (#""items": [{"picture": "p.png", "duration": 1}, {"freeze": "u.mkv", "at": 1e300, "duration": 1}]"#,
         "items[1].at: 1e+300 is out of range"),
    ])
    func aHugeNumberIsATypedErrorNamingItsField(spec: String, says: String) throws {
        let dir = try Self.media()
        defer { try? FileManager.default.removeItem(at: dir) }
        let error = try Self.error(#"{"size": "64x36", \#(spec)}"#, in: dir)
        #expect(error.hasPrefix(says), "\(error)")
    }

    /// SRT hours past Int's range overflowed when they became seconds.
    @Test func anSRTHourPastAnyEditIsATypedError() throws {
        let dir = try Self.media()
        defer { try? FileManager.default.removeItem(at: dir) }
        for hours in ["9223372036854775", "99999999999999999999", "10000"] {
            try Data("1\n\(hours):00:00,000 --> \(hours):00:01,000\nHi\n".utf8).write(to: dir.appendingPathComponent("h.srt"))
            let error = try Self.error(#"{"size": "64x36", "items": [{"picture": "p.png", "duration": 1}], "subtitles": {"file": "h.srt"}}"#, in: dir)
            #expect(error == "subtitles.file: 'h.srt' line 2: the cue's hours are out of range: 0...9999", "\(error)")
        }
    }

    /// A spec may name any readable file as subtitles: an error quoted its first line (the
    /// password file's root entry). Nothing is quoted before the file's first valid cue.
    @Test func anSRTErrorQuotesNothingOfAFileThatIsNotSRT() throws {
        let dir = try Self.media()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n".utf8)
            .write(to: dir.appendingPathComponent("passwd"))
        let error = try Self.error(#"{"size": "64x36", "items": [{"picture": "p.png", "duration": 1}], "subtitles": {"file": "passwd"}}"#, in: dir)
        #expect(error == "subtitles.file: 'passwd' line 1: expected a cue's number (the file does not look like SRT)", "\(error)")
        #expect(!error.contains("root") && !error.contains("daemon"))
        // After a valid cue, the line that goes wrong is quoted, as before.
        try Data("1\n00:00:00,100 --> 00:00:00,500\nHi\n\nHello\n".utf8).write(to: dir.appendingPathComponent("late.srt"))
        let late = try Self.error(#"{"size": "64x36", "items": [{"picture": "p.png", "duration": 1}], "subtitles": {"file": "late.srt"}}"#, in: dir)
        #expect(late.hasSuffix("line 5: expected a cue's number, found 'Hello'"), "\(late)")
    }

    /// Full-width digits are hex digits to Unicode (`Character.isHexDigit`), not to a colour.
    @Test func aColourTakesASCIIHexDigitsOnly() throws {
        let dir = try Self.media()
        defer { try? FileManager.default.removeItem(at: dir) }
        let cases = [
            (##"{"title": "T", "duration": 1, "background": "#ＦＦＦ"}"##, "items[0].background: '#ＦＦＦ' is not a colour"),
            (##"{"title": "T", "duration": 1, "color": "#１２３４５６"}"##, "items[0].color: '#１２３４５６' is not a colour"),
            (##"{"title": "T", "duration": 1, "background": {"gradient": ["#000", "#٠٠٠"]}}"##, "items[0].background.gradient[1]"),
        ]
        for (item, says) in cases {
            let error = try Self.error(##"{"size": "64x36", "items": [\##(item)]}"##, in: dir)
            #expect(error.hasPrefix(says), "\(error)")
        }
        #expect(try Self.plan(##"{"size": "64x36", "items": [{"title": "T", "duration": 1, "background": "#FfF"}]}"##, in: dir).items.count == 1)
    }

    /// A FIFO where a file goes blocked planning until killed: fonts, SRT files, `.glsl` files and
    /// their textures, pictures, clips and sound are all refused as not regular files.
    @Test func aFIFOIsRefusedWhereverAFileGoes() throws {
        let dir = try Self.media()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("uniform sampler2D luma;\nvec4 transition(vec2 uv) {\n  return mix(getFromColor(uv), getToColor(uv), step(texture2D(luma, uv).r, progress));\n}\n".utf8)
            .write(to: dir.appendingPathComponent("l.glsl"))
        for name in ["f.ttf", "s2.srt", "t.glsl", "tex.png", "q.png", "q.mkv", "q.wav"] {
            try #require(mkfifo(dir.appendingPathComponent(name).path, 0o600) == 0)
        }
        let p = #"{"picture": "p.png", "duration": 1}"#
        let cases: [(json: String, place: String)] = [
            (#""items": [{"picture": "p.png", "duration": 1, "text": {"content": "a", "font": "f.ttf"}}]"#, "items[0].text.font"),
            (#""items": [\#(p)], "texts": [{"content": "a", "font": "f.ttf"}]"#, "texts[0].font"),
            (#""items": [{"title": "T", "duration": 1, "font": "f.ttf"}]"#, "items[0].font"),
            (#""items": [\#(p)], "subtitles": {"file": "s.srt", "font": "f.ttf"}"#, "subtitles.font"),
            (#""items": [\#(p)], "subtitles": {"file": "s2.srt"}"#, "subtitles.file"),
            (#""items": [\#(p), \#(p)], "transitions": [{"effect": "t.glsl"}]"#, "transitions[0].effect"),
            (#""items": [\#(p), \#(p)], "transitions": [{"effect": "l.glsl", "params": {"luma": "tex.png"}}]"#, "transitions[0].params.luma"),
            (#""items": [{"picture": "q.png", "duration": 1}]"#, "items[0].picture"),
            (#""items": [{"title": "T", "duration": 1, "background": "q.png"}]"#, "items[0].background"),
            (#""items": [\#(p), {"clip": "q.mkv"}]"#, "items[1].clip"),
            (#""items": [\#(p)], "audio": {"tracks": [{"file": "q.wav"}]}"#, "audio.tracks[0].file"),
        ]
        for (json, place) in cases {
            let error = try Self.error(#"{"size": "64x36", \#(json)}"#, in: dir)
            #expect(error.hasPrefix(place + ":") && error.contains("not a regular file"), "\(json) -> \(error)")
        }
    }
}
