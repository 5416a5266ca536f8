import ArgumentParser
import SegueColor
import SegueEffects

/// How a named transition is set up, as `segue render` and `segue play` both take it: its
/// parameters, how pictures fit, what lookups outside them return and where it mixes.
struct TransitionSetupOptions: ParsableArguments {
    @Option(name: .customLong("param"), help: "A parameter of a gl-transitions effect, name=value (repeatable), e.g. steps=30, center=0.5,0.5, or luma=FILE.png (or a built-in luma map: spiral-1, square, ...) for a sampler2D.")
    var parameters: [String] = []
    @Option(help: "How pictures of another aspect ratio fit the frame (the window's, in segue play), for every effect and scenario: cover fills it and crops the centre, contain shows the whole picture with transparent bars (black on view-controller transitions' screens), stretch scales each axis so corners meet. Clips are fitted the same way (by ffmpeg, as they are decoded).")
    var resize: GLTransitionEffect.ResizeMode = .cover
    @Option(help: "What a gl-transitions effect's lookups outside the picture return: clamp (repeat the edge pixels, as the official runtime does) or transparent.")
    var edges: GLTransitionEffect.EdgeMode = .clamp
    @Option(help: "Where the effect mixes: srgb (default, as gl-transitions and ffmpeg's xfade: black to white is 128 halfway) or linear light (188 halfway, as OBS and Resolve). View-controller transitions composite in sRGB.")
    var blend: BlendSpace = .srgb
}
