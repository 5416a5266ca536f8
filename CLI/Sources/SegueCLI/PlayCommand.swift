import ArgumentParser
import Foundation
import SegueEffects
import SegueGL
import SegueImage
import SegueGLFW
import SegueHeadless
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
        let fromImage = try from.map { try PictureDecoder.read(path: $0) } ?? SampleImages.from(fitting: size)
        let toImage = try to.map { try PictureDecoder.read(path: $0) } ?? SampleImages.to(fitting: size)
        let effect = options.effect
        try EffectCatalog.validateName(effect)
        // Parsed (and its parameters checked) before a window opens.
        let isGLTransition = GLTransitionCatalog.isTransition(effect)
        if isGLTransition {
            let entry = try GLTransitionCatalog.entry(for: effect, parameters: parameters, resize: resize, edges: edges)
            // A user's file is compiled headless first: its errors come before any window is mapped.
            if effect.hasSuffix(".glsl") { try compileHeadless(entry) }
        }
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

    /// Makes the effect once on a headless context (4×4 pictures) and lets it go: the shader
    /// compiles and links as it will in the window, and fails the same way.
    private static func compileHeadless(_ entry: EffectCatalog.Entry) throws {
        try MainActor.assumeIsolated {
            let context = try HeadlessEGLContext()
            defer { context.release() }
            let device = try GLDevice(context: context)
            defer { device.release() }
            let picture = try RGBAImage(width: 4, height: 4, fill: SIMD4(0, 0, 0, 255))
            let from = try device.makeTexture(image: picture)
            defer { from.release() }
            let to = try device.makeTexture(image: picture)
            defer { to.release() }
            try entry.make(device, from, to, .fused).release()
        }
    }
}
