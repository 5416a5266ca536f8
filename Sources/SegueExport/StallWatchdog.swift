import Foundation
import SegueOutput

/// Kills a child that stops making progress while Segue waits on it. Progress is a byte read
/// from or written to it, or CPU time it used (an encoder busy with a slow frame is not stalled;
/// ffmpeg blocked opening a FIFO, or a hung tool, is). CPU time alone counts for at most
/// `busyFactor` timeouts: a child that spins without reading or writing a byte for that long is
/// stalled too (a busy loop would otherwise never be killed). Time Segue spends elsewhere
/// (rendering) does not count.
final class StallWatchdog: @unchecked Sendable {
    let pid: pid_t
    let timeout: Double
    /// Timeouts of CPU use without a byte read or written that a child is allowed: 5 (five
    /// minutes at the default 60 s), far above any one frame's encoding.
    static let busyFactor = 5.0
    private let lock = NSLock()
    private var waiters = 0
    private var lastProgress = DispatchTime.now().uptimeNanoseconds
    private var lastTransfer = DispatchTime.now().uptimeNanoseconds
    private var lastCPU: UInt64 = 0
    private var didFire = false
    private var firedAfter: Double = 0
    private let timer: any DispatchSourceTimer

    init(pid: pid_t, timeout: Double) {
        self.pid = pid
        self.timeout = timeout
        timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        let interval = max(0.05, min(1, timeout / 4))
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler { [weak self] in self?.check() }
        timer.resume()
    }

    var fired: Bool {
        lock.lock()
        defer { lock.unlock() }
        return didFire
    }

    /// The seconds without progress after which it fired: `timeout`, or the busy limit for a
    /// child that used the CPU but moved no byte.
    var secondsWithoutProgress: Double {
        lock.lock()
        defer { lock.unlock() }
        return firedAfter
    }

    func stop() { timer.cancel() }

    func beginWaiting() {
        lock.lock()
        if waiters == 0 { (lastProgress, lastTransfer) = (DispatchTime.now().uptimeNanoseconds, DispatchTime.now().uptimeNanoseconds) }
        waiters += 1
        lock.unlock()
    }

    func endWaiting() {
        lock.lock()
        waiters -= 1
        lock.unlock()
    }

    func progressed() {
        lock.lock()
        (lastProgress, lastTransfer) = (DispatchTime.now().uptimeNanoseconds, DispatchTime.now().uptimeNanoseconds)
        lock.unlock()
    }

    private func check() {
        let cpu = Self.cpuTicks(of: pid)
        lock.lock()
        defer { lock.unlock() }
        // Read under the lock: a `progressed()` between reading the clock and taking the lock
        // made the last transfer later than `now`, and the unsigned difference trapped (a crash
        // seen when a full disk stopped a GIF).
        let now = DispatchTime.now().uptimeNanoseconds
        if let cpu, cpu != lastCPU {
            lastCPU = cpu
            lastProgress = now
        }
        let busyLimit = timeout * Self.busyFactor
        let idle = Double(now - lastProgress) / 1e9 >= timeout, spinning = Double(now - lastTransfer) / 1e9 >= busyLimit
        guard waiters > 0, !didFire, idle || spinning else { return }
        didFire = true
        firedAfter = idle ? timeout : busyLimit
        InterruptCleanup.killGroup(of: pid)
        timer.cancel()
    }

    /// utime + stime of the process (all its threads) from /proc/PID/stat; nil once it is gone.
    static func cpuTicks(of pid: pid_t) -> UInt64? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let paren = text.lastIndex(of: ")") else { return nil }
        // Fields after the command: state is field 3, utime 14, stime 15.
        let fields = text[text.index(after: paren)...].split(separator: " ")
        guard fields.count > 12, let user = UInt64(fields[11]), let system = UInt64(fields[12]) else { return nil }
        return user + system
    }
}
