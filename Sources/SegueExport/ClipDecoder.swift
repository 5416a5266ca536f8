import Foundation

/// A video clip decoded by ffmpeg into RGBA frames of the export's size and frame rate, read
/// one at a time from its stdout: no frame touches the disk. The picture is scaled to cover
/// the frame (centre crop), as still pictures are. Audio is ignored.
final class ClipDecoder {
    let path: String
    /// Frames at the export's rate, from the container's duration (an estimate for progress
    /// and for checking the edit up front; the decoded stream is the truth).
    let estimatedFrames: Int
    private let process: FFmpegProcess
    private(set) var framesRead = 0
    private var ended = false

    init(path: String, tools: FFmpegTools, width: Int, height: Int, framesPerSecond: Int) throws {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw ExportError.fileSystem(operation: "read the clip", path: path, reason: "no such file, or not readable")
        }
        self.path = path
        let seconds = try Self.duration(of: path, tools: tools)
        estimatedFrames = Int((seconds * Double(framesPerSecond)).rounded())
        let filters = "fps=\(framesPerSecond),scale=\(width):\(height):force_original_aspect_ratio=increase,"
            + "crop=\(width):\(height),setsar=1"
        process = try FFmpegProcess(
            executable: tools.ffmpeg,
            arguments: ["-hide_banner", "-nostdin", "-loglevel", "error", "-i", path, "-an", "-sn",
                        "-vf", filters, "-f", "rawvideo", "-pix_fmt", "rgba", "pipe:1"],
            writesInput: false, readsOutput: true)
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
