import Foundation
import SegueImage
import SegueTesting
import Testing

/// `segue edit --plan json` and `--chunk I/N`: what a script that splits a render learns, and
/// the spans it asks for.
@Suite("segue edit --plan and --chunk (runs the built executable)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct EditPlanCommandTests {
    struct Plan: Decodable, Equatable {
        let frames, fps, width, height, items, transitions, first, end: Int
        let seconds: Double
        let audio: Bool
    }

    static func plan(_ arguments: [String], in dir: URL) throws -> Plan {
        let result = try CommandRunner.run("segue", ["edit", "edit.json", "--plan", "json"] + arguments, in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONDecoder().decode(Plan.self, from: Data(result.stdout.utf8))
    }

    /// The plan's numbers are those of the render ffprobe reads back, and nothing is written.
    @Test func thePlanIsTheRendersShape() throws {
        let dir = try EditCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let before = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        let plan = try Self.plan([], in: dir)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == before)
        #expect(plan == Plan(frames: 150, fps: 30, width: 160, height: 90, items: 3, transitions: 2, first: 0, end: 150,
                             seconds: 5, audio: true))
        let result = try CommandRunner.run("segue", ["edit", "edit.json", "--out", "edit.webm", "--quiet", "--fast"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let info = try VideoReader.info(dir.appendingPathComponent("edit.webm").path)
        #expect(info.frames == plan.frames && info.width == plan.width && info.height == plan.height, "\(info)")
        #expect(abs(info.durationSeconds - plan.seconds) < 0.05, "\(info)")
    }

    /// --chunk I/N selects ⌊150·I/N⌋..⌊150·(I+1)/N⌋: spans that tile the edit in order, sizes within one.
    @Test func chunksTileTheEdit() throws {
        let dir = try EditCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        for count in [1, 4, 7] {
            var next = 0
            for index in 0..<count {
                let plan = try Self.plan(["--chunk", "\(index)/\(count)"], in: dir)
                #expect(plan.first == next && plan.end == 150 * (index + 1) / count, "\(index)/\(count): \(plan)")
                #expect((150 / count...(150 + count - 1) / count).contains(plan.end - plan.first))
                next = plan.end
            }
            #expect(next == 150)
        }
        #expect(try Self.plan(["--frames", "10..20"], in: dir).first == 10)
    }

    /// A plan promises what the render does (issue 32 item 6): an odd width that the MP4
    /// render refuses is refused by `--plan json` too, with nothing on stdout, while PNG frames
    /// and WebM (VP9 takes odd sides) plan it.
    @Test func aPlanRefusesASizeItsRenderRefuses() throws {
        let dir = try EditCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = try String(contentsOf: dir.appendingPathComponent("edit.json"), encoding: .utf8)
        try Data(spec.replacingOccurrences(of: "160x90", with: "161x90").utf8).write(to: dir.appendingPathComponent("edit.json"))
        for out in [[], ["--out", "edit.mp4"]] {
            let result = try CommandRunner.run("segue", ["edit", "edit.json", "--plan", "json"] + out, in: dir)
            #expect(result.status != 0 && result.stdout.isEmpty, "\(out): \(result.stdout)")
            #expect(result.stderr.contains("needs an even width and height; 161x90"), "\(out): \(result.stderr)")
        }
        #expect(try Self.plan(["--out", "frames"], in: dir).width == 161)
        #expect(try Self.plan(["--out", "edit.webm"], in: dir).width == 161)
    }

    @Test func badChunksAreRefused() throws {
        let dir = try EditCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (arguments, message) in [(["--chunk", "3/3"], "invalid for '--chunk"), (["--chunk", "0/0"], "invalid for '--chunk"),
                                     (["--chunk", "0/151"], "151 chunks of an edit of 150 frames"),
                                     (["--chunk", "0/2", "--frames", "0..10"], "not both"),
                                     (["--frames", "100..200"], "150")] {
            let result = try CommandRunner.run("segue", ["edit", "edit.json", "--plan", "json"] + arguments, in: dir)
            #expect(result.status != 0 && result.stdout.isEmpty, "\(arguments): \(result.stdout)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        let result = try CommandRunner.run("segue", ["edit", "edit.json"], in: dir)
        #expect(result.status != 0 && result.stderr.contains("give --out"), "\(result.stderr)")
    }
}
