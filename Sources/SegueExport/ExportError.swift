/// Why an export could not be made. Each case says what failed in words a user can act on.
public enum ExportError: Error, Equatable, CustomStringConvertible {
    /// No `ffmpeg` (or `ffprobe`) executable where it was looked for.
    case toolMissing(tool: String, searched: [String])
    /// The output's extension names no format Segue writes.
    case unknownFormat(path: String)
    /// A setting out of range or not applicable to the format.
    case invalidSettings(String)
    /// ffmpeg exited with an error (or died) while encoding; `log` is the end of its stderr.
    case encoderFailed(status: Int32, log: String)
    /// ffmpeg could not decode an input clip.
    case decoderFailed(path: String, status: Int32, log: String)
    /// A clip ends before the frames the edit needs from it.
    case clipTooShort(path: String, frames: Int, needed: Int)
    /// Reading, writing or moving a file failed.
    case fileSystem(operation: String, path: String, reason: String)

    public var description: String {
        switch self {
        case let .toolMissing(tool, searched):
            let places = searched.isEmpty ? "PATH is empty" : "looked in " + searched.joined(separator: ":")
            return "\(tool) is needed for video and GIF export but was not found (\(places)). "
                + "Install the Debian package 'ffmpeg' (apt-get install ffmpeg), or pass its path."
        case let .unknownFormat(path):
            return "cannot tell the format of '\(path)': use a .mp4, .webm or .gif name (or --format)"
        case let .invalidSettings(message):
            return message
        case let .encoderFailed(status, log):
            return "ffmpeg failed while encoding (exit status \(status))" + (log.isEmpty ? "" : ": \(log)")
        case let .decoderFailed(path, status, log):
            return "ffmpeg could not decode '\(path)' (exit status \(status))" + (log.isEmpty ? "" : ": \(log)")
        case let .clipTooShort(path, frames, needed):
            return "clip '\(path)' has \(frames) frames at the export's frame rate but the edit needs \(needed) from it "
                + "(shorten --offset or the transition, or use a longer clip)"
        case let .fileSystem(operation, path, reason):
            return "could not \(operation) '\(path)': \(reason)"
        }
    }
}
