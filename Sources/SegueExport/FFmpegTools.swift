import Foundation

/// Where the `ffmpeg` and `ffprobe` executables are. Looked up once, before anything is
/// rendered, so a missing ffmpeg is a clear error rather than a failure halfway through.
public struct FFmpegTools: Sendable, Equatable {
    public let ffmpeg: URL
    public let ffprobe: URL

    /// Uses `ffmpeg` at an explicit path; `ffprobe` is expected beside it.
    public init(ffmpegPath: String) throws {
        let ffmpeg = URL(fileURLWithPath: ffmpegPath)
        guard FileManager.default.isExecutableFile(atPath: ffmpeg.path) else {
            throw ExportError.toolMissing(tool: "ffmpeg", searched: [ffmpeg.path])
        }
        let ffprobe = ffmpeg.deletingLastPathComponent().appendingPathComponent("ffprobe")
        guard FileManager.default.isExecutableFile(atPath: ffprobe.path) else {
            throw ExportError.toolMissing(tool: "ffprobe", searched: [ffprobe.path])
        }
        self.ffmpeg = ffmpeg
        self.ffprobe = ffprobe
    }

    /// Finds both tools on `PATH` (the process's own unless given).
    public static func locate(path: String? = ProcessInfo.processInfo.environment["PATH"]) throws -> FFmpegTools {
        let directories = (path ?? "").split(separator: ":").map(String.init).filter { !$0.isEmpty }
        for directory in directories {
            let candidate = URL(fileURLWithPath: directory).appendingPathComponent("ffmpeg").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return try FFmpegTools(ffmpegPath: candidate) }
        }
        throw ExportError.toolMissing(tool: "ffmpeg", searched: directories)
    }
}
