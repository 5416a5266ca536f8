import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What an interrupted process must undo before it exits: the child processes it started
/// (ffmpeg, ffprobe) and the unfinished outputs it is writing (staging folders, partial files).
///
/// The library registers both as it goes; a program that handles SIGINT/SIGTERM/SIGHUP (the
/// CLI does) calls `cleanUpForExit()` from its handler, then exits. Children are killed first,
/// so none keeps writing into a file that is being removed. Registration and a commit hold the
/// same lock, so an interrupt waits for a commit (the output is either the old one or the new
/// one) and a child is never started unregistered behind a cleanup's back.
public final class InterruptCleanup: @unchecked Sendable {
    public static let shared = InterruptCleanup()

    private let lock = NSRecursiveLock()  // a commit unregisters its folder while holding it
    private var paths: Set<String> = []
    /// Process ids of children, each the leader of its own process group (Foundation's Process
    /// starts children that way), so killing the group also ends what they started.
    private var children: Set<pid_t> = []
    /// The signal sources `exitOnSignals` installed; kept so they stay alive.
    private var signalSources: [any DispatchSourceSignal] = []
    private var staleObserver: (@Sendable (String) -> Void)?

    public init() {}

    /// Runs `body` with the installed signal sources, under the lock.
    func withSignalSources(_ body: (inout [any DispatchSourceSignal]) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        body(&signalSources)
    }

    /// What is registered now: the paths an interrupt would remove and the children it would
    /// kill (what a test that gave its own cleanup checks).
    public var registered: (paths: [String], children: [pid_t]) {
        lock.lock()
        defer { lock.unlock() }
        return (paths.sorted(), children.sorted())
    }

    /// Registers a staging folder or partial file to remove if the process is interrupted.
    public func register(_ path: URL) {
        lock.lock()
        paths.insert(path.path)
        lock.unlock()
    }

    public func unregister(_ path: URL) {
        lock.lock()
        paths.remove(path.path)
        lock.unlock()
    }

    /// Starts a child with `spawn` (which returns its process id) and registers it, both under the
    /// lock: a cleanup that has begun makes the spawn wait until the process exits.
    public func startChild<E: Error>(_ spawn: () throws(E) -> pid_t) throws(E) {
        lock.lock()
        defer { lock.unlock() }
        children.insert(try spawn())
    }

    /// Forgets a child that has been reaped.
    public func childEnded(_ pid: pid_t) {
        lock.lock()
        children.remove(pid)
        lock.unlock()
    }

    /// Runs `body` (a commit) so that a cleanup waits until it has finished.
    public func withoutInterruption<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Kills every registered child's process group, waits (at most about two seconds each) until
    /// each is gone, then removes every registered path. Keeps the lock: nothing starts or commits
    /// after this, so the caller should exit (`_exit`) next. Returns the paths that were removed.
    @discardableResult
    public func cleanUpForExit() -> [String] {
        lock.lock()
        for pid in children { Self.killGroup(of: pid) }
        for pid in children { Self.waitUntilGone(pid) }
        var removed: [String] = []
        for path in paths.sorted() {
            // The render thread may add a file while the tree is removed: try a few times.
            for _ in 0..<5 where OutputFiles.kind(path) != .missing {
                try? FileManager.default.removeItem(atPath: path)
            }
            removed.append(path)
        }
        return removed
    }

    /// SIGKILL to the child's process group (and to the child itself, should it have left it).
    public static func killGroup(of pid: pid_t) {
        guard pid > 0 else { return }
        _ = kill(-pid, SIGKILL)
        _ = kill(pid, SIGKILL)
    }

    /// Polls until `pid` has exited (gone, or a zombie that init reaps once this process exits).
    private static func waitUntilGone(_ pid: pid_t) {
        for _ in 0..<200 {
            if kill(pid, 0) != 0 && errno == ESRCH { return }
            if processState(pid) == "Z" { return }
            usleep(10_000)
        }
    }

    /// The state letter in /proc/PID/stat (R, S, D, Z, ...), nil when there is no such process.
    static func processState(_ pid: pid_t) -> Character? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let paren = text.lastIndex(of: ")") else { return nil }
        return text[text.index(after: paren)...].first { $0 != " " }
    }

    /// Removes the partial outputs in `destination`'s folder whose process is gone (a run killed
    /// with SIGKILL, or a crash), whatever output they were for: only Segue's own, told by their
    /// names (`.NAME.partial-PID` folders of frame exports, `.NAME.partial-PID-RANDOM` files of
    /// videos) and by their owner (this user). Those of a live process are left alone, a symbolic
    /// link is never followed, and each removal is told to `onStalePartialRemoved`'s observer.
    public static func sweepStale(besides destination: URL) {
        let parent = destination.deletingLastPathComponent()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
        for name in names {
            guard let pid = stalePartialProcess(name), pid != getpid(), !isAlive(pid) else { continue }
            let entry = parent.appendingPathComponent(name)
            var info = stat()
            guard lstat(entry.path, &info) == 0, info.st_uid == getuid(), [.directory, .file].contains(OutputFiles.kind(entry.path)) else {
                continue
            }
            guard (try? FileManager.default.removeItem(at: entry)) != nil else { continue }
            shared.reportStale(entry.path)
        }
    }

    /// The process id in a partial output's name (`.NAME.partial-PID` or `.NAME.partial-PID-RANDOM`,
    /// RANDOM in base 36), nil for any other name.
    static func stalePartialProcess(_ name: String) -> pid_t? {
        guard name.hasPrefix("."), let marker = name.range(of: ".partial-", options: .backwards), marker.lowerBound > name.index(after: name.startIndex) else {
            return nil
        }
        let parts = name[marker.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let pid = pid_t(parts[0]), pid > 0,
              parts.count == 1 || (!parts[1].isEmpty && parts[1].allSatisfy { $0.isNumber || ("a"..."z").contains($0) }) else { return nil }
        return pid
    }

    /// Sets who hears of each stale partial output `sweepStale` removes (a program says so).
    public func onStalePartialRemoved(_ observer: @escaping @Sendable (String) -> Void) {
        lock.lock()
        staleObserver = observer
        lock.unlock()
    }

    private func reportStale(_ path: String) {
        lock.lock()
        let observer = staleObserver
        lock.unlock()
        observer?(path)
    }

    /// kill(pid, 0) probes without sending: ESRCH means no such process (EPERM: it exists).
    private static func isAlive(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno != ESRCH
    }
}
