import Foundation
import SegueExport
import SegueImage
import SegueTesting
import Testing

/// `segue render --out x.mp4|.webm|.gif` run as a user would, read back with ffprobe/ffmpeg and
/// compared with the PNG export of the same transition.
@Suite("segue render to video (runs the built executable)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct VideoRenderCommandTests {
    static func writePictures(in dir: URL, width: Int, height: Int) throws {
        try PNGCodec.write(try SampleImages.from(width: width, height: height), to: dir.appendingPathComponent("a.png").path)
        try PNGCodec.write(try SampleImages.to(width: width, height: height), to: dir.appendingPathComponent("b.png").path)
    }

    @Test func videoFramesEqualThePNGExportsFrames() throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.writePictures(in: dir, width: 1280, height: 720)
        let common = ["render", "--from", "a.png", "--to", "b.png", "--effect", "fade", "--size", "1280x720"]
        let png = try CommandRunner.run("segue", common + ["--frames", "6", "--out", "frames", "--quiet"], in: dir)
        #expect(png.status == 0, "stderr: \(png.stderr)")
        let reference = try (0..<6).map { try PNGCodec.read(path: dir.appendingPathComponent("frames/frame-000\($0).png").path) }

        // --duration × --fps = 6 frames, by extension or by --format. At CRF 18 the output
        // stage's ordered dither (within a level) and its left-sited chroma filter (which the
        // reader's upsampling does not undo exactly) are part of what differs from the PNG
        // frames: 36.9 dB at worst measured, above 38 with swscale's conversion and no dither.
        for (out, extra, floor) in [("v.mp4", [String](), 35.0), ("v.webm", [], 35.0), ("v.gif", [], 22.0),
                                    ("v.video", ["--format", "mp4", "--crf", "18"], 36.0)] {
            let result = try CommandRunner.run(
                "segue", common + ["--duration", "0.5", "--fps", "12", "--out", out] + extra, in: dir)
            #expect(result.status == 0, "\(out) stderr: \(result.stderr)")
            #expect(result.stdout.contains("6 frames, 0.50 s at 12 fps"), "\(result.stdout)")
            let path = dir.appendingPathComponent(out).path
            let info = try VideoReader.info(path)
            #expect(info.frames == 6 && info.width == 1280 && info.height == 720, "\(out): \(info)")
            #expect(abs(info.durationSeconds - 0.5) < 0.02, "\(out): \(info)")
            let frames = try VideoReader.frames(path, width: 1280, height: 720)
            for k in 0..<min(6, frames.count) {
                let psnr = VideoReader.psnr(frames[k], reference[k])
                #expect(psnr > floor, "\(out) frame \(k): \(psnr) dB against frame-000\(k).png")
            }
        }
    }

    /// Pictures of another shape reach the video as they reach the PNG frames: at their own
    /// size, fitted by the effect's --resize mode (contain leaves bars, so it differs from cover).
    @Test func videoFramesFollowResizeLikeThePNGExport() throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.writePictures(in: dir, width: 400, height: 400)
        var frames: [String: [RGBAImage]] = [:]
        for mode in ["cover", "contain"] {
            let common = ["render", "--from", "a.png", "--to", "b.png", "--effect", "pixel-dissolve", "--size", "640x360",
                          "--resize", mode, "--quiet"]
            let png = try CommandRunner.run("segue", common + ["--frames", "3", "--out", "frames-\(mode)"], in: dir)
            #expect(png.status == 0, "stderr: \(png.stderr)")
            let video = try CommandRunner.run("segue", common + ["--frames", "3", "--crf", "18", "--out", "\(mode).mp4"], in: dir)
            #expect(video.status == 0, "stderr: \(video.stderr)")
            let decoded = try VideoReader.frames(dir.appendingPathComponent("\(mode).mp4").path, width: 640, height: 360)
            frames[mode] = decoded
            for k in 0..<min(3, decoded.count) {
                let reference = try PNGCodec.read(path: dir.appendingPathComponent("frames-\(mode)/frame-000\(k).png").path)
                let psnr = VideoReader.psnr(decoded[k], reference)
                #expect(psnr > 35, "\(mode) frame \(k): \(psnr) dB against the PNG export")
            }
        }
        // contain's transparent bars against cover's cropped picture: far apart.
        if let cover = frames["cover"]?.first, let contain = frames["contain"]?.first {
            #expect(VideoReader.psnr(cover, contain) < 20)
        }
    }

    /// The whole edit against ffmpeg's own xfade of the same two clips, frame by frame.
    /// Both sides see the same pixels: the clips are planar RGB (FFV1, lossless), ffmpeg's
    /// graph resamples them to 30 fps as Segue's decoder does (which also gives xfade a 1/30
    /// time base, so its progress is exactly 1 − j/8), and its output goes through the
    /// exporter's own conversion and codec at CRF 0 as Segue's does: H.264 at CRF 0 is lossless
    /// on its 4:2:0 input, so equal RGB frames decode equal, and what is left is the RGB → 4:2:0
    /// rounding of slightly different inputs.
    @Test func clipsMakeTheWholeEditAsFFmpegsXfadeDoes() throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, source) in [("a.mkv", "testsrc2=s=96x64:r=30:d=1"), ("b.mkv", "smptehdbars=s=96x64:r=30:d=1")] {
            _ = try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-f", "lavfi", "-i", source + ",format=gbrp",
                                                "-c:v", "ffv1", dir.appendingPathComponent(name).path])
        }
        // --duration 0.25 at 30 fps is 7.5 frames: both round it to 8 (xfade rescales its duration
        // to the time base rounding half away from zero, as Segue does).
        let result = try CommandRunner.run("segue", [
            "render", "--from", "a.mkv", "--to", "b.mkv", "--effect", "wipeleft", "--size", "96x64",
            "--offset", "0.5", "--duration", "0.25", "--crf", "0", "--dither", "none", "--out", "edit.mp4", "--quiet",
        ], in: dir)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let reference = dir.appendingPathComponent("xfade.mp4").path
        _ = try VideoReader.run("ffmpeg", [
            "-v", "error", "-nostdin", "-i", dir.appendingPathComponent("a.mkv").path, "-i", dir.appendingPathComponent("b.mkv").path,
            // Converted to 4:2:0 as Segue's output stage converts (BT.709 limited, chroma sited
            // left with a bilinear filter, rounded): zscale's, which the stage is tested against.
            "-filter_complex", "[0]fps=30[a];[1]fps=30[b];[a][b]xfade=transition=wipeleft:duration=0.25:offset=0.5,format=rgba,"
                + "zscale=rin=full:m=709:r=limited:c=left:filter=bilinear:d=none,format=yuv420p",
        ] + VideoFormat.mp4.codecArguments(crf: 0) + [reference])
        let edit = try VideoReader.frames(dir.appendingPathComponent("edit.mp4").path, width: 96, height: 64)
        let xfade = try VideoReader.frames(reference, width: 96, height: 64)
        // xfade's length: offset + b's length = 15 + 30 frames.
        #expect(edit.count == 45 && xfade.count == 45, "\(edit.count) frames, xfade \(xfade.count)")
        let clipA = try VideoReader.frames(dir.appendingPathComponent("a.mkv").path, width: 96, height: 64)
        for k in 0..<min(edit.count, xfade.count) {
            let difference = VideoReader.meanDifference(edit[k], xfade[k])
            // Frames 23 and 24: the transition's end (j = 8, and j = 9 which xfade still sends
            // through the filter at its end progress). ffmpeg's wipeleft keeps column 0 of a
            // there; Segue's wipe shows b whole at progress 1, as at every end of its effects
            // (see transition_wipe.glsl). Those two frames are compared from column 4 on (the
            // 4:2:0 conversion's chroma filter reaches that far); everything else whole.
            let columns = (23...24).contains(k) ? 4..<96 : 0..<96
            let same = Self.meanDifference(edit[k], xfade[k], columns: columns)
            // ≤ 0.5 of 255 (measured: 0). The wipe picks pixels without mixing them, so equal
            // inputs give equal frames; the margin is for rounding in the RGB → 4:2:0 step. A
            // one-frame slip, a wrong progress or from/to swapped moves whole columns of
            // testsrc2 against SMPTE bars: tens.
            #expect(same <= 0.5, "frame \(k): mean difference \(same) from ffmpeg's xfade (whole frame \(difference))")
        }
        // The comparison tells frames apart: ffmpeg's frame 19 (mid-wipe) against a's own frame.
        if xfade.count > 19 { #expect(VideoReader.meanDifference(xfade[19], clipA[19]) > 10) }
    }

    /// Mean absolute RGB difference over the given columns only.
    static func meanDifference(_ a: RGBAImage, _ b: RGBAImage, columns: Range<Int>) -> Double {
        var total = 0
        for y in 0..<a.height {
            for x in columns {
                let p = a[x, y], q = b[x, y]
                total += abs(Int(p.x) - Int(q.x)) + abs(Int(p.y) - Int(q.y)) + abs(Int(p.z) - Int(q.z))
            }
        }
        return Double(total) / Double(a.height * columns.count * 3)
    }

    /// Clips follow --resize as pictures do. A 96x32 clip (green left quarter, red elsewhere) in
    /// a 96x64 frame: cover crops the green away, contain shows it between black bars, stretch
    /// shows it over the whole height. Checked in a's head (decoder to encoder) and in the
    /// middle of the transition (through the GPU textures).
    @Test(arguments: ["cover", "contain", "stretch"])
    func clipsAreFittedByResize(mode: String) throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let graph = "color=c=red:s=96x32:r=30:d=1 [bg]; color=c=green:s=24x32:r=30:d=1 [g]; [bg][g] overlay=0:0 [out0]"
        _ = try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-f", "lavfi", "-i", graph, "-c:v", "ffv1",
                                            dir.appendingPathComponent("a.mkv").path])
        let result = try CommandRunner.run("segue", [
            "render", "--from", "a.mkv", "--to", "a.mkv", "--effect", "fade", "--size", "96x64", "--resize", mode,
            "--offset", "0.2", "--frames", "4", "--out", "edit.mp4", "--quiet",
        ], in: dir)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let frames = try VideoReader.frames(dir.appendingPathComponent("edit.mp4").path, width: 96, height: 64)
        #expect(frames.count == 36)  // xfade's length: the 0.2 s offset (6 frames) + b's 30
        // Which colour a pixel is, far from any edge (H.264 blurs edges and shifts colours a little).
        func colour(_ image: RGBAImage, x: Int, y: Int) -> String {
            let p = image[x, y]
            if p.x < 60 && p.y < 60 && p.z < 60 { return "black" }
            return p.x > p.y ? "red" : "green"
        }
        let expected: [String: (bar: String, left: String, right: String)] = [
            "cover": ("red", "red", "red"), "contain": ("black", "green", "red"), "stretch": ("green", "green", "red"),
        ]
        let want = try #require(expected[mode])
        for index in [0, 7] {  // frame 6 starts the transition: 7 is one of its middle frames
            let frame = frames[index]
            let seen = (colour(frame, x: 8, y: 6), colour(frame, x: 8, y: 32), colour(frame, x: 70, y: 32))
            #expect(seen == want, "\(mode), frame \(index): bar/left/right \(seen)")
        }
    }

    @Test func withoutFFmpegTheErrorNamesThePackageAndNothingIsWritten() throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.writePictures(in: dir, width: 64, height: 36)
        let result = try CommandRunner.run("segue", [
            "render", "--from", "a.png", "--to", "b.png", "--size", "64x36", "--out", "v.mp4",
        ], in: dir, environment: ["PATH": "/nonexistent-bin"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("ffmpeg is needed") && result.stderr.contains("apt-get install ffmpeg"), "\(result.stderr)")
        #expect(!result.stderr.contains("Fatal error"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["a.png", "b.png"])
    }

    /// A picture and a clip cannot be joined: the error names both inputs, and nothing is written.
    @Test func aPictureAndAClipAreRefusedByName() throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.writePictures(in: dir, width: 64, height: 36)
        let result = try CommandRunner.run(
            "segue", ["render", "--from", "a.png", "--to", "clip.mp4", "--size", "64x36", "--out", "v.mp4"], in: dir)
        #expect(result.status != 0)
        #expect(result.stderr.contains("--from and --to must both be pictures or both be clips ('a.png', 'clip.mp4')"),
                "stderr: \(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["a.png", "b.png"])
    }

    @Test(arguments: [
        (["--out", "v.gif", "--crf", "20"], "--crf applies to mp4 and webm"),
        (["--out", "v.mp4", "--frames", "5", "--duration", "1"], "--frames or --duration"),
        (["--out", "v.mp4", "--fps", "0"], "frame rate 0 must be 1...240"),
        (["--out", "v.webm", "--crf", "70"], "crf 70 is out of range for webm (0...63)"),
        (["--out", "frames", "--fps", "24"], "apply to video output"),
        (["--out", "v.mp4", "--offset", "1"], "--offset places the transition in a clip"),
        (["--out", "v.mp4", "--effect", "shrink-dismiss"], "PNG frames only"),
        (["--out", "v.mp4", "--size", "65x36"], "even width and height"),
        (["--out", "v.m4v"], "not .m4v (for a folder of frames by that name, add --format png)"),
        // --alpha where the codec has none, or with a setting the alpha encoders do not take.
        (["--out", "v.mp4", "--alpha"], "a transparent .mp4 is not made: its codec (H.264, HEVC) has no alpha"),
        (["--out", "v.mkv", "--alpha"], "a transparent .mkv is not made"),
        (["--out", "v.mov", "--alpha", "--crf", "20"], "ProRes has no CRF"),
        (["--out", "v.webm", "--alpha", "--bit-depth", "10"], "drop --bit-depth"),
        (["--out", "V.AVI"], "not .avi"),
        // Values whose frame counts are no Int: refused as options, not a trapping conversion.
        (["--out", "v.mp4", "--duration", "1e300"], "must make 1...10000 frames"),
        (["--out", "v.mp4", "--duration", "1e-300"], "must make 1...10000 frames"),
        // --frames and --duration share one cap; a negative number is out of range, not missing.
        (["--out", "v.mp4", "--duration", "400"], "must make 1...10000 frames"),
        (["--out", "v.mp4", "--frames", "10001"], "--frames must be 1...10000"),
        (["--out", "v.mp4", "--duration", "-1"], "--duration -1.0 s at 30 fps is out of range"),
        (["--out", "v.mp4", "--frames", "-3"], "--frames must be 1...10000, not -3"),
        (["--out", "v.mp4", "--crf", "-1"], "crf -1 is out of range"),
        // Within the GPU's limit but beyond H.264's: refused before anything starts.
        (["--out", "v.mp4", "--size", "16384x16384"], "too large for video: at most 8192 pixels a side"),
        (["--out", ""], "--out is empty"),
        (["--out", "v.mp4/"], "ends in '/' but is named like a mp4 video"),
        (["--out", "v.mp4/", "--format", "mp4"], "ends in '/', which names a folder, not a mp4 file"),
        (["--out", "v.mp4", "--offset", "1e300"], "--offset: offset 1e+300 s must be 0 or more"),
        (["--out", "v.mp4", "--offset=-1"], "--offset: offset -1.0 s must be 0 or more"),
    ])
    func badVideoOptionsAreClearErrors(arguments: [String], words: String) throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.writePictures(in: dir, width: 64, height: 36)
        let result = try CommandRunner.run("segue", ["render", "--from", "a.png", "--to", "b.png", "--size", "64x36"] + arguments, in: dir)
        #expect(result.status != 0)
        #expect(result.stderr.contains(words), "stderr: \(result.stderr)")
        #expect(!result.stderr.contains("Fatal error"), "stderr: \(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["a.png", "b.png"])
    }

    /// `bench --export-frames` below 2 (a transition needs two ends) is refused, not a trap.
    @Test(arguments: ["1", "0", "-3", "100000"])
    func badExportFrameCountsAreClearErrors(count: String) throws {
        let result = try CommandRunner.run("segue", [
            "bench", "--sections", "export", "--export-size", "64x36", "--export-frames=\(count)", "--runs", "1",
        ])
        #expect(result.status != 0)
        #expect(result.stderr.contains("--export-frames must be 2...1000"), "stderr: \(result.stderr)")
        #expect(!result.stderr.contains("Fatal error"), "stderr: \(result.stderr)")
    }

    /// With --format png, a folder named like a video is what the user asked for.
    @Test func formatPNGWritesFramesIntoAFolderNamedLikeAVideo() throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.writePictures(in: dir, width: 64, height: 36)
        let result = try CommandRunner.run("segue", [
            "render", "--from", "a.png", "--to", "b.png", "--size", "64x36", "--frames", "2", "--out", "take.mov", "--format", "png", "--quiet",
        ], in: dir)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let frames = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("take.mov").path).sorted()
        #expect(frames == [".segue-output", "contact-sheet.png", "frame-0000.png", "frame-0001.png"])
    }

    @Test func benchExportSectionReportsTheComparison() throws {
        // A tiny run: the report's shape, not speed (speed is the benchmark's job).
        let result = try CommandRunner.run("segue", [
            "bench", "--json", "--sections", "export", "--export-size", "64x36", "--export-frames", "4", "--runs", "1",
        ])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let export = json?["export"] as? [String: Any]
        let comparisons = export?["comparisons"] as? [[String: Any]] ?? []
        #expect(comparisons.map { $0["ffmpegTransition"] as? String } == ["pixelize", "fade"])
        for c in comparisons {
            for key in ["segueSeconds", "ffmpegSeconds", "speedup", "encoderShare", "renderShare"] {
                #expect((c[key] as? Double ?? 0) > 0, "\(key)")
            }
        }
        #expect((export?["measurements"] as? [[String: Any]])?.count == 10)
        #expect((export?["serialOverPipelined"] as? Double ?? 0) > 0)
    }

    /// On a terminal (a pseudo-terminal made by util-linux `script`) the bar shows frames,
    /// rate and time left; with --quiet nothing is drawn.
    @Test func progressBarOnATerminalOnly() throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.writePictures(in: dir, width: 64, height: 36)
        let segue = CommandRunner.productsDirectory.appendingPathComponent("segue").path
        for quiet in [false, true] {
            let command = "\(segue) render --from a.png --to b.png --size 64x36 --frames 8 --out v.mp4" + (quiet ? " --quiet" : "")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
            process.arguments = ["-qec", command, "/dev/null"]
            process.currentDirectoryURL = dir
            let out = Pipe()
            process.standardOutput = out
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(text)")
            if quiet {
                #expect(!text.contains("8/8") && !text.contains("wrote"), "\(text)")
            } else {
                #expect(text.contains("[########################] 8/8") && text.contains("fps") && text.contains("in 0:"), "\(text)")
            }
        }
    }

    /// `--blend linear` on `segue render` (PNG frames) and `segue edit` (a frame folder): a fade
    /// from black to white is 188 at its middle (linear light), 128 without it.
    @Test func blendLinearMixesLightOnRenderAndEdit() throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try PNGCodec.write(try RGBAImage(width: 32, height: 16, fill: [0, 0, 0, 255]), to: dir.appendingPathComponent("black.png").path)
        try PNGCodec.write(try RGBAImage(width: 32, height: 16, fill: [255, 255, 255, 255]), to: dir.appendingPathComponent("white.png").path)
        let spec = #"{"size": "32x16", "fps": 10, "items": [{"picture": "black.png", "duration": 1}, {"picture": "white.png", "duration": 1}], "transitions": [{"effect": "fade", "duration": 1}]}"#
        try Data(spec.utf8).write(to: dir.appendingPathComponent("edit.json"))
        for (blend, want) in [("srgb", 128), ("linear", 188)] {
            let render = try CommandRunner.run("segue", [
                "render", "--from", "black.png", "--to", "white.png", "--effect", "fade", "--frames", "3", "--size", "32x16",
                "--blend", blend, "--out", "render-\(blend)", "--quiet",
            ], in: dir)
            #expect(render.status == 0, "stderr: \(render.stderr)")
            let middle = try PNGCodec.read(path: dir.appendingPathComponent("render-\(blend)/frame-0001.png").path)
            #expect(abs(Int(middle.pixels[(8 * 32 + 16) * 4]) - want) <= 1, "render --blend \(blend): \(middle.pixels[(8 * 32 + 16) * 4])")
            let edit = try CommandRunner.run("segue", ["edit", "edit.json", "--blend", blend, "--out", "edit-\(blend)", "--quiet"], in: dir)
            #expect(edit.status == 0, "stderr: \(edit.stderr)")
        }
        // The edit's fade is 10 frames: the same frame of each folder, sRGB's value v and linear's
        // the light of v/255 (the progress the sRGB frame shows), encoded.
        for index in 0..<10 {
            let name = "frame-\(String(format: "%04d", index)).png"
            let s = Double(try PNGCodec.read(path: dir.appendingPathComponent("edit-srgb/\(name)").path).pixels[0])
            let l = Double(try PNGCodec.read(path: dir.appendingPathComponent("edit-linear/\(name)").path).pixels[0])
            let light = s / 255
            let want = 255 * (light <= 0.0031308 ? 12.92 * light : 1.055 * pow(light, 1 / 2.4) - 0.055)
            #expect(abs(l - want) <= 2, "edit frame \(index): sRGB \(s), linear \(l), want \(want)")
        }
    }
}

