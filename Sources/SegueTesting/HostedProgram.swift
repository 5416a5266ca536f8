import Foundation
import SegueImage

/// A built windowed program (an example app) in a window on an Xvfb of its own, driven with
/// xdotool; what it prints (one line per event, change and frame: "frame N" for each frame
/// drawn) is its trace, read as it comes.
public final class HostedProgram {
    public let x: XvfbSession
    /// The program's window's X id, for xdotool and xwd.
    public let window: String
    public let pid: Int32
    private let process: Process
    private let output = ProgramTrace()

    /// Starts `product` with `arguments` (and `environment` added to the test's) and waits for a
    /// window whose name starts with `windowName` and for its first frame. `windowManager`:
    /// openbox manages the screen first (`XvfbSession.startWindowManager`).
    public init(
        product: String, arguments: [String] = [], windowName: String, dotsPerInch: Int? = nil,
        environment added: [String: String] = [:], windowManager: Bool = false
    ) throws {
        x = try XvfbSession(dotsPerInch: dotsPerInch)
        if windowManager { try x.startWindowManager() }
        process = Process()
        process.executableURL = BuiltProgram.productsDirectory.appendingPathComponent(product)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment.merging(added) { $1 }
        environment["DISPLAY"] = x.display
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        output.read(from: pipe)
        pid = process.processIdentifier
        // Mapped (viewable), not merely created: a key sent to a window not yet on the screen is lost.
        window = String(decoding: try x.run("xdotool", ["search", "--sync", "--onlyvisible", "--name", "^\(windowName)"]), as: UTF8.self)
            .split(separator: "\n").first.map(String.init) ?? ""
        // Nothing is sent before the program says its loop runs (its first frame).
        guard waitFor("frame ") else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw HostedProgramError.noFirstFrame(product: product, trace: output.text)
        }
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }  // Foundation's children may not act on SIGTERM
        // Also for a program that ended by itself: Foundation's Process and its run-loop source
        // hold each other until waitUntilExit() lets the source go (at once for an ended one);
        // a process seen ended only through isRunning stays in that cycle, a leak at exit.
        process.waitUntilExit()
    }

    public var trace: String { output.text }

    public func lines(_ prefix: String) -> [String] {
        trace.split(separator: "\n").map(String.init).filter { $0.hasPrefix(prefix) }
    }

    /// Waits until the trace has `count` lines starting with `prefix`; false on timeout.
    @discardableResult
    public func waitFor(_ prefix: String, count: Int = 1, timeout: Double = StateWait.limit) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if lines(prefix).count >= count { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return false
    }

    /// How many lines the program has printed so far (a mark for `waitForLine(after:)`),
    /// including lines still in the pipe that the reader thread has not taken yet: a mark taken
    /// after an action (an xdotool that returned) then splits the trace at that action, even when
    /// the reader runs late (under a sanitizer or a loaded machine).
    public var lineCount: Int {
        output.readPending()
        return trace.split(separator: "\n").count
    }

    /// Waits until a line of the trace after the first `after` satisfies `matches` (a state the
    /// program reports, such as a transition's progress); false on timeout.
    @discardableResult
    public func waitForLine(after mark: Int = 0, timeout: Double = StateWait.limit, where matches: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if trace.split(separator: "\n").dropFirst(mark).contains(where: { matches(String($0)) }) { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return false
    }

    /// Waits until no frame has been drawn for `quiet` seconds (the window settled).
    public func waitUntilSettled(quiet: Double = 0.5, timeout: Double = StateWait.limit) {
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

    public func xdotool(_ arguments: [String]) throws { try x.run("xdotool", arguments) }

    /// Presses at `from` and drags to `to` in `steps` moves a tenth of a second apart, then lets go.
    public func drag(from: (Int, Int), to: (Int, Int), steps: Int = 6) throws {
        try xdotool(["mousemove", "--window", window, "\(from.0)", "\(from.1)", "mousedown", "1"])
        for step in 1...max(1, steps) {
            Thread.sleep(forTimeInterval: 0.1)
            let x = from.0 + (to.0 - from.0) * step / max(1, steps), y = from.1 + (to.1 - from.1) * step / max(1, steps)
            try xdotool(["mousemove", "--window", window, "\(x)", "\(y)"])
        }
        Thread.sleep(forTimeInterval: 0.1)
        try xdotool(["mouseup", "1"])
    }

    public func screenshot() throws -> RGBAImage { try x.screenshot(window: window) }

    /// The program's exit status once it ended within `timeout` seconds, else nil.
    public func waitForExit(timeout: Double = StateWait.limit) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        guard !process.isRunning else { return nil }
        process.waitUntilExit()  // ended: returns at once, and breaks Process's cycle with its run-loop source
        return process.terminationStatus
    }
}

/// A hosted program that never reported its first frame within the state wait.
public enum HostedProgramError: Error, CustomStringConvertible {
    case noFirstFrame(product: String, trace: String)

    public var description: String {
        switch self {
        case .noFirstFrame(let product, let trace):
            "\(product) drew no first frame within \(StateWait.limit) s; it printed: \(trace.isEmpty ? "nothing" : trace)"
        }
    }
}

/// What a program printed so far, read from its pipe by a thread of its own.
///
/// Not a `FileHandle.readabilityHandler`: its dispatch source's handler can wait behind a busy
/// test run's queues for minutes (on CI a window test read no line for 240 s while the program
/// printed and drew), which a test waiting on the trace takes for a program that said nothing.
public final class ProgramTrace: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private var descriptor: Int32 = -1
    private var handle: FileHandle?  // keeps `descriptor` open while the trace is read

    public init() {}

    /// Starts reading `pipe` until its writers close it (the program ends). Call after the
    /// process runs: `Process` closes this side's copy of the write end then, so the read ends.
    /// The thread waits for bytes with `poll` and reads them under the lock, so `readPending`
    /// can take what is in the pipe at any moment without reordering the trace.
    public func read(from pipe: Pipe) {
        let reading = pipe.fileHandleForReading
        let fd = reading.fileDescriptor
        lock.withLock {
            handle = reading
            descriptor = fd
        }
        let reader = Thread { [self] in
            var waiting = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            while true {
                let ready = poll(&waiting, 1, -1)
                if ready < 0 && errno == EINTR { continue }
                guard ready > 0 else { return }
                let hungUp = waiting.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
                // Readable with nothing left (readPending took it) is a race, not the end;
                // hung up with nothing left is the end.
                guard lock.withLock({ takeAvailable() }) || !hungUp else { return }
            }
        }
        reader.name = "program trace"
        reader.start()
    }

    /// Takes the bytes the pipe holds now into the trace (what the program wrote before this call).
    public func readPending() { lock.withLock { _ = takeAvailable() } }

    /// Reads what the pipe holds now, never blocking (under `lock`); false when it held nothing.
    private func takeAvailable() -> Bool {
        guard descriptor >= 0 else { return false }
        var available: Int32 = 0
        let asked = withUnsafeMutablePointer(to: &available) { ioctl(descriptor, UInt(FIONREAD), UnsafeMutableRawPointer($0)) }
        guard asked == 0, available > 0 else { return false }
        var chunk = [UInt8](repeating: 0, count: Int(available))
        let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, Int(available)) }
        guard count > 0 else { return false }
        data.append(contentsOf: chunk[0..<count])
        return true
    }

    public func append(_ more: Data) { lock.withLock { data += more } }
    public var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
}
