import Foundation
import SegueExport
import SegueExportTestSupport
import SegueImage
import SegueTesting
import SegueTimeline
import Testing

/// SRT files read (malformed ones refused with their line), spec errors of text naming their
/// place, and soft subtitle tracks read back by ffmpeg.
@Suite("Edit subtitles and text errors", .tags(.ffmpeg), .requiresFFmpeg)
struct EditSubtitleTests {
    static func parseError(_ text: String) -> String {
        do {
            _ = try SubtitleTrack.parse(Data(text.utf8), name: "s.srt")
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    @Test func srtIsReadWithItsMarkupAndLines() throws {
        let cues = try SubtitleTrack.parse(Data("\u{FEFF}1\r\n00:00:01,500 --> 00:00:03,250\r\n<i>Hello</i>\r\nworld\r\n\r\n2\r\n01:02:03.004 --> 01:02:04,000 X1:10\r\nÀ bientôt\r\n".utf8), name: "s.srt")
        #expect(cues.map(\.start) == [1.5, 3723.004])
        #expect(cues.map(\.end) == [3.25, 3724])
        #expect(cues.map(\.text) == ["<i>Hello</i>\nworld", "À bientôt"])
        #expect(cues.map(\.line) == [1, 6])
        #expect(cues[0].plainText == "Hello\nworld")
    }

    @Test func malformedSRTNamesItsLine() {
        #expect(Self.parseError("1\n00:00:01,000 -> 00:00:02,000\nHi\n") == "'s.srt' line 2: expected the cue's times, such as 00:00:01,000 --> 00:00:04,000")
        #expect(Self.parseError("1\n00:00:01,000 --> 00:00:02,000\nHi\n\nHello\n") == "'s.srt' line 5: expected a cue's number, found 'Hello'")
        #expect(Self.parseError("1\n00:00:03,000 --> 00:00:02,000\nHi\n").hasPrefix("'s.srt' line 2: the cue ends"))
        #expect(Self.parseError("1\n00:00:01,000 --> 00:00:02,000\n\n") == "'s.srt' line 3: the cue has no text")
        #expect(Self.parseError("1\n00:00:61,000 --> 00:01:02,000\nHi\n").hasPrefix("'s.srt' line 2:"))
        #expect(Self.parseError("") == "'s.srt': has no cues")
        #expect(throws: SubtitleError.self) { try SubtitleTrack.parse(Data([0x31, 0x0A, 0xFF, 0xFE]), name: "s.srt") }
        let huge = Data(count: SubtitleTrack.maxBytes + 1)
        #expect(throws: SubtitleError.self) { try SubtitleTrack.parse(huge, name: "s.srt") }
    }

    @Test func textMistakesNameTheirPlace() throws {
        let base = ##"{"size": "320x120", "fps": 10, "items": [{"picture": "black.png", "duration": 2, "text": "##
        #expect(try EditTextFixtures.planError(base + ##"{"content": "a", "font": "No Such Family 42"}}]}"##)
            .hasPrefix("items[0].text.font: no font of family 'No Such Family 42'"))
        #expect(try EditTextFixtures.planError(base + ##"{"content": "a", "color": "#12345"}}]}"##)
            .hasPrefix("items[0].text.color: '#12345' is not a colour"))
        #expect(try EditTextFixtures.planError(base + ##"{"content": "a", "start": 1, "end": 2.5}}]}"##)
            == "items[0].text.end: 2.5 is outside the item (0...2 s)")
        #expect(try EditTextFixtures.planError(base + ##"[{"content": "a"}, {"content": "b", "animation": "spin"}]}]}"##)
            .hasPrefix("items[0].text[1].animation: 'spin' is not one of fade, slide-in, type-on, none"))
        #expect(try EditTextFixtures.planError(base + ##"{"content": "a", "position": "middle"}}]}"##)
            .hasPrefix("items[0].text.position: 'middle' is not one of"))
        #expect(try EditTextFixtures.planError(base + ##"{"content": "a", "colour": "red"}}]}"##)
            .hasPrefix("items[0].text.colour: unknown key"))
        let titled = ##"{"size": "320x120", "items": [{"title": "T", "duration": 1, "background": "#10101"}]}"##
        #expect(try EditTextFixtures.planError(titled).hasPrefix("items[0].background: '#10101' is not a colour"))
        let late = ##"{"size": "320x120", "items": [{"title": "T", "duration": 1}], "texts": [{"content": "a", "start": 3}]}"##
        #expect(try EditTextFixtures.planError(late) == "texts[0].start: 3.0 is outside the edit (0...1 s)")
    }

    @Test func subtitleMistakesNameTheFileAndLine() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("1\n00:00:01,000 --> 00:00:02,000\nHi\n\n2\n00:00:09,000 --> 00:00:10,000\nLate\n".utf8).write(to: dir.appendingPathComponent("s.srt"))
        let spec = ##"{"size": "320x120", "items": [{"picture": "black.png", "duration": 3}], "subtitles": {"file": "s.srt"}}"##
        do {
            _ = try EditTextFixtures.plan(spec, in: dir)
            Issue.record("a cue after the edit's end is refused")
        } catch let error as EditSpecError {
            #expect(error.description == "subtitles.file: 's.srt' line 5: the cue starts at 9 s, at or after the edit's end (3 s)")
        }
    }

    /// A soft track, read back by ffmpeg (its own SRT writer): the cues' times and text, the
    /// codec each container takes.
    @Test(.tags(.gl), arguments: [("mp4", "mov_text"), ("webm", "webvtt")])
    func softTrackReadsBackAsWritten(format: String, codec: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let srt = "1\n00:00:00,500 --> 00:00:01,200\nHello, world\n\n2\n00:00:01,500 --> 00:00:02,750\n夏天 café\n"
        try Data(srt.utf8).write(to: dir.appendingPathComponent("s.srt"))
        let plan = try EditTextFixtures.plan("""
            {"size": "160x90", "fps": 10, "items": [{"picture": "black.png", "duration": 3}], "subtitles": {"file": "s.srt", "mode": "soft", "language": "fra"}}
            """, in: dir)
        #expect(plan.textOverlays.isEmpty, "a soft track draws nothing")
        let out = dir.appendingPathComponent("out.\(format)").path
        try withDevice { device in
            let exporter = try TimelineExporter(device: device, plan: plan, format: VideoFormat(rawValue: format)!)
            _ = try exporter.export(to: out)
        }
        let streams = try TimelineMedia.streams(out)
        #expect(streams.contains("\(codec),subtitle"), "\(streams)")
        let language = String(decoding: try VideoReader.run("ffprobe", ["-v", "error", "-select_streams", "s:0", "-show_entries", "stream_tags=language",
                                                                         "-of", "csv=p=0", out]), as: UTF8.self)
        #expect(language.trimmingCharacters(in: .whitespacesAndNewlines) == "fra")
        let back = try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-i", out, "-map", "0:s:0", "-f", "srt", "pipe:1"])
        let cues = try SubtitleTrack.parse(back, name: "read back")
        #expect(cues.map(\.start) == [0.5, 1.5])
        #expect(cues.map(\.end) == [1.2, 2.75])
        #expect(cues.map(\.text) == ["Hello, world", "夏天 café"])
        #expect(try VideoReader.frames(out, width: 160, height: 90).count == 30)
    }

    @Test(.tags(.gl)) func softTrackIsRefusedForAGIF() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("1\n00:00:00,500 --> 00:00:01,200\nHi\n".utf8).write(to: dir.appendingPathComponent("s.srt"))
        let plan = try EditTextFixtures.plan("""
            {"size": "160x90", "fps": 10, "items": [{"picture": "black.png", "duration": 2}], "subtitles": {"file": "s.srt", "mode": "soft"}}
            """, in: dir)
        try withDevice { device in
            let exporter = try TimelineExporter(device: device, plan: plan, format: .gif)
            #expect(throws: EditSpecError.self) { try exporter.export(to: dir.appendingPathComponent("out.gif").path) }
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.gif").path))
    }

    /// Smart rendering never copies a clip's packets where text is drawn over it (its own text,
    /// or the edit's over any of its frames): those frames are encoded.
    @Test func textOverAClipIsEncodedNotCopied() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try SmartRenderMedia.clip(at: dir.appendingPathComponent("good.mp4").path)
        let tools = try FFmpegTools.locate()
        for extra in [#""text": {"content": "Caption"}"#, #""from": 0"#] {
            let texts = extra.hasPrefix(#""from""#) ? #", "texts": [{"content": "Over", "start": 1, "end": 2}]"# : ""
            let plan = try EditTextFixtures.plan(#"{"size": "320x180", "fps": 30, "items": [{"clip": "good.mp4", "# + extra + "}]" + texts + "}", in: dir)
            let smart = try SmartRenderPlan(plan: plan, format: .mp4, tools: tools)
            #expect(!smart.copies && smart.reason == "items[0]: text is drawn over it", "\(smart.reason ?? "no reason")")
        }
        let plain = try EditTextFixtures.plan(#"{"size": "320x180", "fps": 30, "items": [{"clip": "good.mp4"}]}"#, in: dir)
        #expect(try SmartRenderPlan(plan: plain, format: .mp4, tools: tools).copies)
    }
}
