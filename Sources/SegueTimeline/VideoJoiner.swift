import Foundation
import SegueExport
import SegueOutput
#if canImport(Glibc)
import Glibc
#endif

/// Puts encoded chunks of one edit (`segue edit --frames A..B`, same settings) together without
/// re-encoding the pictures: ffmpeg's concat demuxer copies their packets one after another.
/// The sound, if any, is decoded, each chunk's cut to its frames, and encoded once more as one
/// stream. Every chunk must carry the tag its render wrote (`ChunkTag`): the join checks that
/// they are of one edit and settings, and hold its frames once each, in order.
///
/// Chunks are user input exactly like clips: each is vetted by `ClipProbe` (a regular file
/// whose container is a media file, never a playlist or concat script) and opened as the demuxer
/// found, through the file protocol only. The concat list is Segue's own: it names only the
/// files this join made (see `concatList`).
public enum VideoJoiner {
    /// Joins `chunks` in order into `path` (written beside it under a hidden name, moved into
    /// place when complete; see `PartialFile`). All must be of the output's format.
    public static func join(_ chunks: [String], to path: String, tools: FFmpegTools? = nil) throws(ExportError) {
        guard !chunks.isEmpty else { throw .joinWithoutChunks }
        guard let format = VideoFormat(path: path), format != .gif else { throw .joinFormatUnsupported(path: path) }
        for chunk in chunks where VideoFormat(path: chunk) != format {
            throw .joinChunkFormatMismatch(chunk: chunk, output: path)
        }
        do { try OutputPath.refuseInputs(chunks, asOutput: path) } catch { throw .output(error) }
        let tools = if let tools { tools } else { try FFmpegTools.locate() }
        var probes: [ClipProbe] = []
        for chunk in chunks { probes.append(try ClipProbe(path: chunk, tools: tools)) }
        var identities: [ChunkIdentity] = []
        for (chunk, probe) in zip(chunks, probes) { identities.append(try ChunkIdentity(path: chunk, demuxer: probe.demuxer, tools: tools)) }
        let tags = try checkedTags(chunks, identities)
        let withSound = probes[0].hasAudio
        if let odd = probes.firstIndex(where: { $0.hasAudio != withSound }) {
            let (silent, sounding) = withSound ? (chunks[odd], chunks[0]) : (chunks[0], chunks[odd])
            throw .joinSoundMismatch(silent: silent, sounding: sounding)
        }
        let file = try partialFile(path, "the joined video", tools.cleanup)
        do throws(ExportError) {
            // The pictures of each chunk alone (packets copied): each chunk's sound starts with its
            // encoder's priming before 0, which would shift a whole file's pictures in the concat
            // demuxer; without it every chunk's pictures start at 0 and follow on exactly. Each
            // goes into a partial file of its own (O_EXCL, removed on any exit or interrupt).
            var pictures: [PartialFile] = []
            defer { pictures.forEach { $0.discard() } }
            for (index, (chunk, probe)) in zip(chunks, probes).enumerated() {
                let target = try partialFile(path, "chunk \(index + 1)'s pictures", tools.cleanup)
                pictures.append(target)
                try run(tools, ClipProbe.inputArguments(path: chunk, demuxer: probe.demuxer)
                    + ["-map", "0:v", "-c", "copy", "-f", format.rawValue], into: target)
            }
            let list = try partialFile(path, "the list of chunks", tools.cleanup)
            defer { list.discard() }
            try write(concatList(pictures.map(\.partial.path)), to: list)
            // The list names absolute paths of hidden files, which the concat demuxer's default
            // `-safe 1` refuses; `-safe 0` lets it, and is safe here because the list is written
            // by Segue and names only the files made above. The whitelist holds its entries to
            // the file protocol all the same.
            var arguments = ["-protocol_whitelist", "file", "-f", "concat", "-safe", "0", "-i", "file:" + list.partial.path]
            if withSound, let codec = AudioGraph.codecArguments(format) {
                // The sound is decoded and encoded once more as one stream: a small cost beside the
                // pictures, which are copied. Each chunk's decoded sound is cut to its frames' samples
                // (padded if short): its encoder padded it to a whole codec frame, and that padding
                // would push every later chunk's sound late.
                arguments += zip(chunks, probes).flatMap { ClipProbe.inputArguments(path: $0, demuxer: $1.demuxer) }
                let trims = tags.enumerated().map { index, tag in
                    let format = "aformat=sample_rates=\(AudioGraph.sampleRate):channel_layouts=stereo"
                    return "[\(index + 1):a]\(format),apad=whole_len=\(tag.soundSamples),atrim=end_sample=\(tag.soundSamples)[s\(index)]"
                }
                let inputs = chunks.indices.map { "[s\($0)]" }.joined()
                arguments += ["-filter_complex", (trims + [inputs + "concat=n=\(chunks.count):v=0:a=1[a]"]).joined(separator: ";"),
                              "-map", "0:v", "-c:v", "copy", "-map", "[a]"] + codec
            } else {
                arguments += ["-map", "0:v", "-c:v", "copy"]
            }
            // The joined video says what it is, as a whole render does: the edit's every frame.
            let whole = ChunkTag(spec: tags[0].spec, encoding: tags[0].encoding, frames: 0..<tags[0].total,
                                 total: tags[0].total, framesPerSecond: tags[0].framesPerSecond)
            try run(tools, arguments + ["-metadata", "comment=" + whole.text] + (format == .mp4 ? ["-movflags", "+faststart"] : [])
                + ["-f", format.rawValue], into: file)
            // Read back before it is moved into place, as a render's video is: the first chunk's
            // picture size, the edit's every frame, its sound (`FinishedVideoCheck`).
            guard let size = try FinishedVideoCheck.read(chunks[0], format: format, tools: tools).video.first else {
                throw FinishedVideoCheck.refusal(destination: file.destination.path, reason: "the first chunk's size cannot be read")
            }
            try FinishedVideoCheck.verify(
                file.partial.path, destination: file.destination.path, format: format,
                expected: .init(width: size.width, height: size.height, frames: tags[0].total, sound: withSound ? 1 : 0), tools: tools)
            do { try file.commit() } catch { throw ExportError.output(error) }
        } catch {
            file.discard()
            throw error.namingFullDisk(writing: "the joined video", to: file.destination.path)
        }
    }

    /// The concat demuxer's list: one `file '…'` line a file, each an absolute `file:` URL (so no
    /// name is read as another protocol) in single quotes, a quote written `'\''`. A name with a
    /// line break could end its line early: the names here are Segue's own partial files.
    static func concatList(_ paths: [String]) -> String {
        paths.map { "file '" + ClipDecoder.fileURL($0).replacingOccurrences(of: "'", with: #"'\''"#) + "'\n" }.joined()
    }

    private static func partialFile(_ path: String, _ purpose: String, _ cleanup: InterruptCleanup) throws(ExportError) -> PartialFile {
        do { return try PartialFile(destination: path, purpose: purpose, cleanup: cleanup) } catch { throw .output(error) }
    }

    static func write(_ text: String, to file: PartialFile) throws(ExportError) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Glibc.write(file.descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                throw .output(OutputError("write the list of chunks", path: file.partial.path, reason: OutputError.errnoReason()))
            }
            offset += written
        }
    }

    /// One ffmpeg run writing into `file` through its stdout (see `TransitionExporter.childStdout`).
    private static func run(_ tools: FFmpegTools, _ arguments: [String], into file: PartialFile) throws(ExportError) {
        let process = try FFmpegProcess(
            executable: tools.ffmpeg,
            arguments: ["-hide_banner", "-nostdin", "-loglevel", "error", "-xerror", "-y"] + arguments
                + TransitionExporter.outputFlush + [TransitionExporter.childStdout],
            writesInput: false, readsOutput: false, outputFile: file.descriptor, stallTimeout: tools.stallTimeout, cleanup: tools.cleanup)
        guard process.wait() == .exited(status: 0), !process.stalled else {
            throw process.failure { .encoderFailed(exit: $0, log: $1) }
        }
    }
}
