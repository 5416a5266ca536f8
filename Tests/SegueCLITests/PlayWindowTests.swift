import Foundation
import SegueEffects
import SegueGL
import SegueImage
import SeguePlatform
import Testing

/// `segue play` in a real window under Xvfb: a real pointer drag (xdotool) scrubs the
/// transition, and what is on the screen (xwd) is the frame at the dragged-to progress.
@Suite("segue play window (Xvfb)", .serialized)
struct PlayWindowTests {
    /// What a scripted session with the window left behind.
    struct Session {
        let screen: RGBAImage
        let trace: String
        let status: Int32
    }

    /// Opens `segue play` with `arguments` (plus `--seconds 60 --trace-scrub`), presses at the
    /// first point, drags through the others (y is the same for all), screenshots the window
    /// while the button is still down, then releases and closes it with Escape.
    func play(_ arguments: [String], dragAlong xs: [Int], y: Int) throws -> Session {
        let x = try XvfbSession()
        let play = Process()
        play.executableURL = CommandRunner.productsDirectory.appendingPathComponent("segue")
        play.arguments = ["play"] + arguments + ["--seconds", "60", "--trace-scrub"]
        play.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": x.display]) { $1 }
        let output = Pipe()
        play.standardOutput = output
        try play.run()
        defer { if play.isRunning { play.terminate() } }

        let window = String(decoding: try x.run("xdotool", ["search", "--sync", "--name", "^Segue"]), as: UTF8.self)
            .split(separator: "\n").first.map(String.init) ?? ""
        #expect(!window.isEmpty, "the window appeared")
        Thread.sleep(forTimeInterval: 0.5)
        try x.run("xdotool", ["mousemove", "--window", window, "\(xs[0])", "\(y)", "mousedown", "1"])
        for point in xs.dropFirst() {
            Thread.sleep(forTimeInterval: 0.2)
            try x.run("xdotool", ["mousemove", "--window", window, "\(point)", "\(y)"])
        }
        Thread.sleep(forTimeInterval: 0.5)
        let screen = try x.screenshot(window: window)
        try x.run("xdotool", ["mouseup", "1", "key", "--window", window, "Escape"])
        play.waitUntilExit()
        let trace = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return Session(screen: screen, trace: trace, status: play.terminationStatus)
    }

    /// Frame 1 of 3 (progress 0.5) of `segue render` for the same effect, headless.
    func headlessMiddleFrame(_ effect: [String], width: Int, height: Int) throws -> RGBAImage {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try CommandRunner.run("segue", ["samples", "--size", "\(width)x\(height)", "--out", dir.appendingPathComponent("s").path])
        let render = try CommandRunner.run("segue", [
            "render", "--from", "s/from.png", "--to", "s/to.png", "--frames", "3",
            "--size", "\(width)x\(height)", "--out", "frames", "--quiet",
        ] + effect, in: dir)
        #expect(render.status == 0, "\(render.stderr)")
        return try PNGCodec.read(path: dir.appendingPathComponent("frames/frame-0001.png").path)
    }

    @Test func dragScrubsTheTransitionOnScreen() throws {
        let (width, height) = (400, 200)
        // A very long duration: between events the progress stays where the pointer put it.
        // Press at a quarter of the width, drag to three quarters, hold, screenshot.
        let session = try play(["--size", "\(width)x\(height)", "--duration", "100000"], dragAlong: [100, 300], y: 100)
        #expect(session.status == 0)
        #expect(session.trace.contains("scrub 0.25"), "press at x=100 of 400: \(session.trace)")
        #expect(session.trace.contains("scrub 0.75"), "drag to x=300 of 400: \(session.trace)")
        #expect(session.trace.contains("resume 0.75"))

        // The same frame rendered headlessly: the window's pixels must match it.
        let expected = try headlessFrame(width: width, height: height, progress: 0.75)
        #expect(session.screen.width == width && session.screen.height == height)
        if session.screen.width == width && session.screen.height == height {
            let maxDifference = RGBAImage.maxDifference(session.screen, expected)
            // Same shaders on the same Mesa, but GLX (window) versus EGL (offscreen): the
            // blend's rounding may differ by 1.
            #expect(maxDifference <= 1, "window vs headless max difference \(maxDifference)")
        }
    }

    /// A view-controller transition in the window: a real drag (xdotool) reaches the pan
    /// recognizer through GLFW's cursor callbacks and scrubs the cube push; the screen then
    /// equals the headless render of the same progress.
    @Test func dragScrubsAViewControllerTransition() throws {
        let session = try play(["--effect", "cube-push", "--size", "320x180"], dragAlong: [10, 100, 160], y: 90)
        #expect(session.trace.contains("scrub 0.5"), "dragged to x=160 of 320: \(session.trace)")
        let expected = try headlessMiddleFrame(["--effect", "cube-push"], width: 320, height: 180)
        #expect(session.screen.width == 320 && session.screen.height == 180)
        if session.screen.width == 320 && session.screen.height == 180 {
            // Same scene at the same time on the same Mesa; GLX (window) and EGL (offscreen)
            // may round the perspective edges' coverage differently, so the mean is the check.
            let mean = RGBAImage.meanDifference(session.screen, expected)
            #expect(mean < 0.5, "mean \(mean)")
            let black = try RGBAImage(width: 320, height: 180, fill: SIMD4(0, 0, 0, 255))
            #expect(RGBAImage.maxDifference(session.screen, black) > 100, "something is on screen")
        }
    }

    /// A gl-transitions effect in the window: the host flips its coordinates for the window's
    /// bottom-up rows, so the screen equals the headless render of the same progress.
    @Test func dragScrubsAGLTransition() throws {
        let effect = ["--effect", "wipetr", "--param", "smoothness=0.2"]
        let session = try play(effect + ["--size", "400x200", "--duration", "100000"], dragAlong: [100, 200], y: 100)
        #expect(session.status == 0)
        #expect(session.trace.contains("scrub 0.5"), "dragged to x=200 of 400: \(session.trace)")
        let expected = try headlessMiddleFrame(effect, width: 400, height: 200)
        #expect(session.screen.width == 400 && session.screen.height == 200)
        if session.screen.width == 400 && session.screen.height == 200 {
            // The same shader on the same Mesa through GLX (window) and EGL (offscreen): equal
            // up to rounding (1); a vertical mix-up would differ by far more along the wipe.
            let maxDifference = RGBAImage.maxDifference(session.screen, expected)
            #expect(maxDifference <= 1, "window vs headless max difference \(maxDifference)")
        }
    }

    private func headlessFrame(width: Int, height: Int, progress: Float) throws -> RGBAImage {
        let context = try HeadlessEGLContext()
        defer { context.release() }
        let device = try GLDevice(context: context)
        defer { device.release() }
        let from = try device.makeTexture(image: SampleImages.from(width: width, height: height))
        let to = try device.makeTexture(image: SampleImages.to(width: width, height: height))
        let target = try device.makeOffscreenTarget(width: width, height: height)
        let dissolve = try PixelDissolve(device: device, from: from, to: to)
        dissolve.progress = progress
        try dissolve.render(into: target)
        let image = try target.readImage()
        dissolve.release(); target.release(); from.release(); to.release()
        return image
    }
}
