import Foundation
import SegueExport
import SegueImage
import SegueTesting
import SegueTimeline
import SegueTransitions
import Testing

/// What an edit takes by name (every name `segue render --list` shows: an effect, or a
/// view-controller transition refused with why and what to use instead; a mistyped one with
/// "did you mean"), and `segue edit --draft`.
@Suite("segue edit: names and drafts (runs the built executable)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct EditNamesAndDraftTests {
    static func pictures() throws -> URL {
        let dir = try CommandRunner.temporaryDirectory()
        try PNGCodec.write(try SampleImages.from(width: 160, height: 90), to: dir.appendingPathComponent("a.png").path)
        try PNGCodec.write(try SampleImages.to(width: 160, height: 90), to: dir.appendingPathComponent("b.png").path)
        return dir
    }

    /// A spec of pictures with one junction per effect, each a third of a second.
    static func spec(_ effects: [String], in dir: URL, name: String = "names.json") throws {
        let items = (0...effects.count).map { #"{"picture": "\#($0 % 2 == 0 ? "a" : "b").png", "duration": 1}"# }
        let transitions = effects.map { #"{"effect": "\#($0)", "duration": 0.34}"# }
        let text = #"{"size": "64x36", "fps": 30, "items": [\#(items.joined(separator: ", "))], "transitions": [\#(transitions.joined(separator: ", "))]}"#
        try Data(text.utf8).write(to: dir.appendingPathComponent(name))
    }

    @Test func everyListedNameIsTakenByAnEditOrRefusedWithWhyAndWhatInstead() throws {
        let dir = try Self.pictures()
        defer { try? FileManager.default.removeItem(at: dir) }
        let listing = try CommandRunner.run("segue", ["render", "--list"])
        let listed = Set(listing.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") && !$0.isEmpty }.compactMap { $0.split(separator: " ").first.map(String.init) })
        let catalog = TransitionCatalog.builtIn
        #expect(Set(catalog.names).isSubset(of: listed), "listed: \(listed.sorted())")
        for name in ["cube", "directionalwarp", "dreamy", "doorway", "swirl", "ripple", "crosszoom", "windowslice", "burn", "colorphase"] {
            #expect(catalog.entry(named: name)?.kind == .glTransition, "\(name) is a built-in gl-transition")
        }
        let effects = catalog.entries.filter { $0.kind != .scenario }.map(\.name)
        try Self.spec(effects, in: dir)
        let planned = try CommandRunner.run("segue", ["edit", "names.json", "--plan", "json"], in: dir)
        #expect(planned.status == 0, "every effect of the listing in one edit: \(planned.stderr)")
        for scenario in catalog.entries.filter({ $0.kind == .scenario }).map(\.name) {
            try Self.spec(["fade", scenario], in: dir, name: "scenario.json")
            let refused = try CommandRunner.run("segue", ["edit", "scenario.json", "--plan", "json"], in: dir)
            #expect(refused.status != 0 && refused.stderr.contains("transitions[1].effect: '\(scenario)' is a view-controller transition")
                    && refused.stderr.contains("the nearest effect an edit takes is '"), "\(scenario): \(refused.stderr)")
        }
        try Self.spec(["cube-push"], in: dir, name: "cube.json")
        let cube = try CommandRunner.run("segue", ["edit", "cube.json", "--plan", "json"], in: dir)
        #expect(cube.stderr.contains("the nearest effect an edit takes is 'cube'"), "\(cube.stderr)")
    }

    @Test func aMistypedNameIsAnsweredWithTheNearestInEditAndRender() throws {
        let dir = try Self.pictures()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.spec(["doorwya"], in: dir)
        let edit = try CommandRunner.run("segue", ["edit", "names.json", "--plan", "json"], in: dir)
        #expect(edit.status != 0 && edit.stderr.contains("unknown effect 'doorwya'; did you mean 'doorway'"), "\(edit.stderr)")
        let render = try CommandRunner.run("segue", ["render", "--from", "a.png", "--to", "b.png", "--effect", "crosszom", "--out", "x.mp4"], in: dir)
        #expect(render.status != 0 && render.stderr.contains("unknown effect 'crosszom'; did you mean 'crosszoom'?"), "\(render.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("x.mp4").path))
    }

    /// A draft is the edit at half its width and height with x264's ultrafast settings: frame
    /// for frame what `segue edit` makes of the same spec at that size with `--speed fastest`.
    @Test func aDraftIsTheEditAtAQuarterOfThePixelsEncodedFastest() throws {
        let dir = try Self.pictures()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.spec(["cube", "dreamy"], in: dir)  // 64x36: the draft is 32x18; 3 s less two 10-frame transitions: 70 frames
        let draft = try CommandRunner.run("segue", ["edit", "names.json", "--draft", "--out", "draft.mp4", "--quiet"], in: dir)
        #expect(draft.status == 0, "\(draft.stderr)")
        let text = try String(contentsOf: dir.appendingPathComponent("names.json"), encoding: .utf8)
        try Data(text.replacingOccurrences(of: "\"64x36\"", with: "\"32x18\"").utf8).write(to: dir.appendingPathComponent("small.json"))
        let small = try CommandRunner.run("segue", ["edit", "small.json", "--speed", "fastest", "--reencode", "--out", "small.mp4", "--quiet"], in: dir)
        #expect(small.status == 0, "\(small.stderr)")
        let info = try VideoReader.info(dir.appendingPathComponent("draft.mp4").path)
        #expect(info.width == 32 && info.height == 18 && info.frames == 70, "\(info)")
        let bytes = try Data(contentsOf: dir.appendingPathComponent("draft.mp4"))
        for option in ["subme=0 ", "cabac=0 "] { #expect(bytes.range(of: Data(option.utf8)) != nil, "the draft lacks \(option)") }
        let drafted = try VideoReader.frames(dir.appendingPathComponent("draft.mp4").path, width: 32, height: 18)
        let reference = try VideoReader.frames(dir.appendingPathComponent("small.mp4").path, width: 32, height: 18)
        #expect(drafted.count == reference.count && zip(drafted, reference).allSatisfy { $0 == $1 })
        #expect(EditPlan.draftSize(width: 161, height: 91) == (width: 80, height: 44) && EditPlan.draftSize(width: 3, height: 3) == (width: 2, height: 2))
    }
}
