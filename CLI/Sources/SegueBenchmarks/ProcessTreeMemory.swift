import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Resident memory of a process and all its descendants, read from /proc: an export is Segue
/// plus its ffmpeg children, MoviePy is Python plus its ffmpeg readers and writer, so the fair
/// figure is the tree's sum, not any one process's peak (which is all `wait4`'s ru_maxrss says).
enum ProcessTreeMemory {
    /// Bytes resident in `root` and its descendants now (0 when /proc cannot be read).
    static func residentBytes(root: pid_t) -> Int {
        var children: [pid_t: [pid_t]] = [:]
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            guard let pid = pid_t(entry), let parent = parentPID(pid) else { continue }
            children[parent, default: []].append(pid)
        }
        var total = 0, pending = [root]
        while let pid = pending.popLast() {
            total += resident(pid)
            pending += children[pid] ?? []
        }
        return total
    }

    /// /proc/PID/stat's fourth field; the command name before it (in parentheses) may hold spaces.
    private static func parentPID(_ pid: pid_t) -> pid_t? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        return fields.count > 1 ? pid_t(fields[1]) : nil
    }

    /// /proc/PID/statm's second field: resident pages.
    private static func resident(_ pid: pid_t) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

/// Samples a process tree's resident memory on a thread of its own every `interval` seconds
/// until stopped, keeping the peak.
final class PeakMemorySampler: @unchecked Sendable {
    private let lock = NSLock()
    private let root: pid_t
    private var peak = 0
    private var running = true
    private let done = DispatchSemaphore(value: 0)

    init(root: pid_t, interval: Double = 0.1) {
        self.root = root
        Thread.detachNewThread { [self] in
            while lock.withLock({ running }) {
                let bytes = ProcessTreeMemory.residentBytes(root: root)
                lock.withLock { peak = max(peak, bytes) }
                Thread.sleep(forTimeInterval: interval)
            }
            done.signal()
        }
    }

    /// Stops sampling (once; later calls only answer); the peak in bytes.
    func stop() -> Int {
        let wasRunning = lock.withLock {
            defer { running = false }
            return running
        }
        if wasRunning { done.wait() }
        return lock.withLock { peak }
    }
}

/// CPU seconds (user + system) of this process and of its children reaped so far: the
/// difference across a run is what the run cost, whatever else loads the machine.
enum CPUTime {
    static func now() -> Double {
        var mine = rusage(), children = rusage()
        getrusage(RUSAGE_SELF.rawValue, &mine)
        getrusage(RUSAGE_CHILDREN.rawValue, &children)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(mine.ru_utime) + seconds(mine.ru_stime) + seconds(children.ru_utime) + seconds(children.ru_stime)
    }

    /// The one-minute load average, to print beside a timing taken on a shared machine.
    static func loadAverage() -> Double {
        var loads = [Double](repeating: 0, count: 3)
        return getloadavg(&loads, 3) > 0 ? loads[0] : 0
    }
}
