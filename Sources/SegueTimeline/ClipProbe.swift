import Foundation
import SegueColor
import SegueExport

/// What ffprobe says about a file the edit uses (a clip, a chunk to join, or music): its
/// demuxer, its video's duration, which streams it has and its video's transfer curve.
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
    /// The first video stream's `color_transfer` (nil untagged): HLG and PQ clips are HDR.
    let transfer: TransferCharacteristic?

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
                        "-show_entries", "stream=codec_type,color_transfer", "-of", "csv=p=0",
                        ClipDecoder.fileURL(path)],
            writesInput: false, readsOutput: true, stallTimeout: tools.stallTimeout, cleanup: tools.cleanup)
        let text = String(decoding: probe.readAll(), as: UTF8.self)
        guard probe.wait() == .exited(status: 0) else { throw probe.failure { .probeFailed(path: path, exit: $0, log: $1) } }
        // A line a stream: "video,arib-std-b67", "audio," (the transfer empty where it has none).
        let streams = text.split(whereSeparator: \.isNewline).map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let types = streams.compactMap(\.first)
        (hasAudio, hasVideo) = (types.contains("audio"), types.contains("video"))
        transfer = streams.first { $0.first == "video" }.flatMap { $0.count > 1 ? TransferCharacteristic(ffmpegName: $0[1]) : nil }
    }

    /// The ffmpeg input arguments that open `path` as `demuxer`: the file protocol only (a
    /// `file:` URL, so no name is read as an option or a protocol), the demuxer forced so a file
    /// swapped for a playlist since the probe is not read as one.
    static func inputArguments(path: String, demuxer: String) -> [String] {
        ["-protocol_whitelist", "file", "-f", demuxer, "-i", ClipDecoder.fileURL(path)]
    }
}
