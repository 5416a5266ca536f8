import Foundation

/// What ffprobe said of a file, kept for the life of the tools that asked: an edit probes each
/// clip once, not once for the plan, once for smart rendering and once for every decoder that
/// opens it (an edit of three clips ran about twenty ffprobe processes, 0.05–0.1 CPU-seconds
/// each). An answer is kept with the file's identity (device, inode, size, change and
/// modification times) and asked again when the file at the path is no longer that file.
/// Bounded: past `capacity` entries the oldest half is dropped. Thread-safe.
package final class ProbeCache: @unchecked Sendable {
    /// A file's identity as the kept answers compare it.
    package struct Identity: Equatable {
        let device: UInt64, inode: UInt64, size: Int64
        let modified: Int, modifiedNanoseconds: Int, changed: Int, changedNanoseconds: Int

        package init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            (device, inode, size) = (UInt64(info.st_dev), UInt64(info.st_ino), Int64(info.st_size))
            (modified, modifiedNanoseconds) = (info.st_mtim.tv_sec, info.st_mtim.tv_nsec)
            (changed, changedNanoseconds) = (info.st_ctim.tv_sec, info.st_ctim.tv_nsec)
        }
    }

    private struct Entry {
        let identity: Identity
        let value: Any
        let order: Int
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var counter = 0
    private let capacity: Int

    package init(capacity: Int = 512) { self.capacity = max(2, capacity) }

    /// The answer to `question` about the file at `path`: kept from before when the file is the
    /// same, else `probe`'s (an error is not kept). Two threads asking at once may both probe.
    package func value<T>(of question: String, path: String, probe: () throws(ExportError) -> T) throws(ExportError) -> T {
        let key = question + "\u{0}" + path
        let identity = Identity(path: path)
        lock.lock()
        let kept = entries[key]
        lock.unlock()
        if let identity, let kept, kept.identity == identity, let value = kept.value as? T { return value }
        let value = try probe()
        keep(value, of: question, path: path, identity: identity)
        return value
    }

    /// Keeps `value` as the answer to `question` about `path`, when the file is still the one
    /// `identity` (taken before it was probed) names: one run that answers several questions
    /// (`FileListing`) keeps each answer.
    package func keep<T>(_ value: T, of question: String, path: String, identity: Identity?) {
        guard let identity, Identity(path: path) == identity else { return }
        lock.lock()
        defer { lock.unlock() }
        if entries.count >= capacity {
            let newest = entries.values.map(\.order).sorted()[entries.count / 2]
            entries = entries.filter { $0.value.order >= newest }
        }
        counter += 1
        entries[question + "\u{0}" + path] = Entry(identity: identity, value: value, order: counter)
    }

    /// Entries kept (for tests).
    package var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return entries.count
    }
}

extension FFmpegTools {
    /// ffprobe's listing of every stream of `path` (vetted by `ClipDecoder.probe`, opened as
    /// `demuxer` through the file protocol only), as JSON with each stream's extradata: the one
    /// stream probe that `MediaInfo`, the edit's clip probe and smart rendering all read, run
    /// once per file.
    package func streamListing(path: String, demuxer: String) throws(ExportError) -> Data {
        try probes.value(of: FileListing.streamsQuestion(demuxer: demuxer), path: path) { () throws(ExportError) -> Data in
            if let prober {
                let answer = prober.answer(.streams(demuxer: demuxer), path: path)
                guard answer.exit == .exited(status: 0) else { throw .probeFailed(path: path, exit: answer.exit, log: answer.log) }
                return answer.output
            }
            let process = try FFmpegProcess(
                executable: try requireProbe(),
                arguments: ["-v", "error", "-protocol_whitelist", "file", "-f", demuxer, "-show_streams", "-show_data",
                            "-of", "json", ClipDecoder.fileURL(path)],
                writesInput: false, readsOutput: true, stallTimeout: stallTimeout, cleanup: cleanup)
            let data = Data(process.readAll())
            guard process.wait() == .exited(status: 0) else { throw process.failure { .probeFailed(path: path, exit: $0, log: $1) } }
            return data
        }
    }
}
