import Foundation
import Glibc
import SegueExport
import SegueTimeline

/// What `segue edit` reports: the edit's length before rendering, then progress as a terminal
/// bar or as JSON lines on stdout (`{"frame":12,"total":300,"fps":41.5,"eta":6.9}`) for scripts,
/// at most ten a second plus the last, then a summary.
final class EditProgress {
    private let style: EditCommand.ProgressStyle
    /// Whether the output carries sound (MP4, WebM); GIF and PNG frames do not.
    var carriesSound = true
    private let bar: ProgressBar?
    private var lastLine: UInt64 = 0

    init(style: EditCommand.ProgressStyle, label: String) {
        self.style = style
        bar = style == .bar ? ProgressBar(label: label, quiet: false) : nil
    }

    func start(plan: EditPlan, range: Range<Int>) {
        let seconds = Double(plan.totalFrames) / Double(plan.framesPerSecond)
        switch style {
        case .bar:
            let chunk = range.count == plan.totalFrames ? "" : "; rendering frames \(range.lowerBound)..\(range.upperBound)"
            print("edit: \(plan.items.count) items, \(plan.transitions.filter { $0.frames > 0 }.count) transitions, "
                + "\(String(format: "%.2f", seconds)) s = \(plan.totalFrames) frames at \(plan.frameRate.ffmpegText) fps, "
                + "\(plan.width)x\(plan.height)" + (plan.hasAudio ? (carriesSound ? ", with sound" : ", its sound left out (GIF and PNG frames have none)") : "") + chunk)
        case .json:
            emit(["event": "start", "total": range.count, "frames": plan.totalFrames, "seconds": seconds,
                  "first": range.lowerBound, "fps": plan.framesPerSecond])
        case .none:
            break
        }
    }

    func update(_ progress: ExportProgress) {
        switch style {
        case .bar:
            bar?.update(progress)
        case .json:
            let now = DispatchTime.now().uptimeNanoseconds
            guard progress.isFinished || now - lastLine >= 100_000_000 else { return }
            lastLine = now
            var object: [String: Any] = ["frame": progress.framesDone, "total": progress.totalFrames,
                                         "fps": (progress.framesPerSecond * 10).rounded() / 10]
            // null until the rate is known, never a missing key.
            if let eta = progress.remainingSeconds { object["eta"] = (eta * 10).rounded() / 10 } else { object["eta"] = NSNull() }
            emit(object)
        case .none:
            break
        }
    }

    func finish(path: String, frames: Int, elapsed: Double, summary: String) {
        switch style {
        case .bar: print(summary)
        case .json: emit(["event": "done", "path": path, "frames": frames, "elapsed": (elapsed * 100).rounded() / 100])
        case .none: break
        }
    }

    private func emit(_ object: [String: Any]) {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else { return }
        // write(2), not FileHandle.write: a reader that went away (`| head`) must not crash the
        // render; the command ignores SIGPIPE (`InterruptHandling`), so the write just fails. A line is far below
        // PIPE_BUF, so it arrives whole.
        let line = data + Data("\n".utf8)
        _ = line.withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }
}
