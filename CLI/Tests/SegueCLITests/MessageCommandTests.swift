import Foundation
import SegueImage
import SegueTesting
import Testing

/// Messages that said the wrong thing (issue 32 defect 6): `segue --version` did not exist, `edit
/// --out x.avi` (then also x.mov) suggested `--format png` (an option edit does not have), and
/// `--progress json` wrote paths with escaped slashes.
@Suite("segue: messages that say the right thing (runs the built executable)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct MessageCommandTests {
    @Test func versionAndEditsOwnSuggestions() throws {
        let version = try CommandRunner.run("segue", ["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("segue "), "\(version.stdout) \(version.stderr)")
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try PNGCodec.write(try SampleImages.from(width: 32, height: 32), to: dir.appendingPathComponent("p.png").path)
        try Data(#"{"size": "32x32", "items": [{"picture": "p.png", "duration": 0.2}]}"#.utf8).write(to: dir.appendingPathComponent("edit.json"))
        let avi = try CommandRunner.run("segue", ["edit", "edit.json", "--out", "x.avi"], in: dir)
        #expect(avi.status != 0 && avi.stderr.contains("not .avi") && !avi.stderr.contains("--format"), "\(avi.stderr)")
        let alpha = try CommandRunner.run("segue", ["edit", "edit.json", "--out", "x.mp4", "--alpha"], in: dir)
        #expect(alpha.status != 0 && alpha.stderr.contains("--alpha: a transparent .mp4 is not made"), "\(alpha.stderr)")
        let progress = try CommandRunner.run("segue", ["edit", "edit.json", "--out", "sub/x.mp4", "--progress", "json"], in: dir)
        #expect(progress.status == 0 && progress.stdout.contains("sub/x.mp4") && !progress.stdout.contains(#"\/"#), "\(progress.stdout)")
    }
}

/// An edit with sound rendered to a GIF or PNG frames says its sound is left out, instead of
/// "with sound" (issue 32 defect 12).
@Suite("segue edit: what happens to the sound is said (runs the built executable)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct EditSoundMessageTests {
    @Test func aGIFOrFramesSayTheSoundIsLeftOut() throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try PNGCodec.write(try SampleImages.from(width: 32, height: 32), to: dir.appendingPathComponent("p.png").path)
        _ = try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "sine=d=1", dir.appendingPathComponent("s.wav").path])
        let spec = #"{"size": "32x32", "items": [{"picture": "p.png", "duration": 0.2}], "audio": {"music": "s.wav"}}"#
        try Data(spec.utf8).write(to: dir.appendingPathComponent("edit.json"))
        for (out, says) in [("x.gif", "its sound left out"), ("frames", "its sound left out"), ("x.mp4", ", with sound")] {
            let result = try CommandRunner.run("segue", ["edit", "edit.json", "--out", out], in: dir)
            #expect(result.status == 0 && result.stdout.contains(says), "\(out): \(result.stdout) \(result.stderr)")
        }
    }
}

/// A size the format refuses (an odd width for H.264) is said before the edit's summary, not
/// after it as though the render had started (issue 32 defect 6).
@Suite("segue edit: the format's rules before the summary (runs the built executable)", .tags(.ffmpeg), .requiresFFmpeg)
struct EditFormatOrderTests {
    @Test func anOddWidthIsRefusedBeforeTheSummary() throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try PNGCodec.write(try SampleImages.from(width: 32, height: 32), to: dir.appendingPathComponent("p.png").path)
        try Data(#"{"size": "33x32", "items": [{"picture": "p.png", "duration": 0.2}]}"#.utf8).write(to: dir.appendingPathComponent("edit.json"))
        let result = try CommandRunner.run("segue", ["edit", "edit.json", "--out", "x.mp4"], in: dir)
        #expect(result.status != 0 && !result.stdout.contains("edit:") && result.stderr.contains("33"), "\(result.stdout) \(result.stderr)")
    }
}

/// `edit --out x.mp4/` wrote a folder of PNG frames named like a video (issue 32 item 12); a
/// name ending in '/' that looks like a video is refused as render refuses it, and an empty
/// --out is refused rather than taken for the working folder.
@Suite("segue edit: --out that names a folder like a video (runs the built executable)", .tags(.ffmpeg), .requiresFFmpeg)
struct EditOutFolderTests {
    @Test func aVideoNameEndingInASlashIsRefused() throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try PNGCodec.write(try SampleImages.from(width: 32, height: 32), to: dir.appendingPathComponent("p.png").path)
        try Data(#"{"size": "32x32", "items": [{"picture": "p.png", "duration": 0.2}]}"#.utf8).write(to: dir.appendingPathComponent("edit.json"))
        for (out, says) in [("x.mp4/", "ends in '/'"), ("x.webm//", "ends in '/'"), ("", "--out is empty")] {
            let result = try CommandRunner.run("segue", ["edit", "edit.json", "--out", out], in: dir)
            #expect(result.status != 0 && result.stderr.contains(says), "'\(out)': \(result.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["edit.json", "p.png"])
        let frames = try CommandRunner.run("segue", ["edit", "edit.json", "--out", "frames/"], in: dir)
        #expect(frames.status == 0, "\(frames.stderr)")
    }
}

/// A hostile argument or spec value of megabytes was echoed whole on stderr (issue 32 item 12):
/// errors keep the start and end of an over-long word and say how much was left out, and an
/// effect name of 3 MB gets its "did you mean" answer without comparing it character by character.
@Suite("segue: over-long inputs are not echoed whole (runs the built executable)", .tags(.ffmpeg), .requiresFFmpeg)
struct LongInputMessageTests {
    @Test func aMegabyteArgumentOrSpecValueIsShortenedInTheError() throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try PNGCodec.write(try SampleImages.from(width: 32, height: 32), to: dir.appendingPathComponent("p.png").path)
        let long = String(repeating: "a", count: 100_000)
        let effect = try CommandRunner.run("segue", ["render", "--effect", long, "--from", "p.png", "--to", "p.png", "--out", "x"], in: dir)
        #expect(effect.status != 0 && effect.stderr.utf8.count < 2000 && effect.stderr.contains("characters left out"), "\(effect.stderr.prefix(300))")
        let name = String(repeating: "b", count: 3_000_000)
        let spec = #"{"size": "32x32", "items": [{"picture": "p.png", "duration": 1}, {"picture": "p.png", "duration": 1}], "#
            + #""transitions": [{"effect": "\#(name)"}]}"#
        try Data(spec.utf8).write(to: dir.appendingPathComponent("edit.json"))
        let edit = try CommandRunner.run("segue", ["edit", "edit.json", "--plan", "json"], in: dir)
        #expect(edit.status != 0 && edit.stderr.utf8.count < 4000 && edit.stderr.contains("characters left out"), "\(edit.stderr.prefix(300))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["edit.json", "p.png"])
    }
}
