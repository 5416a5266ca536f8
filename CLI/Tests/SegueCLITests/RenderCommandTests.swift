import Foundation
import SegueImage
import SegueText
import Testing
import SegueTesting

@Suite("segue CLI (runs the built executable)", .tags(.gl))
struct RenderCommandTests {
    @Test func rendersFramesAndAContactSheet() throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Inputs of another size and aspect than the frames: the effect scales them to cover.
        let from = try SampleImages.from(width: 120, height: 90)
        let to = try SampleImages.to(width: 50, height: 40)
        try PNGCodec.write(from, to: dir.appendingPathComponent("a.png").path)
        try PNGCodec.write(to, to: dir.appendingPathComponent("b.png").path)
        let result = try CommandRunner.run("segue", [
            "render", "--from", "a.png", "--to", "b.png", "--effect", "pixel-dissolve",
            "--frames", "5", "--size", "64x36", "--out", "frames",
        ], in: dir)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr.isEmpty, "no progress bar when stderr is not a terminal: \(result.stderr)")

        let out = dir.appendingPathComponent("frames")
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(names == [".segue-output", "contact-sheet.png"] + (0..<5).map { "frame-000\($0).png" })
        var frames: [RGBAImage] = []
        for index in 0..<5 {
            let frame = try PNGCodec.read(path: out.appendingPathComponent("frame-000\(index).png").path)
            #expect(frame.width == 64 && frame.height == 36)
            frames.append(frame)
        }
        // Progress 0 and 1 are the inputs covering the frame: the first, larger than the frame
        // shows it, area-averaged to the frame (within a level, and one more rounding); the second,
        // enlarged, sampled bilinearly on the GPU: within 2 levels of the reference (llvmpipe's
        // 8-bit filter weights, then one more rounding).
        #expect(RGBAImage.maxDifference(frames[0], try AreaFitReference.frame(from, width: 64, height: 36, mode: "cover")) <= 2)
        #expect(RGBAImage.maxDifference(frames[4], try BilinearFitReference.frame(to, width: 64, height: 36, mode: "cover", bar: .zero)) <= 2)
        #expect(frames[2] != frames[0] && frames[2] != frames[4])
        let sheet = try PNGCodec.read(path: out.appendingPathComponent("contact-sheet.png").path)
        #expect(sheet.width > 64 && sheet.height > 36)
        // The sheet's text is set in DejaVu Sans, not the 5×7 bitmap font that read
        // "PIxEL-DISSOLVE": 5 frames in 3 columns of 64×36 thumbnails, labels at scale 1 and the
        // title at 2, give ContactSheet's documented height with the real font's line heights
        // (12 and 24 pixels; the bitmap font's 7 and 14 made it 140).
        let text = FontSheetText()
        let margin = ContactSheet.margin
        let cell = 36 + ContactSheet.labelGap + text.lineHeight(scale: 1)
        #expect(sheet.width == margin + 3 * (64 + margin))
        #expect(sheet.height == margin + (text.lineHeight(scale: 2) + margin) + 2 * (cell + margin))
        #expect(sheet.height != 140)
        // No staging directory is left beside the output.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["a.png", "b.png", "frames"])
    }

    @Test(arguments: ["abc", "0x10", "10x", "-5x5", "100000x100", "64*36"])
    func badSizeIsAClearErrorWithNonZeroExit(size: String) throws {
        let result = try CommandRunner.run("segue", ["render", "--from", "a.png", "--to", "b.png", "--size", size])
        #expect(result.status != 0)
        #expect(result.stderr.contains("size"), "stderr: \(result.stderr)")
        #expect(!result.stderr.contains("Fatal error"))
    }

    @Test func corruptInputFailsCleanlyAndWritesNothing() throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("this is not a png".utf8).write(to: dir.appendingPathComponent("bad.png"))
        try PNGCodec.write(try SampleImages.to(width: 32, height: 32), to: dir.appendingPathComponent("b.png").path)
        let result = try CommandRunner.run("segue", [
            "render", "--from", "bad.png", "--to", "b.png", "--frames", "3", "--size", "32x32", "--out", "frames",
        ], in: dir)
        #expect(result.status != 0)
        #expect(result.stderr.contains("bad.png"), "the error names the file: \(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["b.png", "bad.png"])
    }

    @Test(arguments: ["pixel-dissolve-present", "shrink-dismiss", "cube-pop"])
    func rendersAViewControllerTransition(effect: String) throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let from = try SampleImages.from(width: 64, height: 36), to = try SampleImages.to(width: 64, height: 36)
        try PNGCodec.write(from, to: dir.appendingPathComponent("a.png").path)
        try PNGCodec.write(to, to: dir.appendingPathComponent("b.png").path)
        let result = try CommandRunner.run("segue", [
            "render", "--from", "a.png", "--to", "b.png", "--effect", effect, "--frames", "5", "--size", "64x36",
            "--out", "frames", "--quiet",
        ], in: dir)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let first = try PNGCodec.read(path: dir.appendingPathComponent("frames/frame-0000.png").path)
        let last = try PNGCodec.read(path: dir.appendingPathComponent("frames/frame-0004.png").path)
        // Presenting ends on "to"; the dismissal and the pop start on "to" and end on "from".
        let (start, end) = effect == "shrink-dismiss" || effect == "cube-pop" ? (to, from) : (from, to)
        #expect(RGBAImage.maxDifference(first, start) <= 1)
        #expect(RGBAImage.maxDifference(last, end) <= 1)
    }

    @Test func listNamesTheEffects() throws {
        let result = try CommandRunner.run("segue", ["render", "--list"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("pixel-dissolve"))
        #expect(result.stdout.contains("shrink-dismiss"))
    }

    @Test func unknownEffectIsRejected() throws {
        let result = try CommandRunner.run("segue", ["render", "--from", "a", "--to", "b", "--effect", "nope"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("unknown effect 'nope'"))
    }

    @Test func benchPrintsJSON() throws {
        // A tiny run: this checks the report's shape, not speed (speed is the benchmark's job).
        let result = try CommandRunner.run("segue", [
            "bench", "--json", "--sizes", "64x36", "--frames", "3", "--runs", "1", "--warmup", "1",
            "--chain-size", "64x36", "--resolutions", "32x18,64x36,96x54",
        ])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let measurements = json?["measurements"] as? [[String: Any]] ?? []
        #expect(measurements.count == 2)  // finish and readback
        for m in measurements {
            for key in ["fusedFPS", "multipassFPS", "floorFPS", "fusedOverFloor", "fusedOverMultipass"] {
                #expect((m[key] as? Double ?? 0) > 0, "\(key)")
            }
            #expect(m["uploadsDuringFrames"] as? Int == 0)
            #expect(m["compilesDuringFrames"] as? Int == 0)
        }
        let scene = json?["scene"] as? [[String: Any]] ?? []
        #expect(scene.count == 1)
        #expect(scene.first?["views"] as? Int == 100)
        #expect(scene.first?["uploadsDuringFrames"] as? Int == 0)
        #expect((scene.first?["fps"] as? Double ?? 0) > 0)

        // Chains of 1, 2, 4, 8 filters: fused is one pass holding no intermediate target, one
        // pass per filter ping-pongs between two at most.
        let chains = json?["chains"] as? [[String: Any]] ?? []
        #expect(chains.map { $0["filters"] as? Int } == [1, 2, 4, 8])
        for chain in chains {
            let filters = chain["filters"] as? Int ?? 0
            #expect(chain["fusedPasses"] as? Int == 1)
            #expect(chain["onePassPasses"] as? Int == filters)
            #expect(chain["fusedIntermediateBytes"] as? Int == 0)
            // Intermediates are RGBA16F: 8 bytes a pixel.
            #expect(chain["onePassIntermediateBytes"] as? Int == min(filters - 1, 2) * 64 * 36 * 8)
            #expect((chain["fusedFPS"] as? Double ?? 0) > 0 && (chain["onePassFPS"] as? Double ?? 0) > 0)
        }
        #expect((json?["marginalCosts"] as? [[String: Any]] ?? []).count == 10)
        let resolutions = json?["resolutions"] as? [[String: Any]] ?? []
        #expect(resolutions.map { $0["pixels"] as? Int } == [32 * 18, 64 * 36, 96 * 54])
        #expect(json?["frameTimeFit"] is [String: Any])
        #expect(json?["chainTargetMet"] is Bool && json?["resolutionTargetMet"] is Bool)
    }

    @Test func benchRejectsAnUnknownSection() throws {
        let result = try CommandRunner.run("segue", ["bench", "--sections", "chain,nope"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("unknown section 'nope'"), "\(result.stderr)")
    }

    @Test func filtersRendersTheLibraryOnAPicture() throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("filters").path
        let result = try CommandRunner.run("segue", ["filters", "--size", "64x36", "--out", out])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("glow: 3 passes: blur.x(input0) -> blur.y(input0) -> blend.screen(input0, gaussian{input1})"))
        let input = try SampleImages.from(width: 64, height: 36)
        let inverted = try PNGCodec.read(path: out + "/invert.png")
        #expect(inverted[10, 10] == SIMD4(255 - input[10, 10].x, 255 - input[10, 10].y, 255 - input[10, 10].z, input[10, 10].w))
        #expect(try PNGCodec.read(path: out + "/contact-sheet.png").width > 0)
        // A corrupt picture fails before anything is written.
        let bad = dir.appendingPathComponent("bad.png")
        try Data("not a png".utf8).write(to: bad)
        let failed = try CommandRunner.run("segue", ["filters", "--input", bad.path, "--out", dir.appendingPathComponent("none").path])
        #expect(failed.status != 0)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("none").path))
    }

    @Test func demoRendersHeadlesslyWithoutADisplay() throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CommandRunner.run("segue", ["demo", "--out", "out"], in: dir)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("contact sheet"))
        #expect(result.stdout.contains("No display (DISPLAY is not set)"))
        let sheet = dir.appendingPathComponent("out/pixel-dissolve/contact-sheet.png").path
        #expect(try PNGCodec.read(path: sheet).width > 0)
        // The animated scene: cube rotation then snapshot shrink, 62 frames at 24 fps.
        let sceneSheet = dir.appendingPathComponent("out/scene/contact-sheet.png").path
        #expect(try PNGCodec.read(path: sceneSheet).width > 0)
        let lastFrame = dir.appendingPathComponent("out/scene/frame-0061.png").path
        #expect(try PNGCodec.read(path: lastFrame).width == 640)
    }

}
