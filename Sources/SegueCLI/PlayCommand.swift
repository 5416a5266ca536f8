import ArgumentParser
import Foundation
import SegueEffects
import SegueGL
import SegueImage
import SeguePlatform
import SegueTransitions

/// A window that plays a transition (an effect or a view-controller scenario); drag to scrub,
/// keys to pause, step, reverse, change speed, repeat mode and effect. See `WindowPlayer`.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play a transition in a window (GLFW); drag to scrub, keys to control it.",
        discussion: WindowOptions.keyHelp)

    @Option(help: "The picture at progress 0 (PNG, JPEG or WebP); the built-in sample when omitted.") var from: String?
    @Option(help: "The picture at progress 1 (PNG, JPEG or WebP); the built-in sample when omitted.") var to: String?
    @OptionGroup var window: WindowOptions
    @Option(name: .customLong("param"), help: "A parameter of a gl-transitions effect, name=value (repeatable).")
    var parameters: [String] = []
    @Option(help: "How pictures of another aspect ratio fit the window, for every effect and scenario: cover, contain or stretch.")
    var resize: GLTransitionEffect.ResizeMode = .cover
    @Option(help: "What a gl-transitions effect's lookups outside the picture return: clamp (repeat the edge pixels, as the official runtime does) or transparent.")
    var edges: GLTransitionEffect.EdgeMode = .clamp

    func run() throws {
        try Self.play(window, from: from, to: to, parameters: parameters, resize: resize, edges: edges)
    }

    /// Checks everything, opens the window and plays until it closes.
    static func play(
        _ options: WindowOptions, from: String?, to: String?, parameters: [String], resize: GLTransitionEffect.ResizeMode,
        edges: GLTransitionEffect.EdgeMode = .clamp
    ) throws {
        let size = options.size
        let fromImage = try from.map { try PictureDecoder.read(path: $0) } ?? SampleImages.from(width: size.width, height: size.height)
        let toImage = try to.map { try PictureDecoder.read(path: $0) } ?? SampleImages.to(width: size.width, height: size.height)
        let effect = options.effect
        try EffectCatalog.validateName(effect)
        // Parsed (and its parameters checked) before a window opens.
        let isGLTransition = GLTransitionCatalog.isTransition(effect)
        if isGLTransition { _ = try GLTransitionCatalog.entry(for: effect, parameters: parameters, resize: resize, edges: edges) }
        if !parameters.isEmpty && !isGLTransition {
            throw ValidationError("--param applies to gl-transitions effects (a built-in name or a .glsl file)")
        }
        try MainActor.assumeIsolated {
            // N/P go through every built-in, and a shader file given first.
            var names = EffectCatalog.allNames
            if !names.contains(effect) { names.insert(effect, at: 0) }
            let setup = WindowPlayer.Setup(
                names: names, startIndex: names.firstIndex(of: effect) ?? 0,
                effectEntry: { name, isFirst in
                    if GLTransitionCatalog.isTransition(name) {
                        return try GLTransitionCatalog.entry(for: name, parameters: isFirst ? parameters : [], resize: resize, edges: edges)
                    }
                    return EffectCatalog.entry(named: name, resize: resize)
                },
                from: fromImage, to: toImage, labels: (from ?? "the sample", to ?? "the sample"), resize: resize, options: options)
            let window = try GLFWWindowContext(title: "Segue — \(effect)", width: size.width, height: size.height, vsync: options.vsync == .on)
            defer { window.release() }
            let device = try GLDevice(context: window)
            defer { device.release() }
            print("Playing \(effect) on \(device.renderer). Drag to scrub; space pauses, N/P switch effects, Q or Escape quits (--help lists the keys).")
            fflush(nil)  // all streams: a pipe reader sees the line now
            try WindowPlayer(window: window, device: device, setup: setup) { line in
                guard options.traceScrub else { return }
                print(line)
                fflush(nil)
            }.run()
        }
    }
}
