import Foundation
import SegueOutput

/// A finished video read back with ffprobe before it is moved into place: an ffmpeg that exits 0
/// is not taken at its word (a broken or substituted one can write anything). The render's and
/// the join's check; an edit's is `OutputVerificationError`'s, in SegueTimeline, in the same words.
package enum FinishedVideoCheck {
    /// What the file must hold: one video stream of this size with `frames` frames (nil: any
    /// number), and this many sound streams.
    package struct Expected {
        package var width: Int, height: Int, frames: Int?, sound: Int
        package init(width: Int, height: Int, frames: Int?, sound: Int) {
            (self.width, self.height, self.frames, self.sound) = (width, height, frames, sound)
        }
    }

    /// The demuxer that reads `format` back, forced, so a file of another kind (a playlist, a
    /// concat script, junk) fails to open instead of being read as what it is.
    package static func demuxer(_ format: VideoFormat) -> String {
        switch format {
        case .mp4, .mov: "mov"
        case .mkv, .webm: "matroska"
        case .gif: "gif"
        }
    }

    /// What ffprobe reads of a file: its video streams (size, frames) and how many sound streams
    /// it has, or why it cannot read it as the format asked for.
    package struct ReadBack {
        package var video: [(width: Int, height: Int, frames: Int)] = []
        package var sound = 0
        package var unreadable: String?
    }

    /// `path` read back as `format` by ffprobe, its frames counted (packets: every frame of a
    /// render is one).
    package static func read(_ path: String, format: VideoFormat, tools: FFmpegTools) throws(ExportError) -> ReadBack {
        let probe = try FFmpegProcess(
            executable: try tools.requireProbe(),
            arguments: ["-v", "error", "-protocol_whitelist", "file", "-f", demuxer(format), "-count_packets",
                        "-show_entries", "stream=codec_type,width,height,nb_read_packets", "-of", "json", ClipDecoder.fileURL(path)],
            writesInput: false, readsOutput: true, stallTimeout: tools.stallTimeout, cleanup: tools.cleanup)
        let text = probe.readAll()
        guard probe.wait() == .exited(status: 0), !probe.stalled else {
            let failure = probe.failure { .probeFailed(path: path, exit: $0, log: $1) }
            return ReadBack(unreadable: "ffprobe cannot read it as \(format.rawValue): \(failure)")
        }
        let json = (try? JSONSerialization.jsonObject(with: text)) as? [String: Any]
        let streams = (json?["streams"] as? [[String: Any]]) ?? []
        let video = streams.filter { ($0["codec_type"] as? String) == "video" }.map { stream in
            ((stream["width"] as? Int) ?? 0, (stream["height"] as? Int) ?? 0,
             (stream["nb_read_packets"] as? String).flatMap { Int($0) } ?? -1)
        }
        return ReadBack(video: video, sound: streams.filter { ($0["codec_type"] as? String) == "audio" }.count)
    }

    /// Throws, naming `destination`, unless the partial file `path` holds what `expected` says.
    package static func verify(_ path: String, destination: String, format: VideoFormat, expected: Expected,
                               tools: FFmpegTools) throws(ExportError) {
        if let reason = mismatch(try read(path, format: format, tools: tools), expected) {
            throw refusal(destination: destination, reason: reason)
        }
    }

    static func mismatch(_ found: ReadBack, _ expected: Expected) -> String? {
        if let unreadable = found.unreadable { return unreadable }
        guard found.video.count == 1, let video = found.video.first else { return "\(found.video.count) video streams, not 1" }
        guard video.width == expected.width, video.height == expected.height else {
            return "its video is \(video.width)x\(video.height), not \(expected.width)x\(expected.height)"
        }
        if let frames = expected.frames, video.frames != frames {
            return "\(video.frames < 0 ? "an unknown number of" : String(video.frames)) frames, not \(frames)"
        }
        guard found.sound == expected.sound else { return "\(found.sound) sound streams, not \(expected.sound)" }
        return nil
    }

    /// The error for a finished file that is not the video asked for; the caller removes it.
    package static func refusal(destination: String, reason: String) -> ExportError {
        .output(OutputError("keep ffmpeg's output as", path: destination,
                            reason: "it is not the video asked for (\(reason)); it was removed, nothing was written"))
    }
}
