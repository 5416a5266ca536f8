import Foundation
import SegueExport

/// Which of an edit's frames are copied from their clips as packets and which are rendered and
/// encoded (smart rendering, docs/MediaPipeline.md). A span of a clip is copied when the output
/// shows it untouched and the clip's stream is what the output's would be (`refusal`), from a
/// cut point (an IDR keyframe with no leading pictures) to the last one before the span ends;
/// everything else, the transitions and the frames from them to the nearest cut points
/// included, is encoded. `--plan json` prints it.
public struct SmartRenderPlan: Codable, Equatable, Sendable {
    /// Frames `first..<end` of the edit, copied from `items[item]` or encoded for `why`.
    public struct Segment: Codable, Equatable, Sendable {
        public let first: Int
        public let end: Int
        public let copy: Bool
        /// The item copied from; nil for an encoded segment.
        public let item: Int?
        /// Why an encoded segment is not copied; nil for a copy.
        public let why: String?
    }

    public let segments: [Segment]
    /// Why no frame is copied, when none is (the first reason the inputs gave); nil otherwise.
    public let reason: String?
    /// Why each clip item that is never copied is refused, by item index (as `items[i]: ...`).
    public let refused: [String]
    /// The video coding the output takes (`EditVideoFormat`), as a person reads it ("H.264 Main
    /// 8-bit BT.601 SDR (untagged)"); nil for a plan read back from JSON without it.
    public let output: String?

    /// Whether any frame is copied.
    public var copies: Bool { segments.contains(where: \.copy) }

    /// A copied segment's source: the clip's path, where the copy starts (the cut point's
    /// presentation time, s) and where it stops (the next cut point's decoding time, s; nil to
    /// the end of the stream), and its cut points as edit frames (a chunk's edges may move to them).
    struct CopySource: Equatable, Sendable {
        let path: String
        let inpoint: Double
        let outpoint: Double?
        /// The clip's cut points (its own frames, shared by every item of the clip rather than a
        /// copy per item) and what turns them into edit frames (edit frame = cut point − offset).
        let cutPoints: [Int]
        let offset: Int
        /// The times are the file's with its edit list ignored (`ClipStream.hidesFrames`).
        var ignoresEditList = false
        var cutFrames: [Int] { cutPoints.map { $0 - offset } }
    }

    /// The copied segments' sources, by their first frame.
    let sources: [Int: CopySource]
    /// The coding every copy shares and the encoded segments take (`EditOutputCoding`).
    let coding: StreamCoding
    /// Whether the output carries no colour tags (every input had none).
    let untagged: Bool
    /// The HDR static metadata the output carries (`EditOutputCoding.hdr`).
    let hdr: HDRStaticMetadata?
    /// The x264 settings encoded segments need to join the copies: the level (10 × ffprobe's)
    /// and the reorder delay (frames held back for B-frames) of the copied streams.
    let level: Int
    let reorderDelay: Int
    /// The clip items whose streams can be copied (their decoders may also seek exactly).
    let copyableItems: Set<Int>
    /// Whether some clip of the edit can be copied: a range of it with no copy of its own is
    /// still encoded with the settings above, so that chunks join with the others.
    var joinable: Bool { !copyableItems.isEmpty }

    /// The plan for the frames in `range` (all when nil) of `plan` encoded as `format`, its
    /// video following the clips (`EditVideoFormat.follow`). Probes each distinct clip once.
    public init(plan: EditPlan, format: VideoFormat, range: Range<Int>? = nil, tools: FFmpegTools) throws(ExportError) {
        try self.init(plan: plan, format: format, videoFormat: .follow, bitDepth: nil, range: range, tools: tools)
    }

    /// As above, the video's coding chosen by `videoFormat`; `bitDepth` (8 or 10; nil: the
    /// clips') restricts it.
    public init(plan: EditPlan, format: VideoFormat, videoFormat: EditVideoFormat, bitDepth: Int?, range: Range<Int>? = nil,
                tools: FFmpegTools) throws(ExportError) {
        try self.init(plan: plan, format: format, videoFormat: videoFormat, bitDepth: bitDepth, crf: nil, range: range, tools: tools)
    }

    /// As above, for an encode at `crf` (nil: the format's default). At CRF 0 an H.264 output
    /// copies nothing (`losslessH264Refusal`); HEVC's lossless mode joins its copies.
    public init(plan: EditPlan, format: VideoFormat, videoFormat: EditVideoFormat, bitDepth: Int?, crf: Int?, range: Range<Int>? = nil,
                tools: FFmpegTools) throws(ExportError) {
        var streams: [String: ClipStream] = [:]
        func stream(_ path: String, _ demuxer: String) throws(ExportError) -> ClipStream {
            if let known = streams[path] { return known }
            let probed = try ClipStream.probed(path: path, demuxer: demuxer, framesPerSecond: plan.framesPerSecond, tools: tools)
            streams[path] = probed
            return probed
        }
        let output = try EditOutputCoding(plan: plan, choice: videoFormat, bitDepth: bitDepth) { (path, demuxer) throws(ExportError) in
            StreamCoding(try stream(path, demuxer))
        } metadata: { (path, demuxer) throws(ExportError) in
            try HDRStaticMetadata.probe(path, demuxer: demuxer, tools: tools)
        }
        let wanted = range ?? 0..<plan.totalFrames
        guard format == .mp4 else {
            // Copied segments are joined by the MP4 concat path (`VideoJoiner`), checked for MP4 only.
            let why = "the output is \(format.rawValue); copying needs MP4"
            self.init(segments: [Segment(first: wanted.lowerBound, end: wanted.upperBound, copy: false, item: nil, why: why)],
                      reason: why, refused: [], output: output, sources: [:], level: 0, reorderDelay: 0, copyableItems: [])
            return
        }
        var eligible: [Int: ClipStream] = [:]
        var refused: [Int: String] = [:]
        var delay: (frames: Int, item: Int)?
        let texted = plan.itemsWithText()
        for (index, item) in plan.items.enumerated() {
            guard case let .clip(path, start, _, demuxer) = item.source else {
                refused[index] = "a picture"
                continue
            }
            if texted[index] {
                refused[index] = "text is drawn over it"
                continue
            }
            if let why = Self.timingRefusal(item.timing) {
                refused[index] = why
                continue
            }
            let stream = try stream(path, demuxer)
            let lossless = crf == 0 && output.coding.codec == "h264" ? Self.losslessH264Refusal(profile: stream.profile) : nil
            if let why = output.differs[index] ?? lossless ?? Self.refusal(stream, plan: plan, start: start) {
                refused[index] = why
            } else if let delay, delay.frames != stream.reorderDelay {
                refused[index] = "its B-frames hold back \(stream.reorderDelay) frames, items[\(delay.item)]'s \(delay.frames); "
                    + "joined streams must hold back alike"
            } else {
                delay = delay ?? (stream.reorderDelay, index)
                eligible[index] = stream
            }
        }
        var copies: [(frames: Range<Int>, item: Int, source: CopySource)] = []
        for (index, stream) in eligible.sorted(by: { $0.key < $1.key }) {
            guard case let .clip(path, start, _, _) = plan.items[index].source,
                  let copy = Self.copyRange(item: index, plan: plan, start: start, stream: stream, within: wanted) else { continue }
            let source = CopySource(path: path, inpoint: copy.inpoint, outpoint: copy.outpoint, cutPoints: stream.cutPoints, offset: copy.offset,
                                    ignoresEditList: stream.hidesFrames)
            copies.append((copy.frames, index, source))
        }
        var segments: [Segment] = []
        var next = wanted.lowerBound
        for copy in copies {
            if copy.frames.lowerBound > next {
                segments.append(Self.encoded(next..<copy.frames.lowerBound, plan: plan, refused: refused))
            }
            segments.append(Segment(first: copy.frames.lowerBound, end: copy.frames.upperBound, copy: true, item: copy.item, why: nil))
            next = copy.frames.upperBound
        }
        if next < wanted.upperBound { segments.append(Self.encoded(next..<wanted.upperBound, plan: plan, refused: refused)) }
        let reasons = refused.sorted { $0.key < $1.key }.filter { !$0.value.isEmpty }.map { "items[\($0.key)]: \($0.value)" }
        let reason: String? = if !copies.isEmpty { nil }
            else if eligible.isEmpty { reasons.first ?? "no clip can be copied" }
            else { "no clip shows a whole group of pictures (cut point to cut point) untouched" }
        self.init(segments: segments, reason: reason, refused: reasons, output: output,
                  sources: Dictionary(uniqueKeysWithValues: copies.map { ($0.frames.lowerBound, $0.source) }),
                  level: eligible.values.map(\.level).max() ?? 0, reorderDelay: delay?.frames ?? 0, copyableItems: Set(eligible.keys))
    }

    private init(segments: [Segment], reason: String?, refused: [String], output: EditOutputCoding?, described: String? = nil,
                 sources: [Int: CopySource], level: Int, reorderDelay: Int, copyableItems: Set<Int>) {
        (self.segments, self.reason, self.refused, self.sources) = (segments, reason, refused, sources)
        (coding, untagged, hdr) = (output?.coding ?? .standard, output?.untagged ?? false, output?.hdr)
        self.output = described ?? output.map { $0.coding.described(untagged: $0.untagged) }
        (self.level, self.reorderDelay, self.copyableItems) = (level, reorderDelay, copyableItems)
    }

    enum CodingKeys: String, CodingKey { case segments, reason, refused, output }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(segments: try container.decode([Segment].self, forKey: .segments),
                  reason: try container.decodeIfPresent(String.self, forKey: .reason),
                  refused: try container.decode([String].self, forKey: .refused), output: nil,
                  described: try container.decodeIfPresent(String.self, forKey: .output), sources: [:], level: 0, reorderDelay: 0, copyableItems: [])
    }

    /// `range` with each edge that falls inside a copied segment moved to the nearest cut point
    /// of that segment (or its edge), so a chunk splits no group of pictures. Every chunk of one
    /// edit computes the same plan, so snapped chunks still tile the edit.
    public func snapped(_ range: Range<Int>) -> Range<Int> {
        func snap(_ frame: Int) -> Int {
            guard let segment = segments.first(where: { $0.copy && $0.first < frame && frame < $0.end }),
                  let source = sources[segment.first] else { return frame }
            let candidates = [segment.first, segment.end] + source.cutFrames.filter { segment.first < $0 && $0 < segment.end }
            return candidates.min { abs($0 - frame) < abs($1 - frame) } ?? frame
        }
        let (lower, upper) = (snap(range.lowerBound), snap(range.upperBound))
        return lower..<max(lower, upper)
    }

    /// Why an H.264 clip of `profile` is not copied into a lossless (CRF 0) output: x264's
    /// lossless mode needs High 4:4:4 Predictive (transform bypass), and a stream that switches
    /// to it from another profile at a keyframe, though valid, is decoded into corrupt pictures
    /// by ffmpeg's frame-threaded H.264 decoder (what most players use) after the switch.
    static func losslessH264Refusal(profile: String) -> String {
        "lossless (--crf 0) H.264 is High 4:4:4 Predictive, and a stream that switches to it from the clip's \(profile) decodes "
            + "as corrupt pictures in ffmpeg's multi-threaded decoder: encoded whole (HEVC's lossless mode joins its copies)"
    }

    /// Why a clip played other than as it is cannot be copied, or nil when it plays as it is.
    static func timingRefusal(_ timing: ClipTiming) -> String? {
        if timing.freeze { return "a freeze frame" }
        if timing.reverse { return "reversed" }
        return timing.speed == 1 ? nil : "played at speed \(timing.speed)"
    }

    /// Whether a decoder of `stream` started at `start` plus a number of the edit's frames lands
    /// on the very frames reading through gives: a constant rate equal to the edit's from time
    /// 0, and a start on a frame (the rate and start checks of `refusal`).
    static func seeksExactly(_ stream: ClipStream, plan: EditPlan, start: Double) -> Bool {
        let fps = Double(plan.framesPerSecond)
        return ClipStream.ratio(stream.frameRate) == fps && ClipStream.ratio(stream.averageFrameRate) == fps && stream.constantRate
            && abs(start * fps - (start * fps).rounded()) < 1e-6
    }

    /// Why `stream`, whose coding is the output's, cannot be copied into it, or nil when it can
    /// (the edit's size and constant rate from its first frame, square pixels, no
    /// rotation, starting on a frame, at most two frames of B-frame reordering).
    static func refusal(_ stream: ClipStream, plan: EditPlan, start: Double) -> String? {
        let fps = plan.framesPerSecond
        // Codec, profile, samples and colour are the output's (`EditOutputCoding.differs` says where not).
        let checks: [(Bool, String)] = [
            (stream.width == plan.width && stream.height == plan.height,
             "size \(stream.width)x\(stream.height), the edit's is \(plan.width)x\(plan.height)"),
            (stream.parameterSetChange == nil, stream.parameterSetChange ?? ""),
            (["1:1", "0:1", "unknown"].contains(stream.sampleAspectRatio), "sample aspect ratio \(stream.sampleAspectRatio), not square"),
            // Exactly the edit's fraction: 30000/1001 footage is not copied into a 30 fps edit.
            (plan.frameRate.matches(ffprobe: stream.frameRate) && plan.frameRate.matches(ffprobe: stream.averageFrameRate) && stream.constantRate,
             "frame rate \(stream.averageFrameRate), not a constant \(plan.frameRate.ffmpegText) fps from its first frame"),
            (!stream.rotated, "rotated by its display matrix"),
            (stream.reorderDelay <= 2, "its B-frames hold back \(stream.reorderDelay) frames (x264 holds back at most 2)"),
            (abs(start * Double(fps) - (start * Double(fps)).rounded()) < 1e-6, "from \(start) s is not on a frame"),
            (!stream.hidesFrames || !stream.cutPoints.isEmpty,
             "its edit list hides frames and its timestamps could not be read without it (only MP4 and MOV's can), so no cut point"),
            (stream.cutPoints.count > 1 || stream.openKeyframes == 0,
             "open GOPs: its \(stream.openKeyframes) keyframes after the first are recovery points, not IDR pictures, so no cut point"),
        ]
        return checks.first { !$0.0 }?.1
    }

    /// The copyable frames of clip item `item` within `wanted`: its untouched span (between the
    /// transitions on its sides) narrowed to cut points (or the stream's end).
    private static func copyRange(item: Int, plan: EditPlan, start: Double, stream: ClipStream, within wanted: Range<Int>)
        -> (frames: Range<Int>, inpoint: Double, outpoint: Double?, offset: Int)? {
        let itemStart = plan.startFrame(ofItem: item)
        let head = item > 0 ? plan.transitions[item - 1].frames : 0
        let tail = plan.items[item].frames - (item < plan.transitions.count ? plan.transitions[item].frames : 0)
        let lower = max(itemStart + head, wanted.lowerBound), upper = min(itemStart + tail, wanted.upperBound)
        let offset = Int((start * Double(plan.framesPerSecond)).rounded()) - itemStart   // source frame = edit frame + offset
        let cuts = stream.cutPoints + [stream.frameCount]
        guard let first = cuts.first(where: { $0 - offset >= lower }), let last = cuts.last(where: { $0 - offset <= upper }),
              last > first, let inpoint = stream.cutTimes[first] else { return nil }
        let outpoint = last == stream.frameCount ? nil : stream.cutDecodeTimes[last]
        return ((first - offset)..<(last - offset), inpoint, outpoint, offset)
    }

    /// An encoded segment over `frames`, with what in it keeps it from being copied: only the
    /// items and transitions that reach into it are looked at (a binary search finds the first),
    /// so a plan of many segments is not quadratic in the items.
    private static func encoded(_ frames: Range<Int>, plan: EditPlan, refused: [Int: String]) -> Segment {
        var transitions: [String] = [], items: [String] = []
        var index = plan.firstItem(endingAfter: frames.lowerBound)
        while index < plan.items.count, plan.startFrame(ofItem: index) < frames.upperBound {
            // Only the item's own frames (outside the transitions, named before them) say more.
            let start = plan.startFrame(ofItem: index)
            let head = index > 0 ? plan.transitions[index - 1].frames : 0
            let tail = plan.items[index].frames - (index < plan.transitions.count ? plan.transitions[index].frames : 0)
            if index > 0, head > 0, frames.overlaps(start..<(start + head)) {
                transitions.append("transitions[\(index - 1)] (\(plan.transitions[index - 1].name))")
            }
            if head < tail, frames.overlaps((start + head)..<(start + tail)) {
                items.append("items[\(index)]" + (refused[index].map { ": \($0)" } ?? ": frames between a transition and its nearest cut point"))
            }
            index += 1
        }
        // A transition lies within the item after it, so none outside these items reaches in.
        return Segment(first: frames.lowerBound, end: frames.upperBound, copy: false, item: nil,
                       why: (transitions + items).joined(separator: "; "))
    }
}
