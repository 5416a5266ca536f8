import Foundation
import SegueOutput

/// Where the `ffmpeg` and `ffprobe` executables are. Looked up once, before anything is
/// rendered, so a missing ffmpeg is a clear error rather than a failure halfway through.
/// Clips need ffprobe, and so does an edit, whose finished video is read back with it; a
/// transition between two pictures (`TransitionExporter`) runs without it.
public struct FFmpegTools: Sendable, Equatable {
    public let ffmpeg: URL
    /// Beside `ffmpeg`; nil when there is none there.
    public let ffprobe: URL?
    /// Seconds a child may go without progress (reading or writing a byte for Segue, or using
    /// CPU) while Segue waits for it, before it is killed and `ExportError.toolStalled` thrown.
    public var stallTimeout: Double = 60
    /// Where the children are registered, so an interrupt kills them (`InterruptCleanup.shared`,
    /// the program's, unless a caller — a test — gives its own).
    public var cleanup = InterruptCleanup.shared
    /// ffprobe's answers about files, shared by every copy of these tools (see `ProbeCache`).
    package let probes = ProbeCache()
    /// Answers the plan's questions about clips and sounds instead of ffprobe (the fuzzer's
    /// seam, see `MediaProber`); nil runs ffprobe.
    @_spi(Probing) public var prober: (any MediaProber)?

    public static func == (a: FFmpegTools, b: FFmpegTools) -> Bool {
        a.ffmpeg == b.ffmpeg && a.ffprobe == b.ffprobe && a.stallTimeout == b.stallTimeout && a.cleanup === b.cleanup
            && (a.prober == nil) == (b.prober == nil)
    }

    /// Uses `ffmpeg` at an explicit path; `ffprobe` is looked for beside it.
    public init(ffmpegPath: String) throws(ExportError) {
        let ffmpeg = URL(fileURLWithPath: ffmpegPath)
        try Self.checkExecutable(ffmpeg, tool: "ffmpeg")
        let ffprobe = ffmpeg.deletingLastPathComponent().appendingPathComponent("ffprobe")
        self.ffmpeg = ffmpeg
        self.ffprobe = FileManager.default.fileExists(atPath: ffprobe.path) ? ffprobe : nil
    }

    /// Finds ffmpeg on `PATH` (the process's own unless given). A non-executable `ffmpeg` on the
    /// path is reported as such when no executable one comes after it.
    public static func locate(path: String? = ProcessInfo.processInfo.environment["PATH"]) throws(ExportError) -> FFmpegTools {
        let directories = ProgramSearch.directories(path ?? "")
        if let found = ProgramSearch.find("ffmpeg", path: path ?? "") { return try FFmpegTools(ffmpegPath: found.path) }
        let candidates = directories.map { URL(fileURLWithPath: $0).appendingPathComponent("ffmpeg").path }
        if let notExecutable = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) {
            throw .toolNotExecutable(tool: "ffmpeg", path: notExecutable)
        }
        throw .toolMissing(tool: "ffmpeg", searched: directories)
    }

    /// ffprobe, which clips need; a typed error when there is none beside ffmpeg or it cannot run.
    package func requireProbe() throws(ExportError) -> URL {
        guard let ffprobe else {
            throw .toolMissing(tool: "ffprobe", searched: [ffmpeg.deletingLastPathComponent().path])
        }
        try Self.checkExecutable(ffprobe, tool: "ffprobe")
        return ffprobe
    }

    private static func checkExecutable(_ url: URL, tool: String) throws(ExportError) {
        guard FileManager.default.fileExists(atPath: url.path) else { throw .toolMissing(tool: tool, searched: [url.path]) }
        guard ProgramSearch.isExecutableFile(url.path) else {
            throw .toolNotExecutable(tool: tool, path: url.path)
        }
    }
}
