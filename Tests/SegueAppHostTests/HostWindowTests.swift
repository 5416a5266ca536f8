import Foundation
import HostSampleScene
import SegueImage
import SegueUIKit
import SegueStage
import SegueTesting
import Testing

/// The host driven as a user drives it: the HostSample program in a window on an Xvfb of its
/// own, real input through xdotool, what is on screen read back with xwd and compared with the
/// same state rendered headlessly (HeadlessStage) at the same size. Both are Mesa's llvmpipe
/// drawing axis-aligned boxes on whole points, so they agree to the cross-driver tolerance
/// (a channel off by 2 at most, mean 0.1): GLX and EGL surfaces may round a colour differently.
@Suite("Window host (Xvfb, xdotool, xwd)", .serialized, .tags(.window, .gl))
@MainActor
struct HostWindowTests {
    static let tolerance = ImageTolerance.crossDriver

    @Test func aDragMovesTheBoxAndTheWindowShowsTheHeadlessFrame() throws {
        let sample = try HostedSample()
        // Press on the box (the window's middle) and drag by (60, 40) in steps, one per frame.
        try sample.xdotool(["mousemove", "--window", sample.window, "240", "160", "mousedown", "1"])
        for (x, y) in [(260, 170), (280, 185), (300, 200)] {
            Thread.sleep(forTimeInterval: 0.1)
            try sample.xdotool(["mousemove", "--window", sample.window, "\(x)", "\(y)"])
        }
        Thread.sleep(forTimeInterval: 0.1)
        try sample.xdotool(["mouseup", "1"])
        #expect(sample.waitFor("pan ended"), "\(sample.trace)")
        #expect(sample.lastOffset == Point(x: 60, y: 40), "\(sample.trace)")
        #expect(sample.lines("pointer down primary").count == 1)
        sample.waitUntilSettled()
        let expected = try HeadlessSample.frame(width: 480, height: 320, offset: sample.lastOffset)
        let shown = try sample.screenshot()
        #expect(Self.tolerance.mismatch(actual: shown, expected: expected) == nil)
        // The press started on the box and the box followed: it is no longer in the middle.
        let before = try HeadlessSample.frame(width: 480, height: 320, offset: Point(x: 0, y: 0))
        #expect(Self.tolerance.mismatch(actual: shown, expected: before) != nil)
    }

    @Test func onAHiDPIScreenTheWindowHasTwiceThePixelsAndDragsMoveByPoints() throws {
        // Xft.dpi 192: GLFW's content scale 2. The window of 240×160 points opens at 480×320 pixels.
        let sample = try HostedSample(width: 240, height: 160, dotsPerInch: 192)
        #expect(sample.lines("frame ").first?.hasSuffix(" 240.0x160.0") == true, "\(sample.trace)")
        // Drag by (120, 80) pixels from the box's centre: (60, 40) points.
        try sample.xdotool(["mousemove", "--window", sample.window, "240", "160", "mousedown", "1"])
        for (x, y) in [(280, 180), (320, 210), (360, 240)] {
            Thread.sleep(forTimeInterval: 0.1)
            try sample.xdotool(["mousemove", "--window", sample.window, "\(x)", "\(y)"])
        }
        Thread.sleep(forTimeInterval: 0.1)
        try sample.xdotool(["mouseup", "1"])
        #expect(sample.waitFor("pan ended"), "\(sample.trace)")
        #expect(sample.lastOffset == Point(x: 60, y: 40), "\(sample.trace)")
        sample.waitUntilSettled()
        let shown = try sample.screenshot()
        #expect(shown.width == 480 && shown.height == 320)
        let expected = try HeadlessSample.frame(width: 240, height: 160, scale: 2, offset: sample.lastOffset)
        #expect(Self.tolerance.mismatch(actual: shown, expected: expected) == nil)
    }

    @Test func keysWithModifiersTextScrollAndEveryButtonReachTheApp() throws {
        let sample = try HostedSample()
        try sample.xdotool(["key", "--window", sample.window, "Right"])
        try sample.xdotool(["key", "--window", sample.window, "shift+Down"])
        try sample.xdotool(["key", "--window", sample.window, "c"])
        try sample.xdotool(["type", "--window", sample.window, "b"])
        // xdotool types é through a key it maps for the moment: give the program time to see the map.
        try sample.xdotool(["type", "--window", sample.window, "--delay", "200", "é"])
        try sample.xdotool(["mousemove", "--window", sample.window, "240", "160"])
        try sample.xdotool(["click", "--window", sample.window, "5"])  // wheel down: one step
        try sample.xdotool(["click", "--window", sample.window, "3"])
        try sample.xdotool(["click", "--window", sample.window, "2"])
        #expect(sample.waitFor("pointer up middle"), "\(sample.trace)")
        #expect(sample.waitFor("scroll"), "\(sample.trace)")
        let trace = sample.trace
        #expect(trace.contains("key Right down [] offset 10.0 0.0"), "\(trace)")
        #expect(trace.contains("key Down down [shift] offset 10.0 50.0"), "\(trace)")
        #expect(trace.contains("key Right up []"), "\(trace)")
        #expect(trace.contains("key C down [] offset 10.0 50.0 color 1"), "\(trace)")
        // Text arrives as Unicode scalars, whatever key xdotool borrowed to type it.
        #expect(trace.contains("text 63 typed 1"), "\(trace)")  // the C key types a "c" too
        #expect(trace.contains("text 62 typed 2"), "\(trace)")
        #expect(trace.contains("text e9 typed 3"), "\(trace)")
        #expect(trace.contains("scroll 0.0 -1.0 offset 10.0 60.0"), "\(trace)")
        #expect(trace.contains("pointer down secondary []") && trace.contains("pointer down middle []"), "\(trace)")
        sample.waitUntilSettled()
        let expected = try HeadlessSample.frame(width: 480, height: 320, offset: Point(x: 10, y: 60), colorIndex: 1, typed: "cbé")
        #expect(Self.tolerance.mismatch(actual: try sample.screenshot(), expected: expected) == nil)
    }

    @Test func aHeldKeyRepeatsAndButtonsCarryTheirModifiers() throws {
        let sample = try HostedSample()
        // The X server repeats a key held down (XTEST presses repeat as typed ones do).
        try sample.xdotool(["keydown", "--window", sample.window, "Right"])
        Thread.sleep(forTimeInterval: 1)
        try sample.xdotool(["keyup", "--window", sample.window, "Right"])
        #expect(sample.waitFor("key Right up"), "\(sample.trace)")
        let repeats = sample.lines("key Right repeat").count
        #expect(repeats >= 1, "\(sample.trace)")
        #expect(sample.lines("key Right down").count == 1)
        // Each press and repeat moved the box 10 points.
        #expect(sample.lastOffset == Point(x: 10 * Double(1 + repeats), y: 0), "\(sample.trace)")
        // Modifiers held across a click (one xdotool chain: its `click` would lift them).
        try sample.xdotool(["mousemove", "--window", sample.window, "100", "100", "keydown", "ctrl", "mousedown", "3", "mouseup", "3", "keyup", "ctrl"])
        try sample.xdotool(["keydown", "shift", "mousedown", "2", "mouseup", "2", "keyup", "shift"])
        #expect(sample.waitFor("pointer up middle"), "\(sample.trace)")
        #expect(sample.lines("pointer down secondary [control]").count == 1, "\(sample.trace)")
        #expect(sample.lines("pointer down middle [shift]").count == 1, "\(sample.trace)")
    }

    @Test func mainActorWorkFromATaskRunsAndIsDrawn() throws {
        let sample = try HostedSample()
        sample.waitUntilSettled()
        try sample.xdotool(["key", "--window", sample.window, "t"])
        // The task sleeps 0.3 s off the main thread, then changes the colour on the main actor,
        // which the host's loop gives a turn within its idle check (1 s).
        #expect(sample.waitFor("task done color 1"), "\(sample.trace)")
        sample.waitUntilSettled()
        let lines = sample.trace.split(separator: "\n")
        let done = lines.firstIndex(of: "task done color 1") ?? lines.endIndex
        #expect(lines[done...].contains { $0.hasPrefix("frame ") }, "a frame after the change: \(sample.trace)")
        let expected = try HeadlessSample.frame(width: 480, height: 320, offset: Point(x: 0, y: 0), colorIndex: 1, typed: "t")
        #expect(Self.tolerance.mismatch(actual: try sample.screenshot(), expected: expected) == nil)
    }

    @Test func aLongPressAndTapsAreDecidedByTimeInAWindowThatGetsNoEvents() throws {
        let sample = try HostedSample()
        sample.waitUntilSettled()
        // A press that rests on the background: no event comes while it rests, yet the long press
        // begins once half a second has passed (the host draws while a gesture is undecided).
        try sample.xdotool(["mousemove", "--window", sample.window, "60", "60", "mousedown", "1"])
        #expect(sample.waitFor("long press began"), "\(sample.trace)")
        try sample.xdotool(["mouseup", "1"])
        #expect(sample.waitFor("long press ended"), "\(sample.trace)")
        #expect(sample.lines("tap ").isEmpty, "a long press is no tap: \(sample.trace)")
        // One click: the tap waits for the double tap to fail (the interval passes with no
        // event), then recognizes.
        sample.waitUntilSettled()
        try sample.xdotool(["click", "--window", sample.window, "1"])
        #expect(sample.waitFor("tap ended"), "\(sample.trace)")
        #expect(sample.lines("double tap").isEmpty, "\(sample.trace)")
        // Two clicks in quick succession: the double tap, and no second single tap.
        sample.waitUntilSettled()
        try sample.xdotool(["click", "--window", sample.window, "--repeat", "2", "--delay", "80", "1"])
        #expect(sample.waitFor("double tap ended"), "\(sample.trace)")
        sample.waitUntilSettled()
        #expect(sample.lines("tap ended").count == 1, "\(sample.trace)")
        // The presses on the background moved nothing.
        #expect(sample.lastOffset == Point(x: 0, y: 0), "\(sample.trace)")
    }

    @Test func aPressRestingOnThePannedBoxDrawsNoFramesUntilItMoves() throws {
        let sample = try HostedSample()
        sample.waitUntilSettled()
        // Only the box's pan follows this press, and a pan decides on moves: nothing to draw.
        try sample.xdotool(["mousemove", "--window", sample.window, "240", "160", "mousedown", "1"])
        #expect(sample.waitFor("pointer down primary"), "\(sample.trace)")
        Thread.sleep(forTimeInterval: 0.3)
        let framesWhilePressed = sample.lines("frame ").count
        Thread.sleep(forTimeInterval: 1)
        #expect(sample.lines("frame ").count == framesWhilePressed, "a resting press drew frames: \(sample.trace)")
        // Moves draw again (the first begins the pan, the next moves the box).
        try sample.xdotool(["mousemove", "--window", sample.window, "260", "160"])
        #expect(sample.waitFor("pan began"), "\(sample.trace)")
        try sample.xdotool(["mousemove", "--window", sample.window, "280", "160"])
        #expect(sample.waitFor("pan changed"), "\(sample.trace)")
        #expect(sample.waitFor("frame ", count: framesWhilePressed + 1), "\(sample.trace)")
        try sample.xdotool(["mouseup", "1"])
        #expect(sample.waitFor("pan ended"), "\(sample.trace)")
    }

    @Test func anIdleWindowDrawsNoFramesAndUsesNoCPU() throws {
        let sample = try HostedSample()
        sample.waitUntilSettled()
        let frames = sample.lines("frame ").count
        let ticks = try sample.cpuTicks()
        Thread.sleep(forTimeInterval: 2)
        #expect(sample.lines("frame ").count == frames, "frames drawn while idle: \(sample.lines("frame ").count - frames)")
        // Clock ticks are 10 ms: an idle host wakes once a second for one X round trip, far below one.
        #expect(try sample.cpuTicks() - ticks <= 2)
        // A change draws again, and the window settles again.
        try sample.xdotool(["key", "--window", sample.window, "Left"])
        #expect(sample.waitFor("frame ", count: frames + 1))
    }

    @Test func anAnimationDrawsAtMostOneFrameADisplayIntervalAndThenStops() throws {
        let sample = try HostedSample()
        sample.waitUntilSettled()
        // Idle a while first: an animation started by a key after an idle stretch must start
        // then, not at the time of the last frame (and be over at once).
        Thread.sleep(forTimeInterval: 1.5)
        try sample.xdotool(["key", "--window", sample.window, "a"])
        #expect(sample.waitFor("animation ended"), "\(sample.trace)")
        sample.waitUntilSettled()
        let lines = sample.trace.split(separator: "\n")
        guard let start = lines.firstIndex(of: "animation started"), let end = lines.firstIndex(of: "animation ended") else { return }
        let during = lines[start..<end].filter { $0.hasPrefix("frame ") }.count
        // One second of animation at most 60 frames a second (Xvfb reports no refresh rate: the
        // host's 60 Hz), plus the frame the change itself asks for and the one its end draws.
        // At least 3: a second drawn at 3 frames a second or better, even in a debug build on a
        // loaded machine; an animation over at once would draw one or two.
        #expect(during >= 3 && during <= 62, "\(during) frames during the animation")
        let settled = sample.lines("frame ").count
        Thread.sleep(forTimeInterval: 1)
        #expect(sample.lines("frame ").count == settled)
    }

    @Test func aResizeGoesThroughWindowResizeAndTheBoxStaysInTheMiddle() throws {
        let sample = try HostedSample()
        sample.waitUntilSettled()
        try sample.xdotool(["windowsize", sample.window, "640", "400"])
        #expect(sample.waitFor("resized 640x400"), "\(sample.trace)")
        #expect(sample.waitFor("frame ", count: 1 + sample.lines("frame ").filter { !$0.hasSuffix("640.0x400.0") }.count))
        sample.waitUntilSettled()
        #expect(sample.lines("frame ").last?.hasSuffix(" 640.0x400.0") == true, "\(sample.trace)")
        let expected = try HeadlessSample.frame(width: 640, height: 400, offset: Point(x: 0, y: 0))
        #expect(Self.tolerance.mismatch(actual: try sample.screenshot(), expected: expected) == nil)
    }

    @Test func closingTheWindowEndsRunCleanly() throws {
        let sample = try HostedSample()
        sample.waitUntilSettled()
        try sample.xdotool(["windowclose", sample.window])
        #expect(sample.waitForExit() == 0, "\(sample.trace)")
        #expect(sample.lines("closed after ").count == 1, "\(sample.trace)")
    }

    @Test func withoutADisplayTheHostSaysSoAndTheProgramFails() throws {
        let result = try BuiltProgram.run("HostSample", [])  // DISPLAY removed
        #expect(result.status == 1)
        #expect(result.stdout.contains("no display: DISPLAY is not set"), "\(result.stdout)")
    }
}
