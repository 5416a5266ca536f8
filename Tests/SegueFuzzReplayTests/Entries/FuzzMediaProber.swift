import Foundation
@_spi(Probing) import SegueExport

/// ffprobe's answers about the edit-spec target's clips and sounds, made from the fuzz input, so
/// the plan's clip, freeze, music and track checks run with no process started. The input is
/// the spec, then (after its first NUL byte, if any) records:
///
///     @waves.mp4
///     format_name=mov,mp4,m4a,3gp,3g2,mj2
///     duration=-1e308
///     width=99999
///     --
///     {"streams": [{"codec_type": "audio"}]}
///
/// `@NAME` starts the record of the file named NAME (the fixture folder's names); before `--`
/// is the vetting answer (`key=value` lines), after it the stream listing (JSON). A part that
/// starts with `!exit N` or `!signal N` is ffprobe failing so, the lines after it its log (a
/// `[hls @ 0x1] Format not on whitelist` line is a refused container). A file or a part without
/// a record gets `defaultAnswer`'s, as a real file of its kind would.
struct FuzzMediaProber: MediaProber {
    struct Record: Sendable {
        var vet: MediaProbeAnswer?
        var streams: MediaProbeAnswer?
    }

    let records: [String: Record]

    /// The spec's bytes and the prober the rest of `data` describes.
    static func split(_ data: [UInt8]) -> (spec: ArraySlice<UInt8>, prober: FuzzMediaProber) {
        guard let nul = data.firstIndex(of: 0) else { return (data[...], FuzzMediaProber(records: [:])) }
        return (data[..<nul], FuzzMediaProber(text: String(decoding: data[(nul + 1)...], as: UTF8.self)))
    }

    init(records: [String: Record]) { self.records = records }

    init(text: String) {
        var records: [String: Record] = [:]
        for chunk in text.components(separatedBy: "\n@") {
            let body = chunk.hasPrefix("@") ? String(chunk.dropFirst()) : chunk
            let name = String(body.prefix { $0 != "\n" })
            let rest = body.dropFirst(name.count + 1)
            let parts = rest.components(separatedBy: "\n--\n")
            records[name] = Record(vet: parts.first.map(Self.answer), streams: parts.count > 1 ? Self.answer(parts[1]) : nil)
        }
        self.records = records
    }

    /// A part: ffprobe's output, or its failure (`!exit N` / `!signal N`, then its log).
    static func answer(_ part: String) -> MediaProbeAnswer {
        let first = part.prefix { $0 != "\n" }
        let words = first.split(separator: " ")
        if words.count == 2, let code = Int32(words[1]), words[0] == "!exit" || words[0] == "!signal" {
            let log = String(part.dropFirst(first.count + 1))
            return MediaProbeAnswer(output: Data(), exit: words[0] == "!exit" ? .exited(status: code) : .killed(signal: code), log: log)
        }
        return MediaProbeAnswer(output: Data(part.utf8))
    }

    func answer(_ question: MediaProbeQuestion, path: String) -> MediaProbeAnswer {
        let name = (path as NSString).lastPathComponent
        let record = records[name]
        switch question {
        case .vet: return record?.vet ?? Self.defaultAnswer(question, name: name)
        case .streams: return record?.streams ?? Self.defaultAnswer(question, name: name)
        }
    }

    /// Every stream listing the input gives (for `MediaInfo`'s reading of frame rates, rotation
    /// and colour, which the plan leaves to the decoder).
    var streamListings: [Data] { records.values.compactMap { $0.streams?.output } }

    /// What ffprobe says of an ordinary file of `name`'s kind: a 4 s 320x180 H.264 clip with
    /// AAC sound, or a 10 s sound file.
    static func defaultAnswer(_ question: MediaProbeQuestion, name: String) -> MediaProbeAnswer {
        let sound = [".wav": "wav", ".mp3": "mp3", ".flac": "flac"].first { name.hasSuffix($0.key) }?.value
        switch (question, sound) {
        case let (.vet, format?):
            return MediaProbeAnswer(output: Data("format_name=\(format)\nduration=10.000000\n".utf8))
        case (.vet, nil):
            return MediaProbeAnswer(output: Data(
                "width=320\nheight=180\nduration=4.000000\nformat_name=mov,mp4,m4a,3gp,3g2,mj2\nduration=4.000000\n".utf8))
        case (.streams, _?):
            return MediaProbeAnswer(output: Data(#"{"streams": [{"codec_type": "audio", "codec_name": "pcm_s16le", "sample_rate": "48000", "channels": 2}]}"#.utf8))
        case (.streams, nil):
            // ffprobe's own listing of such a clip (libx264 and aac from ffmpeg 5.1), less the fields no reader uses.
            return MediaProbeAnswer(output: Data((#"{"streams": [{"codec_type": "video", "codec_name": "h264", "profile": "High", "#
                + #""width": 320, "height": 180, "sample_aspect_ratio": "1:1", "pix_fmt": "yuv420p", "color_range": "tv", "#
                + #""color_transfer": "bt709", "r_frame_rate": "30/1", "avg_frame_rate": "30/1", "duration": "4.000000", "#
                + #""bits_per_raw_sample": "8"}, {"codec_type": "audio", "codec_name": "aac", "profile": "LC", "#
                + #""sample_rate": "48000", "channels": 1, "r_frame_rate": "0/0", "avg_frame_rate": "0/0", "duration": "4.000000"}]}"#).utf8))
        }
    }
}
