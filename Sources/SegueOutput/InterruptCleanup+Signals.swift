import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension InterruptCleanup {
    /// The signals a terminal, a service manager or a job runner ends a program with.
    public static let terminatingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Makes `signals` end the process cleanly: children killed and reaped, unfinished outputs
    /// removed (`cleanUpForExit`), then `announce(signal)` (a program's last word on stderr) and
    /// `_exit(128 + signal)`, as a shell reports it. For a program, not a library: it decides
    /// how the process ends. Calls after the first do nothing.
    ///
    /// The signals are received through Dispatch signal sources, so the cleanup runs as ordinary
    /// code on a queue thread, not inside an async-signal handler where allocating or touching
    /// the file system is unsafe. The work goes on on its own thread until then; a commit in
    /// progress holds the cleanup's lock, so an interrupted run leaves either the old output or
    /// the new one, never a mix. A signal ignored by whoever started the process (nohup's
    /// SIGHUP) stays ignored.
    ///
    /// A signal that arrives while the sources are being set up is kept, not lost: the signals
    /// are blocked first, the sources registered (Dispatch installs its own handler for each,
    /// which feeds its `signalfd`), and only then unblocked, so one pending meanwhile (or since
    /// before the program started, with the signal blocked) is delivered to the source. Setting
    /// `SIG_IGN` first, as before, discarded a signal that came in between.
    public func exitOnSignals(_ signals: [Int32] = terminatingSignals, announce: @escaping @Sendable (Int32) -> Void) {
        var mask = sigset_t()
        sigemptyset(&mask)
        for number in signals { sigaddset(&mask, number) }
        pthread_sigmask(SIG_BLOCK, &mask, nil)
        defer { pthread_sigmask(SIG_UNBLOCK, &mask, nil) }
        let registered = DispatchGroup()
        withSignalSources { sources in
            guard sources.isEmpty else { return }
            for number in signals {
                var previous = sigaction()
                sigaction(number, nil, &previous)
                if unsafeBitCast(previous.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { continue }
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global(qos: .userInitiated))
                registered.enter()
                source.setRegistrationHandler { registered.leave() }
                source.setEventHandler { [self] in
                    cleanUpForExit()
                    announce(number)
                    // _exit, not exit: atexit handlers (GL drivers) must not run while the work's
                    // thread is still inside them.
                    _exit(128 + number)
                }
                source.resume()
                sources.append(source)
            }
        }
        // Registration is asynchronous: unblock only once every source has its handler in place.
        _ = registered.wait(timeout: .now() + 5)
    }

    /// `SIGINT`, `SIGTERM`, `SIGHUP`, else `signal N`: for a message about how a run ended.
    public static func signalName(_ number: Int32) -> String {
        switch number {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        default: "signal \(number)"
        }
    }
}
