import Foundation
import SegueExport
import SegueImage
import SeguePlayer
import SegueRenderJobs

/// `segue play edit.json`: the edit's frames rendered headlessly at a reduced size by the same
/// exporter `segue edit` runs (`EditPreview`), then played in the player's window as one show
/// spanning the whole timeline (`FrameSequenceShow`): a drag scrubs it, the keys work as for a
/// transition. The window opens at the frames' size, so they are shown one to one.
enum EditPreviewPlayer {
    /// Where the preview's frames fit when `--size` is not given.
    static let defaultBox = (width: 640, height: 360)

    static func play(spec: String, options: WindowOptions) throws {
        InterruptHandling.install()
        let tools = try VideoRender.tools()
        let box = options.size == WindowOptions.defaultSize ? defaultBox : (options.size.width, options.size.height)
        let plan = try EditTransitionNames.loadPlan(specAt: spec, tools: tools) { width, height in
            EditPreview.size(width: width, height: height, within: box)
        }
        let stride = EditPreview.stride(totalFrames: plan.totalFrames, width: plan.width, height: plan.height, budgetBytes: EditPreview.defaultBudget)
        let kept = stride == 1 ? "" : " (every \(stride)th kept, within \(EditPreview.defaultBudget >> 20) MiB)"
        FileHandle.standardError.write(Data("Rendering the preview: \(plan.totalFrames) frames at \(plan.width)x\(plan.height)\(kept)\n".utf8))
        let preview = try EditPreview.render(plan: plan, tools: tools)
        let timeSource = try PlayCommand.frameStep()
        let name = (spec as NSString).lastPathComponent
        try MainActor.assumeIsolated {
            let frames = preview.frames
            var configuration = PlayerWindow.Configuration(
                names: [name], startIndex: 0, makeTransition: { _, _ in nil },
                from: frames[0], to: frames[frames.count - 1], labels: (spec, spec), resize: .contain,
                size: (preview.width, preview.height))
            // The step keys move one of the edit's frames (one kept frame), the overlay says its time.
            configuration.makeShow = { name, device, size, trace in
                try FrameSequenceShow(
                    name: name, frames: frames, sourceFramesPerSecond: preview.framesPerSecond, stride: preview.stride,
                    sourceFrames: preview.totalFrames, device: device, size: size, trace: trace)
            }
            try PlayCommand.run(configuration, options: options, timeSource: timeSource) { renderer in
                String(format: "Playing %@ (%.2f s, %d frames at %dx%d) on %@. Drag to scrub the whole edit; space pauses, Q or Escape quits (--help lists the keys).",
                       name, preview.seconds, preview.totalFrames, preview.width, preview.height, renderer)
            }
        }
    }
}
