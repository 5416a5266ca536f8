import Foundation
import SegueColor
import SegueExport
import SegueGL
import SegueHeadless
import SegueTimeline

/// An edit (`EditPlan`: pictures and clips with transitions and sound) rendered on a headless GL
/// context of its own by `TimelineExporter`: to a video, or to a folder of PNG frames named by
/// their index in the edit. What `segue edit` runs once it has the plan.
public struct EditRender {
    public let plan: EditPlan
    public var tools: FFmpegTools
    /// Video quality (constant rate factor); nil for the format's default.
    public var crf: Int?
    public var speed: EncoderSpeed = .standard
    /// How the output stage quantises the video's frames (`.ordered` by default).
    public var dither: Dither = .ordered
    /// 8, or 10 for HEVC Main 10 (.mp4) or VP9 profile 2 (.webm).
    public var bitDepth = 8
    /// Told of the render's progress (see `TimelineExporter.onProgress`).
    public var onProgress: ((ExportProgress) -> Void)?
    /// Told when another process is writing into the same frame folder and this one waits for it.
    public var onWaitingForLock: ((URL) -> Void)?
    /// Copies untouched clip spans as packets where the inputs allow (see `SmartRenderPlan`);
    /// false re-encodes every frame.
    public var smartRendering = true
    /// Told which frames an MP4 export copies and which it encodes, before it renders.
    public var onSmartPlan: ((SmartRenderPlan) -> Void)?
    /// The video coding of an MP4, MOV or MKV: the clips' own by default (see `EditVideoFormat`).
    public var videoFormat: EditVideoFormat = .follow

    public init(plan: EditPlan, tools: FFmpegTools) { (self.plan, self.tools) = (plan, tools) }

    /// Renders the frames in `range` (all when nil) to the `video` file at `path`, or, when
    /// `video` is nil, into the folder at `path` as PNGs. The video goes into place whole when
    /// complete, the folder whole or not at all.
    public func export(to path: String, video: VideoFormat?, frames range: Range<Int>? = nil) throws -> ExportResult {
        return try HeadlessEGLContext.withDevice { device in
            // PNG frames keep their alpha either way, and no video format's rules (H.264's even
            // size) apply to them.
            guard let video else {
                let exporter = try TimelineExporter(framesOf: plan, device: device, tools: tools)
                exporter.onProgress = onProgress
                return try exporter.exportFrames(toFolder: path, frames: range, onWaitingForLock: onWaitingForLock)
            }
            let exporter = try TimelineExporter(
                device: device, plan: plan, format: video, crf: crf, speed: speed, tools: tools, dither: dither, bitDepth: bitDepth)
            exporter.onProgress = onProgress
            (exporter.smartRendering, exporter.onSmartPlan, exporter.videoFormat) = (smartRendering, onSmartPlan, videoFormat)
            return try exporter.export(to: path, frames: range)
        }
    }
}
