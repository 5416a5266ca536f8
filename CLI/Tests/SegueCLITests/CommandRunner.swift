import Foundation

/// Runs a built executable of this package (the `segue` CLI, the examples) as a user would.
struct CommandRunner {
    struct Output {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// The directory holding the package's built products (beside the test bundle).
    static var productsDirectory: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    }

    static func run(
        _ product: String, _ arguments: [String], in directory: URL? = nil, environment overrides: [String: String] = [:]
    ) throws -> Output {
        let process = Process()
        process.executableURL = productsDirectory.appendingPathComponent(product)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil  // these runs are headless whatever the session has
        environment.merge(overrides) { $1 }
        process.environment = environment
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self))
    }

    /// Starts `segue` headless, waits until `isUnderWay(pid)` says it is mid-work, sends it
    /// `signal` and waits for it to end. `wasRunning` is false when it ended before the signal.
    static func interrupt(
        _ arguments: [String], in directory: URL, signal: Int32, when isUnderWay: (pid_t) -> Bool
    ) throws -> (wasRunning: Bool, reason: Process.TerminationReason, status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = productsDirectory.appendingPathComponent("segue")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "DISPLAY" }
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline, process.isRunning, !isUnderWay(process.processIdentifier) {
            usleep(20_000)
        }
        let wasRunning = process.isRunning
        kill(process.processIdentifier, signal)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (wasRunning, process.terminationReason, process.terminationStatus, stderr)
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("segue-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
