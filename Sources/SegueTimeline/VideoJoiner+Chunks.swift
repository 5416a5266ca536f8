import Foundation
import SegueExport

extension VideoJoiner {
    /// A chunk as ffprobe reads it: the tag its render wrote (`ChunkTag`) and its streams'
    /// parameters, which a join's copied packets must share.
    struct ChunkIdentity {
        let tag: ChunkTag?
        /// Codec, profile, size, pixel format and rate of the video stream.
        let video: String
        /// Codec, profile, rate and channels of the sound, if any.
        let sound: String?

        private static let videoKeys = ["codec_name", "profile", "width", "height", "pix_fmt", "r_frame_rate"]
        private static let soundKeys = ["codec_name", "profile", "sample_rate", "channels"]

        init(path: String, demuxer: String, tools: FFmpegTools) throws(ExportError) {
            let probe = try FFmpegProcess(
                executable: try tools.requireProbe(),
                arguments: ["-v", "error", "-protocol_whitelist", "file", "-f", demuxer, "-show_entries",
                            "format_tags=comment:stream=codec_type," + Set(Self.videoKeys + Self.soundKeys).sorted().joined(separator: ","),
                            "-of", "json", ClipDecoder.fileURL(path)],
                writesInput: false, readsOutput: true, stallTimeout: tools.stallTimeout, cleanup: tools.cleanup)
            let data = probe.readAll()
            guard probe.wait() == .exited(status: 0) else { throw probe.failure { .probeFailed(path: path, exit: $0, log: $1) } }
            let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
            let tags = (json["format"] as? [String: Any])?["tags"] as? [String: Any]
            // Matroska writes the tag's name in capitals (COMMENT), MP4 in lower case.
            tag = (tags?.first { $0.key.lowercased() == "comment" }?.value as? String).flatMap(ChunkTag.init(parsing:))
            let streams = json["streams"] as? [[String: Any]] ?? []
            func describe(_ type: String, _ keys: [String]) -> String? {
                streams.first { $0["codec_type"] as? String == type }.map { stream in
                    keys.map { stream[$0].map { "\($0)" } ?? "-" }.joined(separator: " ")
                }
            }
            video = describe("video", Self.videoKeys) ?? "no video"
            sound = describe("audio", Self.soundKeys)
        }
    }

    /// The chunks' tags, once every chunk is of the first's edit, settings and streams, and
    /// together they hold the edit's frames once each, in order; else the chunk at fault named.
    static func checkedTags(_ chunks: [String], _ identities: [ChunkIdentity]) throws(ExportError) -> [ChunkTag] {
        var tags: [ChunkTag] = []
        for (chunk, identity) in zip(chunks, identities) {
            guard let tag = identity.tag else {
                throw .joinChunkForeign(chunk: chunk, reason: "it has no Segue chunk tag (render chunks with segue edit --frames or --chunk)")
            }
            if let first = tags.first {
                let reference = identities[0]
                if tag.spec != first.spec || tag.total != first.total || tag.framesPerSecond != first.framesPerSecond {
                    throw .joinChunkForeign(chunk: chunk, reason: "it was rendered from another spec (\(tag.spec), \(tag.total) frames "
                                            + "at \(tag.framesPerSecond) fps; the first: \(first.spec), \(first.total) at \(first.framesPerSecond))")
                }
                if tag.encoding != first.encoding {
                    throw .joinChunkForeign(chunk: chunk, reason: "it was encoded as \(tag.encoding), the first as \(first.encoding)")
                }
                if identity.video != reference.video || identity.sound != reference.sound {
                    throw .joinChunkForeign(chunk: chunk, reason: "its streams are \(identity.video); \(identity.sound ?? "no sound"), "
                                            + "the first's \(reference.video); \(reference.sound ?? "no sound")")
                }
            }
            let expected = tags.last?.frames.upperBound ?? 0
            if tag.frames.lowerBound > expected {
                throw .joinChunksMissing(frames: expected..<tag.frames.lowerBound, after: tags.isEmpty ? nil : chunks[tags.count - 1])
            }
            if tag.frames.lowerBound < expected { throw .joinChunkOutOfOrder(chunk: chunk, frames: tag.frames, expected: expected) }
            tags.append(tag)
        }
        if let last = tags.last, last.frames.upperBound < last.total {
            throw .joinChunksMissing(frames: last.frames.upperBound..<last.total, after: chunks[chunks.count - 1])
        }
        return tags
    }
}
