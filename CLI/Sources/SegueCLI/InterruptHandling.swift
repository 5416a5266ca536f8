import Foundation
import SegueOutput

/// SIGINT, SIGTERM and SIGHUP end `segue` cleanly (`InterruptCleanup.exitOnSignals`): ffmpeg
/// and ffprobe children killed and reaped, unfinished outputs removed, exit status 128 + the
/// signal number as a shell gives it.
enum InterruptHandling {
    /// Called by the commands that write outputs or start ffmpeg, before they do. The program
    /// (not the library, which holds SIGPIPE back per write) also ignores SIGPIPE from here on: a
    /// progress reader that went away (`| head`) must not end a render half-way.
    static func install() {
        signal(SIGPIPE, SIG_IGN)
        // A partial output left by a run killed outright is removed by the next run into its folder, which says so.
        InterruptCleanup.shared.onStalePartialRemoved { path in
            FileHandle.standardError.write(Data("segue: removed \(path), left by a run that was killed\n".utf8))
        }
        InterruptCleanup.shared.exitOnSignals { number in
            let name = InterruptCleanup.signalName(number)
            FileHandle.standardError.write(Data("\nsegue: interrupted (\(name)); partial output removed\n".utf8))
        }
    }
}

/// The message a run shows when it waits for another run's commit into the same folder.
func sayWaitingForLock(_ folder: URL) {
    FileHandle.standardError.write(Data("segue: another segue is writing into \(folder.path); waiting for it to finish\n".utf8))
}
