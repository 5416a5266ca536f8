import Foundation

/// What ffprobe says about a clip the edit uses: its video's duration and whether it has sound.
struct ClipProbe {
    let duration: Double?
    let hasAudio: Bool
    let hasVideo: Bool

    init(path: String, tools: FFmpegTools) throws {
        duration = try ClipDecoder.duration(of: path, tools: tools)
        let probe = try FFmpegProcess(
            executable: tools.ffprobe,
            arguments: ["-v", "error", "-show_entries", "stream=codec_type", "-of", "default=noprint_wrappers=1:nokey=1", path],
            writesInput: false, readsOutput: true)
        let text = String(decoding: probe.readAll(), as: UTF8.self)
        let status = probe.wait()
        guard status == 0 else { throw ExportError.decoderFailed(path: path, status: status, log: probe.log) }
        let types = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        (hasAudio, hasVideo) = (types.contains("audio"), types.contains("video"))
    }
}
