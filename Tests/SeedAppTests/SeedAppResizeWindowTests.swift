import Foundation
import SeedAppScenes
import SegueImage
import SegueUIKit
import SegueTesting
import Testing

/// Issue 28, defect 1, as a desktop user meets it: SeedApp in a window managed by openbox, resized
/// with xdotool (through the window manager) while a transition runs, ends with the screen
/// filling the window at its new size: the screenshot (xwd) equals the headless frame of the
/// same screen in a window of that size, and the screenshot after the resize is not all black. The app
/// steps time by 1/240 s a frame (`SEEDAPP_FRAME_STEP`) and reports its transition's progress with
/// each frame, so the resize lands mid-transition however fast the machine draws.
@Suite("SeedApp resized mid-transition in a window (Xvfb, openbox)", .serialized, .tags(.window, .gl))
@MainActor
struct SeedAppResizeWindowTests {
    static let frameStep = 1.0 / 240
    static let newSize = Size(width: 600, height: 800)

    static func launch() throws -> HostedProgram {
        let app = try HostedProgram(
            product: "SeedApp", windowName: "Segue seed apps", environment: ["SEEDAPP_FRAME_STEP": "\(frameStep)"],
            windowManager: true)
        app.waitUntilSettled()
        return app
    }

    /// Waits until the app reports its transition a quarter of the way (the "progress P" of its
    /// frame lines: a state, whatever number of frames a busy machine draws to reach it), then
    /// resizes the window through the window manager.
    /// `mark`: the trace's line count before the key that started it.
    static func resizeQuarterWay(_ app: HostedProgram, since mark: Int, unless done: String) throws {
        #expect(app.waitForLine(after: mark) { line in
            line.hasPrefix("frame ") && (progress(in: line).map { $0 >= 0.25 } ?? false) || line.hasPrefix(done)
        }, "\(app.trace)")
        try app.xdotool(["windowsize", "--sync", app.window, "\(Int(newSize.width))", "\(Int(newSize.height))"])
        #expect(app.lines(done).isEmpty, "the resize came after the transition ended: \(app.trace)")
        let during = try app.screenshot()
        #expect(SeedAppResizeTests.blackFraction(during) < 0.9, "a black frame after the resize")
    }

    /// The transition's progress a frame line reports ("frame 12 progress 0.27"), nil for none.
    static func progress(in line: String) -> Double? {
        guard let range = line.range(of: " progress ") else { return nil }
        return Double(line[range.upperBound...])
    }

    static func expectShows(_ app: HostedProgram, _ demo: SeedDemo?) throws {
        app.waitUntilSettled()
        let shot = try app.screenshot()
        // What the window manager granted (openbox keeps the frame's title bar on the 800-pixel screen).
        #expect(shot.width == Int(newSize.width) && shot.height > 700, "\(shot.width)x\(shot.height)")
        let size = Size(width: Double(shot.width), height: Double(shot.height))
        let expected = try HeadlessSeedApp.settledFrame(showing: demo, size: size)
        // The window manager resizes in steps (600×800 asked, 600×780 granted): text the
        // autoresizing masks place by proportional margins lands a pixel or so from the headless
        // frame's (at most 5 % of the pixels, text edges); a screen left at the old size, a black
        // band or a clipped screen differ on far more.
        let tolerance = ImageTolerance(maxDifference: 2, meanDifference: 2.5, outlierFraction: 0.05)
        if let mismatch = tolerance.mismatch(actual: shot, expected: expected) {
            Issue.record("\(demo.map { "\($0)" } ?? "menu") at \(shot.width)x\(shot.height): \(mismatch)")
            try? PNGCodec.write(shot, to: "/tmp/segue-resize-window-\(demo.map { "\($0)" } ?? "menu").png")
        }
    }

    @Test(arguments: [SeedDemo.cubePush, .zoomPush, .slideUpSpring, .pixelDissolve, .diagonal, .dimming])
    func aResizeWhileAScreenComesInEndsWithItFillingTheWindow(_ demo: SeedDemo) throws {
        let app = try Self.launch()
        let mark = app.lineCount
        try app.xdotool(["key", "--window", app.window, "\(demo.rawValue + 1)"])
        try Self.resizeQuarterWay(app, since: mark, unless: "appeared \(demo)")
        // (Up to 600 frames of 1/240 s: the spring's 2.5 s.)
        #expect(app.waitFor("appeared \(demo)", timeout: 90), "\(app.trace)")
        try Self.expectShows(app, demo)
    }

    @Test func aResizeWhileTheCubePopsEndsWithTheMenuFillingTheWindow() throws {
        let app = try Self.launch()
        try app.xdotool(["key", "--window", app.window, "\(SeedDemo.cubePush.rawValue + 1)"])
        #expect(app.waitFor("appeared cubePush"), "\(app.trace)")
        app.waitUntilSettled()
        let mark = app.lineCount
        try app.xdotool(["key", "--window", app.window, "Escape"])
        try Self.resizeQuarterWay(app, since: mark, unless: "disappeared cubePush")
        #expect(app.waitFor("disappeared cubePush", timeout: 90), "\(app.trace)")
        try Self.expectShows(app, nil)
    }
}
