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
        return try TransitionExport.writeFrames(of: renderer, from: fromPicture, to: toPicture, count: frames, into: output, progress: progress) { _ in
            "\(scenario.name)  \(size)  \(frames) frames over \(scenario.duration) s"
        }
    }
}
