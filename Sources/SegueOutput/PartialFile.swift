import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A file written in full before it appears: created beside the destination under a hidden,
/// unpredictable name (`.NAME.partial-PID-RANDOM`) with O_CREAT | O_EXCL | O_NOFOLLOW, so nothing
/// planted there in advance (a symbolic link to a victim file) is ever written through, then
/// renamed over the destination by `commit`. A writer (ffmpeg) is handed `descriptor`, not the
/// name, so the file it writes is the one created here whatever happens to the name meanwhile.
/// Until then it is registered with `InterruptCleanup`, which removes it on an interrupt.
public final class PartialFile {
    public let destination: URL
    public let partial: URL
    /// Open for reading and writing (a muxer that rewrites its output, as MP4's faststart does,
    /// reads it back).
    public let descriptor: Int32
    /// Where the unfinished file is registered until it is committed or discarded.
    let cleanup: InterruptCleanup
    private var open = true

    /// `purpose` says what is written, for messages: "the video".
    /// `cleanup`: where the unfinished file is registered, so an interrupt removes it (the
    /// program's `InterruptCleanup.shared` unless a caller — a test — gives its own).
    public convenience init(destination path: String, purpose: String, cleanup: InterruptCleanup = .shared) throws(OutputError) {
        try self.init(destination: path, purpose: purpose, cleanup: cleanup, randomSuffix: Self.randomSuffix)
    }

    /// `randomSuffix` makes the unpredictable part of the name (a seam for tests that plant
    /// something at the very name it will give).
    init(
        destination path: String, purpose: String, cleanup: InterruptCleanup = .shared, randomSuffix: () -> String
    ) throws(OutputError) {
        self.cleanup = cleanup
        destination = try OutputPath.resolve(path)
        if OutputFiles.isDirectory(destination.path) {
            throw OutputError("write \(purpose)", path: destination.path, reason: "it is a folder")
        }
        let parent = destination.deletingLastPathComponent()
        try OutputFiles.createDirectories(parent, purpose: "the folder for \(purpose)")
        InterruptCleanup.sweepStale(besides: destination)
        var made: (URL, Int32)?
        var failure = ""
        var code: Int32 = 0
        for _ in 0..<8 where made == nil {
            let name = ".\(destination.lastPathComponent).partial-\(getpid())-\(randomSuffix())"
            let url = parent.appendingPathComponent(name)
            // Created and registered under the cleanup's lock: an interrupt cannot fall between.
            cleanup.withoutInterruption {
                let fd = Glibc.open(url.path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
                if fd >= 0 {
                    cleanup.register(url)
                    made = (url, fd)
                } else {
                    code = errno
                    failure = OutputError.errnoReason(code)
                }
            }
            if made == nil && code != EEXIST { break }
        }
        guard let (url, fd) = made else {
            throw OutputError("create the unfinished file for \(purpose) in", path: parent.path, reason: failure)
        }
        partial = url
        descriptor = fd
        try reserve(purpose: purpose)
    }

    /// Fails at once, naming the destination, when its file system is full (see
    /// `OutputFiles.hasRoom`); the file then starts empty.
    private func reserve(purpose: String) throws(OutputError) {
        guard !OutputFiles.hasRoom(descriptor) else { return }
        discard()
        throw .noSpace(writing: purpose, path: destination.path)
    }

    deinit { if open { discard() } }

    /// Moves the finished file over the destination (an earlier file there is replaced whole).
    /// Refuses when the hidden name no longer holds the file this object created.
    public func commit() throws(OutputError) {
        var mine = stat()
        var named = stat()
        guard fstat(descriptor, &mine) == 0, lstat(partial.path, &named) == 0,
              mine.st_dev == named.st_dev, mine.st_ino == named.st_ino else {
            discard()
            throw OutputError("move the finished file to", path: destination.path,
                              reason: "its unfinished file '\(partial.lastPathComponent)' was replaced or removed meanwhile")
        }
        try cleanup.withoutInterruption { () throws(OutputError) in
            guard rename(partial.path, destination.path) == 0 else {
                let reason = OutputError.errnoReason()
                discard()
                throw OutputError("move the finished file to", path: destination.path, reason: reason)
            }
            close(descriptor)
            open = false
            cleanup.unregister(partial)
        }
    }

    /// Removes the unfinished file.
    public func discard() {
        guard open else { return }
        open = false
        unlink(partial.path)
        close(descriptor)
        cleanup.unregister(partial)
    }

    static func randomSuffix() -> String {
        var generator = SystemRandomNumberGenerator()
        return String(generator.next() as UInt64, radix: 36)
    }
}
