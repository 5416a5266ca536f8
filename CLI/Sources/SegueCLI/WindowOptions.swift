import ArgumentParser
import Foundation
import SegueImage
import SeguePlayer

/// The window options `segue play` and `segue demo` share.
struct WindowOptions: ParsableArguments {
    enum Switch: String, ExpressibleByArgument, CaseIterable { case on, off }
    static let defaultEffect = "pixel-dissolve"
    static let defaultSize = FrameSize(width: 960, height: 540)

    @Option(help: "The effect or scenario to start with (see `segue render --list`); N/P switch in the window.")
    var effect = WindowOptions.defaultEffect
    @Option(help: "Window size, WIDTHxHEIGHT (default 960x540).", transform: parseFrameSize)
    var size = WindowOptions.defaultSize
    // Unconditional: `--duration -1` takes -1 as its value (and `validate` says why it is wrong)
    // instead of reading it as an option and answering "Missing value".
    @Option(parsing: .unconditional,
            help: "Seconds from one picture to the other (> 0; default 2 for effects, a scenario's own duration for scenarios).")
    var duration: Double?
    @Option(help: "Wait for the display's refresh between frames: on or off.") var vsync: Switch = .on
    @Option(help: "Repeat: loop, once or ping-pong (default ping-pong for effects, loop for scenarios); L cycles.")
    var loop: PlayerTimeline.LoopMode?
    @Option(help: "On exit, write frame-time statistics (p50/p99/max ms, frames drawn) to this JSON file.")
    var stats: String?
    @Flag(help: "Start without the overlay (H toggles it).") var noOverlay = false
    @Option(help: "Close the window after this many seconds (for scripted runs).") var seconds: Double?
    @Flag(help: "Print pointer- and key-driven changes on stdout (for scripted runs).") var traceScrub = false
    @Option(help: "Folder S saves screenshots into (PNG, the transition's picture at the progress on screen).")
    var screenshots = "."

    func validate() throws {
        if let duration, !(duration.isFinite && duration > 0) {
            throw ValidationError("--duration must be a positive number of seconds, not \(duration)")
        }
        if let stats {
            // Checked before the window opens, not found out after the run.
            let folder = (stats as NSString).deletingLastPathComponent
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder.isEmpty ? "." : folder, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ValidationError("--stats \(stats): the folder '\(folder)' does not exist")
            }
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: screenshots, isDirectory: &isFolder), isFolder.boolValue else {
            throw ValidationError("--screenshots \(screenshots): no such folder")
        }
        if let seconds, !(seconds.isFinite && seconds > 0) {
            throw ValidationError("--seconds must be a positive number of seconds, not \(seconds)")
        }
    }

    /// The keys, for `--help` and the README.
    static let keyHelp = """
        Keys in the window:
          space       pause / resume
          left/right  step one frame back / forward while paused
          R           reverse the direction
          1-5         speed 1/4x, 1/2x, 1x, 2x, 4x
          L           repeat mode: loop, once, ping-pong
          N / P       next / previous effect (every built-in, scenarios included), at the same progress, paused or not
          Enter       replay from the start (any repeat mode)
          F           fullscreen on / off
          S           save a screenshot (PNG of the transition at the progress on screen; --screenshots DIR)
          H           hide / show the overlay
          Q, Escape   quit
        Drag horizontally to scrub (the progress follows the drag from where it began); release to finish or cancel. cube-pop, zoom-push and pixel-dissolve-present run the seeds' gestures; in preferred-zoom a drag down dismisses the zoomed screen. Press or drag on the overlay's progress bar to seek.
        """
}

extension PlayerTimeline.LoopMode: @retroactive ExpressibleByArgument {}
