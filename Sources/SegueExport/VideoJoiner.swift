import Foundation

/// Puts encoded chunks of one edit (`segue edit --frames A..B`, same settings) together without
/// re-encoding the pictures: ffmpeg's concat demuxer copies their packets one after another.
/// The sound, if any, is decoded and encoded once more as one stream.
public enum VideoJoiner {
    /// Joins `chunks` in order into `path` (written beside it under a hidden name, moved into
    /// place when complete). All must be of the output's format.
    public static func join(_ chunks: [String], to path: String, tools: FFmpegTools? = nil) throws {
        guard chunks.count >= 1 else { throw ExportError.invalidSettings("join needs at least one chunk") }
        guard let format = VideoFormat(path: path), format != .gif else {
            throw ExportError.invalidSettings("join writes .mp4 or .webm, not '\(path)'")
        }
        for chunk in chunks {
            guard VideoFormat(path: chunk) == format else {
                throw ExportError.invalidSettings("chunk '\(chunk)' is not a .\(format.rawValue) like the output '\(path)'")
            }
            guard FileManager.default.isReadableFile(atPath: chunk) else {
                throw ExportError.fileSystem(operation: "read the chunk", path: chunk, reason: "no such file, or not readable")
            }
        }
        let tools = try tools ?? FFmpegTools.locate()
        let withSound = try chunks.map { try ClipProbe(path: $0, tools: tools).hasAudio }
        guard Set(withSound).count == 1 else { throw ExportError.invalidSettings("some chunks have sound and some do not") }
        let file = try PartialFile(destination: path)
        // The pictures of each chunk alone (packets copied): each chunk's sound starts with its
        // encoder's priming before 0, which would shift a whole file's pictures in the concat
        // demuxer; without it every chunk's pictures start at 0 and follow on exactly.
        let pictures = chunks.indices.map { file.partial + ".video-\($0).\(format.rawValue)" }
        let list = file.partial + ".list"
        defer { ([list] + pictures).forEach { unlink($0) } }
        do {
            for (chunk, target) in zip(chunks, pictures) {
                try run(tools, ["-i", chunk, "-map", "0:v", "-c", "copy", "-f", format.rawValue, target])
            }
            // The concat demuxer's list: one `file '...'` line a chunk, a quote written '\''.
            let lines = pictures.map { "file '" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
            guard FileManager.default.createFile(atPath: list, contents: Data((lines.joined(separator: "\n") + "\n").utf8)) else {
                throw ExportError.fileSystem(operation: "write the chunk list", path: list, reason: "cannot create the file")
            }
            var arguments = ["-f", "concat", "-safe", "0", "-i", list]
            if withSound[0], let codec = AudioGraph.codecArguments(format) {
                // The sound is decoded (each chunk's priming and padding dropped) and encoded once
                // more as one stream: a small cost beside the pictures, which are copied.
                arguments += chunks.flatMap { ["-i", $0] } + [
                    "-filter_complex", chunks.indices.map { "[\($0 + 1):a]" }.joined() + "concat=n=\(chunks.count):v=0:a=1[a]",
                    "-map", "0:v", "-c:v", "copy", "-map", "[a]"] + codec
            } else {
                arguments += ["-map", "0:v", "-c:v", "copy"]
            }
            try run(tools, arguments + (format == .mp4 ? ["-movflags", "+faststart"] : []) + ["-f", format.rawValue, file.partial])
            try file.commit()
        } catch {
            file.discard()
            throw error
        }
    }

    private static func run(_ tools: FFmpegTools, _ arguments: [String]) throws {
        let process = try FFmpegProcess(
            executable: tools.ffmpeg, arguments: ["-hide_banner", "-nostdin", "-loglevel", "error", "-y"] + arguments,
            writesInput: false, readsOutput: false)
        let status = process.wait()
        guard status == 0 else { throw ExportError.encoderFailed(status: status, log: process.log) }
    }
}
