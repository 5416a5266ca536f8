import Foundation
import SegueTesting
import Testing

/// `--out` naming an input is refused by every command that writes (issue 32 defect 7): before,
/// `segue render --from c1.mp4 ... --out c1.mp4` replaced the user's clip and exited 0.
@Suite("segue: an output never replaces an input (runs the built executable)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct InputReplacementTests {
    /// Two one-second clips, c1.mp4 and c2.mp4, a link to c1, a hard link to c2, and a spec using c1.
    static func workspace() throws -> URL {
        let dir = try CommandRunner.temporaryDirectory()
        for (name, hue) in [("c1.mp4", 0), ("c2.mp4", 120)] {
            _ = try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc2=s=64x36:r=30:d=1,hue=h=\(hue)",
                                               dir.appendingPathComponent(name).path])
        }
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("alias.mp4").path, withDestinationPath: "c1.mp4")
        #expect(link(dir.appendingPathComponent("c2.mp4").path, dir.appendingPathComponent("hard.mp4").path) == 0)
        let spec = #"{"size": "64x36", "items": [{"clip": "c1.mp4"}, {"clip": "c2.mp4"}], "transitions": [{"effect": "fade", "duration": 0.5}]}"#
        try Data(spec.utf8).write(to: dir.appendingPathComponent("edit.json"))
        return dir
    }

    @Test func renderEditAndJoinRefuseAnOutputThatIsAnInput() throws {
        let dir = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let before = try [("c1.mp4"), ("c2.mp4")].map { try Data(contentsOf: dir.appendingPathComponent($0)) }
        let render = ["render", "--from", "c1.mp4", "--to", "c2.mp4", "--offset", "0.5", "--duration", "0.5", "--size", "64x36", "--out"]
        let runs: [[String]] = [
            render + ["c1.mp4"], render + ["alias.mp4"], render + ["hard.mp4"], render + ["./sub/../c2.mp4"],
            ["edit", "edit.json", "--out", "c1.mp4"], ["edit", "edit.json", "--out", "hard.mp4"], ["edit", "edit.json", "--out", "."],
            ["join", "c1.mp4", "c2.mp4", "--out", "alias.mp4"],
        ]
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        for arguments in runs {
            let result = try CommandRunner.run("segue", arguments, in: dir)
            #expect(result.status != 0 && result.stderr.contains("input"), "\(arguments): \(result.status) \(result.stderr)")
        }
        let after = try [("c1.mp4"), ("c2.mp4")].map { try Data(contentsOf: dir.appendingPathComponent($0)) }
        #expect(before == after, "an input was replaced")
        let fine = try CommandRunner.run("segue", render + ["edit.mp4", "--quiet"], in: dir)
        #expect(fine.status == 0, "\(fine.stderr)")
    }
}
