import Foundation

/// Stand-in programs for tests (a shell script named ffmpeg that hangs, dies or misbehaves),
/// written so that running them cannot fail with "Text file busy" (ETXTBSY).
///
/// A test process runs many tests at once, and any of them may fork while another holds a file
/// open for writing: the forked child keeps that descriptor until it execs, and while any process
/// holds a program open for writing, `execve` of it fails with ETXTBSY. A script written with
/// `Data.write` and run at once therefore sometimes never starts — the export under test saw its
/// encoder die at once and ended before the test looked (`ProcessStateTests`, once in CI). Here
/// the text is written to a side file and copied into place by `install`, a process of its own,
/// so no descriptor open for writing on the program ever exists in the test's process.
public enum ExecutableScript {
    public enum Failure: Error, CustomStringConvertible {
        case installFailed(path: String, status: Int32)

        public var description: String {
            switch self {
            case let .installFailed(path, status): "install could not write \(path) (exit status \(status))"
            }
        }
    }

    /// Writes `text` to `url` with mode 0755 (0644 when `executable` is false), replacing what is there.
    public static func write(_ text: String, to url: URL, executable: Bool = true) throws {
        let side = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).source-\(UUID().uuidString)")
        try Data(text.utf8).write(to: side)
        defer { try? FileManager.default.removeItem(at: side) }
        let install = Process()
        install.executableURL = URL(fileURLWithPath: "/usr/bin/install")
        install.arguments = ["-m", executable ? "0755" : "0644", side.path, url.path]
        try install.run()
        install.waitUntilExit()
        guard install.terminationReason == .exit, install.terminationStatus == 0 else {
            throw Failure.installFailed(path: url.path, status: install.terminationStatus)
        }
    }
}
