import Foundation

/// One ffprobe run per file that answers what an edit asks of it: which container it is and
/// how long (the vetting `ClipDecoder.probe` does), every stream (`streamListing`, without the
/// extradata `-show_data` adds) and, for a clip, its video's packets (`videoPacketListing`, which smart rendering reads). Each ffprobe
/// costs about 0.07 CPU-seconds before it reads a byte (its 215 libraries' symbols bound by the
/// dynamic loader), and an edit of three clips and music ran twelve, one after another: three
/// a clip and two for the music (docs/Benchmarks.md, "Per job"). The answers are kept in the
/// tools' `ProbeCache` under the questions the separate runs are kept under, so every reader
/// finds them.
///
/// Only the run that succeeds is folded: when this one fails or its answer is refused (another
/// container, a frame over the export's limit, an unreadable listing), nothing is kept and the
/// separate vetting run decides, with its own error. The frame limit is ffprobe's
/// `-max_pixels` here (a header declaring more pixels makes the decoder refuse the frame
/// before it allocates it: 77 MB for an 8000x8000 clip, against 206 MB decoded), where the
/// vetting run skips every frame.
struct FileListing {
    /// The vetting answer: the demuxer (the first of ffprobe's `format_name`) and duration (the
    /// first video stream's, else the container's).
    let demuxer: String
    let duration: Double?
    let streams: Data
    /// The first video stream's packets as `videoPacketListing` gives them; nil when not asked.
    let packets: String?
    let width: Int
    let height: Int

    /// The keys the separate runs' answers are kept under (`ProbeCache`).
    static func streamsQuestion(demuxer: String) -> String { "streams\u{0}" + demuxer }
    static func packetsQuestion(demuxer: String) -> String { "video-packets\u{0}" + demuxer }

    /// ffprobe's arguments: `demuxers` only, through the file protocol only; `maxPixels` bounds
    /// a decoded frame; JSON with one line per section, so the packets are read line by line.
    static func arguments(path: String, demuxers: Set<String>, maxPixels: Int?, packets: Bool) -> [String] {
        ["-v", "error", "-protocol_whitelist", "file", "-format_whitelist", demuxers.sorted().joined(separator: ",")]
            + (maxPixels.map { ["-max_pixels", String($0)] } ?? [])
            // No `-show_data`: it would hex-dump every packet listed (the extradata smart rendering
            // needs is read from the file's own boxes, `MP4SampleDescription`).
            + ["-show_format", "-show_streams"]
            + (packets ? ["-show_entries", "packet=stream_index,pts,dts,size,pos,flags"] : [])
            + ["-of", "json=compact=1", ClipDecoder.fileURL(path)]
    }

    /// Reads ffprobe's output; nil when it is not the listing asked for.
    init?(output: Data, packets wantsPackets: Bool) {
        // The packets' lines (before the streams) are scanned as bytes, not parsed as JSON: an
        // hour's clip has some 280,000 packets of all its streams, and only the first video
        // stream's are kept. The rest (streams and format) is JSON of a few kilobytes.
        let bytes = [UInt8](output)
        var kept: [UInt8] = [], packetLines: [Range<Int>] = []
        var inPackets = false, start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            let line = bytes[start..<end]
            if line.elementsEqual(Self.packetsOpen) {
                inPackets = true
            } else if inPackets {
                if line.starts(with: Self.packetsClose) { inPackets = false } else { packetLines.append(start..<end) }
            } else {
                kept += line
                kept.append(0x0A)
            }
            start = end + 1
        }
        guard let root = (try? JSONSerialization.jsonObject(with: Data(kept))) as? [String: Any],
              let streams = root["streams"] as? [[String: Any]], let format = root["format"] as? [String: Any],
              let formatName = format["format_name"] as? String, let demuxer = formatName.split(separator: ",").first,
              let listing = try? JSONSerialization.data(withJSONObject: ["streams": streams]) else { return nil }
        self.demuxer = String(demuxer)
        self.streams = listing
        let video = streams.first { $0["codec_type"] as? String == "video" }
        (width, height) = ((video?["width"] as? Int) ?? 0, (video?["height"] as? Int) ?? 0)
        func seconds(_ value: Any?) -> Double? {
            (value as? String).flatMap { Double($0) }.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        }
        duration = seconds(video?["duration"]) ?? seconds(format["duration"])
        guard wantsPackets else {
            packets = nil
            return
        }
        guard let index = video?["index"] as? Int else {
            packets = ""
            return
        }
        // As `-select_streams v:0 -show_entries packet=pts,dts,flags,pos,size -of csv=p=0` writes them.
        let wantedIndex = Array(String(index).utf8)
        var csv: [UInt8] = []
        for range in packetLines {
            let line = bytes[range]
            guard let stream = Self.value(of: Self.streamIndexKey, in: line), stream.elementsEqual(wantedIndex) else { continue }
            for (number, key) in Self.csvKeys.enumerated() {
                if number > 0 { csv.append(0x2C) }
                csv += Self.value(of: key, in: line) ?? ArraySlice(Self.notAvailable)
            }
            csv.append(0x0A)
        }
        packets = String(decoding: csv, as: UTF8.self)
    }

    private static let packetsOpen = Array("    \"packets\": [".utf8), packetsClose = Array("    ]".utf8)
    private static let streamIndexKey = Array("\"stream_index\": ".utf8)
    private static let csvKeys = ["pts", "dts", "size", "pos", "flags"].map { Array("\"\($0)\": ".utf8) }
    private static let notAvailable = Array("N/A".utf8)

    /// The value after `key` (`"name": `) in a compact JSON line, its quotes dropped: up to the
    /// next comma or space. ffprobe's packet values hold no comma, quote or space.
    static func value(of key: [UInt8], in line: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        guard let found = line.firstRange(of: key) else { return nil }
        var rest = line[found.upperBound...]
        if rest.first == 0x22 { rest = rest.dropFirst() }
        let end = rest.firstIndex { $0 == 0x2C || $0 == 0x20 || $0 == 0x22 } ?? rest.endIndex
        return rest[..<end]
    }
}

extension FFmpegTools {
    /// `FileListing`'s one run for the file at `path`, its answers kept for the other readers;
    /// the vetting answer, or nil when the run failed or was refused (the caller then vets with
    /// a run of its own). A run that stalls is not tried again: its `toolStalled` is thrown.
    /// Never used with a `prober` (it answers the separate questions).
    func listedAtOnce(_ path: String, demuxers: Set<String>, limitsFrames: Bool, packets: Bool)
        throws(ExportError) -> (demuxer: String, duration: Double?)? {
        guard prober == nil, let ffprobe = try? requireProbe() else { return nil }
        let identity = ProbeCache.Identity(path: path)
        guard let process = try? FFmpegProcess(
            executable: ffprobe,
            arguments: FileListing.arguments(path: path, demuxers: demuxers, maxPixels: limitsFrames ? ExportSettings.maxPixels : nil,
                                             packets: packets),
            writesInput: false, readsOutput: true, stallTimeout: stallTimeout, cleanup: cleanup) else { return nil }
        let output = Data(process.readAll())
        let exit = process.wait()
        if process.stalled { throw process.failure { .probeFailed(path: path, exit: $0, log: $1) } }
        guard exit == .exited(status: 0), let listing = FileListing(output: output, packets: packets),
              demuxers.contains(listing.demuxer) else { return nil }
        if limitsFrames, (try? ClipDecoder.checkFrameSize(path: path, width: listing.width, height: listing.height)) == nil { return nil }
        probes.keep(listing.streams, of: FileListing.streamsQuestion(demuxer: listing.demuxer), path: path, identity: identity)
        if let packets = listing.packets {
            probes.keep(packets, of: FileListing.packetsQuestion(demuxer: listing.demuxer), path: path, identity: identity)
        }
        return (listing.demuxer, listing.duration)
    }

    /// The first video stream's packets of `path` (opened as `demuxer`), one a line as
    /// `pts,dts,size,pos,flags`: kept from the file's one listing, else one ffprobe run.
    package func videoPacketListing(path: String, demuxer: String) throws(ExportError) -> String {
        try probes.value(of: FileListing.packetsQuestion(demuxer: demuxer), path: path) { () throws(ExportError) -> String in
            let process = try FFmpegProcess(
                executable: try requireProbe(),
                arguments: ["-v", "error", "-protocol_whitelist", "file", "-f", demuxer, "-select_streams", "v:0",
                            "-show_entries", "packet=pts,dts,flags,pos,size", "-of", "csv=p=0", ClipDecoder.fileURL(path)],
                writesInput: false, readsOutput: true, stallTimeout: stallTimeout, cleanup: cleanup)
            let text = String(decoding: process.readAll(), as: UTF8.self)
            guard process.wait() == .exited(status: 0) else { throw process.failure { .probeFailed(path: path, exit: $0, log: $1) } }
            return text
        }
    }
}
