import Foundation

/// Runs a process to its end and keeps both of its outputs. Standard error is read on a thread
/// of its own while standard output is read here: a program that fills one pipe while the other
/// is being read would otherwise block forever.
public enum CapturedProcess {
    public struct Output: Sendable {
        public let status: Int32
        public let stdout: Data
        public let stderr: Data

        public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
        public var stderrText: String { String(decoding: stderr, as: UTF8.self) }
    }

    /// Starts `process` (its executable, arguments, folder, environment and standard input as
    /// the caller set them; its standard output and error are replaced by pipes), waits for it
    /// and for both pipes to close.
    public static func run(_ process: Process) throws -> Output {
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errors = DataBox()
        let reader = Thread { errors.set(err.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !reader.isFinished { usleep(1_000) }
        return Output(status: process.terminationStatus, stdout: data, stderr: errors.value)
    }

    /// Runs `tool` from PATH (through /usr/bin/env) with no standard input.
    public static func run(tool: String, _ arguments: [String], environment: [String: String]? = nil) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.standardInput = FileHandle.nullDevice
        if let environment { process.environment = environment }
        return try run(process)
    }
}

/// The reader thread's result, handed across threads under a lock.
private final class DataBox: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ value: Data) { lock.lock(); data = value; lock.unlock() }
    var value: Data { lock.lock(); defer { lock.unlock() }; return data }
}
