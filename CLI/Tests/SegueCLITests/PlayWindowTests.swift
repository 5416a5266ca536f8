import Foundation
@testable import SegueCLI
import SeguePlayer
import SegueEffects
import SegueGL
import SegueImage
import SegueUIKit
import SegueHeadless
import Testing
import SegueTesting
import SegueTransitions

/// `segue play` in a real window under Xvfb: real pointer drags and keys (xdotool) drive it,
/// and what is on the screen (xwd) must equal the headless frame at the expected progress.
/// Most sessions stand display time still (`SEGUE_PLAY_FRAME_STEP=0`), so only the drag and
/// the keys move the transition and the expected progress is exact.
@Suite("segue play window (Xvfb)", .serialized, .tags(.window, .gl))
struct PlayWindowTests {
    static let still = 0.0
    static let oneFrame = 1.0 / 60

    func open(_ arguments: [String], frameStep: Double? = still) throws -> WindowSession {
        let session = try WindowSession(["play", "--trace-scrub", "--seconds", "60"] + arguments, frameStep: frameStep)
        #expect(!session.window.isEmpty, "the window appeared")
        return session
    }

    // MARK: Scrubbing

    @Test func dragScrubsTheTransitionFromWhereThePressBegan() throws {
        let session = try open(["--size", "400x200", "--no-overlay"])
        // Pressed at x = 100: nothing jumps; the progress follows the translation.
        try session.drag([100, 150, 300], y: 100)
        #expect(session.waitFor("scrub 0.5"), "200 px of 400: \(session.trace)")
        #expect(session.lines("scrub").first == "scrub 0.125", "50 px of 400 from the press: \(session.trace)")
        try expectScreen(session, try Self.pixelDissolve(width: 400, height: 200, progress: 0.5), within: 1)
        // Released at rest at 0.5 (not past half): it cancels.
        try session.mouseUp()
        #expect(session.waitFor("release 0.5 cancel"), "\(session.trace)")
        #expect(try session.close() == 0)
    }

    /// A view-controller transition: the drag reaches the scenario through the same scrub.
    @Test func dragScrubsAViewControllerTransition() throws {
        let session = try open(["--effect", "cube-push", "--size", "320x180", "--no-overlay"])
        try session.drag([10, 20, 170], y: 90)
        #expect(session.waitFor("scrub 0.5"), "160 px of 320: \(session.trace)")
        Thread.sleep(forTimeInterval: 0.3)
        let expected = try Self.headlessFrame(["--effect", "cube-push"], width: 320, height: 180, frames: 3, index: 1)
        // Same scene at the same time on the same Mesa, both offscreen then shown 1:1; the
        // perspective edges' coverage may round differently between GLX and EGL: the mean checks.
        try expectScreen(session, expected, mean: 0.5)
        try session.mouseUp()
        #expect(try session.close() == 0)
    }

    /// A gl-transitions effect: the host flips its coordinates for the window's rows.
    @Test func dragScrubsAGLTransition() throws {
        let effect = ["--effect", "wipetr", "--param", "smoothness=0.2"]
        let session = try open(effect + ["--size", "400x200", "--no-overlay"])
        try session.drag([100, 120, 300], y: 100)
        #expect(session.waitFor("scrub 0.5"), "\(session.trace)")
        Thread.sleep(forTimeInterval: 0.3)
        let expected = try Self.headlessFrame(effect, width: 400, height: 200, frames: 3, index: 1)
        try expectScreen(session, expected, within: 1)
        try session.mouseUp()
        #expect(try session.close() == 0)
    }

    /// A quick flick decides by its direction: released before half-way while moving right,
    /// the dissolve finishes (and settles on the "to" picture exactly).
    @Test func flickFinishesTheDissolveByVelocity() throws {
        // The real clock: the flick's speed is measured from the times the player reads the
        // events at. On a busy machine xdotool can be descheduled between its last move and the
        // release, and the player then rightly sees a finger that rested before lifting (a slow
        // release, which cancels). The trace says the speed the decision saw: a slow release is
        // not the flick this test is about, so it flicks again in a fresh window, a few times at most.
        let flickSpeed = PixelDissolvePanInteraction.flickSpeed
        var fields: [Substring] = []
        for _ in 0..<5 {
            let session = try open(["--size", "400x200", "--no-overlay", "--loop", "once", "--duration", "4"], frameStep: nil)
            fields = try flick(in: session)
            // release <progress> <outcome> speed <widths a second>
            try #require(fields.count == 5 && fields[3] == "speed", "\(session.trace)")
            let speed = try #require(Double(fields[4]))
            guard speed >= flickSpeed else {
                #expect(fields[2] == "cancel", "a slow release before half-way cancels: \(session.trace)")
                _ = try session.close()
                continue
            }
            #expect(Double(fields[1]) ?? 1 < 0.5 && fields[2] == "finish", "a flick to the right before half-way: \(session.trace)")
            #expect(session.waitFor("settled 1"), "\(session.trace)")
            Thread.sleep(forTimeInterval: 0.3)
            try expectScreen(session, try Self.pixelDissolve(width: 400, height: 200, progress: 1), within: 0)
            #expect(try session.close() == 0)
            return
        }
        Issue.record("no flick reached the player in 5 tries (each release was slower than \(flickSpeed) widths a second): \(fields)")
    }

    /// Pauses, scrubs a little, resumes, then flicks right from x = 110 to 200 and lets go in one
    /// xdotool call; returns the release line's fields.
    private func flick(in session: WindowSession) throws -> [Substring] {
        try session.key("5")  // 4x: the settle after the release takes under a second
        try session.key("space")
        #expect(session.waitFor("pause"), "\(session.trace)")
        try session.drag([100, 110], y: 100)
        #expect(session.waitFor("scrub"), "\(session.trace)")
        try session.key("space")
        #expect(session.waitFor("resume"), "\(session.trace)")
        // Quick moves right up to the release (the pan's velocity comes from the last moves, as
        // UIKit's does; one jump after a pause is a slow drag).
        try session.xdotool(["mousemove", "--window", session.window, "140", "100", "mousemove", "--window", session.window, "170", "100",
                             "mousemove", "--window", session.window, "200", "100", "mouseup", "1"])
        #expect(session.waitFor("release"), "\(session.trace)")
        return session.lines("release").first?.split(separator: " ") ?? []
    }

    // MARK: The seeds' gestures

    /// Example d's interactive pop: percent = translation.x / 200; released at rest, it finishes
    /// past 0.5 and cancels below. On screen: the headless cube-pop frame at the dragged
    /// percent, then the end the release leads to.
    @Test(arguments: [(80, false), (120, true)])
    func cubePopFinishesOrCancelsOnRelease(distance: Int, finishes: Bool) throws {
        // Display time runs (1/60 s a frame): the timed pop plays once, then the gesture.
        let session = try open(["--effect", "cube-pop", "--size", "320x180", "--no-overlay", "--loop", "once"], frameStep: Self.oneFrame)
        try session.drag([60, 62, 60 + distance / 2, 60 + distance], y: 90)
        #expect(session.waitFor("pan \(Double(distance))"), "\(session.trace)")
        Thread.sleep(forTimeInterval: 0.3)
        // frames 0...5 of 6 are progress 0, 0.2, ..., 1: 80 px is frame 2, 120 px frame 3.
        let frames = try Self.headlessFrames(["--effect", "cube-pop"], width: 320, height: 180, frames: 6)
        try expectScreen(session, frames[distance / 40], mean: 0.5)
        try session.mouseUp()
        #expect(session.waitFor("settled"), "\(session.trace)")
        #expect(session.lines("settled") == [finishes ? "settled finish" : "settled cancel"], "\(session.trace)")
        Thread.sleep(forTimeInterval: 0.3)
        // Finished: the pop is done (frame 5, the root screen); cancelled: back at frame 0.
        try expectScreen(session, frames[finishes ? 5 : 0], mean: 0.5)
        #expect(try session.close() == 0)
    }

    /// Example e's zoom push: a pan that starts on the right half drives the push (percent =
    /// -translation.x / width) and the release finishes it only while the pointer still moves
    /// left. The real clock times the events, so a hold before the release reads as rest.
    @Test(arguments: [true, false])
    func zoomPushFinishesOnlyWhenReleasedMovingLeft(flick: Bool) throws {
        let session = try open(["--effect", "zoom-push", "--size", "320x180", "--no-overlay", "--loop", "once"], frameStep: nil)
        // The timed push plays once; the press starts the gesture's own scene.
        try session.drag([280, 270, 240, 200], y: 90)
        #expect(session.waitFor("pan -80.0"), "\(session.trace)")
        Thread.sleep(forTimeInterval: 0.3)
        // frames 0...4 of 5 are progress 0, 0.25, ..., 1: 80 px of 320 is frame 1.
        let frames = try Self.headlessFrames(["--effect", "zoom-push"], width: 320, height: 180, frames: 5)
        try expectScreen(session, frames[1], mean: 0.5)
        if flick {
            // Still moving left at the release (moves and release in one burst): it finishes.
            try session.xdotool(["mousemove", "--window", session.window, "190", "90", "mousemove", "--window", session.window,
                                 "180", "90", "mousemove", "--window", session.window, "170", "90", "mouseup", "1"])
        } else {
            // At rest for half a second (velocity 0, not negative): it cancels.
            Thread.sleep(forTimeInterval: 0.5)
            try session.mouseUp()
        }
        #expect(session.waitFor("settled"), "\(session.trace)")
        #expect(session.lines("settled") == [flick ? "settled finish" : "settled cancel"], "\(session.trace)")
        Thread.sleep(forTimeInterval: 0.5)
        // Finished: the pushed screen (frame 4); cancelled: back at the start (frame 0).
        try expectScreen(session, frames[flick ? 4 : 0], mean: 0.5)
        #expect(try session.close() == 0)
    }

    /// Example h interactive: the drag drives objc.io's GPU animator (translation.x / width),
    /// and a release at rest past half-way finishes the presentation.
    @Test func pixelDissolvePresentFollowsTheDragAndFinishes() throws {
        let session = try open(["--effect", "pixel-dissolve-present", "--size", "320x180", "--no-overlay", "--loop", "once"], frameStep: Self.oneFrame)
        try session.drag([10, 12, 100, 202], y: 90)
        #expect(session.waitFor("pan 192.0"), "\(session.trace)")
        Thread.sleep(forTimeInterval: 0.3)
        let frames = try Self.headlessFrames(["--effect", "pixel-dissolve-present"], width: 320, height: 180, frames: 6)
        try expectScreen(session, frames[3], within: 1)  // 192 of 320 px: progress 0.6
        try session.mouseUp()
        #expect(session.waitFor("settled"), "\(session.trace)")
        #expect(session.lines("settled") == ["settled finish"], "\(session.trace)")
        Thread.sleep(forTimeInterval: 0.3)
        try expectScreen(session, frames[5], within: 1)
        #expect(try session.close() == 0)
    }

    // MARK: Overlay

    /// The overlay on: above its band the window is the headless frame (the dissolve is drawn
    /// straight into the window, the band only over the bottom rows); the band itself is not
    /// (its background, text and bar are drawn); and once H hides it, the whole window is.
    @Test @MainActor func theOverlayCoversOnlyItsBandAndHHidesIt() throws {
        let session = try open(["--size", "400x200"])
        try session.drag([100, 150, 300], y: 60)
        #expect(session.waitFor("scrub 0.5"), "\(session.trace)")
        let expected = try Self.pixelDissolve(width: 400, height: 200, progress: 0.5)
        let band = Int(OverlayLayout.make(for: Size(width: 400, height: 200), longestName: Self.longestName).bandHeight.rounded(.up))
        let above = try expected.cropped(x: 0, y: 0, width: 400, height: 200 - band)
        // Poll until the frame with the drag's progress is on screen, then judge its parts.
        var screen = try session.screenshot()
        let deadline = Date().addingTimeInterval(StateWait.limit)
        while RGBAImage.maxDifference(try screen.cropped(x: 0, y: 0, width: 400, height: 200 - band), above) > 1, Date() < deadline {
            usleep(100_000)
            screen = try session.screenshot()
        }
        try expectEqual(try screen.cropped(x: 0, y: 0, width: 400, height: 200 - band), above, within: 1)
        let bandShown = try screen.cropped(x: 0, y: 200 - band, width: 400, height: band)
        let bandHeadless = try expected.cropped(x: 0, y: 200 - band, width: 400, height: band)
        #expect(RGBAImage.maxDifference(bandShown, bandHeadless) > 100, "the overlay's band is drawn over the picture")
        try session.key("h")
        try expectScreen(session, expected, within: 1)
        try session.mouseUp()
        #expect(try session.close() == 0)
    }

    // MARK: Keys

    @Test func pauseAndStepAdvanceExactlyOneFrame() throws {
        let duration = 2.0
        let session = try open(["--size", "400x200", "--no-overlay", "--duration", "\(duration)"], frameStep: Self.oneFrame)
        Thread.sleep(forTimeInterval: 0.3)
        try session.key("space")
        #expect(session.waitFor("pause"), "\(session.trace)")
        let paused = try #require(Double(session.lines("pause")[0].dropFirst("pause ".count)))
        Thread.sleep(forTimeInterval: 0.3)  // paused: nothing moves
        let still = try expectScreen(session, try Self.pixelDissolve(width: 400, height: 200, progress: paused), within: 1)
        Thread.sleep(forTimeInterval: 0.3)
        #expect(RGBAImage.maxDifference(try session.screenshot(), still) == 0, "paused: nothing moves")
        // Step away from the end the pause landed nearest (a loaded machine may draw the whole
        // ping-pong before the space press arrives and pause at 1), then step back.
        let frame = Self.oneFrame / duration
        let (away, back) = paused + frame <= 1 ? ("Right", "Left") : ("Left", "Right")
        try session.key(away)
        #expect(session.waitFor("step"), "\(session.trace)")
        let stepped = try #require(Double(session.lines("step")[0].dropFirst("step ".count)))
        let expectedStep = away == "Right" ? paused + frame : paused - frame
        #expect(abs(stepped - expectedStep) < 1e-9, "one frame of 1/60 s over \(duration) s: \(session.trace)")
        Thread.sleep(forTimeInterval: 0.3)
        try expectScreen(session, try Self.pixelDissolve(width: 400, height: 200, progress: stepped), within: 1)
        try session.key(back)
        #expect(session.waitFor("step", count: 2), "\(session.trace)")
        let returned = Double(session.lines("step").last?.dropFirst("step ".count) ?? "")
        #expect(returned.map { abs($0 - paused) < 1e-9 } == true, "one frame back: \(session.trace)")
        #expect(try session.close() == 0)
    }

    /// `--duration` scales a scenario's time: 30 one-frame steps of a 10 s cube push are 0.05
    /// of it (with the scenario's own 1.5 s they would be a third).
    @Test func durationScalesAScenario() throws {
        let session = try open(["--effect", "cube-push", "--size", "320x180", "--no-overlay", "--duration", "10"])
        try session.key("space")
        #expect(session.waitFor("pause 0.0"), "\(session.trace)")
        try session.xdotool(["key", "--window", session.window, "--repeat", "30", "--delay", "15", "Right"])
        #expect(session.waitFor("step", count: 30), "\(session.trace)")
        let progress = Double(session.lines("step").last?.dropFirst("step ".count) ?? "") ?? -1
        #expect(abs(progress - 0.05) < 1e-9, "\(session.trace)")
        Thread.sleep(forTimeInterval: 0.3)
        let expected = try Self.headlessFrame(["--effect", "cube-push"], width: 320, height: 180, frames: 21, index: 1)
        try expectScreen(session, expected, mean: 0.5)
        #expect(try session.close() == 0)
    }

    @Test func nextAndPreviousSwitchTheEffect() throws {
        let session = try open(["--size", "400x200", "--no-overlay"])
        try session.key("n")
        #expect(session.waitFor("effect", count: 2), "\(session.trace)")
        let next = try #require(session.lines("effect").last.map { String($0.dropFirst("effect ".count)) })
        #expect(next != "pixel-dissolve")
        try session.drag([100, 120, 300], y: 100)
        #expect(session.waitFor("scrub 0.5"), "\(session.trace)")
        Thread.sleep(forTimeInterval: 0.3)
        let screen = try expectScreen(session, try Self.headlessFrame(["--effect", next], width: 400, height: 200, frames: 3, index: 1), within: 1)
        #expect(RGBAImage.maxDifference(screen, try Self.pixelDissolve(width: 400, height: 200, progress: 0.5)) > 50, "not the dissolve any more")
        try session.mouseUp()
        try session.key("p")
        #expect(session.waitFor("effect", count: 3), "\(session.trace)")
        #expect(session.lines("effect").last == "effect pixel-dissolve")
        #expect(try session.close() == 0)
    }

    // MARK: Resizing

    /// An effect keeps its picture's aspect: a taller window letterboxes it, pixel for pixel.
    @Test func resizeLetterboxesAnEffect() throws {
        let session = try open(["--size", "400x200", "--no-overlay"])
        try session.drag([100, 120, 300], y: 100)
        #expect(session.waitFor("scrub 0.5"), "\(session.trace)")
        try session.mouseUp()
        try session.xdotool(["windowsize", session.window, "400", "400"])
        #expect(session.waitFor("resize 400x400"), "\(session.trace)")
        // Expected: the 400x200 frame in the middle, black bands of 100 rows above and below.
        let band = try Self.pixelDissolve(width: 400, height: 200, progress: 0.5)
        let black = try RGBAImage(width: 400, height: 100, fill: SIMD4(0, 0, 0, 255))
        let expected = try RGBAImage(width: 400, height: 400, pixels: black.pixels + band.pixels + black.pixels)
        let screen = try expectScreen(session, expected, within: 1)
        #expect(try screen.cropped(x: 0, y: 0, width: 400, height: 100) == black)
        #expect(try screen.cropped(x: 0, y: 300, width: 400, height: 100) == black)
        #expect(try session.close() == 0)
    }

    /// A scenario is laid out again at the new size, and a drag divides by the new width.
    @Test func resizeLaysAScenarioOutAgain() throws {
        let session = try open(["--effect", "cube-push", "--size", "320x180", "--no-overlay"])
        try session.xdotool(["windowsize", session.window, "480", "180"])
        #expect(session.waitFor("resize 480x180"), "\(session.trace)")
        try session.drag([100, 110, 340], y: 90)
        #expect(session.waitFor("scrub 0.5"), "240 px of 480: \(session.trace)")
        Thread.sleep(forTimeInterval: 0.3)
        let expected = try Self.headlessFrame(["--effect", "cube-push"], width: 480, height: 180, frames: 3, index: 1, samples: "320x180")
        try expectScreen(session, expected, mean: 0.5)
        try session.mouseUp()
        #expect(try session.close() == 0)
    }

    // MARK: References

    @MainActor static var longestName: String { EffectCatalog.allNames.max { $0.count < $1.count } ?? "" }

    /// The window against `expected`. The window draws on its own clock and, under load, a
    /// frame can reach the X server later than the pause before the shot: screenshots are taken
    /// until one matches or 10 s pass, and the last one is judged (and returned).
    @discardableResult
    func expectScreen(_ session: WindowSession, _ expected: RGBAImage, within maxAllowed: Int? = nil, mean: Double? = nil) throws -> RGBAImage {
        func matches(_ screen: RGBAImage) -> Bool {
            guard screen.width == expected.width && screen.height == expected.height else { return false }
            return maxAllowed.map { RGBAImage.maxDifference(screen, expected) <= $0 } ?? true
                && mean.map { RGBAImage.meanDifference(screen, expected) < $0 } ?? true
        }
        var screen = try session.screenshot()
        let deadline = Date().addingTimeInterval(StateWait.limit)
        while !matches(screen), Date() < deadline {
            usleep(100_000)
            screen = try session.screenshot()
        }
        try expectEqual(screen, expected, within: maxAllowed, mean: mean)
        return screen
    }

    func expectEqual(_ screen: RGBAImage, _ expected: RGBAImage, within maxAllowed: Int? = nil, mean: Double? = nil) throws {
        #expect(screen.width == expected.width && screen.height == expected.height)
        guard screen.width == expected.width && screen.height == expected.height else { return }
        if let maxAllowed {
            // Same shaders on the same Mesa, window (GLX) versus offscreen (EGL): rounding may differ by 1.
            let difference = RGBAImage.maxDifference(screen, expected)
            #expect(difference <= maxAllowed, "window vs headless max difference \(difference)")
        }
        if let mean {
            let difference = RGBAImage.meanDifference(screen, expected)
            #expect(difference < mean, "window vs headless mean difference \(difference)")
        }
    }

    /// The frames of `segue render` for an effect, headless.
    /// `samples`: the size the sample pictures are made at (the window's initial size), when
    /// the frames are of another size (the pictures are scaled to cover them, as the window does).
    static func headlessFrames(_ effect: [String], width: Int, height: Int, frames: Int, samples: String? = nil) throws -> [RGBAImage] {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try CommandRunner.run("segue", ["samples", "--size", samples ?? "\(width)x\(height)", "--out", dir.appendingPathComponent("s").path])
        let render = try CommandRunner.run("segue", [
            "render", "--from", "s/from.png", "--to", "s/to.png", "--frames", "\(frames)",
            "--size", "\(width)x\(height)", "--out", "frames", "--quiet",
        ] + effect, in: dir)
        #expect(render.status == 0, "\(render.stderr)")
        return try (0..<frames).map { index in
            try PNGCodec.read(path: dir.appendingPathComponent(String(format: "frames/frame-%04d.png", index)).path)
        }
    }

    static func headlessFrame(_ effect: [String], width: Int, height: Int, frames: Int, index: Int, samples: String? = nil) throws -> RGBAImage {
        try headlessFrames(effect, width: width, height: height, frames: frames, samples: samples)[index]
    }

    /// The pixel dissolve between the sample pictures at any progress, headless.
    static func pixelDissolve(width: Int, height: Int, progress: Double) throws -> RGBAImage {
        return try HeadlessEGLContext.withDevice { device in
            let from = try device.makeTexture(image: SampleImages.from(width: width, height: height))
            let to = try device.makeTexture(image: SampleImages.to(width: width, height: height))
            let target = try device.makeOffscreenTarget(width: width, height: height)
            let dissolve = try PixelDissolve(device: device, from: from, to: to)
            dissolve.progress = Float(progress)
            try dissolve.render(into: target)
            let image = try target.readImage()
            dissolve.release(); target.release(); from.release(); to.release()
            return image
        }
    }
}
