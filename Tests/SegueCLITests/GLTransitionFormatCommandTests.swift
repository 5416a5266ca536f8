import Foundation
import SegueImage
import Testing

/// `segue validate` and `segue render` on community-format files: sampler parameters, ranges,
/// edge modes, and the hostile or broken files that used to hang or mislead.
@Suite("segue validate/render: gl-transitions format files (runs the built executable)")
struct GLTransitionFormatCommandTests {
    /// A directory with a.png and b.png (64×36 sample pictures) and the given files.
    static func workspace(_ files: [String: String]) throws -> URL {
        let dir = try CommandRunner.temporaryDirectory()
        try PNGCodec.write(try SampleImages.from(width: 64, height: 36), to: dir.appendingPathComponent("a.png").path)
        try PNGCodec.write(try SampleImages.to(width: 64, height: 36), to: dir.appendingPathComponent("b.png").path)
        for (name, text) in files { try Data(text.utf8).write(to: dir.appendingPathComponent(name)) }
        return dir
    }

    static func render(_ effect: String, _ extra: [String], in dir: URL) throws -> CommandRunner.Output {
        try CommandRunner.run("segue", [
            "render", "--from", "a.png", "--to", "b.png", "--effect", effect, "--frames", "3", "--size", "64x36",
            "--out", "frames", "--quiet",
        ] + extra, in: dir)
    }

    static let luma = """
        // Author: gre
        // License: MIT
        uniform sampler2D luma;

        vec4 transition(vec2 uv) {
          return mix(getToColor(uv), getFromColor(uv), step(progress, texture(luma, uv).r * 0.998 + 0.001));
        }

        """

    @Test func samplerParametersTakeAPNGOrABuiltInMapWithTypedErrors() throws {
        let dir = try Self.workspace(["luma.glsl": Self.luma, "bad.png": "not a png"])
        defer { try? FileManager.default.removeItem(at: dir) }
        // Left half dark, right half light: the left switches first.
        var halves = try RGBAImage(width: 64, height: 36, fill: SIMD4(40, 40, 40, 255))
        for y in 0..<36 { for x in 32..<64 { halves[x, y] = SIMD4(220, 220, 220, 255) } }
        try PNGCodec.write(halves, to: dir.appendingPathComponent("halves.png").path)
        let ok = try Self.render("luma.glsl", ["--param", "luma=halves.png"], in: dir)
        #expect(ok.status == 0, "\(ok.stderr)")
        let middle = try PNGCodec.read(path: dir.appendingPathComponent("frames/frame-0001.png").path)
        let from = try SampleImages.from(width: 64, height: 36), to = try SampleImages.to(width: 64, height: 36)
        #expect(middle[10, 18] == to[10, 18] && middle[50, 18] == from[50, 18], "the texture was loaded and used")

        #expect(try Self.render("luma.glsl", ["--param", "luma=spiral-2"], in: dir).status == 0)
        for (value, message) in [
            ("missing.png", "Cannot open 'missing.png'"), ("bad.png", "cannot be read as a picture"), ("spiral-7", "built-in luma map"),
        ] {
            let failed = try Self.render("luma.glsl", ["--param", "luma=\(value)"], in: dir)
            #expect(failed.status != 0 && failed.stderr.contains("texture for parameter `luma`") && failed.stderr.contains(message), "\(failed.stderr)")
        }
        let none = try Self.render("luma.glsl", [], in: dir)
        #expect(none.status != 0 && none.stderr.contains("none is given"), "\(none.stderr)")
        #expect(try CommandRunner.run("segue", ["validate", "luma.glsl"], in: dir).status == 0)
    }

    @Test func samplesWritesTheLumaMapsOnRequest() throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CommandRunner.run("segue", ["samples", "--luma", "--size", "40x20", "--out", "s"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        for map in LumaMap.allCases {
            let written = try PNGCodec.read(path: dir.appendingPathComponent("s/luma-\(map.rawValue).png").path)
            #expect(written == (try map.image(width: 40, height: 20)), "\(map)")
        }
    }

    @Test func parameterRangesAreChecked() throws {
        let dir = try Self.workspace([:])
        defer { try? FileManager.default.removeItem(at: dir) }
        let zero = try Self.render("pixelize", ["--param", "squaresMin=0,0"], in: dir)
        #expect(zero.status != 0 && zero.stderr.contains("squaresMin") && zero.stderr.contains("outside its range"), "\(zero.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("frames").path), "nothing written")
        #expect(try Self.render("pixelize", ["--param", "squaresMin=4,4"], in: dir).status == 0)
    }

    @Test func edgesClampByDefaultAndTransparentOnRequest() throws {
        let shrink = "vec4 transition(vec2 uv) {\n  return mix(getFromColor((uv - 0.5) * 3.0 + 0.5), getToColor(uv), progress);\n}\n"
        let dir = try Self.workspace(["shrink.glsl": shrink])
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try Self.render("shrink.glsl", [], in: dir).status == 0)
        let clamped = try PNGCodec.read(path: dir.appendingPathComponent("frames/frame-0001.png").path)
        #expect(clamped[0, 0].w == 255, "the edge colour repeats: opaque")
        #expect(try Self.render("shrink.glsl", ["--edges", "transparent"], in: dir).status == 0)
        let transparent = try PNGCodec.read(path: dir.appendingPathComponent("frames/frame-0001.png").path)
        #expect(transparent[0, 0].w == 128, "half of nothing, half the opaque second picture: \(transparent[0, 0])")
        #expect(try Self.render("shrink.glsl", ["--edges", "wrap"], in: dir).status != 0)
    }

    /// Runs `segue` with a deadline: a regression must fail the test, not hang the suite.
    static func runBounded(_ arguments: [String], in dir: URL, seconds: Double) throws -> (status: Int32, stderr: String, timedOut: Bool) {
        let process = Process()
        process.executableURL = CommandRunner.productsDirectory.appendingPathComponent("segue")
        process.arguments = arguments
        process.currentDirectoryURL = dir
        let stderr = Pipe()
        process.standardError = stderr
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        let timedOut = process.isRunning
        if timedOut { process.terminate() }
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self), timedOut)
    }

    @Test func doublingDefinesFailFastInValidateAndRender() throws {
        var lines = ["#define D0 x x"]
        for level in 1..<40 { lines.append("#define D\(level) D\(level - 1) D\(level - 1)") }
        let chain = lines.joined(separator: "\n") + "\n"
        let body = "vec4 transition(vec2 uv) { float x = 1.0; return getToColor(uv); }"
        // Used in code, in an `#if` / `#elif` expression (the driver expands those), and pasted
        // together by `##` (refused: the pasted name would escape the check).
        let files = [
            ("code.glsl", chain + "vec4 transition(vec2 uv) { float x = 1.0; float y = D39; return getToColor(uv); }",
             "code.glsl:41: the macro `D39` expands to more than"),
            ("if.glsl", chain + "#if D39\n#endif\n" + body, "if.glsl:41: the macro `D39` expands to more than"),
            ("elif.glsl", chain + "#if 0\n#elif D39 > 0\n#endif\n" + body, "elif.glsl:42: the macro `D39` expands to more than"),
            ("paste.glsl", chain + "#define P(a, b) a##b\n" + body.replacingOccurrences(of: "return", with: "float y = P(D3, 9); return"),
             "paste.glsl:41: `##` (token pasting) is not supported"),
        ]
        let dir = try Self.workspace(Dictionary(uniqueKeysWithValues: files.map { ($0.0, $0.1) }))
        defer { try? FileManager.default.removeItem(at: dir) }
        for (file, _, message) in files {
            for arguments in [["validate", file], ["render", "--from", "a.png", "--to", "b.png", "--effect", file, "--out", "f"]] {
                // Seconds of slack for a loaded machine; the check itself takes a fraction of one.
                let result = try Self.runBounded(arguments, in: dir, seconds: 20)
                #expect(!result.timedOut && result.status != 0)
                #expect(result.stderr.contains(message), "\(result.stderr)")
            }
        }
    }

    @Test func brokenFilesAreReportedAtTheUsersLine() throws {
        let bom = "\u{FEFF}vec4 transition(vec2 uv) {\n  return mix(getFromColor(uv), getToColor(uv), progress);\n}\n"
        let comment = "vec4 transition(vec2 uv) {\n  return mix(getFromColor(uv), getToColor(uv), progress);\n}\n/* unfinished\n"
        let typo = "uniform float amount; // = 0.5\nvec4 transition(vec2 uv) {\n  return mix(getFromColor(uv), getToColor(uv), progres * amount);\n}\n"
        let dir = try Self.workspace(["bom.glsl": bom, "comment.glsl": comment, "typo.glsl": typo])
        defer { try? FileManager.default.removeItem(at: dir) }
        let accepted = try CommandRunner.run("segue", ["validate", "bom.glsl"], in: dir)
        #expect(accepted.status == 0 && accepted.stdout.contains("ok bom.glsl"), "\(accepted.stderr)")
        #expect(try Self.render("bom.glsl", [], in: dir).status == 0)

        let unterminated = try CommandRunner.run("segue", ["validate", "comment.glsl"], in: dir)
        #expect(unterminated.status != 0 && unterminated.stderr.contains("comment.glsl:4: this `/*` comment is never closed"), "\(unterminated.stderr)")

        // The compile error's excerpt shows the file's own line 3, not the host's prelude.
        let rendered = try Self.render("typo.glsl", [], in: dir)
        #expect(rendered.status != 0)
        #expect(rendered.stderr.contains(">3 |   return mix(getFromColor(uv), getToColor(uv), progres * amount);"), "\(rendered.stderr)")
        #expect(!rendered.stderr.contains("segue_"), "no host code in the excerpt: \(rendered.stderr)")
    }
}
