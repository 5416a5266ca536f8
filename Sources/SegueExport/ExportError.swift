import SegueOutput

/// Why an export could not be made. Each case carries the values a program needs to act on it,
/// and its description says it in words a user can act on.
public enum ExportError: Error, Equatable, CustomStringConvertible {
    /// No `ffmpeg` (or `ffprobe`) executable where it was looked for.
    case toolMissing(tool: String, searched: [String])
    /// The tool is there but may not be run (no execute permission, or not a regular file).
    case toolNotExecutable(tool: String, path: String)
    /// The output's extension names no format Segue writes.
    case unknownFormat(path: String)
    /// Width or height is zero or negative.
    case frameSizeNotPositive(width: Int, height: Int)
    /// H.264 4:2:0 needs even sides.
    case frameSizeOdd(format: VideoFormat, width: Int, height: Int)
    /// Larger than `ExportSettings.maxSide` a side or `ExportSettings.maxPixels` in all.
    case frameSizeTooLarge(width: Int, height: Int)
    case frameRateOutOfRange(Int)
    case crfNotApplicable(format: VideoFormat)
    case crfOutOfRange(Int, format: VideoFormat)
    case pipelineDepthOutOfRange(Int)
    /// A transition (or a picture export) of more than `ExportInputs.maxTransitionFrames`, or none.
    case frameCountOutOfRange(Int)
    /// A clip offset that is negative, not a number, or more than `ExportInputs.maxHeadFrames`.
    case offsetOutOfRange(seconds: Double, framesPerSecond: Int)
    /// `TransitionExporter.export` was called a second time.
    case exporterAlreadyUsed
    /// ffmpeg exited with an error (or died) while encoding; `log` is the end of its stderr.
    case encoderFailed(exit: ToolExit, log: String)
    /// ffmpeg could not decode an input clip.
    case decoderFailed(path: String, exit: ToolExit, log: String)
    /// ffprobe could not read an input clip.
    case probeFailed(path: String, exit: ToolExit, log: String)
    /// A child made no progress (read or wrote nothing and used no CPU) for `seconds`, and was killed.
    case toolStalled(tool: String, seconds: Double)
    /// A clip that is missing or cannot be read.
    case clipUnreadable(path: String, reason: String)
    /// A clip is not a regular file (a FIFO, a device, a folder): refused before anything opens it.
    case clipNotRegularFile(path: String)
    /// A clip whose container is a playlist, a concat script or anything but a media file:
    /// such "clips" make ffmpeg read other files.
    case clipFormatRefused(path: String, format: String)
    /// A clip whose frames are larger than `ExportSettings.maxPixels` (or `maxSide` a side):
    /// refused from its header before anything decodes it.
    case clipFrameTooLarge(path: String, width: Int, height: Int)
    /// A clip ends before the frames the edit needs from it.
    case clipTooShort(path: String, frames: Int, needed: Int)
    /// A music file whose container is a playlist, a concat script or anything but a media
    /// file (the same danger as `clipFormatRefused`).
    case musicFormatRefused(path: String, format: String)
    /// `frames` asked of an edit is empty or not within its `0..<total` frames.
    case frameRangeOutOfRange(lower: Int, upper: Int, total: Int)
    /// `VideoJoiner.join` was given no chunks.
    case joinWithoutChunks
    /// A join writes MP4 or WebM (pictures are copied, and a GIF has no packets to copy).
    case joinFormatUnsupported(path: String)
    /// A chunk's extension is not the output's format.
    case joinChunkFormatMismatch(chunk: String, output: String)
    /// Some chunks have sound and some do not: `silent` is the first without.
    case joinSoundMismatch(silent: String, sounding: String)
    /// A chunk that is not of the same edit as the first: no Segue chunk tag, another spec or
    /// settings, or streams of another codec, size or rate (`reason` says which).
    case joinChunkForeign(chunk: String, reason: String)
    /// The chunks do not tile the edit: `frames` are in none (after `after`, or at the start).
    case joinChunksMissing(frames: Range<Int>, after: String?)
    /// A chunk that holds frames already joined: repeated, or given out of order.
    case joinChunkOutOfOrder(chunk: String, frames: Range<Int>, expected: Int)
    /// Reading, writing or moving a file failed.
    case output(OutputError)
    /// A bit depth other than 8 or 10, or 10 bits where the format has no such profile (GIF) or
    /// the frames are not converted by the output stage.
    case bitDepthUnsupported(Int, format: VideoFormat?)
    /// The output stage writes Y'CbCr: a description with the `.rgb` matrix has none.
    case outputMatrixUnsupported(String)
    /// `--alpha` to a format that stores no alpha (H.264 and HEVC in .mp4 and .mkv), or with
    /// another setting the alpha encoders do not take (`reason`).
    case alphaUnsupported(format: VideoFormat, reason: String)

    public var description: String {
        switch self {
        case let .toolMissing(tool, searched):
            let places = searched.isEmpty ? "PATH is empty" : "looked in " + searched.joined(separator: ":")
            return "\(tool) is needed for video and GIF export but was not found (\(places)). "
                + "Install the Debian package 'ffmpeg' (apt-get install ffmpeg), or pass its path."
        case let .toolNotExecutable(tool, path):
            return "\(tool) at '\(path)' is not executable (check its permissions, or pass another path)"
        case let .unknownFormat(path):
            return "cannot tell the format of '\(path)': use a .mp4, .webm or .gif name (or --format)"
        case let .frameSizeNotPositive(width, height):
            return "frame size \(width)x\(height) must be positive"
        case let .frameSizeOdd(format, width, height):
            return "\(format.rawValue) (H.264, 4:2:0) needs an even width and height; \(width)x\(height) is not"
        case let .frameSizeTooLarge(width, height):
            return "frame size \(width)x\(height) is too large for video: at most \(ExportSettings.maxSide) pixels a side "
                + "and \(ExportSettings.maxPixels) pixels in all (H.264 and VP9 level 6.2)"
        case let .frameRateOutOfRange(rate):
            return "frame rate \(rate) must be \(ExportSettings.frameRates.lowerBound)...\(ExportSettings.frameRates.upperBound)"
        case let .crfNotApplicable(format):
            return "--crf applies to mp4 and webm, not \(format.rawValue)"
        case let .crfOutOfRange(crf, format):
            let range = format.crfRange ?? 0...0
            return "crf \(crf) is out of range for \(format.rawValue) (\(range.lowerBound)...\(range.upperBound))"
        case let .pipelineDepthOutOfRange(depth):
            return "pipeline depth \(depth) must be 0...16"
        case let .frameCountOutOfRange(frames):
            return "the transition's \(frames) frames are out of range: 1...\(ExportInputs.maxTransitionFrames)"
        case let .offsetOutOfRange(seconds, rate):
            return "offset \(seconds) s must be 0 or more and at most \(ExportInputs.maxHeadFrames) frames at \(rate) fps"
        case .exporterAlreadyUsed:
            return "an exporter makes one export; make another"
        case let .encoderFailed(exit, log):
            return "ffmpeg failed while encoding (\(exit))" + (log.isEmpty ? "" : ": \(log)")
        case let .decoderFailed(path, exit, log):
            return "ffmpeg could not decode '\(path)' (\(exit))" + (log.isEmpty ? "" : ": \(log)")
        case let .probeFailed(path, exit, log):
            return "ffprobe could not read '\(path)' (\(exit))" + (log.isEmpty ? "" : ": \(log)")
        case let .toolStalled(tool, seconds):
            return "\(tool) made no progress for \(seconds.formatted()) s and was stopped (a hung process, one busy without reading or writing, or an input that never ends)"
        case let .clipUnreadable(path, reason):
            return "cannot read the clip '\(path)': \(reason)"
        case let .clipNotRegularFile(path):
            return "clip '\(path)' is not a regular file (a pipe, device or folder); give a video file"
        case let .clipFormatRefused(path, format):
            return "clip '\(path)' is a '\(format)' file, not a video Segue reads as a clip (playlists and concat "
                + "scripts are refused: they make ffmpeg read other files)"
        case let .clipFrameTooLarge(path, width, height):
            return "clip '\(path)' has \(width)x\(height) frames; Segue decodes clips of at most \(ExportSettings.maxSide) "
                + "pixels a side and \(ExportSettings.maxPixels) pixels in all (8K; scale it down first)"
        case let .clipTooShort(path, frames, needed):
            return "clip '\(path)' has \(frames) frames at the export's frame rate but the edit needs \(needed) from it "
                + "(shorten --offset or the transition, or use a longer clip)"
        case let .musicFormatRefused(path, format):
            return "music '\(path)' is a '\(format)' file, not a sound file Segue reads (playlists and concat scripts "
                + "are refused: they make ffmpeg read other files)"
        case let .frameRangeOutOfRange(lower, upper, total):
            return "frames \(lower)..<\(upper) are not within the edit's 0..<\(total)"
        case .joinWithoutChunks:
            return "join needs at least one chunk"
        case let .joinFormatUnsupported(path):
            return "join writes .mp4 or .webm, not '\(path)'"
        case let .joinChunkFormatMismatch(chunk, output):
            return "chunk '\(chunk)' is not of the output's format ('\(output)'); join chunks of one edit's export"
        case let .joinSoundMismatch(silent, sounding):
            return "some chunks have sound and some do not ('\(sounding)' has, '\(silent)' has none)"
        case let .joinChunkForeign(chunk, reason):
            return "chunk '\(chunk)' is not of the same edit as the first: \(reason)"
        case let .joinChunksMissing(frames, after):
            return "frames \(frames.lowerBound)..<\(frames.upperBound) are in no chunk" + (after.map { " (missing after '\($0)')" } ?? " (the first chunk is missing)")
        case let .joinChunkOutOfOrder(chunk, frames, expected):
            return "chunk '\(chunk)' holds frames \(frames.lowerBound)..<\(frames.upperBound) but frame \(expected) comes next: "
                + "a chunk repeated or out of order (give them in the order of their frames)"
        case let .output(error):
            return error.description
        case let .bitDepthUnsupported(depth, format):
            return "\(depth)-bit output" + (format.map { " to .\($0.rawValue)" } ?? "")
                + " is not made: Segue writes 8 bits, or 10 to .mp4, .mkv, .mov and .webm"
        case let .outputMatrixUnsupported(description):
            return "the output stage writes Y'CbCr, and '\(description)' has no Y'CbCr matrix"
        case let .alphaUnsupported(format, reason):
            return "a transparent .\(format.rawValue) is not made: \(reason)"
        }
    }
}

extension ExportError {
    /// `error`, or, when ffmpeg stopped on a full disk (ENOSPC in its log), the error every output
    /// gives for one (`OutputError.noSpace`), naming the file the user asked for rather than
    /// ffmpeg's "file:/proc/self/fd/1".
    package static func namingFullDisk(_ error: any Error, writing purpose: String, to path: String) -> any Error {
        (error as? ExportError)?.namingFullDisk(writing: purpose, to: path) ?? error
    }

    package func namingFullDisk(writing purpose: String, to path: String) -> ExportError {
        guard case let .encoderFailed(_, log) = self, log.contains("No space left on device") else { return self }
        return .output(.noSpace(writing: purpose, path: path))
    }
}

/// How a child process ended.
public enum ToolExit: Equatable, Sendable, CustomStringConvertible {
    case exited(status: Int32)
    case killed(signal: Int32)

    public var description: String {
        switch self {
        // ffmpeg and ffprobe catch SIGTERM, SIGINT and SIGQUIT and exit with 255: said, or a
        // SIGTERM from outside reads as a failure of ffmpeg's own.
        case let .exited(status): "exit status \(status)" + (status == 255 ? ", as ffmpeg exits when a signal (SIGTERM, SIGINT) stops it" : "")
        case let .killed(signal): "killed by signal \(signal)" + (Self.signalNames[signal].map { " (\($0))" } ?? "")
        }
    }

    static let signalNames: [Int32: String] = [
        1: "SIGHUP", 2: "SIGINT", 3: "SIGQUIT", 4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE",
        9: "SIGKILL", 10: "SIGUSR1", 11: "SIGSEGV", 12: "SIGUSR2", 13: "SIGPIPE", 14: "SIGALRM", 15: "SIGTERM",
        24: "SIGXCPU", 25: "SIGXFSZ",
    ]
}

extension Double {
    /// Seconds as a user reads them: 2, 0.5.
    fileprivate func formatted() -> String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
