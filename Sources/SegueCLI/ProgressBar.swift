import Foundation
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
        return { done, total in bar.update(done: done, total: total) }
    }

    func update(done: Int, total: Int, elapsedSeconds: Double? = nil) {
        let now = DispatchTime.now().uptimeNanoseconds
        let finished = done >= total
        // Redrawing every frame of a fast export costs more than the frame: 10 times a second.
        guard finished || now - lastDraw >= 100_000_000 else { return }
        lastDraw = now
        let elapsed = elapsedSeconds ?? Double(now - start.uptimeNanoseconds) / 1e9
        let line = Self.line(label: label, done: done, total: total, elapsedSeconds: elapsed)
        let padding = String(repeating: " ", count: max(0, lastLength - line.count))
        lastLength = line.count
        FileHandle.standardError.write(Data(("\r" + line + padding + (finished ? "\n" : "")).utf8))
    }

    /// `label [#######.............] 12/60  23.4 fps  ETA 0:02`
    static func line(label: String, done: Int, total: Int, elapsedSeconds: Double, width: Int = 24) -> String {
        let fraction = total > 0 ? min(1, Double(done) / Double(total)) : 0
        let filled = Int((fraction * Double(width)).rounded(.down))
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        let fps = elapsedSeconds > 0 ? Double(done) / elapsedSeconds : 0
        let eta = fps > 0 ? clock(Double(max(0, total - done)) / fps) : "--:--"
        return "\(label) [\(bar)] \(done)/\(total)  \(String(format: "%.1f", fps)) fps  "
            + (done >= total ? "in \(clock(elapsedSeconds))" : "ETA \(eta)")
    }

    private static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        return String(format: "%d:%02d", whole / 60, whole % 60)
    }
}
