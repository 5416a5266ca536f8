import Foundation
import SegueExport

/// What smart rendering needs to know of a clip's video stream: its coding (codec, profile,
/// level, chroma, size, SAR, rate, colour tags, reorder delay) and its cut points, the frames a
/// copied segment may start on. Read with ffprobe (the stream, then every packet's timestamps,
/// flags and place in the file); the keyframes' own bytes are read to tell IDR from open-GOP
/// recovery points.
struct ClipStream: Equatable {
    let codec: String
    let profile: String
    let level: Int
    let pixelFormat: String
    let width: Int
    let height: Int
    let sampleAspectRatio: String
    let frameRate: String
    let averageFrameRate: String
    let colorSpace: String
    let colorTransfer: String
    let colorPrimaries: String
    let colorRange: String
    let rotated: Bool
    /// Frames a decoder holds back for B-frames (ffprobe's `has_b_frames`).
    let reorderDelay: Int
    /// Frames in presentation order, from 0.
    let frameCount: Int
    /// Whether every frame lasts the same, one frame of `framesPerSecond`, from time 0.
    let constantRate: Bool
    /// Frames (presentation order, from 0) that are IDR pictures which no later frame in
    /// decoding order precedes on screen: a copied segment may start on them.
    let cutPoints: [Int]
    /// Each cut point's decoding timestamp in seconds: where a copied segment that ends on it stops.
    let cutDecodeTimes: [Int: Double]
    /// Each cut point's presentation time in seconds.
    let cutTimes: [Int: Double]
    /// Keyframes that are no cut point: open-GOP recovery points (I pictures that later B
    /// pictures reach back past) or non-IDR I pictures.
    let openKeyframes: Int
    /// Why the stream's parameter sets (SPS, PPS) are not the same from start to end, or nil
    /// when they are (see `parameterSetChange`).
    let parameterSetChange: String?
    /// Whether an edit list hides frames (a clip cut with `-c copy`): the cut times are then the
    /// file's own timestamps, read with the edit list ignored, as the concat demuxer must read
    /// them (`option ignore_editlist 1`; ffmpeg 5.1's MP4 seek lands a group of pictures early
    /// in such a file otherwise).
    let hidesFrames: Bool

    /// `path` (opened as `demuxer`) for an edit at `framesPerSecond`, probed once for the life
    /// of `tools` (the plan's smart render and a chunk's seek ask alike; see `ProbeCache`).
    static func probed(path: String, demuxer: String, framesPerSecond: Double, tools: FFmpegTools) throws(ExportError) -> ClipStream {
        try tools.probes.value(of: "clip-stream\u{0}\(demuxer)\u{0}\(framesPerSecond)", path: path) { () throws(ExportError) -> ClipStream in
            try ClipStream(path: path, demuxer: demuxer, framesPerSecond: framesPerSecond, tools: tools)
        }
    }

    /// Probes `path` (opened as `demuxer`) for an edit at `framesPerSecond`: its first video
    /// stream from the listing the clip's other readers share, then its packets.
    init(path: String, demuxer: String, framesPerSecond: Double, tools: FFmpegTools) throws(ExportError) {
        let listing = try tools.streamListing(path: path, demuxer: demuxer)
        let json = (try? JSONSerialization.jsonObject(with: listing)) as? [String: Any]
        let stream = (json?["streams"] as? [[String: Any]])?.first { $0["codec_type"] as? String == "video" } ?? [:]
        func text(_ key: String) -> String { (stream[key] as? String) ?? "unknown" }
        func number(_ key: String) -> Int { (stream[key] as? Int) ?? 0 }
        (codec, profile, level, pixelFormat) = (text("codec_name"), text("profile"), number("level"), text("pix_fmt"))
        (width, height, sampleAspectRatio) = (number("width"), number("height"), text("sample_aspect_ratio"))
        (frameRate, averageFrameRate, reorderDelay) = (text("r_frame_rate"), text("avg_frame_rate"), number("has_b_frames"))
        (colorSpace, colorTransfer, colorPrimaries, colorRange) =
            (text("color_space"), text("color_transfer"), text("color_primaries"), text("color_range"))
        let sideData = (stream["side_data_list"] as? [[String: Any]]) ?? []
        rotated = sideData.contains { (($0["rotation"] as? Int) ?? 0) % 360 != 0 }
        let timeBase = Self.ratio(text("time_base")) ?? 0

        // Kept from the file's one listing (`FileListing`) when the plan vetted it; else probed here.
        let packetText = try tools.videoPacketListing(path: path, demuxer: demuxer)
        let packets = packetText.split(whereSeparator: \.isNewline).compactMap(Packet.init)
        let tick = timeBase > 0 ? 1 / (timeBase * Double(framesPerSecond)) : 0   // time-base units a frame
        // What the clip plays: packets an edit list hides (ffprobe's D flag: a clip cut with
        // `-c copy` keeps the group of pictures before its first frame) are decoded, never shown;
        // frames count from the first one shown, whatever its timestamp.
        let ordered = packets.filter { !$0.discarded }.map(\.pts).sorted()
        let firstShown = ordered.first ?? 0
        frameCount = ordered.count
        constantRate = tick > 0 && ordered.enumerated().allSatisfy { abs(Double($1 - firstShown) - Double($0) * tick) < 0.5 }
        var cuts: [Int] = [], decodeTimes: [Int: Double] = [:], times: [Int: Double] = [:]
        let file = FileHandle(forReadingAtPath: path)
        defer { try? file?.close() }
        // The earliest presentation time from each packet on, and the latest before it (decoding
        // order): one pass each, so a long clip's many keyframes cost linear time.
        var earliestFrom = [Int](repeating: .max, count: packets.count + 1)
        for index in packets.indices.reversed() { earliestFrom[index] = min(packets[index].pts, earliestFrom[index + 1]) }
        var latestBefore = Int.min
        for (index, packet) in packets.enumerated() {
            defer { latestBefore = max(latestBefore, packet.pts) }
            guard packet.key, !packet.discarded, constantRate else { continue }
            // Nothing after it in decoding order shows before it (no leading pictures), nothing
            // before it shows after it, and it is an IDR picture (H.264's NAL type 5, HEVC's 19 or 20).
            guard earliestFrom[index] >= packet.pts, latestBefore < packet.pts,
                  let file, Self.isIDR(file: file, at: packet.position, size: packet.size, hevc: codec == "hevc") else { continue }
            let frame = Int((Double(packet.pts - firstShown) / tick).rounded())
            cuts.append(frame)
            decodeTimes[frame] = Double(packet.dts) * timeBase
            times[frame] = Double(packet.pts) * timeBase
        }
        hidesFrames = packets.contains(where: \.discarded)
        if hidesFrames {
            // The same packets without the edit list: one constant shift of every timestamp.
            let raw = demuxer == "mov" ? try Self.probe(path, tools: tools, [
                "-f", demuxer, "-ignore_editlist", "1", "-select_streams", "v:0", "-show_entries", "packet=pts,dts,flags,pos,size",
                "-of", "csv=p=0"]).split(whereSeparator: \.isNewline).compactMap(Packet.init) : []
            let shifts = Set(zip(raw, packets).flatMap { [$0.pts - $1.pts, $0.dts - $1.dts] })
            if raw.count == packets.count, shifts.count == 1, let shift = shifts.first {
                decodeTimes = decodeTimes.mapValues { $0 + Double(shift) * timeBase }
                times = times.mapValues { $0 + Double(shift) * timeBase }
            } else {
                cuts = []   // no time a copy could be cut at with certainty
            }
        }
        (cutPoints, cutDecodeTimes, cutTimes) = (cuts.sorted(), decodeTimes, times)
        openKeyframes = packets.filter { $0.key && !$0.discarded }.count - cuts.count
        // Only an H.264 stream is ever copied; its parameter sets are read from every packet.
        parameterSetChange = codec != "h264" ? nil : Self.parameterSetChange(
            extradata: try Self.extradata(stream, path: path, demuxer: demuxer, file: file, tools: tools),
            packets: packets.map { ($0.position, $0.size) }, file: file)
    }

    /// The stream's extradata: from the listing when it has it (ffprobe's `-show_data`), else an
    /// MP4's `avcC` read from the file, else (another container) from a run of ffprobe's own.
    static func extradata(_ stream: [String: Any], path: String, demuxer: String, file: FileHandle?, tools: FFmpegTools) throws(ExportError) -> [UInt8] {
        if let dump = stream["extradata"] as? String { return hexDump(dump) }
        if demuxer == "mov", let file, let record = MP4SampleDescription.avcConfiguration(file: file) { return record }
        let text = try probe(path, tools: tools, ["-f", demuxer, "-select_streams", "v:0", "-show_data", "-show_entries", "stream=extradata", "-of", "json"])
        let json = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
        return hexDump(((json?["streams"] as? [[String: Any]])?.first?["extradata"] as? String) ?? "")
    }

    /// One line of ffprobe's packet listing: pts,dts,size,pos,flags.
    private struct Packet {
        let pts: Int
        let dts: Int
        let size: Int
        let position: UInt64
        let key: Bool
        /// Hidden by an edit list: decoded for the frames after it, never shown.
        let discarded: Bool

        init?(_ line: Substring) {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count >= 5, let pts = Int(fields[0]), let dts = Int(fields[1]), let size = Int(fields[2]),
                  let position = UInt64(fields[3]) else { return nil }
            (self.pts, self.dts, self.size, self.position, key) = (pts, dts, size, position, fields[4].hasPrefix("K"))
            discarded = fields[4].contains("D")
        }
    }

    /// Whether the sample at `position` (NAL units each after a 4-byte length, as in MP4) holds
    /// an IDR slice: H.264's NAL type 5, or with `hevc` HEVC's IDR_W_RADL or IDR_N_LP (19, 20;
    /// not CRA, whose leading pictures reach back). Lengths that do not tile the sample say it is
    /// not such a sample.
    static func isIDR(file: FileHandle, at position: UInt64, size: Int, hevc: Bool = false) -> Bool {
        guard size > 4, size < 64 << 20, (try? file.seek(toOffset: position)) != nil,
              let data = try? file.read(upToCount: size), data.count == size else { return false }
        let bytes = [UInt8](data)
        var offset = 0
        while offset + 5 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            guard length > 0, offset + 4 + length <= bytes.count else { return false }
            if hevc ? [19, 20].contains((bytes[offset + 4] >> 1) & 0x3F) : bytes[offset + 4] & 0x1F == 5 { return true }
            offset += 4 + length
        }
        return false
    }

    /// "30/1" as 30.0; nil for "0/0" or anything else.
    static func ratio(_ text: String) -> Double? {
        let parts = text.split(separator: "/").compactMap { Double($0) }
        guard parts.count == 2, parts[1] != 0 else { return nil }
        return parts[0] / parts[1]
    }

    static func probe(_ path: String, tools: FFmpegTools, _ arguments: [String]) throws(ExportError) -> String {
        let process = try FFmpegProcess(
            executable: try tools.requireProbe(),
            arguments: ["-v", "error", "-protocol_whitelist", "file"] + arguments + [ClipDecoder.fileURL(path)],
            writesInput: false, readsOutput: true, stallTimeout: tools.stallTimeout, cleanup: tools.cleanup)
        let text = String(decoding: process.readAll(), as: UTF8.self)
        guard process.wait() == .exited(status: 0) else { throw process.failure { .probeFailed(path: path, exit: $0, log: $1) } }
        return text
    }
}
