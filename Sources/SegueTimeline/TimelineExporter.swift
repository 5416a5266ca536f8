import Foundation
import SegueColor
import SegueExport
import SegueGL
import SegueImage
import SegueOutput

/// Renders an `EditPlan` (see `segue edit`) to a video through ffmpeg, or frame by frame to the
/// caller. One exporter makes one export.
///
/// ```swift
/// let plan = try EditPlan.load(specAt: "edit.json", tools: try FFmpegTools.locate())
/// let exporter = try TimelineExporter(device: device, plan: plan, format: .mp4)
/// let result = try exporter.export(to: "edit.mp4")
/// ```
public final class TimelineExporter {
    public let device: GLDevice
    public let plan: EditPlan
    public let tools: FFmpegTools
    public let settings: ExportSettings
    /// How the encoder trades file size for speed.
    public let speed: EncoderSpeed
    /// Any speed-first setting (`fast` or `fastest`).
    public var speedFirst: Bool { speed != .standard }
    /// Called on the exporting thread after every frame.
    public var onProgress: ((ExportProgress) -> Void)?
    /// Copies the clips' untouched spans as packets where the inputs allow it (MP4 only; see
    /// `SmartRenderPlan`); false re-encodes every frame (`segue edit --reencode`).
    public var smartRendering = true
    /// Told, before anything renders, which frames an MP4 export copies and which it encodes.
    public var onSmartPlan: ((SmartRenderPlan) -> Void)?
    /// The video coding of an MP4, MOV or MKV export: the clips' own by default (`EditVideoFormat`),
    /// so their untouched spans can be copied. `bitDepth` 10 asks for 10 bits (HEVC Main 10).
    public var videoFormat: EditVideoFormat = .follow
    /// `settings` with the coding `export` chose (`EditOutputCoding`): what the encoders are given.
    var coding: ExportSettings
    private var used = false
    /// The sound `export` made ready (see `TimelineExporter+Sound.swift`).
    var preparedSound: PreparedSound?
    /// Pictures fitted once for every render of this exporter.
    lazy var stills = StillCache(frameBytes: plan.width * plan.height * 4)

    /// Checks the settings against the plan (size, rate, CRF) and finds ffmpeg before anything
    /// renders. `format`, `conversion`, `dither` and `bitDepth` are ignored by `renderFrames`
    /// (RGBA with straight alpha). `alpha` (nil: the plan's background is transparent) keeps the
    /// frames' alpha in the video.
    public convenience init(
        device: GLDevice, plan: EditPlan, format: VideoFormat, crf: Int? = nil, speed: EncoderSpeed = .standard, tools: FFmpegTools? = nil,
        conversion: OutputConversion = .gpu, dither: Dither = .ordered, bitDepth: Int = 8, alpha: Bool? = nil
    ) throws {
        let settings = ExportSettings(
            format: format, width: plan.width, height: plan.height, framesPerSecond: plan.frameRate.nominal, crf: crf,
            conversion: conversion, dither: dither, bitDepth: bitDepth, alpha: alpha ?? (plan.background == .transparent))
        try settings.validate()
        if settings.alpha, format == .gif {
            throw ExportError.alphaUnsupported(
                format: .gif, reason: "an edit's GIF is encoded in one pass, without the palette pass that keeps a transparent colour "
                    + "(segue render makes one); write .webm, .mov or PNG frames")
        }
        try self.init(device: device, plan: plan, settings: settings, speed: speed, tools: tools)
    }

    /// An exporter of PNG frames only (`exportFrames`, `renderFrames`): no video format's rules
    /// apply, so an edit of odd size (H.264's are even) makes its frames; `export(to:)` refuses
    /// what no video format takes.
    public convenience init(framesOf plan: EditPlan, device: GLDevice, tools: FFmpegTools? = nil) throws {
        let settings = ExportSettings(
            format: .mp4, width: plan.width, height: plan.height, framesPerSecond: plan.frameRate.nominal, alpha: false)
        try self.init(device: device, plan: plan, settings: settings, speed: .standard, tools: tools)
    }

    private init(device: GLDevice, plan: EditPlan, settings: ExportSettings, speed: EncoderSpeed, tools: FFmpegTools?) throws {
        (self.settings, self.speed, coding) = (settings, speed, settings)
        try device.validateSize(width: plan.width, height: plan.height)
        self.tools = try tools ?? FFmpegTools.locate()
        (self.device, self.plan) = (device, plan)
    }

    /// As above; `speedFirst` is `EncoderSpeed.fast`.
    public convenience init(
        device: GLDevice, plan: EditPlan, format: VideoFormat, crf: Int? = nil, speedFirst: Bool, tools: FFmpegTools? = nil
    ) throws {
        try self.init(device: device, plan: plan, format: format, crf: crf, speed: speedFirst ? .fast : .standard, tools: tools)
    }

    /// Checks a frame range against the plan: `lower..<upper` within 0..<totalFrames, not empty.
    public func checkedRange(_ range: Range<Int>?) throws(ExportError) -> Range<Int> {
        try Self.checkedRange(range, ofTotal: plan.totalFrames)
    }

    /// `checkedRange(_:)` for an edit of `total` frames, without an exporter (and so without a
    /// GL device): what a plan printed instead of a render checks.
    public static func checkedRange(_ range: Range<Int>?, ofTotal total: Int) throws(ExportError) -> Range<Int> {
        let all = 0..<total
        guard let range else { return all }
        guard !range.isEmpty, all.contains(range.lowerBound), range.upperBound <= all.upperBound else {
            throw .frameRangeOutOfRange(lower: range.lowerBound, upper: range.upperBound, total: total)
        }
        return range
    }

    /// Encodes the edit (or the frames in `range`, with their sound) to `path`. As for
    /// `TransitionExporter`, the video goes into a file created here beside it under a hidden,
    /// unpredictable name (`PartialFile`: nothing planted at that name is written through, an
    /// interrupt removes it) which ffmpeg gets as its stdout, and is moved into place when complete.
    public func export(to path: String, frames range: Range<Int>? = nil) throws -> ExportResult {
        guard !used else { throw ExportError.exporterAlreadyUsed }
        used = true
        // A frames-only exporter (`init(framesOf:)`) was not held to the format's rules yet.
        try settings.validate()
        let wanted = try checkedRange(range)
        try checkSubtitleTrack(frameFolder: false)
        do { try OutputPath.refuseInputs(plan.inputPaths, asOutput: path) } catch { throw ExportError.output(error) }
        let file: PartialFile
        do { file = try PartialFile(destination: path, purpose: "the video", cleanup: tools.cleanup) } catch { throw ExportError.output(error) }
        let start = DispatchTime.now()
        defer { preparedSound?.discard() }
        do {
            preparedSound = try prepareSound(range: range, beside: path)
            // The video takes the clips' coding (`EditOutputCoding`); copied packets are H.264 in
            // MP4: a MOV or MKV is told why it is encoded whole (`SmartRenderPlan`), an alpha output
            // is neither followed nor copied.
            let depth = settings.bitDepth == 10 ? 10 : nil
            if [.mp4, .mov, .mkv].contains(settings.format), settings.usesOutputStage, !smartRendering {
                let output = try EditOutputCoding(plan: plan, choice: videoFormat, bitDepth: depth) { (path, demuxer) throws(ExportError) in
                    try StreamCoding(probing: path, demuxer: demuxer, tools: tools)
                } metadata: { (path, demuxer) throws(ExportError) in
                    try HDRStaticMetadata.probe(path, demuxer: demuxer, tools: tools)
                }
                coding = output.applied(to: settings)
            }
            if smartRendering, [.mp4, .mov, .mkv].contains(settings.format), settings.usesOutputStage {
                let smart = try SmartRenderPlan(plan: plan, format: settings.format, videoFormat: videoFormat, bitDepth: depth, crf: settings.crf, range: wanted,
                                                tools: tools)
                coding = smart.coding.applied(to: settings, untagged: smart.untagged, hdr: smart.hdr)
                onSmartPlan?(smart)
                if smart.copies || smart.joinable {
                    let wait = try exportSmart(smart, into: file, range: wanted, start: start)
                    try commit(file, range: wanted)
                    return ExportResult(
                        path: file.destination.path, frames: wanted.count, durationSeconds: plan.frameRate.seconds(wanted.count),
                        elapsedSeconds: Self.seconds(since: start), encoderWaitSeconds: wait)
                }
            }
            let encoder = try FFmpegProcess(
                executable: tools.ffmpeg, arguments: encoderArguments(output: TransitionExporter.childStdout, range: range),
                writesInput: true, readsOutput: false, outputFile: file.descriptor, stallTimeout: tools.stallTimeout, cleanup: tools.cleanup)
            let (input, pipeline) = try EncoderInput.pipeline(into: encoder, device: device, settings: coding)
            defer { input.release() }
            do {
                try render(into: pipeline, input: input, range: wanted, start: start)
                try pipeline.finish()
            } catch {
                pipeline.cancel()
                throw error
            }
            try commit(file, range: wanted)
            return ExportResult(
                path: file.destination.path, frames: wanted.count,
                durationSeconds: plan.frameRate.seconds(wanted.count),
                elapsedSeconds: Self.seconds(since: start), encoderWaitSeconds: pipeline.encoderWaitSeconds)
        } catch {
            file.discard()
            throw ExportError.namingFullDisk(error, writing: "the video", to: file.destination.path)
        }
    }

    /// Renders the frames in `range` (all when nil) and hands each to `body` with its index in
    /// the edit, in order.
    public func renderFrames(range: Range<Int>? = nil, body: @escaping (Int, RGBAImage) throws -> Void) throws {
        guard !used else { throw ExportError.exporterAlreadyUsed }
        used = true
        let wanted = try checkedRange(range)
        let sink = ImageFrameSink(width: plan.width, height: plan.height, firstIndex: wanted.lowerBound, body: body)
        try render(into: sink, input: EncoderInput(rgbaFor: device, width: plan.width, height: plan.height),
                   range: wanted, start: DispatchTime.now())
    }

    /// The encoder's command line: raw frames on stdin (the output stage's planes, or RGBA with
    /// `.swscale`), the sound's sources and filter
    /// graph (see `AudioGraph`) when the edit has sound and the format carries it.
    public func encoderArguments(output: String, range: Range<Int>? = nil) -> [String] {
        // -xerror: a full disk stops ffmpeg at its first failed write (see the -flush_packets below).
        var arguments = ["-hide_banner", "-nostdin", "-loglevel", "error", "-xerror", "-y",
                         "-f", "rawvideo", "-pix_fmt", coding.encoderInputPixelFormat, "-s", "\(plan.width)x\(plan.height)",
                         "-framerate", plan.frameRate.ffmpegText, "-i", "pipe:0"]
        if let sound = soundArguments(range: range) {
            arguments += sound + ["-max_muxing_queue_size", "4096"]
        } else {
            arguments += ["-an"]
        }
        return arguments + coding.encoderArguments + presetArguments
            + ["-metadata", "comment=" + chunkTag(range: range).text] + TransitionExporter.outputFlush + [output]
    }

    /// The speed's encoder options; ffmpeg takes the last of a repeated option, so these
    /// override the format's own choices.
    var presetArguments: [String] {
        switch (speed, settings.format) {
        case (_, .mov) where settings.alpha: []  // ProRes has no presets
        case (.fast, .mp4), (.fast, .mov), (.fast, .mkv): ["-preset", "veryfast"]
        case (.fastest, .mp4), (.fastest, .mov), (.fastest, .mkv): ["-preset", "ultrafast"]
        case (.fast, .webm), (.fastest, .webm): ["-deadline", "realtime", "-cpu-used", "8"]
        default: []
        }
    }

    /// What a video of the frames in `range` (all when nil) says it is (see `ChunkTag`).
    public func chunkTag(range: Range<Int>?) -> ChunkTag {
        // Linear-light chunks (a spec's "blend" or `--blend`) do not join sRGB ones.
        let encoding = "\(settings.format.rawValue)-crf\(settings.crf.map(String.init) ?? "default")-\(speed.rawValue)"
            + (plan.blendSpace == .linear ? "-blend-linear" : "")
        return ChunkTag(spec: plan.specIdentity, encoding: encoding, frames: range ?? 0..<plan.totalFrames,
                        total: plan.totalFrames, framesPerSecond: plan.frameRate)
    }

    private func render(into sink: any FrameSink, input: EncoderInput, range: Range<Int>, start: DispatchTime) throws {
        let renderer = TimelineRenderer(plan: renderPlan, device: device, tools: tools, input: input, stills: stills)
        renderer.seekableItems = try seekableFirstItem(of: range)
        try renderer.render(into: sink, range: range) { done in
            onProgress?(ExportProgress(framesDone: done, totalFrames: range.count, elapsedSeconds: Self.seconds(since: start)))
        }
    }

    /// The item `range` starts in, when it is a clip whose decoder may seek to the range's first
    /// frame (`SmartRenderPlan.seeksExactly`): a chunk then decodes from its own start, not every
    /// frame of the clip before it (chunk 3 of 4 decoded three quarters of the edit first).
    func seekableFirstItem(of range: Range<Int>) throws -> Set<Int> {
        guard range.lowerBound > 0,
              let item = plan.items.indices.first(where: { plan.startFrame(ofItem: $0) + plan.items[$0].frames > range.lowerBound }),
              plan.startFrame(ofItem: item) < range.lowerBound,
              case let .clip(path, start, _, demuxer) = plan.items[item].source else { return [] }
        let stream = try ClipStream.probed(path: path, demuxer: demuxer, framesPerSecond: plan.framesPerSecond, tools: tools)
        return SmartRenderPlan.seeksExactly(stream, plan: plan, start: start) ? [item] : []
    }

    static func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }
}

/// How an export's encoder trades file size for speed, at the same CRF.
public enum EncoderSpeed: String, Sendable, CaseIterable {
    /// The format's own settings: x264 `medium`, VP9 `good` with `-cpu-used 4`.
    case standard
    /// x264 `veryfast`, VP9 `realtime` with `-cpu-used 8`: larger files, several times faster to make.
    case fast
    /// x264 `ultrafast` (no CABAC, no B-frames: files several times `fast`'s), the least CPU per
    /// frame, for real time on two cores; VP9 as `fast`.
    case fastest
}

/// Hands each frame to a closure as an image: for PNG frames and for tests.
private final class ImageFrameSink: FrameSink {
    private let buffer: UnsafeMutableRawBufferPointer
    private let width: Int
    private let height: Int
    private var index: Int
    private let body: (Int, RGBAImage) throws -> Void

    init(width: Int, height: Int, firstIndex: Int, body: @escaping (Int, RGBAImage) throws -> Void) {
        buffer = .allocate(byteCount: width * height * 4, alignment: 64)
        (self.width, self.height, self.index, self.body) = (width, height, firstIndex, body)
    }

    deinit { buffer.deallocate() }

    func acquire() throws -> UnsafeMutableRawBufferPointer { buffer }
    func recycle(_ buffer: UnsafeMutableRawBufferPointer) {}

    func submitStill(_ still: StillFrame) throws {
        buffer.copyMemory(from: still.bytes)
        try submit(buffer)
    }

    func submit(_ buffer: UnsafeMutableRawBufferPointer) throws {
        let image = try RGBAImage(width: width, height: height, pixels: Array(UnsafeRawBufferPointer(buffer)))
        try body(index, image)
        index += 1
    }
}
