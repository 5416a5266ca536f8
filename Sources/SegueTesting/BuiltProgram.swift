import Foundation

/// Runs an executable built beside the test bundle (an example, the `segue` command line) as a
/// user would, with DISPLAY removed so the run is headless whatever the session has.
public enum BuiltProgram {
    public struct Output: Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String

        public init(status: Int32, stdout: String, stderr: String) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
        }
    }

    /// The folder holding the package's built products (beside the running test bundle).
    public static var productsDirectory: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    }

    public static func run(
        _ product: String, _ arguments: [String], in directory: URL? = nil, environment overrides: [String: String] = [:]
    ) throws -> Output {
        let process = Process()
        process.executableURL = productsDirectory.appendingPathComponent(product)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        environment.merge(overrides) { $1 }
        process.environment = environment
        let output = try CapturedProcess.run(process)
        return Output(status: output.status, stdout: output.stdoutText, stderr: output.stderrText)
    }

    /// A new empty folder under the temporary directory.
    public static func temporaryDirectory(prefix: String = "segue-test") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
