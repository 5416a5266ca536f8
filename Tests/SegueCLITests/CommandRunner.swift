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

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("segue-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
