import Foundation
import SegueTiming
import SegueImage
import SegueStage
import SegueText
import SegueHeadless
import SegueOutput
import SegueUIKit

/// A short animated scene rendered headlessly with a virtual clock into a frame folder: the
/// seeds' 3D rotation (two cards on a shared edge, m34 = -0.005) followed by the
/// shrinking-snapshot dismiss. What `segue demo` shows of views without a display.
@MainActor
public struct SceneDemo {
    public let size: FrameSize
    public let framesPerSecond: Double
    public let outputDirectory: String
    /// Told when another process is writing into the same folder and this one waits for it.
    public var onWaitingForLock: ((URL) -> Void)?

    /// What the demo wrote: the folder, how many frames and the contact sheet's path.
    public struct Result: Sendable, Equatable {
        public let directory: String
        public let frameCount: Int
        public let contactSheet: String
    }

    public init(size: FrameSize, framesPerSecond: Double, outputDirectory: String, onWaitingForLock: ((URL) -> Void)? = nil) {
        (self.size, self.framesPerSecond, self.outputDirectory) = (size, framesPerSecond, outputDirectory)
        self.onWaitingForLock = onWaitingForLock
    }

    /// Renders the scene into `outputDirectory` (frames and a contact sheet; whole or not at all).
    public func run() throws -> Result {
        try OutputDirectory.produce(at: outputDirectory, ownsFile: OutputDirectory.isFrameOutput, onWaitingForLock: onWaitingForLock) { output in
            try render(into: output)
        }
    }

    private func render(into output: OutputDirectory) throws -> Result {
        let stage = try HeadlessStage(width: size.width, height: size.height, framesPerSecond: framesPerSecond)
        defer { stage.release() }
        let (w, h) = (Double(size.width), Double(size.height))
        let root = View(frame: Rect(x: 0, y: 0, width: w, height: h), name: "root")
        root.backgroundColor = Color(white: 0.08)
        let from = View(frame: Rect(x: 0, y: 0, width: w, height: h), name: "from")
        from.content = .image(try SampleImages.from(width: size.width, height: size.height))
        let to = View(frame: Rect(x: 0, y: 0, width: w, height: h), name: "to")
        to.content = .image(try SampleImages.to(width: size.width, height: size.height))
        let badge = View(frame: Rect(x: w * 0.06, y: h * 0.08, width: w * 0.22, height: h * 0.2), name: "badge")
        badge.backgroundColor = Color(red: 1, green: 1, blue: 1, alpha: 0.85)
        badge.cornerRadius = h * 0.05
        to.addSubview(badge)
        root.addSubview(from)
        root.addSubview(to)
        stage.window.rootView.addSubview(root)

        // Seed d: from turns away about its right edge, to turns in about its left edge, both
        // with perspective, while they slide left by one width (1.5 s). The signs make both
        // faces recede (z < 0) as on a cube seen from outside.
        let perspective = Transform3D.perspective(m34: -0.005)
        from.anchorPoint = Point(x: 1, y: 0.5)
        from.center = Point(x: w, y: h / 2)
        to.anchorPoint = Point(x: 0, y: 0.5)
        to.center = Point(x: w, y: h / 2)
        to.transform = perspective.rotated(by: .pi / 2, x: 0, y: 1, z: 0)
        View.animate(withDuration: 1.5, options: .curveEaseInOut, animations: {
            from.center = Point(x: 0, y: h / 2)
            from.transform = perspective.rotated(by: -.pi / 2, x: 0, y: 1, z: 0)
            to.center = Point(x: 0, y: h / 2)
            to.transform = perspective
        })

        var frames: [(image: RGBAImage, label: String)] = []
        var index = 0
        func capture() throws {
            let image = try stage.snapshot()
            try PNGCodec.write(image, to: output.stagedPath(TransitionRenderer.frameName(index)))
            if index % 4 == 0 { frames.append((image, "t=\(String(format: "%.2f", stage.now))s")) }
            index += 1
        }
        let rotationFrames = Int((1.5 * framesPerSecond).rounded())
        for _ in 0...rotationFrames {
            try capture()
            try stage.step()
        }
        // Seed c: snapshot the incoming card (with its badge), shrink it to its centre (1 s here).
        let snapshot = try stage.compositor.snapshot(of: to)
        to.isHidden = true
        root.addSubview(snapshot)
        View.animate(withDuration: 1, options: .curveEaseIn, animations: {
            snapshot.frame = snapshot.frame.insetBy(dx: snapshot.frame.width / 2, dy: snapshot.frame.height / 2)
        })
        for _ in 0...Int(framesPerSecond) {
            try stage.step()
            try capture()
        }
        let sheet = try ContactSheet.make(
            frames: frames, columns: 6, thumbnailWidth: min(240, size.width),
            title: "scene: cube rotation, then snapshot shrink  \(size)  \(index) frames at \(Int(framesPerSecond)) fps (virtual clock)",
            text: FontSheetText())
        try PNGCodec.write(sheet, to: output.stagedPath("contact-sheet.png"))
        return Result(directory: output.destination.path, frameCount: index, contactSheet: output.finalPath("contact-sheet.png"))
    }
}
