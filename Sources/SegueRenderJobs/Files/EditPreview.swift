import Foundation
import SegueExport
import SegueGL
import SegueHeadless
import SegueImage
import SegueTimeline

/// An edit rendered for `segue play edit.json`: every frame the export would make (the same
/// `TimelineExporter`, transitions and all), at a reduced size, held in memory so the player can
/// scrub the whole timeline at once. Within `budgetBytes`, all frames are kept; a longer edit
/// keeps every `stride`-th (the preview's rate is the edit's divided by it).
public struct EditPreview: Sendable {
    /// The kept frames, in order: frame `i` is the edit's frame `i × stride`.
    public let frames: [RGBAImage]
    public let stride: Int
    /// The edit's own rate and length, in frames.
    public let framesPerSecond: Double
    public let totalFrames: Int
    public var width: Int { frames.first?.width ?? 0 }
    public var height: Int { frames.first?.height ?? 0 }
    /// The edit's length in seconds.
    public var seconds: Double { Double(totalFrames) / framesPerSecond }

    /// What a preview may hold by default: 768 MiB of frames (about 1,400 frames at 640×360,
    /// 47 s at 30 fps, before frames are skipped).
    public static let defaultBudget = 768 << 20

    /// The preview's frame for an edit of `width`×`height`: fitted within `box`, its aspect kept,
    /// never enlarged, even sides (as the export's frames need), at least 2×2.
    public static func size(width: Int, height: Int, within box: (width: Int, height: Int) = (640, 360)) -> (width: Int, height: Int) {
        let scale = min(1, Double(box.width) / Double(width), Double(box.height) / Double(height))
        let even = { (side: Int) in max(2, Int((Double(side) * scale).rounded(.down)) / 2 * 2) }
        return (even(width), even(height))
    }

    /// Every `stride`-th frame such that the kept frames of `width`×`height` fit `budgetBytes`.
    public static func stride(totalFrames: Int, width: Int, height: Int, budgetBytes: Int) -> Int {
        let fitting = max(1, budgetBytes / max(1, width * height * 4))
        return max(1, (totalFrames + fitting - 1) / fitting)
    }

    /// Renders `plan` (planned at the preview's size: `EditPlan.load(specAt:tools:resizedBy:)`
    /// with `size`) on a headless context of its own; `onFrame` hears each frame's index as it
    /// is made.
    public static func render(
        plan: EditPlan, tools: FFmpegTools, budgetBytes: Int = defaultBudget, onFrame: @escaping (Int) -> Void = { _ in }
    ) throws -> EditPreview {
        return try HeadlessEGLContext.withDevice { device in
            let stride = Self.stride(totalFrames: plan.totalFrames, width: plan.width, height: plan.height, budgetBytes: budgetBytes)
            let exporter = try TimelineExporter(device: device, plan: plan, format: .mp4, tools: tools)
            let kept = FrameList()
            try exporter.renderFrames { index, image in
                if index % stride == 0 { kept.frames.append(image) }
                onFrame(index)
            }
            return EditPreview(frames: kept.frames, stride: stride, framesPerSecond: plan.framesPerSecond, totalFrames: plan.totalFrames)
        }
    }

    private final class FrameList { var frames: [RGBAImage] = [] }
}
