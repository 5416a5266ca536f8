import SegueImage
import SegueRendering

/// `segue demo`'s headless scene: the library's `SceneDemo` with the command line's message
/// while it waits for another run writing into the same folder.
@MainActor
struct SceneDemo {
    let size: FrameSize
    let framesPerSecond: Double
    let outputDirectory: String

    func run() throws -> SegueRendering.SceneDemo.Result {
        try SegueRendering.SceneDemo(
            size: size, framesPerSecond: framesPerSecond, outputDirectory: outputDirectory, onWaitingForLock: sayWaitingForLock
        ).run()
    }
}
