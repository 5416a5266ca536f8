import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One running ffmpeg (or ffprobe): raw frames go in through its stdin and/or come out of its
/// stdout; its stderr is collected on a thread of its own so a chatty child never blocks.
final class FFmpegProcess: @unchecked Sendable {
    private let process = Process()
    private let input: Pipe?
    private let output: Pipe?
    private let errors = Pipe()
    private let errorLog = LockedData()
    private let errorReader: Thread
    private var inputClosed = false

    /// A dead reader must surface as EPIPE from write(2), not kill the whole program.
    private static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    init(executable: URL, arguments: [String], writesInput: Bool, readsOutput: Bool) throws {
        _ = Self.ignoreBrokenPipes
        input = writesInput ? Pipe() : nil
        output = readsOutput ? Pipe() : nil
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = input ?? FileHandle.nullDevice
        process.standardOutput = output ?? FileHandle.nullDevice
        process.standardError = errors
        // Our ends must not leak into other children (a decoder holding an encoder's stdin
        // open would keep the encoder from ever seeing the end of its input).
        for pipe in [input, output, errors].compactMap({ $0 }) {
            _ = fcntl(pipe.fileHandleForReading.fileDescriptor, F_SETFD, FD_CLOEXEC)
            _ = fcntl(pipe.fileHandleForWriting.fileDescriptor, F_SETFD, FD_CLOEXEC)
        }
        let handle = errors.fileHandleForReading
        let log = errorLog
        errorReader = Thread { log.finish(with: handle.readDataToEndOfFile()) }
        do {
            try process.run()
        } catch {
            throw ExportError.toolMissing(tool: executable.lastPathComponent, searched: [executable.path])
        }
        errorReader.start()
    }

    /// The end of what the child wrote to stderr, trimmed.
    var log: String {
        let text = String(decoding: errorLog.value, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.count > 2000 ? "…" + String(text.suffix(2000)) : text
    }

    /// Writes all of `bytes` to the child's stdin. Returns false if the child stopped reading.
    func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let fd = input?.fileHandleForWriting.fileDescriptor, var base = bytes.baseAddress else { return false }
        var remaining = bytes.count
        while remaining > 0 {
            let written = Glibc.write(fd, base, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            remaining -= written
            base += written
        }
        return true
    }

    /// Fills `buffer` from the child's stdout. Returns the bytes read: `buffer.count`, or fewer
    /// only at the end of its output.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard let fd = output?.fileHandleForReading.fileDescriptor, let base = buffer.baseAddress else { return 0 }
        var filled = 0
        while filled < buffer.count {
            let count = Glibc.read(fd, base + filled, buffer.count - filled)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            filled += count
        }
        return filled
    }

    /// Everything the child writes to stdout, until it exits.
    func readAll() -> Data { output?.fileHandleForReading.readDataToEndOfFile() ?? Data() }

    /// Closes stdin (the end of the frames) so the child can finish.
    func closeInput() {
        guard !inputClosed, let input else { return }
        inputClosed = true
        try? input.fileHandleForWriting.close()
    }

    /// Closes stdin, waits for the child and returns its exit status (signals count as failure).
    func wait() -> Int32 {
        closeInput()
        process.waitUntilExit()
        errorLog.waitUntilComplete()
        try? output?.fileHandleForReading.close()
        try? errors.fileHandleForReading.close()
        return process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
    }

    /// Ends the child at once (SIGKILL) without touching our ends of its pipes, which another
    /// thread may be using: its ends close as it dies, so a write to it fails with EPIPE and a
    /// read sees the end. `wait()` or `stop()` reaps it.
    func kill() {
        if process.isRunning { _ = Glibc.kill(process.processIdentifier, SIGKILL) }
    }

    /// Stops a child whose output is no longer wanted, and reaps it. Only for a child no other
    /// thread is writing to (its input is closed here).
    func stop() {
        // ffmpeg only acts on SIGTERM between blocking calls: a decoder stuck writing to a
        // pipe nobody reads must see the pipe close (EPIPE) to get there.
        closeInput()
        try? output?.fileHandleForReading.close()
        if process.isRunning { process.terminate() }
        _ = wait()
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
