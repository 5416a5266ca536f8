import Glibc

/// Whole-file reads and atomic writes with errno-based messages.
enum FileIO {
    static func readAll(path: String) throws(ImageError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotOpen(path: path, reason: lastErrorText()) }
        defer { close(descriptor) }

        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .cannotOpen(path: path, reason: lastErrorText()) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw .cannotOpen(path: path, reason: "it is not a regular file")
        }

        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw .cannotOpen(path: path, reason: lastErrorText())
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }

    /// At most the first `count` bytes of the file (fewer when it is shorter).
    static func readPrefix(path: String, count: Int) throws(ImageError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotOpen(path: path, reason: lastErrorText()) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .cannotOpen(path: path, reason: lastErrorText()) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .cannotOpen(path: path, reason: "it is not a regular file") }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + filled, count - filled) }
            if got < 0 && errno == EINTR { continue }
            if got < 0 { throw .cannotOpen(path: path, reason: lastErrorText()) }
            if got == 0 { break }
            filled += got
        }
        return Array(bytes[0..<filled])
    }

    /// Writes to a uniquely named hidden temp file next to `path`, fsyncs, then
    /// renames it into place. Any failure removes the temp file.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(ImageError) {
        let (directory, fileName) = split(path)
        guard !fileName.isEmpty else { throw .writeFailed(path: path, reason: "the path names a directory, not a file") }
        let tempPath = "\(directory)/.\(fileName).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"

        let descriptor = open(tempPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .writeFailed(path: path, reason: lastErrorText()) }

        var failure: String?
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return Glibc.write(descriptor, base + offset, raw.count - offset)
            }
            if count < 0 {
                if errno == EINTR { continue }
                failure = lastErrorText()
                break
            }
            offset += count
        }
        if failure == nil, fsync(descriptor) != 0 { failure = lastErrorText() }
        if close(descriptor) != 0, failure == nil { failure = lastErrorText() }
        if failure == nil, rename(tempPath, path) != 0 { failure = lastErrorText() }
        if let failure {
            unlink(tempPath)
            throw .writeFailed(path: path, reason: failure)
        }
    }

    /// Directory ("." when none) and last path component.
    private static func split(_ path: String) -> (directory: String, fileName: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }

    private static func lastErrorText() -> String {
        String(cString: strerror(errno))
    }
}
