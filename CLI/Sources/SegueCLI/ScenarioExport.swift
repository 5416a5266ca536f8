import Foundation
import SegueEffects
import SegueImage
import SegueOutput
import SegueRendering
import SegueTransitions

/// Renders a built-in view-controller transition between two pictures into a frame folder
/// (the library's `TransitionRenderer` does the rendering; this writes the folder).
@MainActor
struct ScenarioExport {
    let fromPath: String
    let toPath: String
    let scenario: TransitionScenario
    let frames: Int
    let size: FrameSize
    let outputDirectory: String
    let progress: ((Int, Int) -> Void)?
    var resize: ResizeMode = .cover

    func run() throws -> TransitionExport.Result {
        let fromPicture = try PictureDecoder.read(path: fromPath)
        let toPicture = try PictureDecoder.read(path: toPath)
        return try OutputDirectory.produce(at: outputDirectory, ownsFile: OutputDirectory.isFrameOutput, onWaitingForLock: sayWaitingForLock) { output in
            try render(fromPicture, toPicture, into: output)
        }
    }

    private func render(_ fromPicture: RGBAImage, _ toPicture: RGBAImage, into output: OutputDirectory) throws -> TransitionExport.Result {
        var renderer = try TransitionRenderer(.scenario(scenario), width: size.width, height: size.height, resize: resize)
        renderer.onReduced = { [fromPath, toPath] isFrom, reduction in
            PictureFitting.printNotice(reduction, label: isFrom ? fromPath : toPath)
        }
        var names: [String] = []
        var sheet = ContactSheetFrames(total: frames)
        try renderer.render(from: fromPicture, to: toPicture, count: frames) { frame in
            let name = TransitionExport.frameName(frame.index)
            try PNGCodec.write(frame.image, to: output.stagedPath(name))
            names.append(output.finalPath(name))
            sheet.offer(frame)
            progress?(frame.index + 1, frames)
        }
        try PNGCodec.write(
            sheet.make(width: size.width, title: "\(scenario.name)  \(size)  \(frames) frames over \(scenario.duration) s"),
            to: output.stagedPath("contact-sheet.png"))
        return TransitionExport.Result(directory: output.destination.path, frames: names, contactSheet: output.finalPath("contact-sheet.png"))
    }
}
