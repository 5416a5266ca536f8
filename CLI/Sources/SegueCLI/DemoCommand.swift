import ArgumentParser
import Foundation
import SegueGLFW
import SegueImage
import SegueRenderJobs

/// What `make demo` runs: a window when there is a display, headless files when there is not.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Play the pixel dissolve in a window, or render it to files when there is no display.",
        discussion: WindowOptions.keyHelp)

    @Option(help: "Output directory for the headless render.") var out = "out"
    @Flag(help: "Render headlessly even when a display is available.") var headless = false
    @OptionGroup var window: WindowOptions

    func run() throws {
        // A DISPLAY naming no server is no display either: files, as with none, not a failure.
        let noDisplay = headless ? nil : GLFWWindowContext.displayUnavailableReason()
        if !headless && noDisplay == nil {
            try PlayCommand.play(window, from: nil, to: nil, parameters: [], resize: .cover)
            return
        }
        print(headless ? "--headless: rendering with EGL." : "No display (\(noDisplay ?? "")): rendering headlessly with EGL.")
        fflush(nil)  // all streams: a pipe reader sees the line before the rendering
        let size = FrameSize(width: 640, height: 360)
        let samples = try SamplesCommand.write(size: size, directory: out + "/samples")
        let result = try MainActor.assumeIsolated {
            try RenderCommand.writeFrames(
                .effect(.pixelDissolve), from: samples.from, to: samples.to, frames: 30, size: size,
                outputDirectory: out + "/pixel-dissolve", progress: nil)
        }
        print("""
            Pixel dissolve, \(result.frames.count) frames at \(size):
              frames:        \(result.directory)/frame-0000.png ... \(TransitionRenderer.frameName(result.frames.count - 1))
              contact sheet: \(result.contactSheet)
              inputs:        \(samples.from), \(samples.to)
            """)
        let filters = try FiltersCommand.render(
            input: samples.from, size: size, mode: .fused, outputDirectory: out + "/filters")
        print("""
            Effect library, \(filters.passes.count) filters and graphs on the first picture:
              pictures:      \(filters.directory)/<filter>.png
              contact sheet: \(filters.contactSheet)
            """)
        InterruptHandling.install()
        let scene = try MainActor.assumeIsolated {
            try SceneDemo(size: size, framesPerSecond: 24, outputDirectory: out + "/scene", onWaitingForLock: sayWaitingForLock).run()
        }
        print("""
            Animated scene (views, 3D transforms, snapshot), \(scene.frameCount) frames:
              frames:        \(scene.directory)/frame-0000.png ... \(TransitionRenderer.frameName(scene.frameCount - 1))
              contact sheet: \(scene.contactSheet)
            """)
    }
}
