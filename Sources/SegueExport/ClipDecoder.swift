import Foundation
import SegueEffects

/// A video clip decoded by ffmpeg into RGBA frames of the export's size and frame rate, read
/// one at a time from its stdout: no frame touches the disk. The picture is fitted to the
/// frame by a `ResizeMode`, as the effects fit still pictures. Audio is ignored.
final class ClipDecoder {
    let path: String
    /// Frames at the export's rate, from the container's duration (an estimate for progress
    /// and for checking the edit up front; the decoded stream is the truth).
    let estimatedFrames: Int
    private let process: FFmpegProcess
    private(set) var framesRead = 0
    private var ended = false

    init(path: String, tools: FFmpegTools, width: Int, height: Int, framesPerSecond: Int, fit: ResizeMode) throws {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw ExportError.fileSystem(operation: "read the clip", path: path, reason: "no such file, or not readable")
        }
        self.path = path
        let seconds = try Self.duration(of: path, tools: tools)
        estimatedFrames = Int((seconds * Double(framesPerSecond)).rounded())
        let filters = "fps=\(framesPerSecond)," + Self.fitFilters(fit, width: width, height: height) + ",setsar=1"
        process = try FFmpegProcess(
            executable: tools.ffmpeg,
            arguments: ["-hide_banner", "-nostdin", "-loglevel", "error", "-i", path, "-an", "-sn",
                        "-vf", filters, "-f", "rawvideo", "-pix_fmt", "rgba", "pipe:1"],
            writesInput: false, readsOutput: true)
    }

    /// ffmpeg filters that fit a frame to width x height. Clips are uploaded at the export's
    /// size (one texture each, refilled per frame), so ffmpeg does the fitting the effects do for
    /// still pictures at their own size.
    static func fitFilters(_ fit: ResizeMode, width: Int, height: Int) -> String {
        switch fit {
        case .cover:
            "scale=\(width):\(height):force_original_aspect_ratio=increase,crop=\(width):\(height)"
        case .contain:
            // In RGBA before the pad, so the bars are transparent (black@0) as an effect's are.
            "format=rgba,scale=\(width):\(height):force_original_aspect_ratio=decrease,"
                + "pad=\(width):\(height):(ow-iw)/2:(oh-ih)/2:color=black@0"
        case .stretch:
            "scale=\(width):\(height)"
        }
    }

    /// Reads the next frame into `buffer`. Returns false at the end of the clip; a decoding
    /// error is thrown, not taken for the end.
    func readFrame(into buffer: UnsafeMutableRawBufferPointer) throws -> Bool {
        guard !ended else { return false }
        let count = process.read(into: buffer)
        if count == buffer.count {
            framesRead += 1
            return true
        }
        ended = true
        let status = process.wait()
        guard status == 0, count == 0 else {
            throw ExportError.decoderFailed(path: path, status: status, log: count == 0 ? process.log : "truncated frame; " + process.log)
        }
        return false
    }

    /// Stops decoding (the rest of the clip is not needed).
    func close() {
        guard !ended else { return }
        ended = true
        process.stop()
    }

    /// The container's duration in seconds, from ffprobe.
    static func duration(of path: String, tools: FFmpegTools) throws -> Double {
        let probe = try FFmpegProcess(
            executable: tools.ffprobe,
            arguments: ["-v", "error", "-select_streams", "v:0", "-show_entries", "format=duration",
                        "-of", "default=noprint_wrappers=1:nokey=1", path],
            writesInput: false, readsOutput: true)
        let text = String(decoding: probe.readAll(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let status = probe.wait()
        guard status == 0, let seconds = Double(text), seconds.isFinite, seconds > 0 else {
            throw ExportError.decoderFailed(path: path, status: status, log: probe.log.isEmpty ? "no video duration" : probe.log)
        }
        return seconds
    }
}
