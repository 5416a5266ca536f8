import ArgumentParser
import Foundation
import SegueEffects
import SegueGL
import SegueImage
import SegueAppHost
import SegueColor
import SegueRenderJobs
import SeguePlayer
import SegueTransitions

/// A window that plays a transition (an effect or a view-controller scenario); drag to scrub,
/// keys to pause, step, reverse, change speed, repeat mode and effect. See `PlayerWindow`.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play a transition in a window (GLFW); drag to scrub, keys to control it.",
        discussion: WindowOptions.keyHelp)

    @Argument(help: "An edit spec (JSON) to preview instead of a transition: its frames rendered at a reduced size (within --size, 640x360 by default), then played in the window with the same keys.")
    var spec: String?
    @Option(help: "The picture at progress 0 (PNG, JPEG, WebP, HEIC or AVIF); the built-in sample when omitted.") var from: String?
    @Option(help: "The picture at progress 1 (PNG, JPEG, WebP, HEIC or AVIF); the built-in sample when omitted.") var to: String?
    @OptionGroup var window: WindowOptions
    @OptionGroup var setup: TransitionSetupOptions

    func validate() throws {
        guard spec != nil else { return }
        if from != nil || to != nil || !setup.parameters.isEmpty || window.effect != WindowOptions.defaultEffect || window.duration != nil {
            throw ValidationError("an edit's preview plays the spec's own pictures, transitions and length: --from, --to, --param, --effect and --duration do not apply")
        }
    }

    func run() throws {
        if let spec { return try EditPreviewPlayer.play(spec: spec, options: window) }
        try Self.play(window, from: from, to: to, parameters: setup.parameters, resize: setup.resize, edges: setup.edges, blend: setup.blend)
    }

    /// Checks everything, opens the window and plays until it closes.
    static func play(
        _ options: WindowOptions, from: String?, to: String?, parameters: [String], resize: GLTransitionEffect.ResizeMode,
        edges: GLTransitionEffect.EdgeMode = .clamp, blend: BlendSpace = .srgb
    ) throws {
        let size = options.size
        let fromImage = try from.map { try PictureDecoder.read(path: $0) } ?? SampleImages.from(fitting: size)
        let toImage = try to.map { try PictureDecoder.read(path: $0) } ?? SampleImages.to(fitting: size)
        let effect = options.effect
        try EffectCatalog.validateName(effect)
        // Parsed (and its parameters checked) before a window opens; a user's file is compiled
        // headless too, so its errors come before any window is mapped.
        let transition = try EffectCatalog.transition(named: effect, parameters: parameters, resize: resize, edges: edges)
        if let transition, effect.hasSuffix(".glsl") {
            let picture = try RGBAImage(width: 4, height: 4, fill: SIMD4(0, 0, 0, 255))
            try MainActor.assumeIsolated { _ = try TransitionRenderer(.effect(transition), width: 4, height: 4).frames(from: picture, to: picture, at: [0]) }
        }
        let timeSource = try frameStep()
        try MainActor.assumeIsolated {
            // N/P go through every built-in, and a shader file given first.
            var names = EffectCatalog.allNames
            if !names.contains(effect) { names.insert(effect, at: 0) }
            var configuration = PlayerWindow.Configuration(
                names: names, startIndex: names.firstIndex(of: effect) ?? 0,
                makeTransition: { name, isFirst in
                    try EffectCatalog.transition(named: name, parameters: isFirst ? parameters : [], resize: resize, edges: edges)
                },
                from: fromImage, to: toImage, labels: (from ?? "the sample", to ?? "the sample"), resize: resize,
                size: (size.width, size.height))
            configuration.duration = options.duration
            configuration.blendSpace = blend
            try run(configuration, options: options, timeSource: timeSource) { renderer in
                "Playing \(effect) on \(renderer). Drag to scrub; space pauses, N/P switch effects, Q or Escape quits (--help lists the keys)."
            }
        }
    }

    /// Opens the window with `options`' settings, prints `firstLine` (given the GL renderer) and
    /// the player's reports, and plays until it closes; writes `--stats` after.
    @MainActor
    static func run(
        _ configuration: PlayerWindow.Configuration, options: WindowOptions, timeSource: HostClock, firstLine: (String) -> String
    ) throws {
        var configuration = configuration
        configuration.loop = options.loop
        configuration.showsOverlay = !options.noOverlay
        configuration.seconds = options.seconds
        configuration.screenshotFolder = options.screenshots
        configuration.vsync = options.vsync == .on
        configuration.timeSource = timeSource
        // Scripted runs count the frames drawn (`frame N` lines): a resting pointer draws none.
        let traceFrames = ProcessInfo.processInfo.environment["SEGUE_PLAY_TRACE_FRAMES"] == "1"
        let player = try PlayerWindow(configuration) { report in
            switch report {
            case .frameDrawn(let count):
                guard traceFrames else { return }
                print("frame \(count)")
            case .trace(let line):
                guard options.traceScrub else { return }
                print(line)
            case .screenshotSaved(let path):
                print("Saved \(path)")
            case .pictureReduced(let reduction, let label):
                // A picture larger than this GL's textures: the notice on stderr, even with `--quiet`.
                PictureFitting.printNotice(reduction, label: label)
            }
            fflush(nil)  // all streams: a pipe reader sees the line now
        }
        print(firstLine(player.renderer))
        fflush(nil)
        let summary = try player.run()
        guard let path = options.stats else { return }
        try FrameStats.write(summary, to: path)
        print(String(
            format: "%d frames drawn; frame time p50 %.2f ms, p99 %.2f ms, max %.2f ms (%@)",
            summary.framesDrawn, summary.p50Milliseconds, summary.p99Milliseconds, summary.maxMilliseconds, path))
    }

    /// `SEGUE_PLAY_FRAME_STEP=seconds`: every drawn frame advances exactly that much (scripted
    /// tests; 0 stands time still, so only drags and keys move the transition); unset or not a
    /// number of seconds: real time. Frame-time statistics stay real either way.
    static func frameStep() throws -> HostClock {
        guard let step = ProcessInfo.processInfo.environment["SEGUE_PLAY_FRAME_STEP"].flatMap(Double.init),
              step.isFinite, step >= 0 else { return .real }
        return try HostClock.fixedStep(seconds: step)
    }
}
