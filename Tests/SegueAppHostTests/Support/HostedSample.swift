import Foundation
import HostSampleScene
import SegueHeadless
import SegueImage
import SegueScene
import SegueTesting

/// The HostSample program in a window on an Xvfb of its own, driven with xdotool; its trace
/// (one line per event, change and frame) is read from its output.
final class HostedSample {
    let x: XvfbSession
    let window: String
    let pid: Int32
    private let process: Process
    private let output = TraceBuffer()

    /// Starts the sample at `width`×`height` points and waits for its window and first frame.
    init(width: Int = 480, height: Int = 320, dotsPerInch: Int? = nil) throws {
        x = try XvfbSession(dotsPerInch: dotsPerInch)
        process = Process()
        process.executableURL = BuiltProgram.productsDirectory.appendingPathComponent("HostSample")
        process.arguments = ["\(width)", "\(height)"]
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = x.display
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        let output = self.output
        pipe.fileHandleForReading.readabilityHandler = { handle in output.append(handle.availableData) }
        try process.run()
        pid = process.processIdentifier
        window = String(decoding: try x.run("xdotool", ["search", "--sync", "--name", "^Segue host sample"]), as: UTF8.self)
            .split(separator: "\n").first.map(String.init) ?? ""
        _ = waitFor("frame ")
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)  // Foundation's children may not act on SIGTERM
            process.waitUntilExit()
        }
    }

    var trace: String { output.text }

    func lines(_ prefix: String) -> [String] {
        trace.split(separator: "\n").map(String.init).filter { $0.hasPrefix(prefix) }
    }

    /// Waits until the trace has `count` lines starting with `prefix`; false on timeout.
    @discardableResult
    func waitFor(_ prefix: String, count: Int = 1, timeout: Double = 20) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if lines(prefix).count >= count { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return false
    }

    /// Waits until no frame has been drawn for `quiet` seconds (the window settled).
    func waitUntilSettled(quiet: Double = 0.5, timeout: Double = 20) {
        let deadline = Date().addingTimeInterval(timeout)
        var count = lines("frame ").count
        var since = Date()
        while Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            let now = lines("frame ").count
            if now != count {
                count = now
                since = Date()
            } else if Date().timeIntervalSince(since) >= quiet {
                return
            }
        }
    }

    func xdotool(_ arguments: [String]) throws { try x.run("xdotool", arguments) }

    func screenshot() throws -> RGBAImage { try x.screenshot(window: window) }

    /// The offset the last trace line that reports one says (the box's place), else zero.
    var lastOffset: Point {
        for line in trace.split(separator: "\n").reversed() {
            let words = line.split(separator: " ")
            guard let index = words.firstIndex(of: "offset"), index + 2 < words.count,
                  let x = Double(words[index + 1]), let y = Double(words[index + 2]) else { continue }
            return Point(x: x, y: y)
        }
        return Point(x: 0, y: 0)
    }

    /// The process's CPU time so far (user + system), in clock ticks, from /proc/PID/stat.
    func cpuTicks() throws -> Int {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // Fields after the command name (which is in parentheses and may hold spaces).
        guard let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // utime and stime are fields 14 and 15 of the whole line: 12 and 13 after ") ".
        return (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
    }

    func waitForExit(timeout: Double = 20) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        guard !process.isRunning else { return nil }
        return process.terminationStatus
    }
}

/// What the program printed so far, appended from the pipe's reader thread.
final class TraceBuffer: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func append(_ more: Data) { lock.withLock { data += more } }
    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
}

/// The sample's frame for a state, rendered headlessly at the same size: the reference a
/// window screenshot is compared with.
@MainActor
enum HeadlessSample {
    /// `width`×`height` are points; the frame has `scale` times as many pixels.
    static func frame(
        width: Int, height: Int, scale: Int = 1, offset: Point, colorIndex: Int = 0, typed: String = ""
    ) throws -> RGBAImage {
        try HeadlessStage.run(width: width * scale, height: height * scale) { stage in
            let size = Size(width: Double(width), height: Double(height))
            stage.window.contentScale = Double(scale)
            stage.window.resize(to: size)
            let controller = SampleController(size: size)
            stage.window.rootViewController = controller
            controller.canvas.offset = offset
            controller.canvas.colorIndex = colorIndex
            controller.canvas.type(typed)
            return try stage.snapshot()
        }
    }
}
