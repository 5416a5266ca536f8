import ArgumentParser
import Foundation
import SegueExport

/// What the commands that run ffmpeg share: its stall timeout and the line a finished video gets.
enum VideoRender {
    /// ffmpeg and ffprobe from PATH, with `SEGUE_FFMPEG_STALL_TIMEOUT`: seconds one may make no
    /// progress before it is stopped (the library's default otherwise).
    static func tools() throws -> FFmpegTools {
        var tools = try FFmpegTools.locate()
        let timeout = ProcessInfo.processInfo.environment["SEGUE_FFMPEG_STALL_TIMEOUT"].flatMap(Double.init)
        if let timeout, timeout > 0 { tools.stallTimeout = timeout }
        return tools
    }

    static func summary(_ result: ExportResult, format: VideoFormat, framesPerSecond: any CustomStringConvertible) -> String {
        "wrote \(result.path): \(result.frames) frames, \(String(format: "%.2f", result.durationSeconds)) s at "
            + "\(framesPerSecond) fps (\(format.rawValue)) in \(String(format: "%.1f", result.elapsedSeconds)) s"
    }
}

/// `--format`: a PNG folder or one of the video formats.
enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
    case png, mp4, webm, gif, mov, mkv

    var video: VideoFormat? { VideoFormat(rawValue: rawValue) }

    /// `--format` if given, else the output's extension (a folder or `.png`: frames).
    static func resolve(_ format: OutputFormat?, out: String) -> OutputFormat {
        format ?? VideoFormat(path: out).flatMap { OutputFormat(rawValue: $0.rawValue) } ?? .png
    }

    /// Extensions of videos and pictures Segue does not write: `--out x.avi` without `--format`
    /// is a mistake, not a request for a folder of PNG frames named `x.mov`.
    static let unsupportedExtensions: Set<String> = [
        "avi", "m4v", "mpg", "mpeg", "ts", "flv", "wmv", "ogv", "apng", "webp", "jpg", "jpeg", "tif", "tiff", "bmp",
    ]

    /// The error for an --out that names a file type Segue cannot write, when no --format says otherwise.
    /// `takesFormat`: whether the command has `--format` (render does, edit does not), so the
    /// suggestion names only an option the user can give.
    static func unsupportedOutput(_ out: String, format: OutputFormat?, takesFormat: Bool = true) -> String? {
        let ext = URL(fileURLWithPath: out).pathExtension.lowercased()
        guard format == nil, unsupportedExtensions.contains(ext) else { return nil }
        return "--out '\(out)': Segue writes .mp4, .mov, .mkv, .webm or .gif videos, or PNG frames into a folder; not .\(ext) "
            + (takesFormat ? "(for a folder of frames by that name, add --format png)" : "(name a .mp4, .mov, .mkv, .webm or .gif file, or a folder for PNG frames)")
    }
}
