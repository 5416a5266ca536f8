import Foundation
import SegueEffects

/// A video clip decoded by ffmpeg into RGBA frames of the export's size and frame rate, read
/// one at a time from its stdout: no frame touches the disk. The picture is fitted to the
/// frame by a `ResizeMode`, as the effects fit still pictures. Audio is ignored.
final class ClipDecoder {
    let path: String
    /// Frames at the export's rate, from the duration ffprobe reports (an estimate for progress
    /// and for checking the edit up front; the decoded stream is the truth); nil when the
    /// duration is unknown, as for raw streams.
    let estimatedFrames: Int?
    private let process: FFmpegProcess
    private(set) var framesRead = 0
    private var ended = false

    /// `start` (seconds) seeks into the clip first, exactly (ffmpeg decodes from the keyframe
    /// before and drops what precedes); `frameLimit` stops the decoder after that many frames.
    init(path: String, tools: FFmpegTools, width: Int, height: Int, framesPerSecond: Int, fit: ResizeMode,
         start: Double = 0, frameLimit: Int? = nil) throws {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw ExportError.fileSystem(operation: "read the clip", path: path, reason: "no such file, or not readable")
        }
        self.path = path
        let frames = try Self.duration(of: path, tools: tools).map { ($0 * Double(framesPerSecond)).rounded() }
        // A claim beyond any real clip (or one no Int holds) says nothing: treated as unknown.
        estimatedFrames = frames.flatMap { $0 <= 1e9 ? Int($0) : nil }
        // Square pixels first (an anamorphic 1440x1080 clip with SAR 4:3 is 1920x1080 on screen),
        // so the fit sees the picture's displayed shape.
        let filters = "fps=\(framesPerSecond),scale=iw*sar:ih,setsar=1,"
            + Self.fitFilters(fit, width: width, height: height) + ",setsar=1"
        process = try FFmpegProcess(
            executable: tools.ffmpeg,
            arguments: ["-hide_banner", "-nostdin", "-loglevel", "error"] + (start > 0 ? ["-ss", String(start)] : [])
                + ["-i", path, "-an", "-sn", "-vf", filters] + (frameLimit.map { ["-frames:v", String($0)] } ?? [])
                + ["-f", "rawvideo", "-pix_fmt", "rgba", "pipe:1"],
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

    /// The video's duration in seconds as ffprobe reports it; nil when it is not known. A file
    /// ffprobe cannot read is an error.
    static func duration(of path: String, tools: FFmpegTools) throws -> Double? {
        let probe = try FFmpegProcess(
            executable: tools.ffprobe,
            arguments: ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=duration:format=duration",
                        "-of", "default=noprint_wrappers=1:nokey=1", path],
            writesInput: false, readsOutput: true)
        let text = String(decoding: probe.readAll(), as: UTF8.self)
        let status = probe.wait()
        guard status == 0 else { throw ExportError.decoderFailed(path: path, status: status, log: probe.log) }
        return parseDuration(text)
    }

    /// ffprobe's stream duration, else the container's (its lines in that order); `N/A`, which
    /// raw streams and some pipes give for both, is nil.
    static func parseDuration(_ text: String) -> Double? {
        text.split(whereSeparator: \.isNewline)
            .compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            .first { $0.isFinite && $0 > 0 }
    }
}
