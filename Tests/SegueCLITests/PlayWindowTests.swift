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
    @Test func dragScrubsTheTransitionOnScreen() throws {
        let x = try XvfbSession()
        let (width, height) = (400, 200)
        let play = Process()
        play.executableURL = CommandRunner.productsDirectory.appendingPathComponent("segue")
        // A very long duration: between events the progress stays where the pointer put it.
        play.arguments = ["play", "--size", "\(width)x\(height)", "--duration", "100000", "--seconds", "60", "--trace-scrub"]
        play.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": x.display]) { $1 }
        let output = Pipe()
        play.standardOutput = output
        try play.run()
        defer { if play.isRunning { play.terminate() } }

        let window = String(decoding: try x.run("xdotool", ["search", "--sync", "--name", "^Segue"]), as: UTF8.self)
            .split(separator: "\n").first.map(String.init) ?? ""
        #expect(!window.isEmpty, "the window appeared")
        Thread.sleep(forTimeInterval: 0.5)
        // Press at a quarter of the width, drag to three quarters, hold, screenshot.
        try x.run("xdotool", ["mousemove", "--window", window, "100", "100", "mousedown", "1"])
        Thread.sleep(forTimeInterval: 0.2)
        try x.run("xdotool", ["mousemove", "--window", window, "300", "100"])
        Thread.sleep(forTimeInterval: 0.5)
        let screen = try x.screenshot(window: window)
        try x.run("xdotool", ["mouseup", "1", "key", "--window", window, "Escape"])
        play.waitUntilExit()
        let trace = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(play.terminationStatus == 0)
        #expect(trace.contains("scrub 0.25"), "press at x=100 of 400: \(trace)")
        #expect(trace.contains("scrub 0.75"), "drag to x=300 of 400: \(trace)")
        #expect(trace.contains("resume 0.75"))

        // The same frame rendered headlessly: the window's pixels must match it.
        let expected = try headlessFrame(width: width, height: height, progress: 0.75)
        #expect(screen.width == width && screen.height == height)
        if screen.width == width && screen.height == height {
            let maxDifference = RGBAImage.maxDifference(screen, expected)
            // Same shaders on the same Mesa, but GLX (window) versus EGL (offscreen): the
            // blend's rounding may differ by 1.
            #expect(maxDifference <= 1, "window vs headless max difference \(maxDifference)")
        }
    }

    /// A view-controller transition in the window: a real drag (xdotool) reaches the pan
    /// recognizer through GLFW's cursor callbacks and scrubs the cube push; the screen then
    /// equals the headless render of the same progress.
    @Test func dragScrubsAViewControllerTransition() throws {
        let x = try XvfbSession()
        let play = Process()
        play.executableURL = CommandRunner.productsDirectory.appendingPathComponent("segue")
        play.arguments = ["play", "--effect", "cube-push", "--size", "320x180", "--seconds", "60", "--trace-scrub"]
        play.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": x.display]) { $1 }
        let output = Pipe()
        play.standardOutput = output
        try play.run()
        defer { if play.isRunning { play.terminate() } }
        let window = String(decoding: try x.run("xdotool", ["search", "--sync", "--name", "^Segue"]), as: UTF8.self)
            .split(separator: "\n").first.map(String.init) ?? ""
        Thread.sleep(forTimeInterval: 0.5)
        try x.run("xdotool", ["mousemove", "--window", window, "10", "90", "mousedown", "1"])
        Thread.sleep(forTimeInterval: 0.2)
        try x.run("xdotool", ["mousemove", "--window", window, "100", "90"])
        Thread.sleep(forTimeInterval: 0.2)
        try x.run("xdotool", ["mousemove", "--window", window, "160", "90"])
        Thread.sleep(forTimeInterval: 0.5)
        let screen = try x.screenshot(window: window)
        try x.run("xdotool", ["key", "--window", window, "Escape"])
        play.waitUntilExit()
        let trace = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(trace.contains("scrub 0.5"), "dragged to x=160 of 320: \(trace)")

        // The same frame, headless: render 3 frames (progress 0, 0.5, 1) of the same transition.
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try CommandRunner.run("segue", ["samples", "--size", "320x180", "--out", dir.appendingPathComponent("s").path])
        let render = try CommandRunner.run("segue", [
            "render", "--from", "s/from.png", "--to", "s/to.png", "--effect", "cube-push", "--frames", "3",
            "--size", "320x180", "--out", "frames", "--quiet",
        ], in: dir)
        #expect(render.status == 0, "\(render.stderr)")
        let expected = try PNGCodec.read(path: dir.appendingPathComponent("frames/frame-0001.png").path)
        #expect(screen.width == 320 && screen.height == 180)
        if screen.width == 320 && screen.height == 180 {
            // Same scene at the same time on the same Mesa; GLX (window) and EGL (offscreen)
            // may round the perspective edges' coverage differently, so the mean is the check.
            #expect(RGBAImage.meanDifference(screen, expected) < 0.5, "mean \(RGBAImage.meanDifference(screen, expected))")
            let black = try RGBAImage(width: 320, height: 180, fill: SIMD4(0, 0, 0, 255))
            #expect(RGBAImage.maxDifference(screen, black) > 100, "something is on screen")
        }
    }

    /// A gl-transitions effect in the window: the host flips its coordinates for the window's
    /// bottom-up rows, so the screen equals the headless render of the same progress.
    @Test func dragScrubsAGLTransition() throws {
        let x = try XvfbSession()
        let play = Process()
        play.executableURL = CommandRunner.productsDirectory.appendingPathComponent("segue")
        play.arguments = [
            "play", "--effect", "wipetr", "--param", "smoothness=0.2", "--size", "400x200", "--duration", "100000",
            "--seconds", "60", "--trace-scrub",
        ]
        play.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": x.display]) { $1 }
        let output = Pipe()
        play.standardOutput = output
        try play.run()
        defer { if play.isRunning { play.terminate() } }
        let window = String(decoding: try x.run("xdotool", ["search", "--sync", "--name", "^Segue"]), as: UTF8.self)
            .split(separator: "\n").first.map(String.init) ?? ""
        Thread.sleep(forTimeInterval: 0.5)
        try x.run("xdotool", ["mousemove", "--window", window, "100", "100", "mousedown", "1"])
        Thread.sleep(forTimeInterval: 0.2)
        try x.run("xdotool", ["mousemove", "--window", window, "200", "100"])
        Thread.sleep(forTimeInterval: 0.5)
        let screen = try x.screenshot(window: window)
        try x.run("xdotool", ["mouseup", "1", "key", "--window", window, "Escape"])
        play.waitUntilExit()
        let trace = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(play.terminationStatus == 0)
        #expect(trace.contains("scrub 0.5"), "dragged to x=200 of 400: \(trace)")

        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try CommandRunner.run("segue", ["samples", "--size", "400x200", "--out", dir.appendingPathComponent("s").path])
        let render = try CommandRunner.run("segue", [
            "render", "--from", "s/from.png", "--to", "s/to.png", "--effect", "wipetr", "--param", "smoothness=0.2",
            "--frames", "3", "--size", "400x200", "--out", "frames", "--quiet",
        ], in: dir)
        #expect(render.status == 0, "\(render.stderr)")
        let expected = try PNGCodec.read(path: dir.appendingPathComponent("frames/frame-0001.png").path)
        #expect(screen.width == 400 && screen.height == 200)
        if screen.width == 400 && screen.height == 200 {
            // The same shader on the same Mesa through GLX (window) and EGL (offscreen): equal
            // up to rounding (1); a vertical mix-up would differ by far more along the wipe.
            let maxDifference = RGBAImage.maxDifference(screen, expected)
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
