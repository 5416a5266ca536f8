import Foundation
import SegueEffects
import SegueImage
import SegueOutput

/// A folder of rendered frames, as `TransitionRenderer.writeFrameFolder` leaves it: the paths a
/// caller shows its user or hands on.
public struct FrameFolder: Sendable, Equatable {
    /// The folder, as given.
    public let directory: String
    /// Every frame's path, in order (`frame-0000.png` …).
    public let frames: [String]
    /// The contact sheet's path (`contact-sheet.png`).
    public let contactSheet: String
}

extension TransitionRenderer {
    /// Renders `count` frames into the folder at `path`, one PNG each (`frameName`), and their
    /// contact sheet (`contactSheetTitle`). The folder appears whole or not at all and only
    /// earlier frame outputs in it are replaced (`OutputDirectory`); `onWaitingForLock` hears of
    /// a wait for another process writing there, `progress` of each frame (done, total).
    public func writeFrameFolder(
        from: RGBAImage, to: RGBAImage, count: Int, at path: String, progress: ((Int, Int) -> Void)? = nil,
        onWaitingForLock: ((URL) -> Void)? = nil
    ) throws -> FrameFolder {
        try writeFrameFolder(
            from: PictureSource.decoded(from), to: .decoded(to), count: count, at: path, progress: progress,
            onWaitingForLock: onWaitingForLock)
    }

    /// As `writeFrameFolder(from:to:count:at:progress:onWaitingForLock:)` for pictures not yet
    /// decoded (`PictureFitting.source`): a damaged PNG fails before a frame is written.
    public func writeFrameFolder(
        from: PictureSource, to: PictureSource, count: Int, at path: String, progress: ((Int, Int) -> Void)? = nil,
        onWaitingForLock: ((URL) -> Void)? = nil
    ) throws -> FrameFolder {
        let folder = try OutputDirectory.produce(
            at: path, ownsFile: OutputDirectory.isFrameOutput, onWaitingForLock: onWaitingForLock
        ) { output in
            var names: [String] = []
            var sheet = ContactSheetFrames(total: count)
            let glRenderer = try render(from: from, to: to, count: count) { frame in
                let name = Self.frameName(frame.index)
                try PNGCodec.write(frame.image, to: output.stagedPath(name))
                names.append(output.finalPath(name))
                sheet.offer(frame)
                progress?(frame.index + 1, count)
            }
            let title = contactSheetTitle(count: count, glRenderer: glRenderer)
            try PNGCodec.write(sheet.make(width: width, title: title), to: output.stagedPath("contact-sheet.png"))
            return FrameFolder(directory: output.destination.path, frames: names, contactSheet: output.finalPath("contact-sheet.png"))
        }
        RenderingLog.logger.debug("wrote \(count) frames of \(name) to \(folder.directory)")
        return folder
    }

    /// What a contact sheet of `count` frames says on top: the transition, the size, and for an
    /// effect the execution mode and the GL renderer, for a scenario its duration.
    public func contactSheetTitle(count: Int, glRenderer: String) -> String {
        switch transition {
        case .scenario(let scenario): "\(name)  \(width)x\(height)  \(count) frames over \(scenario.duration) s"
        case .effect, .custom: "\(name)  \(width)x\(height)  \(count) frames  (\(mode.rawValue), \(glRenderer))"
        }
    }
}
