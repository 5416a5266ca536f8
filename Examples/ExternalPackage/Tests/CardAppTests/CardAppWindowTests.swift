import CardApp
import Foundation
import Segue
import SegueTesting
import Testing

/// The built `card-app` in a window on an Xvfb of the test's own, driven by real pointer input
/// (xdotool) and read back with xwd, against the same states rendered headlessly at the window's
/// size. Both are Mesa's llvmpipe drawing axis-aligned boxes on whole points, so they agree to
/// `ImageTolerance.crossDriver` (a channel off by 2 at most, mean 0.1): a GLX window and an EGL
/// surface may round a colour differently.
@Suite("Card app in a window (Xvfb, xdotool, xwd)", .serialized, .tags(.window), .enabled(if: XvfbSession.isAvailable))
@MainActor
struct CardAppWindowTests {
    static let tolerance = ImageTolerance.crossDriver

    /// The two resting states, rendered headlessly: the cards, and the middle card presented.
    static func references() throws -> (root: RGBAImage, presented: RGBAImage) {
        try CardAppHeadlessTests.withApp { stage, list in
            let root = try stage.snapshot()
            list.showCard(1)
            return (root, try stage.play(1))
        }
    }

    @Test func aClickPresentsAndAnEdgeDragPastHalfDismisses() throws {
        let (root, presented) = try Self.references()
        let app = try RunningCardApp()
        #expect(app.waitUntilShows(root) == nil, "the window never showed the cards: \(app.mismatch(root))")
        try app.xdotool(["mousemove", "--window", app.window, "240", "160", "click", "1"])
        #expect(app.waitUntilShows(presented) == nil, "the click did not present the card: \(app.mismatch(presented))")
        // 2 → 330 of 480: past half, then held still, so the release is no flick.
        try app.edgeDrag(to: 330)
        try app.xdotool(["mouseup", "1"])
        #expect(app.waitUntilShows(root) == nil, "the drag did not dismiss the card: \(app.mismatch(root))")
    }

    @Test func anEdgeDragReleasedBeforeHalfLeavesTheCardPresented() throws {
        let (_, presented) = try Self.references()
        let app = try RunningCardApp()
        try app.xdotool(["mousemove", "--window", app.window, "240", "160", "click", "1"])
        #expect(app.waitUntilShows(presented) == nil, "the click did not present the card: \(app.mismatch(presented))")
        try app.edgeDrag(to: 150)
        // Mid-drag the dismissal follows the pointer: the card is no longer whole.
        #expect(app.waitUntilNoLongerShows(presented), "the drag did not start a dismissal")
        try app.xdotool(["mouseup", "1"])
        #expect(app.waitUntilShows(presented) == nil, "the cancelled dismissal did not put the card back: \(app.mismatch(presented))")
        Thread.sleep(forTimeInterval: 1)
        #expect(app.mismatch(presented) == nil, "the card did not stay presented")
    }
}

/// `card-app`, built beside the test bundle, running on an Xvfb of its own.
@MainActor
final class RunningCardApp {
    let x: XvfbSession
    let window: String
    private let process = Process()

    init() throws {
        x = try XvfbSession()
        process.executableURL = BuiltProgram.productsDirectory.appendingPathComponent("card-app")
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = x.display
        process.environment = environment
        try process.run()
        let found = String(decoding: try x.run("xdotool", ["search", "--sync", "--name", "^Cards$"]), as: UTF8.self)
        window = found.split(separator: "\n").first.map(String.init) ?? ""
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)  // Foundation's children may ignore SIGTERM
            process.waitUntilExit()
        }
    }

    func xdotool(_ arguments: [String]) throws { try x.run("xdotool", arguments) }

    func screenshot() throws -> RGBAImage { try x.screenshot(window: window) }

    /// How the window differs from `expected` now (nil: it shows it).
    func mismatch(_ expected: RGBAImage) -> String? {
        do {
            return CardAppWindowTests.tolerance.mismatch(actual: try screenshot(), expected: expected)
        } catch {
            return "\(error)"
        }
    }

    /// Waits until the window shows `expected` (an animation plays out first); the last
    /// difference on timeout.
    func waitUntilShows(_ expected: RGBAImage, timeout: Double = 15) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        var difference = mismatch(expected)
        while difference != nil, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            difference = mismatch(expected)
        }
        return difference
    }

    /// Waits until the window no longer shows `expected` (the next frame may take a while on a
    /// loaded machine); false if it still does at the timeout.
    func waitUntilNoLongerShows(_ expected: RGBAImage, timeout: Double = 15) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while mismatch(expected) == nil {
            guard Date() < deadline else { return false }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return true
    }

    /// Presses 2 points from the left edge and drags right to `x` in steps, then holds still
    /// a moment (the button stays down).
    func edgeDrag(to x: Int) throws {
        try xdotool(["mousemove", "--window", window, "2", "160", "mousedown", "1"])
        for step in stride(from: 22, through: x, by: 20) + [x] {
            Thread.sleep(forTimeInterval: 0.03)
            try xdotool(["mousemove", "--window", window, "\(step)", "160"])
        }
        Thread.sleep(forTimeInterval: 0.5)
    }
}
