import Foundation
import SegueExport
#if canImport(Glibc)
import Glibc
#endif

/// A one-line progress bar on stderr: frames done of total, frames per second, time left.
/// Drawn only on a terminal (a pipe or a log file gets no carriage-return noise) and never
/// with --quiet.
final class ProgressBar {
    private let label: String
    private let start = DispatchTime.now()
    private var lastDraw: UInt64 = 0
    private var lastLength = 0

    /// nil when nothing should be drawn.
    init?(label: String, quiet: Bool, isTerminal: Bool = isatty(STDERR_FILENO) == 1) {
        guard !quiet, isTerminal else { return nil }
        self.label = label
    }

    /// A reporter for `(done, total)` callbacks, or nil when quiet.
    static func reporter(label: String, quiet: Bool) -> ((Int, Int) -> Void)? {
        guard let bar = ProgressBar(label: label, quiet: quiet) else { return nil }
        return { done, total in
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - bar.start.uptimeNanoseconds) / 1e9
            bar.update(ExportProgress(framesDone: done, totalFrames: total, elapsedSeconds: elapsed))
        }
    }

    func update(_ progress: ExportProgress) {
        let now = DispatchTime.now().uptimeNanoseconds
        // Redrawing every frame of a fast export costs more than the frame: 10 times a second.
        guard progress.isFinished || now - lastDraw >= 100_000_000 else { return }
        lastDraw = now
        let line = Self.line(label: label, progress)
        let padding = String(repeating: " ", count: max(0, lastLength - line.count))
        lastLength = line.count
        FileHandle.standardError.write(Data(("\r" + line + padding + (progress.isFinished ? "\n" : "")).utf8))
    }

    /// `label [#######.............] 12/60  23.4 fps  ETA 0:02`, with the rate and time left
    /// that `ExportProgress` works out.
    static func line(label: String, _ progress: ExportProgress, width: Int = 24) -> String {
        let (done, total) = (progress.framesDone, progress.totalFrames)
        let fraction = total > 0 ? min(1, Double(done) / Double(total)) : 0
        let filled = Int((fraction * Double(width)).rounded(.down))
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        let eta = progress.remainingSeconds.map(clock) ?? "--:--"
        return "\(label) [\(bar)] \(done)/\(total)  \(String(format: "%.1f", progress.framesPerSecond)) fps  "
            + (progress.isFinished ? "in \(clock(progress.elapsedSeconds))" : "ETA \(eta)")
    }

    private static func clock(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds < 1e9 else { return "--:--" }
        let whole = Int(seconds.rounded(.up))
        return String(format: "%d:%02d", whole / 60, whole % 60)
    }
}
