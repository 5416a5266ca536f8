import ArgumentParser
import Foundation
import SegueAnimation
import SegueEffects
import SegueGL
import SegueImage
import SeguePlatform
import SegueTransitions

/// A window that plays a transition back and forth; press and drag horizontally to scrub
/// (the pointer's x picks the progress), release to continue from there; Escape closes it.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play a transition in a window (GLFW); drag to scrub.")

    @Option(help: "The picture at progress 0 (PNG); the built-in sample when omitted.") var from: String?
    @Option(help: "The picture at progress 1 (PNG); the built-in sample when omitted.") var to: String?
    @Option(help: "The effect (see `segue render --list`).") var effect = "pixel-dissolve"
    @Option(help: "Window size, WIDTHxHEIGHT.", transform: parseFrameSize)
    var size = FrameSize(width: 960, height: 540)
    @Option(help: "Seconds from one picture to the other.") var duration = 2.0
    @Option(help: "Close the window after this many seconds (for scripted runs).") var seconds: Double?
    @Flag(help: "Print pointer-driven progress changes on stdout (for scripted runs).") var traceScrub = false
    @Option(name: .customLong("param"), help: "A parameter of a gl-transitions effect, name=value (repeatable).")
    var parameters: [String] = []
    @Option(help: "How pictures of another aspect ratio fit the window, for every effect: cover, contain or stretch.")
    var resize: GLTransitionEffect.ResizeMode = .cover
    @Option(help: "What a gl-transitions effect's lookups outside the picture return: clamp (repeat the edge pixels, as the official runtime does) or transparent.")
    var edges: GLTransitionEffect.EdgeMode = .clamp

    @MainActor
    private func playScenario(_ fromImage: RGBAImage, _ toImage: RGBAImage) throws {
        guard let scenario = TransitionScenario.named(effect) else {
            throw ValidationError("unknown effect '\(effect)'; see `segue render --list`")
        }
        let window = try GLFWWindowContext(title: "Segue — \(scenario.name)", width: size.width, height: size.height)
        defer { window.release() }
        let device = try GLDevice(context: window)
        defer { device.release() }
        let drawable = window.drawableSize ?? (size.width, size.height)
        print("Playing \(scenario.name) on \(device.renderer). Drag horizontally to scrub; Escape closes the window.")
        fflush(nil)
        let frame = FrameSize(width: drawable.width, height: drawable.height)
        try ScenarioPlayer(
            scenario: scenario,
            fromImage: PictureFitting.screen(fromImage, device: device, frame: frame, mode: resize, label: from ?? "the sample"),
            toImage: PictureFitting.screen(toImage, device: device, frame: frame, mode: resize, label: to ?? "the sample"),
            window: window, device: device, trace: { trace($0) }
        ).run(closeAfter: seconds)
    }

    private func trace(_ line: String) {
        guard traceScrub else { return }
        print(line)
        fflush(nil)  // all streams: a pipe reader sees the line now
    }

    func run() throws {
        let fromImage = try from.map { try PNGCodec.read(path: $0) } ?? SampleImages.from(width: size.width, height: size.height)
        let toImage = try to.map { try PNGCodec.read(path: $0) } ?? SampleImages.to(width: size.width, height: size.height)
        // Parsed (and its parameters checked) before a window opens.
        let glEntry = GLTransitionCatalog.isTransition(effect)
            ? try GLTransitionCatalog.entry(for: effect, parameters: parameters, resize: resize, edges: edges) : nil
        if !parameters.isEmpty && glEntry == nil {
            throw ValidationError("--param applies to gl-transitions effects (a built-in name or a .glsl file)")
        }
        guard let entry = glEntry ?? EffectCatalog.entry(named: effect, resize: resize) else {
            // A built-in view-controller transition (the seeds' examples).
            try MainActor.assumeIsolated { try playScenario(fromImage, toImage) }
            return
        }

        let window = try GLFWWindowContext(title: "Segue — \(entry.name)", width: size.width, height: size.height)
        defer { window.release() }
        let device = try GLDevice(context: window)
        defer { device.release() }
        let drawable = window.drawableSize ?? (size.width, size.height)
        let frame = FrameSize(width: drawable.width, height: drawable.height)
        // At their own size: the effect fits them to the window, whatever size it takes.
        let fromTexture = try PictureFitting.texture(fromImage, device: device, label: from ?? "the sample")
        defer { fromTexture.release() }
        let toTexture = try PictureFitting.texture(toImage, device: device, label: to ?? "the sample")
        defer { toTexture.release() }
        let transition = try entry.make(device, fromTexture, toTexture, .fused)
        defer { transition.release() }
        let target = DefaultFramebufferTarget(width: drawable.width, height: drawable.height)

        print("Playing \(entry.name) on \(device.renderer). Drag horizontally to scrub; Escape closes the window.")
        fflush(nil)  // all streams: a pipe reader sees the line now
        // The display loop is just one driver of time: it reads a real clock each frame.
        let clock = RealClock()
        func now() -> Double { clock.now }
        var playback = TransitionPlayback(duration: duration, repeatMode: .pingPong, start: 0)
        var dragging = false
        var framesSinceTitle = 0
        var lastTitle = 0.0
        while !window.shouldClose {
            let time = now()
            for event in window.pollEvents() {
                let progress = event.x / Double(max(1, target.width))
                switch event.kind {
                case .down: dragging = true; playback.scrub(to: progress); trace("scrub \(playback.progress)")
                case .moved where dragging: playback.scrub(to: progress); trace("scrub \(playback.progress)")
                case .up: dragging = false; playback.resume(at: time); trace("resume \(playback.progress)")
                default: break
                }
            }
            if let size = window.drawableSize, size.width > 0, size.height > 0 {
                target.resize(width: size.width, height: size.height)
            }
            transition.progress = Float(playback.advance(to: time))
            try transition.render(into: target)
            try window.present()
            framesSinceTitle += 1
            if time - lastTitle >= 1 {
                let fps = Double(framesSinceTitle) / (time - lastTitle)
                window.setTitle("Segue — \(entry.name) — \(Int(fps.rounded())) fps — progress \(String(format: "%.2f", playback.progress))\(dragging ? " (scrubbing)" : "")")
                framesSinceTitle = 0
                lastTitle = time
            }
            if let seconds, time >= seconds { break }
        }
    }
}
