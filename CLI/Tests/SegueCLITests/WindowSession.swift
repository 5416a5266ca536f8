import Foundation
import SegueImage
import SegueTesting

/// `segue play` (or `demo`) running in a window on an X server of its own, driven like a user
/// would: real pointer presses, drags and keys through xdotool, screenshots through xwd, and
/// the program's trace (`--trace-scrub`) read as it is printed.
final class WindowSession {
    let x: XvfbSession
    let window: String
    private let process: Process
    private let output = ProgramTrace()

    /// Starts `segue` with `arguments` (a subcommand first) and waits for its window.
    /// `frameStep`: seconds each frame advances (`SEGUE_PLAY_FRAME_STEP`; 0 stands time still);
    /// nil: the real clock.
    /// `dotsPerInch`: the screen's `Xft.dpi` (192: a HiDPI screen, content scale 2).
    /// `environment`: added to the test's (`SEGUE_PLAY_TRACE_FRAMES=1` prints `frame N` lines).
    init(
        _ arguments: [String], frameStep: Double? = nil, dotsPerInch: Int? = nil, in directory: URL? = nil,
        environment added: [String: String] = [:]
    ) throws {
        x = try XvfbSession(screenWidth: 800, screenHeight: 600, dotsPerInch: dotsPerInch)
        process = Process()
        process.executableURL = CommandRunner.productsDirectory.appendingPathComponent("segue")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment.merging(added) { $1 }
        environment["DISPLAY"] = x.display
        environment["SEGUE_PLAY_FRAME_STEP"] = frameStep.map { "\($0)" }
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        output.read(from: pipe)
        // Mapped (viewable), not merely created: a press sent to a window not yet on the screen is lost.
        window = String(decoding: try x.run("xdotool", ["search", "--sync", "--onlyvisible", "--name", "^Segue"]), as: UTF8.self)
            .split(separator: "\n").first.map(String.init) ?? ""
        // The first frames are drawn (and the first trace line printed) once the loop runs: input
        // sent before then could be lost, so nothing is sent until the window says so.
        guard waitFor("effect ") else {
            kill(process.processIdentifier, SIGKILL)
            throw WindowSessionError.noFirstFrame(trace: output.text)
        }
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)  // Foundation's children may not act on SIGTERM
            process.waitUntilExit()
        }
    }

    var trace: String { output.text }

    /// The trace lines that start with `prefix`.
    func lines(_ prefix: String) -> [String] {
        trace.split(separator: "\n").map(String.init).filter { $0.hasPrefix(prefix) }
    }

    /// Waits until the trace has `count` lines starting with `prefix`; false on timeout.
    @discardableResult
    func waitFor(_ prefix: String, count: Int = 1, timeout: Double = StateWait.limit) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if lines(prefix).count >= count { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return false
    }

    func xdotool(_ arguments: [String]) throws { try x.run("xdotool", arguments) }

    /// Presses at (xs[0], y) and moves through the other x positions, pausing between events
    /// so each arrives in a frame of its own; the button stays down.
    func drag(_ xs: [Int], y: Int, pause: Double = 0.15) throws {
        try xdotool(["mousemove", "--window", window, "\(xs[0])", "\(y)", "mousedown", "1"])
        for point in xs.dropFirst() {
            Thread.sleep(forTimeInterval: pause)
            try xdotool(["mousemove", "--window", window, "\(point)", "\(y)"])
        }
    }

    func mouseUp() throws { try xdotool(["mouseup", "1"]) }

    func key(_ name: String) throws { try xdotool(["key", "--window", window, name]) }

    func screenshot() throws -> RGBAImage { try x.screenshot(window: window) }

    /// Waits for the program to exit (after a close request); its status, or nil on timeout.
    func waitForExit(timeout: Double = StateWait.limit) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        guard !process.isRunning else { return nil }
        return process.terminationStatus
    }

    /// Closes the window with Escape (pressed: a release would be sent to a window already gone,
    /// an X error printed by xdotool) and returns the exit status.
    func close() throws -> Int32? {
        try xdotool(["keydown", "--window", window, "Escape"])
        return waitForExit()
    }
}

/// The window never reported its first frame (within `StateWait.limit`).
enum WindowSessionError: Error {
    case noFirstFrame(trace: String)
}

/// What the program printed so far, appended from the pipe's reader thread.
extension RGBAImage {
    /// A rectangle of this image (inside it), for comparing part of a screenshot.
    func cropped(x: Int, y: Int, width: Int, height: Int) throws -> RGBAImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for row in y..<(y + height) {
            let start = (row * self.width + x) * 4
            pixels += self.pixels[start..<(start + width * 4)]
        }
        return try RGBAImage(width: width, height: height, pixels: pixels)
    }
}
