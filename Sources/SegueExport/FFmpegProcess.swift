import Foundation
import SegueOutput
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One running ffmpeg (or ffprobe): raw frames go in through its stdin and/or come out of its
/// stdout; its stderr is collected on a thread of its own so a chatty child never blocks.
///
/// Every child is registered with the tools' `InterruptCleanup` (an interrupt kills its process group) and
/// watched while Segue waits on it: one that neither reads, writes nor uses CPU for
/// `stallTimeout` seconds is killed, and `stalled` says so.
package final class FFmpegProcess: @unchecked Sendable {
    let tool: String
    private let process = Process()
    private let input: Pipe?
    private let output: Pipe?
    private let errors = Pipe()
    private let errorLog = LockedData()
    private let errorReader: Thread
    private var inputClosed = false
    private let watchdog: StallWatchdog
    /// Set once `wait()` has reaped the child; read by `kill()` from another thread (a read-ahead
    /// closed while its decoder thread waits), so atomic: ThreadSanitizer found the plain Bool raced.
    private let reapedFlag = Atomic<Bool>(false)
    private var reaped: Bool { reapedFlag.load(ordering: .acquiring) }
    private let cleanup: InterruptCleanup

    /// `outputFile`, when given, becomes the child's stdout (the encoder writes its video there,
    /// as `/proc/self/fd/1`), instead of a pipe or /dev/null.
    package init(
        executable: URL, arguments: [String], writesInput: Bool, readsOutput: Bool, outputFile: Int32? = nil,
        stallTimeout: Double, cleanup: InterruptCleanup
    ) throws(ExportError) {
        self.cleanup = cleanup
        tool = executable.lastPathComponent
        input = writesInput ? Pipe() : nil
        output = readsOutput ? Pipe() : nil
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = input ?? FileHandle.nullDevice
        if let outputFile {
            process.standardOutput = FileHandle(fileDescriptor: outputFile, closeOnDealloc: false)
        } else {
            process.standardOutput = output ?? FileHandle.nullDevice
        }
        process.standardError = errors
        // Our ends must not leak into other children (a decoder holding an encoder's stdin
        // open would keep the encoder from ever seeing the end of its input).
        for pipe in [input, output, errors].compactMap({ $0 }) {
            _ = fcntl(pipe.fileHandleForReading.fileDescriptor, F_SETFD, FD_CLOEXEC)
            _ = fcntl(pipe.fileHandleForWriting.fileDescriptor, F_SETFD, FD_CLOEXEC)
        }
        let process = process
        do {
            try cleanup.startChild {
                try process.run()
                return process.processIdentifier
            }
        } catch {
            let path = executable.path
            if FileManager.default.fileExists(atPath: path) { throw .toolNotExecutable(tool: tool, path: path) }
            throw .toolMissing(tool: tool, searched: [path])
        }
        let (descriptor, log, pid) = (errors.fileHandleForReading.fileDescriptor, errorLog, process.processIdentifier)
        errorReader = Thread { Self.readErrors(descriptor, into: log, child: pid) }
        errorReader.start()
        watchdog = StallWatchdog(pid: process.processIdentifier, timeout: stallTimeout)
    }

    /// What ffmpeg says when a write into its output fails for want of space.
    static let noSpaceMessage = Data("No space left on device".utf8)

    /// Collects the child's stderr until it ends, and kills the child as soon as it says its disk
    /// is full: ffmpeg (5.1) goes on encoding after a failed write, for WebM through the 25
    /// frames VP9 holds back, and each one fails again; with its output gone there is nothing
    /// left to write, so the export fails at the first ENOSPC ffmpeg reports.
    private static func readErrors(_ descriptor: Int32, into log: LockedData, child pid: pid_t) {
        var all = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var killed = false
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            all.append(contentsOf: buffer[0..<count])
            // The message may straddle two reads: the new bytes and a message's length before them.
            if !killed, all.suffix(count + noSpaceMessage.count).range(of: noSpaceMessage) != nil {
                InterruptCleanup.killGroup(of: pid)
                killed = true
            }
        }
        log.finish(with: all)
    }

    deinit {
        // Every exit path reaps its child; this catches one that an error skipped.
        if !reaped {
            InterruptCleanup.killGroup(of: process.processIdentifier)
            process.waitUntilExit()
            cleanup.childEnded(process.processIdentifier)
        }
        watchdog.stop()
    }

    /// Whether the watchdog killed the child for making no progress.
    package var stalled: Bool { watchdog.fired }
    var stallTimeout: Double { watchdog.timeout }

    /// The error for a child that failed: stalled, or `failure` with how it ended.
    package func failure(_ make: (ToolExit, String) -> ExportError) -> ExportError {
        let exit = wait()
        return stalled ? .toolStalled(tool: tool, seconds: watchdog.secondsWithoutProgress) : make(exit, log)
    }

    /// The end of what the child wrote to stderr, trimmed.
    package var log: String {
        let text = String(decoding: errorLog.value, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.count > 2000 ? "…" + String(text.suffix(2000)) : text
    }

    /// Writes all of `bytes` to the child's stdin. Returns false if the child stopped reading.
    package func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let fd = input?.fileHandleForWriting.fileDescriptor, var base = bytes.baseAddress else { return false }
        var remaining = bytes.count
        watchdog.beginWaiting()
        defer { watchdog.endWaiting() }
        while remaining > 0 {
            let written = BrokenPipe.write(fd, base, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            remaining -= written
            base += written
            watchdog.progressed()
        }
        return true
    }

    /// Fills `buffer` from the child's stdout. Returns the bytes read: `buffer.count`, or fewer
    /// only at the end of its output.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard let fd = output?.fileHandleForReading.fileDescriptor, let base = buffer.baseAddress else { return 0 }
        var filled = 0
        watchdog.beginWaiting()
        defer { watchdog.endWaiting() }
        while filled < buffer.count {
            let count = Glibc.read(fd, base + filled, buffer.count - filled)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            filled += count
            watchdog.progressed()
        }
        return filled
    }

    /// Everything the child writes to stdout, until it exits.
    package func readAll() -> Data {
        watchdog.beginWaiting()
        defer { watchdog.endWaiting() }
        return output?.fileHandleForReading.readDataToEndOfFile() ?? Data()
    }

    /// Closes stdin (the end of the frames) so the child can finish.
    package func closeInput() {
        guard !inputClosed, let input else { return }
        inputClosed = true
        try? input.fileHandleForWriting.close()
    }

    /// Closes stdin, waits for the child and says how it ended.
    @discardableResult
    package func wait() -> ToolExit {
        closeInput()
        if !reaped {
            watchdog.beginWaiting()
            process.waitUntilExit()
            watchdog.endWaiting()
            cleanup.childEnded(process.processIdentifier)
            watchdog.stop()
            reapedFlag.store(true, ordering: .releasing)
        }
        errorLog.waitUntilComplete()
        try? output?.fileHandleForReading.close()
        try? errors.fileHandleForReading.close()
        return process.terminationReason == .exit
            ? .exited(status: process.terminationStatus) : .killed(signal: process.terminationStatus)
    }

    /// Ends the child at once (SIGKILL) without touching our ends of its pipes, which another
    /// thread may be using: its ends close as it dies, so a write to it fails with EPIPE and a
    /// read sees the end. `wait()` or `stop()` reaps it.
    func kill() {
        if !reaped { InterruptCleanup.killGroup(of: process.processIdentifier) }
    }

    /// Stops a child whose output is no longer wanted, and reaps it. Only for a child no other
    /// thread is writing to (its input is closed here).
    func stop() {
        // ffmpeg only acts on SIGTERM between blocking calls: a decoder stuck writing to a
        // pipe nobody reads must see the pipe close (EPIPE) to get there.
        closeInput()
        try? output?.fileHandleForReading.close()
        if process.isRunning { process.terminate() }
        wait()
    }
}

/// Bytes appended from one thread and read from another.
final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private var complete = false
    private let completed = DispatchSemaphore(value: 0)

    /// Called once, with everything the writer had.
    func finish(with all: Data) {
        lock.lock()
        data = all
        complete = true
        lock.unlock()
        completed.signal()
    }

    func waitUntilComplete() {
        lock.lock()
        let done = complete
        lock.unlock()
        if !done {
            completed.wait()
            completed.signal()  // later waits return at once
        }
    }

    var value: Data {
        lock.lock()
        defer { lock.unlock() }
        return data
    }
}
