import Foundation

/// A thread of its own that runs closures one at a time, in the order they come: an engine's EGL
/// context is current on this thread alone, so a host's threads never touch GL.
final class GLThread: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [() -> Void] = []
    private var stopping = false
    private let finished = DispatchSemaphore(value: 0)

    init(name: String) {
        let thread = Thread { [self] in loop() }
        thread.name = name
        // A driver's shader compiler recurses deeply (LLVM in llvmpipe): the main thread's usual 8 MiB and more.
        thread.stackSize = 16 << 20
        thread.start()
    }

    private func loop() {
        while true {
            condition.lock()
            while jobs.isEmpty && !stopping { condition.wait() }
            guard !jobs.isEmpty else {
                condition.unlock()
                break
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job()
        }
        finished.signal()
    }

    /// Runs `body` on the thread and waits for its result; nil once the thread was stopped.
    func run<T>(_ body: @escaping () -> T) -> T? {
        let done = DispatchSemaphore(value: 0)
        var result: T?
        condition.lock()
        guard !stopping else {
            condition.unlock()
            return nil
        }
        jobs.append {
            result = body()
            done.signal()
        }
        condition.signal()
        condition.unlock()
        done.wait()
        return result
    }

    /// Lets the jobs already queued finish, then ends the thread and waits for it.
    func stop() {
        condition.lock()
        let wasStopping = stopping
        stopping = true
        condition.signal()
        condition.unlock()
        if !wasStopping { finished.wait() }
    }
}
