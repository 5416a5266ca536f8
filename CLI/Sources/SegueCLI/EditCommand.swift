import ArgumentParser
import Foundation
import SegueColor
import SegueExport
import SegueRenderJobs
import SegueTimeline

extension EncoderSpeed: @retroactive ExpressibleByArgument {}
extension ToneMapOperator: @retroactive ExpressibleByArgument {}
extension HLGReferenceWhite: @retroactive ExpressibleByArgument {}
extension Dither: @retroactive ExpressibleByArgument {}
extension BlendSpace: @retroactive ExpressibleByArgument {}
extension EditVideoFormat: @retroactive ExpressibleByArgument {}

/// `segue edit SPEC.json --out edit.mp4`: a timeline of pictures and clips with transitions and
/// sound (see docs/edit-spec.schema.json), through `EditPlan` and `TimelineExporter`.
struct EditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Render a timeline of pictures and clips with a transition at each junction, and their sound, to MP4, MOV, MKV, WebM, GIF or PNG frames.",
        discussion: "The spec is JSON (schema: docs/edit-spec.schema.json); its paths are relative to its folder. Transitions "
            + "overlap the items on both sides as ffmpeg's xfade does, so the edit lasts the sum of the items less the sum of "
            + "the transitions; its length is printed before rendering. Every mistake in the spec is reported with its place "
            + "(items[2].to: ...) before anything renders. Title cards ({\"title\": ..., \"duration\": 3}), text on an item or over "
            + "the edit (\"text\", \"texts\") and SRT subtitles (\"subtitles\": burned in, or a soft track in MP4 and WebM): docs/Export.md.")

    @Argument(help: "The edit's spec, a JSON file.") var spec: String
    @Option(help: "A .mp4, .mov or .mkv (H.264 + AAC), .webm (VP9 + Opus) or .gif file, or a folder for PNG frames (frame-0000.png ...).")
    var out: String?
    @Option(help: "Video quality, constant rate factor on x264's scale for .mp4, .mov and .mkv, 0...51 (default 23, 0 lossless; with --bit-depth 10 HEVC gets x265's equal, CRF + 5: 28 by default, 0 lossless too), and on VP9's for .webm, 0...63 (default 31).") var crf: Int?
    @Option(help: "Only the edit's frames A..B (A included, B not, counted from 0): a chunk of a render split over processes; its frames are bit-identical to the same frames of the whole.",
            transform: EditCommand.parseRange)
    var frames: Range<Int>?
    @Option(help: "Only the I-th (from 0) of N near-equal spans of the edit's frames, I/N (e.g. a Kubernetes Indexed Job's $JOB_COMPLETION_INDEX/4): frames ⌊total·I/N⌋..⌊total·(I+1)/N⌋, each edge moved to the nearest cut point where it would split a copied group of pictures (smart rendering).")
    var chunk: EditChunk?
    @Option(help: "Print the edit's plan and render nothing: json (frames, fps, rate (\"30000/1001\" for 29.97), seconds, width, height, audio, items, transitions, first..end of the frames --frames or --chunk select, and for MP4 the smart render's segments: which are copied, which encoded and why).")
    var plan: PlanStyle?
    @Flag(help: "Speed-first encoding (--speed fast): x264 preset veryfast (mp4), VP9 realtime with cpu-used 8 (webm); larger files.")
    var fast = false
    @Option(help: "Encoder speed: standard (x264 medium), fast (as --fast) or fastest (x264 ultrafast, files several times fast's; the least CPU per frame).")
    var speed: EncoderSpeed?
    @OptionGroup var depth: SampleDepthOptions
    @Flag(help: "A transparent background (the spec's \"background\": \"transparent\"): the video keeps its alpha, in .webm (VP9 yuva420p) or .mov (ProRes 4444); PNG frames always carry it. .mp4 and .mkv have no alpha.")
    var alpha = false
    @Option(help: "Progress: bar (on a terminal), json (one object a line on stdout: frame, total, fps, eta), or none.")
    var progress: ProgressStyle = .bar
    @Option(help: "The video's coding in .mp4, .mov and .mkv: follow (default: the clips' codec, profile, bit depth and colour where they agree, else those of most of the clips' frames, so their untouched spans can be copied; untagged when every input is), h264 or hevc (that codec, the clips' profile and colour where they have it).")
    var format: EditVideoFormat = .follow
    @Flag(help: "Re-encode every frame: no packet of a clip is copied (smart rendering, on by default for MP4 where the clips allow it, is off).")
    var reencode = false
    @Option(help: "How HDR clips (HLG, PQ) are tone-mapped to SDR: hable (default, as ffmpeg's tonemap), mobius, reinhard or clip; overrides the spec's \"tonemap\".")
    var tonemap: ToneMapOperator?
    @Option(help: "Where HLG clips' reference white (75 % HLG, 203 nits) lands in SDR: bt2408 (SDR white, as SDR footage's; highlights above it clip; the default when HLG clips are cut with pictures, titles or SDR clips) or ffmpeg (75 %, as ffmpeg's tonemap, highlights kept; the default otherwise); overrides the spec's \"hlgReferenceWhite\".")
    var hlgReferenceWhite: HLGReferenceWhite?
    @Flag(help: "A quick draft: half the spec's width and height (a quarter of the pixels), the fastest encoder settings (--speed fastest unless --speed is given), every frame encoded.")
    var draft = false
    @Option(help: "Where transitions mix: srgb (default, as gl-transitions and ffmpeg's xfade: black to white is 128 halfway) or linear light (188 halfway, as OBS and Resolve); overrides the spec's \"blend\".")
    var blend: BlendSpace?
    @Flag(help: "Print nothing but errors.") var quiet = false

    enum ProgressStyle: String, ExpressibleByArgument, CaseIterable { case bar, json, none }
    enum PlanStyle: String, ExpressibleByArgument, CaseIterable { case json }

    static func parseRange(_ text: String) throws -> Range<Int> {
        let parts = text.components(separatedBy: "..")
        guard parts.count == 2, let lower = Int(parts[0]), let upper = Int(parts[1]), lower >= 0, upper > lower else {
            throw ValidationError("--frames takes A..B with 0 <= A < B, e.g. 0..300, not '\(text)'")
        }
        return lower..<upper
    }

    func validate() throws {
        if frames != nil, chunk != nil { throw ValidationError("give --frames or --chunk, not both") }
        guard let out else {
            if plan == nil { throw ValidationError("give --out (a video, a GIF or a folder for PNG frames), or --plan json") }
            return
        }
        if let message = OutputFormat.unsupportedOutput(out, format: nil, takesFormat: false) { throw ValidationError(message) }
        guard !out.isEmpty else { throw ValidationError("--out is empty: name a .mp4, .webm or .gif file, or a folder for PNG frames") }
        // `x.mp4/` names a folder: not silently a folder of PNG frames when it looks like a video's name.
        let name = String(out.reversed().drop { $0 == "/" }.reversed())
        if out.hasSuffix("/"), let video = VideoFormat(path: name) {
            throw ValidationError("--out '\(out)' ends in '/', which names a folder, but is named like a \(video.rawValue) video: "
                + "drop the '/' for a video, or name the folder of PNG frames otherwise")
        }
        // An existing folder is where PNG frames go (docs/Export.md); one named like a video is
        // neither a video's place nor, silently, a folder of frames.
        var isFolder: ObjCBool = false
        if let video = VideoFormat(path: name), FileManager.default.fileExists(atPath: out, isDirectory: &isFolder), isFolder.boolValue {
            throw ValidationError("--out '\(out)' is an existing folder, but is named like a \(video.rawValue) video: "
                + "name a new file for a video, or a folder not named like one for PNG frames")
        }
        let video = OutputFormat.resolve(nil, out: out).video
        if let crf, video == nil || video == .gif {
            throw ValidationError("--crf \(crf) applies to video output (--out x.mp4 or .webm)")
        }
        if fast, video == nil || video == .gif {
            throw ValidationError("--fast applies to video output (--out x.mp4 or .webm)")
        }
        if let speed, video == nil || video == .gif {
            throw ValidationError("--speed \(speed.rawValue) applies to video output (--out x.mp4 or .webm)")
        }
        if let dither = depth.dither, video == nil || video == .gif {
            throw ValidationError("--dither \(dither.rawValue) applies to video output (--out x.mp4 or .webm)")
        }
        if let bitDepth = depth.bitDepth, video == nil || !(video?.hasTenBitProfile ?? false) || ![8, 10].contains(bitDepth) {
            throw ValidationError("--bit-depth \(bitDepth): 8 or 10, for video output (--out x.mp4 or .webm)")
        }
        if alpha, let video {
            do { try ExportSettings(format: video, width: 2, height: 2, crf: crf, bitDepth: depth.bitDepth ?? 8, alpha: true).validate() } catch {
                throw ValidationError("--alpha: \(error)")
            }
            if video == .gif { throw ValidationError("--alpha: an edit's GIF has no transparent colour (segue render makes one); write .webm, .mov or PNG frames") }
        }
        if fast, let speed, speed != .fast {
            throw ValidationError("--fast is --speed fast; it cannot go with --speed \(speed.rawValue)")
        }
    }

    /// `--bit-depth 10`'s restriction of the followed coding (8, the default, restricts nothing).
    private var tenBits: Int? { depth.bitDepth == 10 ? 10 : nil }

    func run() throws {
        // Before ffprobe first runs: an interrupt kills the children and removes the partial output.
        InterruptHandling.install()
        RasteriserThreads.chooseForEncoding()
        let tools = try VideoRender.tools()
        let draftSize: ((Int, Int) -> (width: Int, height: Int))? = draft ? { EditPlan.draftSize(width: $0, height: $1) } : nil
        var plan = try EditTransitionNames.loadPlan(specAt: spec, tools: tools, resizedBy: draftSize)
        if let tonemap { plan.toneMap = tonemap }
        if let hlgReferenceWhite { plan.hlgReferenceWhite = hlgReferenceWhite }
        if alpha { plan.background = .transparent }
        if let blend { plan.blendSpace = blend }
        var frames = try chunk.map { chunk throws(EditChunkError) in try chunk.frames(ofTotal: plan.totalFrames) } ?? self.frames
        let video = out.map { OutputFormat.resolve(nil, out: $0).video } ?? .mp4
        // The format's own rules (an odd size for H.264, the CRF's range) before a plan or a
        // summary is printed: a plan promises what the render then does.
        if let video {
            try ExportSettings(
                format: video, width: plan.width, height: plan.height, framesPerSecond: plan.frameRate.nominal, crf: crf,
                alpha: plan.background == .transparent
            ).validate()
        }
        // Chunks of a smart render split no group of pictures: their edges move to cut points.
        if let chunk, let span = frames, !reencode, !draft, let video {
            let snapped = try SmartRenderPlan(plan: plan, format: video, videoFormat: format, bitDepth: tenBits, crf: crf, tools: tools).snapped(span)
            guard !snapped.isEmpty else {
                throw ValidationError("--chunk \(chunk.index)/\(chunk.count) is empty once its edges move to cut points; give fewer chunks")
            }
            frames = snapped
        }
        if self.plan != nil {
            let smart = try video.flatMap {
                reencode || draft ? nil : try SmartRenderPlan(plan: plan, format: $0, videoFormat: format, bitDepth: tenBits, crf: crf, range: frames, tools: tools)
            }
            try printPlan(plan, frames: frames, smart: smart)
            return
        }
        guard let out else { return }   // validate() requires --out without --plan
        let range = try TimelineExporter.checkedRange(frames, ofTotal: plan.totalFrames)
        let reporter = EditProgress(style: quiet ? .none : progress, label: "edit → \(video?.rawValue ?? "png")")
        reporter.carriesSound = video.map { $0 != .gif } ?? false
        reporter.start(plan: plan, range: range)
        var render = EditRender(plan: plan, tools: tools)
        (render.crf, render.speed, render.dither) = (crf, speed ?? (draft ? .fastest : fast ? .fast : .standard), depth.dither ?? .ordered)
        render.bitDepth = depth.bitDepth ?? 8
        (render.onProgress, render.onWaitingForLock) = ({ reporter.update($0) }, sayWaitingForLock)
        render.smartRendering = !reencode && !draft
        render.videoFormat = format
        let silent = quiet || progress == .json
        render.onSmartPlan = { smart in
            guard !silent else { return }
            if let output = smart.output { print("video: \(output)") }
            if let reason = smart.reason {
                print("smart rendering not used: \(reason)")
            } else {
                let copied = smart.segments.filter(\.copy).reduce(0) { $0 + $1.end - $1.first }
                print("smart rendering: \(copied) of \(range.count) frames copied from the clips, the rest encoded")
                smart.refused.forEach { print("  not copied: \($0)") }
            }
        }
        // An interrupt kills ffmpeg and removes the partial video or frame folder (InterruptCleanup).
        let result = try render.export(to: out, video: video, frames: frames)
        let summary = video.map { VideoRender.summary(result, format: $0, framesPerSecond: plan.frameRate.ffmpegText) }
            ?? "wrote \(result.frames) frames to \(result.path)/\(TransitionRenderer.frameName(range.lowerBound)) ... in "
            + String(format: "%.1f", result.elapsedSeconds) + " s"
        reporter.finish(path: result.path, frames: result.frames, elapsed: result.elapsedSeconds, summary: summary)
    }

    /// `--plan json`: one line on stdout, the range checked as a render would check it.
    private func printPlan(_ plan: EditPlan, frames: Range<Int>?, smart: SmartRenderPlan?) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var summary = try EditPlanSummary(plan: plan, range: frames)
        summary.smart = smart
        print(String(decoding: try encoder.encode(summary), as: UTF8.self))
    }
}

extension EditChunk: @retroactive ExpressibleByArgument {
    public init?(argument: String) {
        guard let chunk = try? EditChunk(parsing: argument) else { return nil }
        self = chunk
    }

    public static var defaultCompletionKind: CompletionKind { .default }
}
