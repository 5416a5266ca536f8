import Foundation
import SegueExport
import SegueExportTestSupport
import SegueImage
import SegueTesting
import SegueTimeline
import Testing

/// Mistakes in a spec are found before anything renders and named by their place in it.
@Suite("Edit spec errors name their place", .tags(.ffmpeg), .requiresFFmpeg)
struct EditSpecErrorTests {
    static func plan(_ json: String, in dir: URL) throws -> EditPlan {
        let url = dir.appendingPathComponent("edit.json")
        try Data(json.utf8).write(to: url)
        return try EditPlan.load(specAt: url.path, tools: try FFmpegTools.locate())
    }

    @Test func eachMistakeIsReportedWithItsPlace() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try PNGCodec.write(try SampleImages.from(width: 64, height: 36), to: dir.appendingPathComponent("p.png").path)
        _ = try VideoReader.run("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=s=64x36:r=30:d=2", "-c:v", "ffv1",
                                           dir.appendingPathComponent("c.mkv").path])
        try FileManager.default.copyItem(at: dir.appendingPathComponent("c.mkv"), to: dir.appendingPathComponent("clip-named.png"))
        _ = try VideoReader.run("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "sine=d=1", dir.appendingPathComponent("song.wav").path])
        let p = #"{"picture": "p.png", "duration": 2}"#, c = #"{"clip": "c.mkv"}"#
        let cases: [(json: String, place: String, says: String)] = [
            (#"{"size": "64x36", "items": [\#(p), \#(p), {"clip": "c.mkv", "from": 1, "to": 9.5}], "transitions": [{"effect": "cut"}, {"effect": "cut"}]}"#,
             "items[2].to", "9.5 is past the clip's end (2 s)"),
            (#"{"size": "64x36", "items": [\#(p), {"picture": "p.png", "duraton": 2}]}"#, "items[1].duraton", "unknown key"),
            (#"{"size": "64x36", "items": [\#(p), \#(c)], "transitions": [{"effect": "fadde"}]}"#, "transitions[0].effect", "unknown effect 'fadde'"),
            (#"{"size": "64x36", "items": [\#(p), \#(c)], "transitions": [{"effect": "fade", "easing": "bouncy"}]}"#, "transitions[0].easing", "not an easing"),
            (#"{"size": "64x36", "items": [\#(p), \#(c)], "transitions": [{"effect": "fade", "duration": 2.5}]}"#, "transitions[0].duration", "longer than items["),
            (#"{"size": "64x36", "items": [\#(p), \#(c)], "transitions": []}"#, "transitions", "0 given for 2 items"),
            (#"{"size": "64x36", "items": [\#(p), {"clip": "p.png"}]}"#, "items[1].clip", "is a PNG picture, not a clip"),
            (#"{"size": "64x36", "items": [{"picture": "clip-named.png", "duration": 1}]}"#, "items[0].picture", "Matroska/WebM video"),
            (#"{"size": "64x36", "items": [{"picture": "missing.jpg", "duration": 1}]}"#, "items[0].picture", "cannot read 'missing.jpg' (no such file"),
            (#"{"size": "64x36", "items": [\#(p), \#(c)], "transitions": [{"effect": "wipe", "params": {"nope": 1}}]}"#, "transitions[0].params.nope", "no parameter named `nope`"),
            (#"{"size": "64x36", "items": [\#(p)], "audio": {"music": "none.mp3"}}"#, "audio.music", "cannot read 'none.mp3'"),
            (#"{"size": "64x36", "items": [\#(p)], "audio": {"music": "c.mkv"}}"#, "audio.music", "has no sound"),
            (#"{"size": "64x36", "items": [\#(p), {"clip": "song.wav"}]}"#, "items[1].clip", "has no pictures"),
            (#"{"size": "64x36", "items": [{"picture": "p.png", "duration": "2"}]}"#, "items[0].duration", "expected a number"),
            (#"{"size": "64x36", "fps": 0, "items": [\#(p)]}"#, "fps", "0 is out of range: 1...240 frames a second; give a whole number 1...240"),
            (#"{"size": "big", "items": [\#(p)]}"#, "size", "not WIDTHxHEIGHT"),
            (#"{"items": [\#(p)]}"#, "size", "is missing"),
            (#"{"size": "64x36", "items": [\#(p)]"#, "spec", "not valid JSON"),
        ]
        for (json, place, says) in cases {
            do {
                _ = try Self.plan(json, in: dir)
                Issue.record("accepted: \(json)")
            } catch let error as EditSpecError {
                #expect(error.place == place && error.message.contains(says), "\(json) -> \(error)")
            }
        }
    }

    /// A spec that is not JSON is placed where it breaks, by line and column (characters, so an
    /// accented name before it does not push the column on); before, it was "not valid JSON" alone.
    @Test func aJSONMistakeIsPlacedByLineAndColumn() throws {
        let cases: [(json: String, line: Int, columns: ClosedRange<Int>)] = [
            // A missing comma: after `"p.png"` (columns 24...30) up to the next key (32).
            ("{\"size\": \"64x36\",\n \"items\": [{\"picture\": \"p.png\" \"duration\": 1}]}", 2, 30...32),
            // A bare word where a value goes: `x` is character 48 of line 3 (é is two bytes).
            ("{\"size\": \"64x36\",\n\n \"items\": [{\"picture\": \"café.png\", \"duration\": x}]}", 3, 48...48),
        ]
        for (json, line, columns) in cases {
            do {
                _ = try EditPlan.decode(Data(json.utf8))
                Issue.record("accepted: \(json)")
            } catch let error as EditSpecError {
                let said = error.message
                let place = said.components(separatedBy: "line ").last?.components(separatedBy: ", column ").compactMap { Int($0) } ?? []
                #expect(error.place == "spec" && said.hasPrefix("not valid JSON") && place.count == 2, "\(said)")
                #expect(place.first == line && columns.contains(place.last ?? 0), "\(json) -> \(said)")
            }
        }
    }

    @Test func theLengthIsTheItemsLessTheTransitions() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try PNGCodec.write(try SampleImages.from(width: 64, height: 36), to: dir.appendingPathComponent("p.png").path)
        let plan = try Self.plan(#"""
            {"size": "64x36", "fps": 24, "items": [{"picture": "p.png", "duration": 3}, {"picture": "p.png", "duration": 2.5},
             {"picture": "p.png", "duration": 2}], "transitions": [{"effect": "fade", "duration": 1}, {"effect": "cut"}]}
            """#, in: dir)
        // (3 + 2.5 + 2 − 1) s at 24 fps.
        #expect(plan.totalFrames == 156 && plan.startFrame(ofItem: 1) == 48 && plan.startFrame(ofItem: 2) == 108)
        #expect(!plan.hasAudio)
    }
}
