import Foundation

/// The one PATH walker: where a program Segue runs (ffmpeg, Xvfb, xdotool, Chromium) is found.
/// A candidate must be an executable regular file (a folder called `ffmpeg` is not one).
public enum ProgramSearch {
    /// The process's PATH, or the system's usual folders when it has none.
    public static var processPath: String { ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin" }

    /// The folders of a PATH string, in order, empty entries left out.
    public static func directories(_ path: String) -> [String] {
        path.split(separator: ":").map(String.init).filter { !$0.isEmpty }
    }

    /// The first executable regular file called one of `names` (each tried through the whole
    /// PATH before the next) in the folders of `path`.
    public static func find(_ names: String..., path: String = processPath) -> URL? {
        for name in names {
            for directory in directories(path) {
                let candidate = URL(fileURLWithPath: directory).appendingPathComponent(name)
                if isExecutableFile(candidate.path) { return candidate }
            }
        }
        return nil
    }

    /// Whether `path` is a regular file this process may execute.
    public static func isExecutableFile(_ path: String) -> Bool {
        var info = stat()
        return FileManager.default.isExecutableFile(atPath: path) && stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }
}
