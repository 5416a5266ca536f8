import Foundation

/// A file-system failure while writing an output, said in words: what Segue was doing, on
/// which path, and why (the system's reason, not a Cocoa error domain and code).
struct OutputError: Error, CustomStringConvertible {
    /// What was being done, as a verb phrase: "create the output folder".
    let operation: String
    let path: String
    let reason: String

    var description: String { "cannot \(operation) '\(path)': \(reason)" }

    /// The reason for the current `errno`.
    static func errnoReason(_ code: Int32 = errno) -> String {
        String(cString: strerror(code)).lowercased()
    }

    /// Wraps an error from FileManager, using the POSIX error it carries when there is one.
    init(_ operation: String, path: String, error: any Error) {
        self.operation = operation
        self.path = path
        self.reason = Self.reason(of: error)
    }

    init(_ operation: String, path: String, reason: String) {
        self.operation = operation
        self.path = path
        self.reason = reason
    }

    private static func reason(of error: any Error) -> String {
        if let known = error as? OutputError { return known.description }
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return errnoReason(Int32(ns.code)) }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return errnoReason(Int32(underlying.code))
        }
        if ns.domain == NSCocoaErrorDomain {
            switch CocoaError.Code(rawValue: ns.code) {
            case .fileNoSuchFile, .fileReadNoSuchFile: return "no such file or directory"
            case .fileWriteFileExists: return "something with that name already exists"
            case .fileWriteNoPermission, .fileReadNoPermission: return "permission denied"
            case .fileWriteOutOfSpace: return "no space left on the device"
            case .fileWriteVolumeReadOnly: return "the file system is read-only"
            default: break
            }
        }
        return ns.localizedDescription
    }
}

/// The file-system calls an output needs, with errors as `OutputError`s. POSIX calls are used
/// where the distinction matters (a symbolic link is never followed when deciding what to delete).
enum OutputFiles {
    enum Kind: Equatable { case missing, file, directory, symbolicLink, other }

    /// What is at `path`, without following a symbolic link.
    static func kind(_ path: String) -> Kind {
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
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    static func createDirectories(_ url: URL, purpose: String) throws(OutputError) {
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

    static func contents(of directory: URL, purpose: String) throws(OutputError) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw OutputError("list \(purpose)", path: directory.path, error: error)
        }
    }

    static func removeFile(_ url: URL, purpose: String) throws(OutputError) {
        guard unlink(url.path) == 0 || errno == ENOENT else {
            throw OutputError("remove \(purpose)", path: url.path, reason: OutputError.errnoReason())
        }
    }

    static func removeTree(_ url: URL, purpose: String) throws(OutputError) {
        guard kind(url.path) != .missing else { return }
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            throw OutputError("remove \(purpose)", path: url.path, error: error)
        }
    }

    static func move(_ source: URL, to destination: URL, purpose: String) throws(OutputError) {
        guard rename(source.path, destination.path) == 0 else {
            throw OutputError("move \(purpose) into place at", path: destination.path, reason: OutputError.errnoReason())
        }
    }

    static func describe(_ kind: Kind) -> String {
        switch kind {
        case .missing: "missing"
        case .file: "a file"
        case .directory: "a folder"
        case .symbolicLink: "a symbolic link"
        case .other: "a special file"
        }
    }
}
