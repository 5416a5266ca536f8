#if canImport(Glibc)
import Glibc
#endif

/// Writes to a pipe whose reader may be gone, per call: SIGPIPE is held back on the writing
/// thread for the one write(2), the signal that write raised is taken back, and a dead reader
/// surfaces as EPIPE. The process's own SIGPIPE disposition is left as the program set it (a
/// library does not switch it off for everyone). Also the compile probe's (SegueRenderJobs).
package enum BrokenPipe {
    /// write(2) to `fd` without a SIGPIPE; `errno` is write's own when it returns -1.
    package static func write(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        // A SIGPIPE already pending (from elsewhere) is not ours to take.
        var pending = sigset_t()
        sigpending(&pending)
        let alreadyPending = sigismember(&pending, SIGPIPE) == 1
        var previousMask = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previousMask)
        let written = Glibc.write(fd, bytes, count)
        let error = errno
        // Raised with EPIPE, or with a partial count when the reader died mid-write.
        sigpending(&pending)
        if sigismember(&pending, SIGPIPE) == 1 && !alreadyPending {
            var now = timespec(tv_sec: 0, tv_nsec: 0)
            _ = sigtimedwait(&pipeSignal, nil, &now)
        }
        pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        errno = error
        return written
    }
}
