import Foundation

/// What answers the two questions an edit's plan asks of ffprobe about each clip and sound,
/// in ffprobe's own words, so the same parsing reads them: a seam for the fuzzer, which plans
/// clips and sounds with answers made from its input and no process started (Fuzz/,
/// docs/TestSuite.md "Fuzzing"). Set on `FFmpegTools.prober`; nil (the default) runs ffprobe.
/// Not a promise to users (SPI `Probing`): the questions follow the planner's needs.
@_spi(Probing) public protocol MediaProber: Sendable {
    /// ffprobe's answer to `question` about the file at `path` (a regular, readable file).
    func answer(_ question: MediaProbeQuestion, path: String) -> MediaProbeAnswer
}

/// The questions `MediaProber` answers.
@_spi(Probing) public enum MediaProbeQuestion: Sendable, Equatable {
    /// Which container `path` is (ffprobe opens it only as one of `demuxers`: else it exits
    /// non-zero with `[NAME @ …] Format not on whitelist` in its log) and its first video
    /// stream's duration, width and height: `key=value` lines (`format_name`, `duration`,
    /// `width`, `height`), as `-of default=noprint_wrappers=1` writes them.
    case vet(demuxers: Set<String>)
    /// Every stream of `path` opened as `demuxer`, as `-show_streams -show_data -of json` writes
    /// them (`{"streams": [{"codec_type": "video", …}]}`).
    case streams(demuxer: String)
}

/// What ffprobe wrote on its standard output, how it ended, and the end of its log.
@_spi(Probing) public struct MediaProbeAnswer: Sendable, Equatable {
    public var output: Data
    public var exit: ToolExit
    public var log: String

    public init(output: Data, exit: ToolExit = .exited(status: 0), log: String = "") {
        (self.output, self.exit, self.log) = (output, exit, log)
    }
}
