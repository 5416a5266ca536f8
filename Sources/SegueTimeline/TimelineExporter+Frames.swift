import Foundation
import SegueExport
import SegueImage
import SegueOutput

extension TimelineExporter {
    /// Renders the frames in `range` (all when nil) as PNGs named by their index in the edit
    /// (`frame-0300.png` …) into the folder at `path`, which appears whole or not at all and in
    /// which only earlier frame outputs are replaced (`OutputDirectory`). The result's `path` is
    /// the folder's; its `durationSeconds` the frames' length at the edit's rate.
    public func exportFrames(
        toFolder path: String, frames range: Range<Int>? = nil, onWaitingForLock: ((URL) -> Void)? = nil
    ) throws -> ExportResult {
        let start = DispatchTime.now()
        let wanted = try checkedRange(range)
        try checkSubtitleTrack(frameFolder: true)
        do { try OutputPath.refuseInputs(plan.inputPaths, asOutput: path) } catch { throw ExportError.output(error) }
        let folder = try OutputDirectory.produce(
            at: path, ownsFile: OutputDirectory.isFrameOutput, onWaitingForLock: onWaitingForLock, cleanup: tools.cleanup
        ) { output in
            try renderFrames(range: range) { index, image in
                try PNGCodec.write(image, to: output.stagedPath(OutputDirectory.frameName(index)))
            }
            return output.destination.path
        }
        return ExportResult(
            path: folder, frames: wanted.count, durationSeconds: plan.frameRate.seconds(wanted.count),
            elapsedSeconds: Self.seconds(since: start), encoderWaitSeconds: 0)
    }
}
