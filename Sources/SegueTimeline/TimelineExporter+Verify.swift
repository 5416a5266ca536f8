import Foundation
import SegueExport
import SegueOutput

/// A finished video that is not what the export asked ffmpeg for (another container, no video
/// stream or several, another size, frames missing or added): it is removed, never moved into
/// place. An ffmpeg that exits 0 is not taken at its word.
public struct OutputVerificationError: Error, Equatable, CustomStringConvertible {
    /// The output the caller asked for (nothing is left there).
    public let path: String
    /// What ffprobe found instead of what was asked.
    public let reason: String

    public var description: String {
        "'\(path)': ffmpeg's output is not the video asked for (\(reason)); it was removed, nothing was written"
    }
}

extension TimelineExporter {
    /// The demuxer that reads `format` back: the one `verify` forces, so a file of another kind
    /// (a playlist, a concat script, junk) fails to open instead of being read as what it is.
    static func verificationDemuxer(_ format: VideoFormat) -> String {
        switch format {
        case .mp4, .mov: "mov"
        case .mkv, .webm: "matroska"
        case .gif: "gif"
        }
    }

    /// Checks that `file` holds what this export asked for (from its boxes when it is a whole
    /// MP4 or MOV that does, else with ffprobe): its container, one video
    /// stream of the plan's size with exactly `frames` frames (packets: every frame of an edit
    /// is one), one sound stream when the edit has sound and the format carries it, and one
    /// subtitle stream when `subtitles`. Nothing else is trusted of the encoder's exit status.
    func verify(_ file: PartialFile, frames: Int, range: Range<Int>, subtitles: Bool) throws {
        let destination = file.destination.path
        func mismatch(_ reason: String) -> OutputVerificationError { OutputVerificationError(path: destination, reason: reason) }
        let sound = soundArguments(range: range) != nil ? 1 : 0
        // An MP4 or MOV that is whole and holds exactly what was asked is read from its own boxes;
        // anything else goes to ffprobe, which says what is wrong (`MP4Tracks` only accepts).
        if [.mp4, .mov].contains(settings.format), let tracks = MP4Tracks(path: file.partial.path),
           tracks.are(width: plan.width, height: plan.height, frames: frames, audio: sound, subtitles: subtitles ? 1 : 0) { return }
        let demuxer = Self.verificationDemuxer(settings.format)
        let probe = try FFmpegProcess(
            executable: try tools.requireProbe(),
            arguments: ["-v", "error", "-protocol_whitelist", "file", "-f", demuxer, "-count_packets",
                        "-show_entries", "stream=codec_type,width,height,nb_read_packets", "-of", "json",
                        ClipDecoder.fileURL(file.partial.path)],
            writesInput: false, readsOutput: true, stallTimeout: tools.stallTimeout, cleanup: tools.cleanup)
        let text = probe.readAll()
        guard probe.wait() == .exited(status: 0) else {
            throw mismatch("ffprobe cannot read it as \(settings.format.rawValue): \(probe.failure { .probeFailed(path: destination, exit: $0, log: $1) })")
        }
        let json = (try? JSONSerialization.jsonObject(with: text)) as? [String: Any]
        let streams = (json?["streams"] as? [[String: Any]]) ?? []
        func of(_ type: String) -> [[String: Any]] { streams.filter { ($0["codec_type"] as? String) == type } }
        let video = of("video")
        guard video.count == 1, let stream = video.first else { throw mismatch("\(video.count) video streams, not 1") }
        let (width, height) = ((stream["width"] as? Int) ?? 0, (stream["height"] as? Int) ?? 0)
        guard width == plan.width, height == plan.height else {
            throw mismatch("its video is \(width)x\(height), not \(plan.width)x\(plan.height)")
        }
        let counted = (stream["nb_read_packets"] as? String).flatMap { Int($0) } ?? -1
        guard counted == frames else { throw mismatch("\(counted < 0 ? "an unknown number of" : String(counted)) frames, not \(frames)") }
        guard of("audio").count == sound else { throw mismatch("\(of("audio").count) sound streams, not \(sound)") }
        guard of("subtitle").count == (subtitles ? 1 : 0) else {
            throw mismatch("\(of("subtitle").count) subtitle streams, not \(subtitles ? 1 : 0)")
        }
    }
}
