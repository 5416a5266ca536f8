import Foundation

/// The file-system calls an output needs, with errors as `OutputError`s. POSIX calls are used
/// where the distinction matters (a symbolic link is never followed when deciding what to delete).
public enum OutputFiles {
    public enum Kind: Equatable, Sendable { case missing, file, directory, symbolicLink, other }

    /// What is at `path`, without following a symbolic link.
    public static func kind(_ path: String) -> Kind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }

    /// Whether `path` is a directory, following symbolic links (a link to a folder is a folder).
    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// How much must fit on an output's file system before anything is rendered: ffmpeg's first
    /// write into a full disk fails, but a GIF's palette pass writes nothing until its end, so a
    /// full disk was found only after a whole pass (35 s). More than a header or a palette.
    public static let reservedBytes = 65_536

    /// Whether the file system of the empty file `descriptor` takes `reservedBytes` now; they are
    /// reserved (posix_fallocate) and given back at once. False only for ENOSPC, or EDQUOT for a
    /// user over quota; a file system without fallocate is written to by glibc instead, and any
    /// other failure is left to the first real write.
    public static func hasRoom(_ descriptor: Int32) -> Bool {
        let code = posix_fallocate(descriptor, 0, off_t(reservedBytes))
        _ = ftruncate(descriptor, 0)
        return code != ENOSPC && code != EDQUOT
    }

    public static func createDirectories(_ url: URL, purpose: String) throws(OutputError) {
        // Find the first component that exists but is not a folder: its name is the real problem.
        var prefix = URL(fileURLWithPath: "/")
        for component in url.pathComponents.dropFirst() {
            prefix.appendPathComponent(component)
            let kind = kind(prefix.path)
            if kind == .missing { break }
            if !isDirectory(prefix.path) {
                throw OutputError("create \(purpose)", path: url.path,
                                  reason: "'\(prefix.path)' is \(describe(kind)), not a folder")
            }
        }
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw OutputError("create \(purpose)", path: url.path, error: error)
        }
    }

    public static func contents(of directory: URL, purpose: String) throws(OutputError) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw OutputError("list \(purpose)", path: directory.path, error: error)
        }
    }

    public static func removeFile(_ url: URL, purpose: String) throws(OutputError) {
        guard unlink(url.path) == 0 || errno == ENOENT else {
            throw OutputError("remove \(purpose)", path: url.path, reason: OutputError.errnoReason())
        }
    }

    public static func removeTree(_ url: URL, purpose: String) throws(OutputError) {
        guard kind(url.path) != .missing else { return }
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            throw OutputError("remove \(purpose)", path: url.path, error: error)
        }
    }

    public static func move(_ source: URL, to destination: URL, purpose: String) throws(OutputError) {
        guard rename(source.path, destination.path) == 0 else {
            throw OutputError("move \(purpose) into place at", path: destination.path, reason: OutputError.errnoReason())
        }
    }

    public static func describe(_ kind: Kind) -> String {
        switch kind {
        case .missing: "missing"
        case .file: "a file"
        case .directory: "a folder"
        case .symbolicLink: "a symbolic link"
        case .other: "a special file"
        }
    }
}
