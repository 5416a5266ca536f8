import Foundation
import SegueAnimation
import SegueEffects
import SegueGL
import SegueImage
import SeguePlatform
import SegueScene
import SegueTransitions

/// Renders a built-in view-controller transition between two pictures: each picture becomes
/// a screen (a controller whose view shows it), the scenario starts the transition in a
/// headless window, and a virtual clock steps through its duration frame by frame.
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
        return try OutputDirectory.produce(at: outputDirectory, ownsFile: OutputDirectory.isFrameOutput) { output in
            try render(fromPicture, toPicture, into: output)
        }
    }

    private func render(_ fromPicture: RGBAImage, _ toPicture: RGBAImage, into output: OutputDirectory) throws -> TransitionExport.Result {
        let context = try HeadlessEGLContext()
        defer { context.release() }
        let device = try GLDevice(context: context)
        defer { device.release() }
        // Each screen shows its picture fitted by the effects' own geometry, on the GPU.
        let fromScreen = try PictureFitting.screen(fromPicture, device: device, frame: size, mode: resize, label: fromPath)
        defer { fromScreen.release() }
        let toScreen = try PictureFitting.screen(toPicture, device: device, frame: size, mode: resize, label: toPath)
        defer { toScreen.release() }
        let compositor = try Compositor(device: device)
        defer { compositor.release() }
        let target = try device.makeOffscreenTarget(width: size.width, height: size.height, stencil: true)
        defer { target.release() }

        let engine = AnimationEngine.main
        engine.reset(to: 0)
        TransitionDiagnostics.shared.clear()
        let window = Window(size: Size(width: Double(size.width), height: Double(size.height)))
        window.attach(compositor)
        let from = ViewController(name: "from")
        from.view.content = .texture(fromScreen.texture)
        let to = ViewController(name: "to")
        to.view.content = .texture(toScreen.texture)
        window.rootViewController = from
        scenario.start(window, from, to)

        var names: [String] = []
        var sheetFrames: [(image: RGBAImage, label: String)] = []
        let sheetEvery = max(1, frames / 24)
        for index in 0..<frames {
            let fraction = frames == 1 ? 0 : Double(index) / Double(frames - 1)
            try window.renderFrame(at: fraction * scenario.duration, compositor: compositor, into: target)
            let image = try target.readImage()
            let name = TransitionExport.frameName(index)
            try PNGCodec.write(image, to: output.stagedPath(name))
            names.append(output.finalPath(name))
            if index % sheetEvery == 0 || index == frames - 1 {
                sheetFrames.append((image, "#\(index) p=\(String(format: "%.2f", fraction))"))
            }
            progress?(index + 1, frames)
        }
        if let problem = TransitionDiagnostics.shared.messages.first {
            throw ScenarioError(scenario: scenario.name, message: problem)
        }
        let columns = min(6, max(1, Int(Double(sheetFrames.count).squareRoot().rounded(.up))))
        let sheet = try ContactSheet.make(
            frames: sheetFrames, columns: columns, thumbnailWidth: min(320, size.width),
            title: "\(scenario.name)  \(size)  \(frames) frames over \(scenario.duration) s")
        try PNGCodec.write(sheet, to: output.stagedPath("contact-sheet.png"))
        return TransitionExport.Result(directory: output.destination.path, frames: names, contactSheet: output.finalPath("contact-sheet.png"))
    }

    struct ScenarioError: Error, CustomStringConvertible {
        let scenario: String
        let message: String
        var description: String { "transition '\(scenario)' reported a problem: \(message)" }
    }
}
