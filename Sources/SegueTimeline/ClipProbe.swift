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
        // The stream listing every reader of the clip shares (`FFmpegTools.streamListing`).
        let listing = try tools.streamListing(path: path, demuxer: demuxer)
        let streams = ((try? JSONSerialization.jsonObject(with: listing)) as? [String: Any])?["streams"] as? [[String: Any]] ?? []
        let types = streams.compactMap { $0["codec_type"] as? String }
        (hasAudio, hasVideo) = (types.contains("audio"), types.contains("video"))
        transfer = (streams.first { $0["codec_type"] as? String == "video" }?["color_transfer"] as? String)
            .flatMap(TransferCharacteristic.init(ffmpegName:))
    }

    /// The ffmpeg input arguments that open `path` as `demuxer`: the file protocol only (a
    /// `file:` URL, so no name is read as an option or a protocol), the demuxer forced so a file
    /// swapped for a playlist since the probe is not read as one.
    static func inputArguments(path: String, demuxer: String) -> [String] {
        ["-protocol_whitelist", "file", "-f", demuxer, "-i", ClipDecoder.fileURL(path)]
    }
}
