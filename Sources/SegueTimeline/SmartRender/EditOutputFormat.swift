import Foundation
import SegueColor
import SegueExport

/// Which video coding an edit's MP4, MOV or MKV output takes (`segue edit --format`).
public enum EditVideoFormat: String, Sendable, CaseIterable, Codable {
    /// The clips' own, where they agree; where they disagree, that of most of the clips' frames
    /// (H.264 any profile Segue encodes, HEVC Main or Main 10; SDR, HLG, or PQ when every item is a
    /// PQ clip), so those frames can be copied.
    case follow
    /// H.264: the clips' profile and colour where most H.264 frames share them, High BT.709 otherwise.
    case h264
    /// HEVC (x265): the clips' where most HEVC frames share them, Main (Main 10 at 10 bits) BT.709 otherwise.
    case hevc
}

/// A video stream's coding as far as copied packets and encoded segments must share it: codec,
/// profile, sample layout and colour (as players read it: untagged streams by the size rule),
/// with the tags the stream carries (nil when it has none).
struct StreamCoding: Hashable, CustomStringConvertible {
    let codec: String
    let profile: String
    let pixelFormat: String
    let color: ColorDescription
    let tags: VideoColorTags?

    var bitDepth: Int { pixelFormat.contains("10") ? 10 : 8 }

    /// Equal when a copy of one joins the other: the tags may differ where they mean the same.
    static func == (a: StreamCoding, b: StreamCoding) -> Bool {
        (a.codec, a.profile, a.pixelFormat, a.color) == (b.codec, b.profile, b.pixelFormat, b.color)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(codec)
        hasher.combine(profile)
        hasher.combine(pixelFormat)
        hasher.combine(color)
    }

    /// What Segue always made: H.264 High, 8-bit 4:2:0, BT.709 limited range, tagged.
    static let standard = StreamCoding(codec: "h264", profile: "High", pixelFormat: "yuv420p", color: .bt709Video, tags: .bt709)
    /// HEVC with BT.709 tags: Main, or Main 10 at 10 bits.
    static func standardHEVC(bitDepth: Int) -> StreamCoding {
        StreamCoding(codec: "hevc", profile: bitDepth == 10 ? "Main 10" : "Main", pixelFormat: bitDepth == 10 ? "yuv420p10le" : "yuv420p",
                     color: .bt709Video, tags: .bt709)
    }

    init(codec: String, profile: String, pixelFormat: String, color: ColorDescription, tags: VideoColorTags?) {
        (self.codec, self.profile, self.pixelFormat, self.color, self.tags) = (codec, profile, pixelFormat, color, tags)
    }

    /// A probed stream's coding.
    init(_ stream: ClipStream) {
        self.init(codec: stream.codec, profile: stream.profile, pixelFormat: stream.pixelFormat, width: stream.width, height: stream.height,
                  primaries: stream.colorPrimaries, transfer: stream.colorTransfer, matrix: stream.colorSpace, range: stream.colorRange)
    }

    /// From ffprobe's names ("unknown" where the stream says nothing).
    init(codec: String, profile: String, pixelFormat: String, width: Int, height: Int,
         primaries: String, transfer: String, matrix: String, range: String) {
        func known(_ text: String) -> String? { text == "unknown" || text.isEmpty ? nil : text }
        var color = ColorDescription.video(
            primaries: known(primaries), transfer: known(transfer), matrix: known(matrix), range: known(range), width: width, height: height)
        color.bitDepth = 8   // the sample depth is the pixel format's, compared on its own
        let tagged = [primaries, transfer, matrix].contains { known($0) != nil }
        // Tags a stream leaves out are written as players read them (an output is tagged whole or not at all).
        let tags = VideoColorTags(
            primaries: known(primaries) ?? color.primaries.ffmpegName, transfer: known(transfer) ?? color.transfer.ffmpegName,
            matrix: known(matrix) ?? color.matrix.ffmpegName, range: known(range) ?? color.range.ffmpegName)
        self.init(codec: codec, profile: profile, pixelFormat: pixelFormat, color: color, tags: tagged ? tags : nil)
    }

    /// The coding of the first video stream of `path` (opened as `demuxer`), from ffprobe's
    /// stream entries alone: for an output that follows clips it copies nothing from.
    init(probing path: String, demuxer: String, tools: FFmpegTools) throws(ExportError) {
        // The listing the clip's other readers share (`FFmpegTools.streamListing`), not a run of its own.
        let listing = try tools.streamListing(path: path, demuxer: demuxer)
        let json = (try? JSONSerialization.jsonObject(with: listing)) as? [String: Any]
        let stream = (json?["streams"] as? [[String: Any]])?.first { $0["codec_type"] as? String == "video" } ?? [:]
        func text(_ key: String) -> String { (stream[key] as? String) ?? "unknown" }
        self.init(codec: text("codec_name"), profile: text("profile"), pixelFormat: text("pix_fmt"),
                  width: (stream["width"] as? Int) ?? 0, height: (stream["height"] as? Int) ?? 0,
                  primaries: text("color_primaries"), transfer: text("color_transfer"), matrix: text("color_space"), range: text("color_range"))
    }

    /// As a person reads it: "H.264 High 8-bit BT.709 SDR (untagged)".
    var description: String {
        let codecName = codec == "h264" ? "H.264" : codec == "hevc" ? "HEVC" : codec
        let transfer = switch color.transfer {
        case .hlg: "HLG"
        case .pq: "PQ"
        default: "SDR"
        }
        let matrix = switch color.matrix {
        case .bt601: "BT.601"
        case .bt2020NonConstant: "BT.2020"
        case .bt709: "BT.709"
        case .rgb: "RGB"
        }
        return "\(codecName) \(profile) \(bitDepth)-bit \(pixelFormat.hasPrefix("yuv420") ? "" : pixelFormat + " ")\(matrix) \(transfer)"
            + (color.range == .full ? " full range" : "") + (tags == nil ? " (untagged)" : "")
    }

    /// The description of an output of this coding, untagged or tagged as it is.
    func described(untagged: Bool) -> String {
        StreamCoding(codec: codec, profile: profile, pixelFormat: pixelFormat, color: color, tags: untagged ? nil : tags ?? .bt709).description
    }

    /// Why Segue cannot encode an output of this coding, or nil when it can.
    var unencodable: String? {
        switch (codec, profile, pixelFormat) {
        case ("h264", "High", "yuv420p"), ("h264", "Main", "yuv420p"), ("h264", "Constrained Baseline", "yuv420p"),
             ("hevc", "Main", "yuv420p"), ("hevc", "Main 10", "yuv420p10le"):
            break
        default:
            return "Segue encodes H.264 (High, Main, Constrained Baseline; 8-bit 4:2:0) and HEVC (Main, Main 10; 4:2:0)"
        }
        if color.range == .full { return "full range (pc): Segue's outputs are limited range" }
        if color.isHDR {
            // HLG and PQ pass through the blend as a signal, as SDR does; their 10-bit BT.2020 form only.
            return codec == "hevc" && bitDepth == 10 && color.matrix == .bt2020NonConstant ? nil
                : "\(color.transfer == .pq ? "PQ" : "HLG") output is made as HEVC Main 10 BT.2020 only"
        }
        if color.transfer != .bt709 || color.matrix == .rgb { return "transfer \(color.transfer.ffmpegName) is not a video transfer Segue encodes" }
        return nil
    }

    /// `settings` made to encode this coding: the codec, bit depth, the output stage's matrix,
    /// the tags (none when `untagged`) and the HDR metadata.
    func applied(to settings: ExportSettings, untagged: Bool, hdr: HDRStaticMetadata? = nil) -> ExportSettings {
        var settings = settings
        settings.hdrMetadata = codec == "hevc" && color.isHDR ? hdr : nil
        settings.videoCodec = codec == "hevc" ? .hevc : .h264
        settings.bitDepth = bitDepth
        settings.outputMatrix = color.matrix
        settings.colorTags = untagged ? nil : (tags ?? VideoColorTags(
            primaries: color.primaries.ffmpegName, transfer: color.transfer.ffmpegName, matrix: color.matrix.ffmpegName,
            range: color.range.ffmpegName))
        return settings
    }

    /// x264's or x265's profile name for this coding.
    var encoderProfile: String {
        if codec == "hevc" { return bitDepth == 10 ? "main10" : "main" }
        return switch profile {
        case "Main": "main"
        case "Constrained Baseline": "baseline"
        default: "high"
        }
    }
}

/// The coding an edit's video takes (`EditVideoFormat`) and why each clip whose coding differs
/// does not share it: the coding of most of the clips' frames among those Segue encodes, or
/// `StreamCoding.standard`; untagged exactly when every input (clip or picture) is.
struct EditOutputCoding: Equatable {
    let coding: StreamCoding
    let untagged: Bool
    /// Clip item index: why its coding is not the output's.
    let differs: [Int: String]
    /// The HDR static metadata of the first clip of the output's coding, when it is HDR.
    let hdr: HDRStaticMetadata?

    /// The output's settings made from `settings`.
    func applied(to settings: ExportSettings) -> ExportSettings { coding.applied(to: settings, untagged: untagged, hdr: hdr) }

    /// For `plan`'s clip items, whose streams `coding(of:)` reads (once per path).
    init<Failure: Error>(plan: EditPlan, choice: EditVideoFormat, bitDepth: Int?,
                         coding: (_ path: String, _ demuxer: String) throws(Failure) -> StreamCoding,
                         metadata: (_ path: String, _ demuxer: String) throws(Failure) -> HDRStaticMetadata?) throws(Failure) {
        var votes: [(coding: StreamCoding, frames: Int, first: Int)] = []
        var items: [Int: StreamCoding] = [:]
        var allUntagged = true
        for (index, item) in plan.items.enumerated() {
            switch item.source {
            case let .clip(path, _, _, demuxer):
                let found = try coding(path, demuxer)
                items[index] = found
                allUntagged = allUntagged && found.tags == nil
                if let at = votes.firstIndex(where: { $0.coding == found }) {
                    votes[at].frames += item.frames
                } else {
                    votes.append((found, item.frames, index))
                }
            case .picture:
                allUntagged = false   // a picture is sRGB: BT.709's primaries, tagged
            case .title:
                break
            }
        }
        // PQ's code values are absolute light: a picture's, a title's, a text's or an SDR clip's
        // signal put into a PQ output unconverted would show at up to 10,000 cd/m², so a PQ output
        // is made only of PQ clips (HLG's SDR-compatible range takes the others as they are).
        let pqAlone = plan.textOverlays.isEmpty && plan.items.indices.allSatisfy { items[$0]?.color.transfer == .pq }
        let pqRefused = "a PQ output is made only when every item is a PQ clip, with no text: PQ clips are tone-mapped to SDR"
        func refusal(_ coding: StreamCoding) -> String? {
            coding.unencodable ?? (coding.color.transfer == .pq && !pqAlone ? pqRefused : nil)
        }
        let wanted = votes.filter { vote in
            refusal(vote.coding) == nil && (bitDepth.map { $0 == vote.coding.bitDepth } ?? true)
                && (choice == .follow || vote.coding.codec == choice.rawValue)
        }.sorted { ($0.frames, -$0.first) > ($1.frames, -$1.first) }
        let fallback = choice == .hevc ? StreamCoding.standardHEVC(bitDepth: bitDepth ?? 8)
            : bitDepth == 10 ? StreamCoding.standardHEVC(bitDepth: 10) : StreamCoding.standard
        let chosen = wanted.first?.coding ?? fallback
        self.coding = chosen
        self.untagged = wanted.first != nil && allUntagged && !items.isEmpty
        let most = wanted.first == nil ? "" : (votes.count > 1 ? ", chosen by most frames" : "")
        var differs: [Int: String] = [:]
        for (index, found) in items where found != chosen {
            let why = refusal(found).map { " (\($0))" } ?? ""
            differs[index] = "\(found)\(why), the output's is \(chosen)\(most)"
        }
        self.differs = differs
        if chosen.color.isHDR, let first = wanted.first?.first, case let .clip(path, _, _, demuxer) = plan.items[first].source {
            hdr = try metadata(path, demuxer)
        } else {
            hdr = nil
        }
    }
}

extension EditPlan {
    /// The colour the input stage is told a clip's frames have: an HLG clip in an edit whose
    /// output is HLG (`keepsHLG`), or a PQ clip in a PQ one (`keepsPQ`), as an SDR one of its
    /// matrix and range, so its signal reaches the output unchanged instead of tone-mapped.
    func inputColor(_ color: ColorDescription) -> ColorDescription {
        guard (keepsHLG && color.transfer == .hlg) || (keepsPQ && color.transfer == .pq) else { return color }
        var kept = color
        kept.transfer = .bt709
        return kept
    }
}

extension TimelineExporter {
    /// The plan the renderers draw: HLG or PQ clips kept as they are when the output is HLG or PQ.
    var renderPlan: EditPlan {
        var plan = plan
        plan.keepsHLG = coding.colorTags?.transfer == TransferCharacteristic.hlg.ffmpegName
        plan.keepsPQ = coding.colorTags?.transfer == TransferCharacteristic.pq.ffmpegName
        return plan
    }
}

extension HDRStaticMetadata {
    /// The mastering display and content light level of the first frame of `path`'s video
    /// (opened as `demuxer`), as ffprobe reads them from its SEI; nil when it has neither.
    /// Asked once per file for the life of `tools` (`ProbeCache`): it decodes a frame.
    static func probe(_ path: String, demuxer: String, tools: FFmpegTools) throws(ExportError) -> HDRStaticMetadata? {
        try tools.probes.value(of: "hdr-metadata\u{0}" + demuxer, path: path) { () throws(ExportError) -> HDRStaticMetadata? in
            try probeFirstFrame(path, demuxer: demuxer, tools: tools)
        }
    }

    private static func probeFirstFrame(_ path: String, demuxer: String, tools: FFmpegTools) throws(ExportError) -> HDRStaticMetadata? {
        let text = try ClipStream.probe(path, tools: tools, [
            "-f", demuxer, "-select_streams", "v:0", "-read_intervals", "%+#1", "-show_frames", "-of", "json"])
        let json = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
        let sideData = ((json?["frames"] as? [[String: Any]])?.first?["side_data_list"] as? [[String: Any]]) ?? []
        func ratio(_ entry: [String: Any], _ key: String, scale: Double) -> Int? {
            guard let text = entry[key] as? String, let value = ClipStream.ratio(text) else { return nil }
            return Int((value * scale).rounded())
        }
        var display: String?
        if let entry = sideData.first(where: { ($0["side_data_type"] as? String) == "Mastering display metadata" }) {
            let xy = [("green", "G"), ("blue", "B"), ("red", "R"), ("white_point", "WP")].map { name, letter -> String? in
                guard let x = ratio(entry, name + "_x", scale: 50000), let y = ratio(entry, name + "_y", scale: 50000) else { return nil }
                return "\(letter)(\(x),\(y))"
            }
            if xy.allSatisfy({ $0 != nil }), let high = ratio(entry, "max_luminance", scale: 10000), let low = ratio(entry, "min_luminance", scale: 10000) {
                display = xy.compactMap { $0 }.joined() + "L(\(high),\(low))"
            }
        }
        var light: String?
        if let entry = sideData.first(where: { ($0["side_data_type"] as? String) == "Content light level metadata" }),
           let high = entry["max_content"] as? Int, let average = entry["max_average"] as? Int {
            light = "\(high),\(average)"
        }
        return display == nil && light == nil ? nil : HDRStaticMetadata(masteringDisplay: display, contentLightLevel: light)
    }
}
