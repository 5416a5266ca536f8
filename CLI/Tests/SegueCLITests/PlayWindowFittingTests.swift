import Foundation
import SegueImage
import Testing
import SegueTesting

/// `segue play` under Xvfb with pictures of another aspect than the window (`--resize`), a
/// gl-transition's `--edges`, and a resize in the middle of the dimming presentation: what is
/// on the screen (xwd) must equal `segue render`'s frame with the same options.
@Suite("segue play window: resize modes, edges, presentation resize (Xvfb)", .serialized, .tags(.window, .gl))
struct PlayWindowFittingTests {
    let reference = PlayWindowTests()

    /// A folder with a 400x100 pair of pictures (the window is 400x200) and a transition whose
    /// lookups leave the picture.
    static func workspace() throws -> URL {
        let dir = try CommandRunner.temporaryDirectory()
        try PNGCodec.write(try SampleImages.from(width: 400, height: 100), to: dir.appendingPathComponent("a.png").path)
        try PNGCodec.write(try SampleImages.to(width: 400, height: 100), to: dir.appendingPathComponent("b.png").path)
        let shrink = "vec4 transition(vec2 uv) {\n  return mix(getFromColor((uv - 0.5) * 3.0 + 0.5), getToColor(uv), progress);\n}\n"
        try Data(shrink.utf8).write(to: dir.appendingPathComponent("shrink.glsl"))
        return dir
    }

    /// Frame 1 of 3 (progress 0.5) of `segue render` with `arguments`, as the window shows it:
    /// the window's pixels keep the premultiplied colour channels and drop the alpha (the effect
    /// draws straight into it), so the PNG's straight alpha is laid over black: transparent bars
    /// are black, a half-transparent edge half as bright.
    static func rendered(_ arguments: [String], in dir: URL) throws -> RGBAImage {
        let render = try CommandRunner.run("segue", [
            "render", "--from", "a.png", "--to", "b.png", "--frames", "3", "--size", "400x200", "--out", "frames", "--quiet",
        ] + arguments, in: dir)
        #expect(render.status == 0, "\(render.stderr)")
        var frame = try PNGCodec.read(path: dir.appendingPathComponent("frames/frame-0001.png").path).premultipliedAlpha()
        for index in stride(from: 3, to: frame.pixels.count, by: 4) { frame.pixels[index] = 255 }
        return frame
    }

    @Test(arguments: [
        ["--effect", "pixel-dissolve", "--resize", "contain"],
        ["--effect", "pixel-dissolve", "--resize", "stretch"],
        ["--effect", "wipetr", "--resize", "contain"],
        ["--effect", "shrink.glsl", "--edges", "transparent"],
        ["--effect", "shrink.glsl", "--edges", "clamp", "--resize", "contain"],
        ["--effect", "cube-push", "--resize", "contain"],
    ])
    func theWindowFitsPicturesAsRenderDoes(options: [String]) throws {
        let dir = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let files = ["--from", dir.appendingPathComponent("a.png").path, "--to", dir.appendingPathComponent("b.png").path]
        let effect = options.map { $0 == "shrink.glsl" ? dir.appendingPathComponent($0).path : $0 }
        let session = try WindowSession(
            ["play", "--trace-scrub", "--seconds", "60", "--size", "400x200", "--no-overlay"] + files + effect, frameStep: 0)
        #expect(!session.window.isEmpty, "the window appeared")
        // Each step waits for the window's own report of the one before (a busy machine may
        // otherwise deliver the press after the pointer has moved on).
        try session.drag([100, 120], y: 100)
        #expect(session.waitFor("scrub "), "\(session.trace)")
        try session.xdotool(["mousemove", "--window", session.window, "300", "100"])
        #expect(session.waitFor("scrub 0.5"), "\(session.trace)")
        // The screenshot is polled until the scrubbed frame is on screen (`expectScreen`).
        let expected = try Self.rendered(options, in: dir)
        if options.contains("cube-push") {
            // GLX versus EGL coverage of the cube's perspective edges (see PlayWindowTests).
            try reference.expectScreen(session, expected, mean: 0.5)
        } else {
            try reference.expectScreen(session, expected, within: 1)
        }
        try session.mouseUp()
        #expect(try session.close() == 0)
    }

    /// Issue 9: a window resize half-way through the dimming presentation lays it out again
    /// through its `Window` (the presentation controller's `viewWillTransition(to:with:)` and
    /// its coordinator): the screen equals a presentation rendered at the new size.
    @Test func aResizeDuringTheDimmingPresentationRelaysItOut() throws {
        let session = try WindowSession(
            ["play", "--trace-scrub", "--seconds", "60", "--effect", "dimming-presentation", "--size", "320x180", "--no-overlay"],
            frameStep: 0)
        #expect(!session.window.isEmpty, "the window appeared")
        try session.drag([100, 110, 260], y: 90)
        #expect(session.waitFor("scrub 0.5"), "160 px of 320: \(session.trace)")
        try session.xdotool(["windowsize", session.window, "480", "270"])
        #expect(session.waitFor("resize 480x270"), "\(session.trace)")
        #expect(session.lines("relayout") == ["relayout coordinator"], "\(session.trace)")
        Thread.sleep(forTimeInterval: 0.3)
        let expected = try PlayWindowTests.headlessFrame(
            ["--effect", "dimming-presentation"], width: 480, height: 270, frames: 3, index: 1, samples: "320x180")
        try reference.expectScreen(session, expected, within: 1)
        try session.mouseUp()
        #expect(try session.close() == 0)
    }

    @Test func helpListsResizeAndEdges() throws {
        let help = try CommandRunner.run("segue", ["play", "--help"])
        // Words, not phrases: the help wraps its lines.
        let words = help.stdout.split(whereSeparator: { $0.isWhitespace || $0 == "," || $0 == ":" || $0 == ";" || $0 == "." || $0 == "(" || $0 == ")" })
        for word in ["--resize", "cover", "contain", "stretch", "--edges", "clamp", "transparent"] {
            #expect(words.contains(Substring(word)), "\(word) in \(help.stdout)")
        }
        // Defaults by name (ArgumentParser would print an Int-backed enum's raw value).
        let collapsed = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(collapsed.contains("values: clamp, transparent; default: clamp"), "\(help.stdout)")
        #expect(collapsed.contains("values: cover, contain, stretch; default: cover"), "\(help.stdout)")
    }
}
