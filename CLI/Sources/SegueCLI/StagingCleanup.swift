import Dispatch
import Foundation

/// Removes staging folders when the process is interrupted (SIGINT, SIGTERM, SIGHUP), then
/// exits with 128 + the signal number as a shell does.
///
/// The signals are received through Dispatch signal sources, so the cleanup runs as ordinary
/// code on a queue thread, not inside an async-signal handler where allocating or touching
/// the file system is unsafe. The render itself keeps going on its own thread until then; a
/// commit in progress holds the lock, so an interrupted run leaves either the old output or
/// the new one, never a mix.
final class StagingCleanup: @unchecked Sendable {
    static let shared = StagingCleanup()
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    private let lock = NSRecursiveLock()  // a commit unregisters its folder while holding it
    private var folders: Set<URL> = []
    private var sources: [any DispatchSourceSignal] = []
    private var watching = false

    /// Starts watching the signals (once); from then on they remove the registered folders (or
    /// files: any staging path) and end the process.
    func register(_ folder: URL) {
        lock.lock()
        defer { lock.unlock() }
        folders.insert(folder)
        guard !watching else { return }
        watching = true
        for number in Self.signals {
            // The default action would kill the process before the source's handler runs.
            let previous = signal(number, SIG_IGN)
            // A signal ignored by whoever started us (nohup's SIGHUP) stays ignored.
            if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { continue }
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global(qos: .userInitiated))
            source.setEventHandler { [unowned self] in cleanUpAndExit(signal: number) }
            source.resume()
            sources.append(source)
        }
    }

    func unregister(_ folder: URL) {
        lock.lock()
        folders.remove(folder)
        lock.unlock()
    }

    /// Runs `body` (a commit) so that a signal waits until it has finished.
    func withoutInterruption<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    private func cleanUpAndExit(signal number: Int32) -> Never {
        lock.lock()  // held until exit: no commit starts after this
        for folder in folders {
            // The render thread may add a file while the tree is removed: try a few times.
            for _ in 0..<5 where OutputFiles.kind(folder.path) != .missing {
                try? FileManager.default.removeItem(at: folder)
            }
        }
        let name = number == SIGINT ? "SIGINT" : number == SIGTERM ? "SIGTERM" : "signal \(number)"
        FileHandle.standardError.write(Data("\nsegue: interrupted (\(name)); partial output removed\n".utf8))
        // _exit, not exit: atexit handlers (GL drivers) must not run while the render thread
        // is still inside them.
        _exit(128 + number)
    }

    /// Removes `.NAME.partial-PID` folders (frame exports) and files (videos) beside
    /// `destination` whose process is gone (a run killed with SIGKILL, or a crash). Those of a
    /// live process are left alone.
    static func sweepStale(besides destination: URL) {
        let parent = destination.deletingLastPathComponent()
        let prefix = ".\(destination.lastPathComponent).partial-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let pid = pid_t(name.dropFirst(prefix.count)), pid > 0, pid != getpid(), !isAlive(pid) else { continue }
            let folder = parent.appendingPathComponent(name)
            // Never follow a link.
            guard [.directory, .file].contains(OutputFiles.kind(folder.path)) else { continue }
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// kill(pid, 0) probes without sending: ESRCH means no such process (EPERM: it exists).
    private static func isAlive(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno != ESRCH
    }
}
