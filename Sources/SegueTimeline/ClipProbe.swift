import Foundation
import SegueExport

/// What ffprobe says about a file the edit uses (a clip, a chunk to join, or music): its
/// demuxer, its video's duration and which streams it has.
///
/// `ClipDecoder.probe` vets it first (a regular, readable file whose container is a media file,
/// not a playlist or concat script, which would make ffmpeg read other files); the stream
/// listing then opens it as that demuxer only, through the file protocol only.
struct ClipProbe {
    /// Which containers a file may be: a clip (or chunk) holds video; music may also be a plain
    /// sound file.
    enum Role {
        case clip
        case music
    }

    /// Sound-only containers music may also come in, besides any clip's.
    static let soundDemuxers: Set<String> = ["mp3", "wav", "flac", "aac", "aiff", "w64", "wv", "ac3", "eac3"]

    let demuxer: String
    let duration: Double?
    let hasAudio: Bool
    let hasVideo: Bool

    init(path: String, tools: FFmpegTools, role: Role = .clip) throws(ExportError) {
        let vetted = switch role {
        case .clip: try ClipDecoder.probe(path, tools: tools)
        case .music:
            try ClipDecoder.probe(path, tools: tools, demuxers: ClipDecoder.clipDemuxers.union(Self.soundDemuxers),
                                  limitsFrames: false) {
                .musicFormatRefused(path: $0, format: $1)
            }
        }
        (demuxer, duration) = vetted
        let probe = try FFmpegProcess(
            executable: try tools.requireProbe(),
            arguments: ["-v", "error", "-protocol_whitelist", "file", "-f", demuxer,
                        "-show_entries", "stream=codec_type", "-of", "default=noprint_wrappers=1:nokey=1",
                        ClipDecoder.fileURL(path)],
            writesInput: false, readsOutput: true, stallTimeout: tools.stallTimeout, cleanup: tools.cleanup)
        let text = String(decoding: probe.readAll(), as: UTF8.self)
        guard probe.wait() == .exited(status: 0) else { throw probe.failure { .probeFailed(path: path, exit: $0, log: $1) } }
        let types = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        (hasAudio, hasVideo) = (types.contains("audio"), types.contains("video"))
    }

    /// The ffmpeg input arguments that open `path` as `demuxer`: the file protocol only (a
    /// `file:` URL, so no name is read as an option or a protocol), the demuxer forced so a file
    /// swapped for a playlist since the probe is not read as one.
    static func inputArguments(path: String, demuxer: String) -> [String] {
        ["-protocol_whitelist", "file", "-f", demuxer, "-i", ClipDecoder.fileURL(path)]
    }
}
