import Dispatch
import Foundation
import SegueOutput

/// SIGINT, SIGTERM and SIGHUP end `segue` cleanly: ffmpeg and ffprobe children are killed and
/// reaped, unfinished outputs removed (`InterruptCleanup`), then the process exits with 128 +
/// the signal number as a shell does.
///
/// The signals are received through Dispatch signal sources, so the cleanup runs as ordinary
/// code on a queue thread, not inside an async-signal handler where allocating or touching the
/// file system is unsafe. The render keeps going on its own thread until then; a commit in
/// progress holds the cleanup's lock, so an interrupted run leaves either the old output or
/// the new one, never a mix.
enum InterruptHandling {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []
    private static let installOnce: Void = {
        for number in signals {
            // The default action would kill the process before the source's handler runs.
            let previous = signal(number, SIG_IGN)
            // A signal ignored by whoever started us (nohup's SIGHUP) stays ignored.
            if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { continue }
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global(qos: .userInitiated))
            source.setEventHandler { cleanUpAndExit(signal: number) }
            source.resume()
            sources.append(source)
        }
    }()

    /// Called by the commands that write outputs or start ffmpeg, before they do.
    static func install() { _ = installOnce }

    private static func cleanUpAndExit(signal number: Int32) -> Never {
        InterruptCleanup.shared.cleanUpForExit()
        let name = number == SIGINT ? "SIGINT" : number == SIGTERM ? "SIGTERM" : number == SIGHUP ? "SIGHUP" : "signal \(number)"
        FileHandle.standardError.write(Data("\nsegue: interrupted (\(name)); partial output removed\n".utf8))
        // _exit, not exit: atexit handlers (GL drivers) must not run while the render thread
        // is still inside them.
        _exit(128 + number)
    }
}

/// The message a run shows when it waits for another run's commit into the same folder.
func sayWaitingForLock(_ folder: URL) {
    FileHandle.standardError.write(Data("segue: another segue is writing into \(folder.path); waiting for it to finish\n".utf8))
}
