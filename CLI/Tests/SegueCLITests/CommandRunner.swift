import Foundation
import SegueTesting

/// Runs the built `segue` as a user would (`BuiltProgram`), and interrupts it mid-work.
struct CommandRunner {
    typealias Output = BuiltProgram.Output

    static var productsDirectory: URL { BuiltProgram.productsDirectory }

    static func run(
        _ product: String, _ arguments: [String], in directory: URL? = nil, environment overrides: [String: String] = [:]
    ) throws -> Output {
        try BuiltProgram.run(product, arguments, in: directory, environment: overrides)
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

    static func temporaryDirectory() throws -> URL { try BuiltProgram.temporaryDirectory() }
}
