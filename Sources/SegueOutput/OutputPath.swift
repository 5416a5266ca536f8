import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where an output path really points, decided as the kernel decides it.
public enum OutputPath {
    /// The absolute path of `path` with its folder resolved through symbolic links (so
    /// `lnk/../x` is `x` beside the folder `lnk` points into, as open(2) would reach it, not `x`
    /// beside `lnk`). The last component is kept as written: a link there is the caller's to
    /// judge, never followed implicitly. Folders that do not exist yet are appended as written.
    /// An empty path is refused (it would mean the working folder by accident).
    public static func resolve(_ path: String) throws(OutputError) -> URL {
        guard !path.isEmpty else {
            throw OutputError("write the output", path: path, reason: "the path is empty; name a file or folder")
        }
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var components = absolute.split(separator: "/").map(String.init)
        // A trailing `.` or `..` is part of the folder, so it is resolved with it.
        let last = components.last.flatMap { $0 == "." || $0 == ".." ? nil : $0 }
        if last != nil { components.removeLast() }
        var resolved = "/"
        var rest = components[...]
        while let next = rest.first {
            let candidate = (resolved == "/" ? "" : resolved) + "/" + next
            guard let real = realPath(candidate) else { break }
            resolved = real
            rest = rest.dropFirst()
        }
        // What is left does not exist yet: no link to follow, standardised as text.
        var url = URL(fileURLWithPath: resolved)
        for component in rest { url.appendPathComponent(component) }
        if let last { url.appendPathComponent(last) }
        return url.standardizedFileURL
    }

    static func realPath(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
