import Foundation
import SegueExport

extension EditPlan {
    /// A draft's frame for an edit of `width`×`height`: half of each side (a quarter of the
    /// pixels, so about a quarter of the work per frame), rounded down to even numbers (H.264's
    /// 4:2:0 needs them), at least 2×2.
    public static func draftSize(width: Int, height: Int) -> (width: Int, height: Int) {
        (max(2, width / 2 / 2 * 2), max(2, height / 2 / 2 * 2))
    }

    /// The spec at `path` planned at another size than its own: `size` maps the spec's width and
    /// height to the plan's. The same items, transitions and sound, each checked as the full
    /// edit's are; only the frame (and what the pictures and clips are fitted to) changes.
    public static func load(
        specAt path: String, tools: FFmpegTools, resizedBy size: @escaping (_ width: Int, _ height: Int) -> (width: Int, height: Int)
    ) throws -> EditPlan {
        try load(specAt: path, tools: tools) { spec in
            let checker = EditPlanChecker(folder: URL(fileURLWithPath: path).deletingLastPathComponent(), tools: tools)
            let (width, height) = try checker.size(spec.size)
            let resized = size(width, height)
            spec.size = "\(resized.width)x\(resized.height)"
        }
    }
}
