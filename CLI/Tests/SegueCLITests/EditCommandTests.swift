import Foundation
import SegueImage
import SegueTesting
import Testing

/// `segue edit` and `segue join` run as a user would, read back with ffprobe and ffmpeg.
@Suite("segue edit and join (runs the built executable)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct EditCommandTests {
    /// A JPEG 2 s | fade 0.5 s | clip 0.5...2.5 with sound | wipeleft 0.5 s | clip 2 s; music. 165 frames.
    static func workspace() throws -> URL {
        let dir = try CommandRunner.temporaryDirectory()
        try PNGCodec.write(try SampleImages.from(width: 160, height: 90), to: dir.appendingPathComponent("p.png").path)
        func ffmpeg(_ arguments: [String]) throws { _ = try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-y"] + arguments) }
        try ffmpeg(["-i", dir.appendingPathComponent("p.png").path, "-q:v", "2", dir.appendingPathComponent("photo.jpg").path])
        try ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=160x90:r=30:d=3", "-f", "lavfi", "-i", "sine=f=440:d=3",
                    "-c:v", "ffv1", "-c:a", "pcm_s16le", dir.appendingPathComponent("a.mkv").path])
        try ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=160x90:r=30:d=2,hue=h=120", "-c:v", "ffv1", dir.appendingPathComponent("b.mkv").path])
        try ffmpeg(["-f", "lavfi", "-i", "sine=f=220:d=2", dir.appendingPathComponent("song.wav").path])
        let spec = #"""
            {"size": "160x90", "fps": 30,
             "items": [{"picture": "photo.jpg", "duration": 2}, {"clip": "a.mkv", "from": 0.5, "to": 2.5}, {"clip": "b.mkv"}],
             "transitions": [{"effect": "fade", "duration": 0.5, "easing": "ease-in-out"},
                             {"effect": "wipeleft", "duration": 0.5, "easing": "cubic-bezier(0.2,0.8,0.2,1)"}],
             "audio": {"music": "song.wav", "volume": 0.5, "fadeOut": 1}}
            """#
        try Data(spec.utf8).write(to: dir.appendingPathComponent("edit.json"))
        return dir
    }

    @Test func theEditIsOneVideoWithSoundOfThePrintedLength() throws {
        let dir = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CommandRunner.run("segue", ["edit", "edit.json", "--out", "edit.mp4"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("edit: 3 items, 2 transitions, 5.00 s = 150 frames at 30 fps, 160x90, with sound"), "\(result.stdout)")
        let info = try VideoReader.info(dir.appendingPathComponent("edit.mp4").path)
        #expect(info.frames == 150 && abs(info.durationSeconds - 5) < 0.05, "\(info)")
        let streams = String(decoding: try VideoReader.run("ffprobe", ["-v", "error", "-show_entries", "stream=codec_name", "-of", "csv=p=0",
                                                                       dir.appendingPathComponent("edit.mp4").path]), as: UTF8.self)
        #expect(streams.split(separator: "\n").sorted() == ["aac", "h264"], "\(streams)")
    }

    /// --fast encodes with x264's veryfast preset, as the options x264 writes into the stream say
    /// (subme=2 there, subme=7 for the default medium).
    @Test func fastUsesTheSpeedFirstPreset() throws {
        let dir = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        // x264's presets as the options it writes into the stream give them: veryfast is subme 2,
        // medium subme 7, ultrafast subme 0 without CABAC.
        let cases: [(flags: [String], out: String, options: [String])] = [
            (["--fast"], "fast.mp4", ["subme=2 "]), ([], "plain.mp4", ["subme=7 "]),
            (["--speed", "fastest"], "fastest.mp4", ["subme=0 ", "cabac=0 "]),
        ]
        for (flags, out, options) in cases {
            let result = try CommandRunner.run("segue", ["edit", "edit.json", "--out", out, "--quiet"] + flags, in: dir)
            #expect(result.status == 0, "\(result.stderr)")
            let bytes = try Data(contentsOf: dir.appendingPathComponent(out))
            for option in options { #expect(bytes.range(of: Data(option.utf8)) != nil, "\(out) lacks \(option)") }
            #expect(try VideoReader.info(dir.appendingPathComponent(out).path).frames == 150)
        }
        let clash = try CommandRunner.run("segue", ["edit", "edit.json", "--out", "x.mp4", "--fast", "--speed", "fastest"], in: dir)
        #expect(clash.status != 0 && clash.stderr.contains("--fast is --speed fast"), "\(clash.stderr)")
    }

    @Test func progressJSONIsOneObjectALine() throws {
        let dir = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CommandRunner.run("segue", ["edit", "edit.json", "--out", "edit.webm", "--progress", "json"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let objects = result.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(objects.count == result.stdout.split(separator: "\n").count && objects.count >= 3)
        let updates = objects.filter { $0["frame"] != nil }
        #expect(updates.allSatisfy { $0["total"] as? Int == 150 && $0["fps"] is Double && $0.keys.contains("eta") })
        #expect(updates.last?["frame"] as? Int == 150)
        #expect(objects.last?["event"] as? String == "done")
    }

    /// Chunks rendered by separate processes are the whole render's frames, byte for byte.
    @Test func frameChunksAreBitIdenticalToTheWhole() throws {
        let dir = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (out, range) in [("whole", nil), ("first", "0..55"), ("second", "55..150")] as [(String, String?)] {
            let result = try CommandRunner.run("segue", ["edit", "edit.json", "--out", out, "--quiet"] + (range.map { ["--frames", $0] } ?? []), in: dir)
            #expect(result.status == 0, "\(result.stderr)")
        }
        for index in 0..<150 {
            let name = "frame-" + String(format: "%04d", index) + ".png"
            let whole = FileManager.default.contents(atPath: dir.appendingPathComponent("whole/\(name)").path)
            let chunk = FileManager.default.contents(atPath: dir.appendingPathComponent((index < 55 ? "first/" : "second/") + name).path)
            #expect(whole != nil && whole == chunk, "\(name)")
        }
    }

    @Test func joinedChunksHoldEveryFrameWithoutReencoding() throws {
        let dir = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (out, range) in [("a.mp4", "0..60"), ("b.mp4", "60..150")] {
            let result = try CommandRunner.run("segue", ["edit", "edit.json", "--out", out, "--frames", range, "--quiet"], in: dir)
            #expect(result.status == 0, "\(result.stderr)")
        }
        let join = try CommandRunner.run("segue", ["join", "a.mp4", "b.mp4", "--out", "whole.mp4"], in: dir)
        #expect(join.status == 0, "\(join.stderr)")
        let joined = try VideoReader.frames(dir.appendingPathComponent("whole.mp4").path, width: 160, height: 90)
        let pieces = try VideoReader.frames(dir.appendingPathComponent("a.mp4").path, width: 160, height: 90)
            + VideoReader.frames(dir.appendingPathComponent("b.mp4").path, width: 160, height: 90)
        #expect(joined.count == 150 && pieces.count == 150)
        // Copied packets decode to the very same pictures.
        let identical = joined.count == pieces.count && zip(joined, pieces).allSatisfy { $0.pixels == $1.pixels }
        #expect(identical)
    }

    @Test func aMistakeNamesItsPlaceAndWritesNothing() throws {
        let dir = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = try String(contentsOf: dir.appendingPathComponent("edit.json"), encoding: .utf8)
        try Data(spec.replacingOccurrences(of: #""to": 2.5"#, with: #""to": 9.5"#).utf8).write(to: dir.appendingPathComponent("bad.json"))
        let result = try CommandRunner.run("segue", ["edit", "bad.json", "--out", "edit.mp4"], in: dir)
        #expect(result.status != 0)
        #expect(result.stderr.contains("items[1].to: 9.5 is past the clip's end (3 s)"), "\(result.stderr)")
        #expect(!result.stdout.contains("edit:"), "nothing starts before the spec is checked")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains("edit.mp4") }
        #expect(left.isEmpty, "\(left)")
    }

    /// --dither and --bit-depth (declared with segue render's, `SampleDepthOptions`) are checked
    /// against the output before anything is made.
    @Test func sampleDepthOptionsAreCheckedAgainstTheOutput() throws {
        let dir = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (arguments, message) in [
            (["--out", "frames", "--dither", "none"], "--dither none applies to video output"),
            (["--out", "edit.mp4", "--bit-depth", "12"], "--bit-depth 12: 8 or 10"),
        ] {
            let result = try CommandRunner.run("segue", ["edit", "edit.json"] + arguments, in: dir)
            #expect(result.status != 0 && result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).allSatisfy { !$0.contains("edit.mp4") && $0 != "frames" })
    }

    @Test func benchEditSectionReportsTheComparison() throws {
        // A tiny run: the report's shape, not speed (speed is the benchmark's job). MoviePy is
        // pointed at a Python that is not there, so it is skipped and says how to set it up.
        let result = try CommandRunner.run("segue", [
            "bench", "--json", "--sections", "edit", "--edit-cases", "phone", "--edit-size", "64x36", "--edit-clip-seconds", "2",
            "--moviepy-python", "/nonexistent/bin/python3",
        ])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let edit = json?["edit"] as? [String: Any]
        #expect(edit?["editSeconds"] as? Int == 4 && edit?["size"] as? String == "64x36")
        for key in ["segueSeconds", "ffmpegSeconds", "speedup", "segueRealtime", "segueFastSeconds", "segueFastRealtime",
                    "segueFastestSeconds", "segueFastestRealtime"] {
            #expect((edit?[key] as? Double ?? 0) > 0, "\(key)")
        }
        #expect(edit?["moviePySeconds"] == nil)
        let skipped = edit?["moviePySkipped"] as? String ?? ""
        #expect(skipped.contains("MoviePy not installed") && skipped.contains("scripts/bench-moviepy-setup.sh"), "\(skipped)")
        // Every variant's output, read back by ffprobe: 4 s at 30 fps with sound of that length.
        let variants = edit?["variants"] as? [[String: Any]] ?? []
        #expect(variants.compactMap { $0["name"] as? String }
            == ["segue edit", "ffmpeg xfade+acrossfade", "segue edit --reencode", "segue edit --fast", "ffmpeg veryfast",
                "segue edit --fast --reencode", "segue --speed fastest"])
        for variant in variants {
            let output = variant["output"] as? [String: Any]
            #expect(output?["frames"] as? Int == 120, "\(variant)")
            #expect(abs((output?["audioSeconds"] as? Double ?? 0) - 4) <= 0.1, "\(variant)")
            #expect((variant["peakMemoryMB"] as? Double ?? 0) > 1 && (variant["cpuSeconds"] as? Double ?? 0) > 0, "\(variant)")
        }
        #expect(edit?["outputsAgree"] as? Bool == true)
    }

    /// The untagged phone case (issue 38's 360p edit, tiny): its own report beside none of the
    /// tagged case's, every output read back alike.
    @Test func benchEditSectionRunsTheUntaggedPhoneCase() throws {
        let result = try CommandRunner.run("segue", [
            "bench", "--json", "--sections", "edit", "--edit-cases", "phone-untagged", "--edit-size", "64x36", "--edit-clip-seconds", "2",
            "--moviepy-python", "/nonexistent/bin/python3",
        ])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(json?["edit"] == nil)
        let edit = json?["editUntagged"] as? [String: Any]
        #expect(edit?["tagged"] as? Bool == false && edit?["editSeconds"] as? Int == 4 && edit?["outputsAgree"] as? Bool == true,
                "\(edit ?? [:])")
        #expect((edit?["speedup"] as? Double ?? 0) > 0)
    }

    /// The HLG and slideshow cases, tiny: each output read back (frames, length; the HLG edit's
    /// and ffmpeg's HEVC Main 10 HLG with their mastering display), the CPU ratio and its target.
    @Test func benchEditSectionRunsTheHLGAndSlideshowCases() throws {
        let result = try CommandRunner.run("segue", [
            "bench", "--json", "--sections", "edit", "--edit-cases", "hlg,slideshow", "--edit-size", "128x72", "--edit-clip-seconds", "2",
            "--slideshow-picture-seconds", "2", "--slideshow-transition-seconds", "1",
        ])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(json?["edit"] == nil)
        let hlg = json?["editHLG"] as? [String: Any], slideshow = json?["editSlideshow"] as? [String: Any]
        #expect(hlg?["editSeconds"] as? Int == 4 && (hlg?["target"] as? NSNumber)?.doubleValue == 4 && hlg?["outputsAgree"] as? Bool == true, "\(hlg ?? [:])")
        let details = hlg?["details"] as? [String: Any]
        #expect(details?["outputsHLG"] as? Bool == true, "\(details ?? [:])")
        #expect(slideshow?["editSeconds"] as? Int == 21 && (slideshow?["target"] as? NSNumber)?.doubleValue == 1 && slideshow?["outputsAgree"] as? Bool == true,
                "\(slideshow ?? [:])")
        for report in [hlg, slideshow] {
            let variants = report?["variants"] as? [[String: Any]] ?? []
            #expect(variants.count == 2 && variants.allSatisfy { ($0["cpuSeconds"] as? Double ?? 0) > 0 }, "\(variants)")
            #expect((report?["cpuRatio"] as? Double ?? 0) > 0)
        }
    }

    @Test func benchEditLongSectionSamplesMemoryOverTheEdit() throws {
        let result = try CommandRunner.run("segue", [
            "bench", "--json", "--sections", "edit-long", "--edit-long-size", "64x36", "--edit-long-minutes", "2",
        ])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let long = json?["editLong"] as? [String: Any]
        // Whole seconds of three clips overlapping twice by 1 s: at least the minutes asked for.
        #expect((120...122).contains(long?["editSeconds"] as? Int ?? 0), "\(long ?? [:])")
        #expect((long?["samples"] as? Int ?? 0) >= 2)
        // Segue's own process at least (a GL context, ffmpeg children): tens of MB in each minute.
        #expect((long?["firstMinutePeakMB"] as? Double ?? 0) > 10 && (long?["lastMinutePeakMB"] as? Double ?? 0) > 10, "\(long ?? [:])")
    }
}
