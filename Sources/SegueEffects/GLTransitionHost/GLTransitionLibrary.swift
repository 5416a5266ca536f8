import Foundation
import SegueShaders
import SegueGLSL

/// The built-in transitions by name: every file in the gl-transitions format, plus named
/// presets of them with parameters (ffmpeg xfade's set: fadeblack is fadecolor in black,
/// wipeleft is wipe to the left, and so on). One loader serves them all.
public enum GLTransitionLibrary {
    public struct Entry: Sendable {
        public let name: String
        /// The file (in `ShaderLibrary.glTransitions`) it uses.
        public let file: String
        /// The preset's own settings, applied before the user's (empty for a file's own entry).
        public let parameters: [GLTransitionSetting]
        public var source: String { ShaderLibrary.glTransitions.first { $0.name == file }?.source ?? "" }
        /// A preset of another file with its own settings (ffmpeg xfade's names), not a file.
        public var isPreset: Bool { file != name }
        /// The file reads the host's own uniforms (`segue_target`: the frame's size in pixels, for
        /// xfade's pixel grid), so it is in the gl-transitions format but runs only in Segue's host,
        /// not in the official gl-transitions runtime.
        public var needsSegueHost: Bool { source.contains("segue_") }
        /// What the file does: its leading comment, whole, as one paragraph (without the
        /// "name:" it starts with, and before any `// @` annotation).
        public var summary: String {
            let comment = source.split(separator: "\n", omittingEmptySubsequences: false)
                .prefix { $0.hasPrefix("//") && !$0.hasPrefix("// @") }   // annotations are not prose
                .map { $0.dropFirst(2).trimmingCharacters(in: .whitespaces) }
                .joined(separator: " ")
            let prefix = file + ": "
            return comment.hasPrefix(prefix) ? String(comment.dropFirst(prefix.count)) : comment
        }
    }

    public static let entries: [Entry] = ShaderLibrary.glTransitions.map { Entry(name: $0.name, file: $0.name, parameters: []) } + presets

    public static func entry(named name: String) -> Entry? { entries.first { $0.name == name } }

    /// ffmpeg xfade's transition names, each a built-in here (a file of the same name or one of
    /// `presets`): every one of ffmpeg 5.1's but `custom`, then the later wind, cover and reveal ones.
    public static let xfadeNames = [
        "fade", "wipeleft", "wiperight", "wipeup", "wipedown", "slideleft", "slideright", "slideup", "slidedown",
        "circlecrop", "rectcrop", "distance", "fadeblack", "fadewhite", "radial", "smoothleft", "smoothright",
        "smoothup", "smoothdown", "circleopen", "circleclose", "vertopen", "vertclose", "horzopen", "horzclose",
        "dissolve", "pixelize", "diagtl", "diagtr", "diagbl", "diagbr", "hlslice", "hrslice", "vuslice", "vdslice",
        "hblur", "fadegrays", "wipetl", "wipetr", "wipebl", "wipebr", "squeezeh", "squeezev", "zoomin",
        "fadefast", "fadeslow", "hlwind", "hrwind", "vuwind", "vdwind", "coverleft", "coverright", "coverup",
        "coverdown", "revealleft", "revealright", "revealup", "revealdown",
    ]

    private static func preset(_ name: String, _ file: String, _ parameters: [(String, GLTransitionValue)]) -> Entry {
        Entry(name: name, file: file, parameters: parameters.map { GLTransitionSetting($0.0, $0.1) })
    }

    // Typed values of the presets' uniforms: vec2 directions and axes, vec3 colours, bools, ints.
    private static func vec2(_ x: Float, _ y: Float) -> GLTransitionValue { .floats([x, y]) }
    private static func bool(_ value: Bool) -> GLTransitionValue { .bools([value]) }

    /// ffmpeg xfade's names (those of ffmpeg 5.1 and the newer cover*/reveal*), each a built-in
    /// file with its settings; directions with uv's origin at the bottom left.
    static let presets: [Entry] = [
        preset("fadeblack", "fadecolor", [("color", .floats([0, 0, 0]))]),
        preset("fadewhite", "fadecolor", [("color", .floats([1, 1, 1]))]),
        preset("fadeslow", "fadefast", [("slow", bool(true))]),
        preset("wipeleft", "wipe", [("direction", vec2(-1, 0))]),
        preset("wiperight", "wipe", [("direction", vec2(1, 0))]),
        preset("wipeup", "wipe", [("direction", vec2(0, 1))]),
        preset("wipedown", "wipe", [("direction", vec2(0, -1))]),
        preset("wipetl", "wipe", [("direction", vec2(-1, 1))]),
        preset("wipetr", "wipe", [("direction", vec2(1, 1))]),
        preset("wipebl", "wipe", [("direction", vec2(-1, -1))]),
        preset("wipebr", "wipe", [("direction", vec2(1, -1))]),
        preset("smoothleft", "wipe", [("direction", vec2(-1, 0)), ("smoothness", .floats([1]))]),
        preset("smoothright", "wipe", [("direction", vec2(1, 0)), ("smoothness", .floats([1]))]),
        preset("smoothup", "wipe", [("direction", vec2(0, 1)), ("smoothness", .floats([1]))]),
        preset("smoothdown", "wipe", [("direction", vec2(0, -1)), ("smoothness", .floats([1]))]),
        preset("diagtl", "wipe", [("direction", vec2(-1, 1)), ("smoothness", .floats([1]))]),
        preset("diagtr", "wipe", [("direction", vec2(1, 1)), ("smoothness", .floats([1]))]),
        preset("diagbl", "wipe", [("direction", vec2(-1, -1)), ("smoothness", .floats([1]))]),
        preset("diagbr", "wipe", [("direction", vec2(1, -1)), ("smoothness", .floats([1]))]),
        preset("slideleft", "slide", [("direction", vec2(-1, 0))]),
        preset("slideright", "slide", [("direction", vec2(1, 0))]),
        preset("slideup", "slide", [("direction", vec2(0, 1))]),
        preset("slidedown", "slide", [("direction", vec2(0, -1))]),
        preset("coverleft", "slide", [("direction", vec2(-1, 0)), ("mode", .ints([1]))]),
        preset("coverright", "slide", [("direction", vec2(1, 0)), ("mode", .ints([1]))]),
        preset("coverup", "slide", [("direction", vec2(0, 1)), ("mode", .ints([1]))]),
        preset("coverdown", "slide", [("direction", vec2(0, -1)), ("mode", .ints([1]))]),
        preset("revealleft", "slide", [("direction", vec2(-1, 0)), ("mode", .ints([2]))]),
        preset("revealright", "slide", [("direction", vec2(1, 0)), ("mode", .ints([2]))]),
        preset("revealup", "slide", [("direction", vec2(0, 1)), ("mode", .ints([2]))]),
        preset("revealdown", "slide", [("direction", vec2(0, -1)), ("mode", .ints([2]))]),
        preset("circleopen", "circle", [("opening", bool(true))]),
        preset("circleclose", "circle", [("opening", bool(false))]),
        preset("circlecrop", "crop", [("circle", bool(true))]),
        preset("rectcrop", "crop", [("circle", bool(false))]),
        preset("vertopen", "barn", [("axis", vec2(1, 0)), ("opening", bool(true))]),
        preset("vertclose", "barn", [("axis", vec2(1, 0)), ("opening", bool(false))]),
        preset("horzopen", "barn", [("axis", vec2(0, 1)), ("opening", bool(true))]),
        preset("horzclose", "barn", [("axis", vec2(0, 1)), ("opening", bool(false))]),
        preset("dissolve", "noisedissolve", []),
        preset("hlslice", "slices", [("direction", vec2(-1, 0))]),
        preset("hrslice", "slices", [("direction", vec2(1, 0))]),
        preset("vuslice", "slices", [("direction", vec2(0, 1))]),
        preset("vdslice", "slices", [("direction", vec2(0, -1))]),
        // squeezeh flattens the picture into a horizontal line: its rows squeeze (axis 0,1).
        preset("squeezeh", "squeeze", [("axis", vec2(0, 1))]),
        preset("squeezev", "squeeze", [("axis", vec2(1, 0))]),
        preset("hlwind", "wind", [("direction", vec2(-1, 0))]),
        preset("hrwind", "wind", [("direction", vec2(1, 0))]),
        preset("vuwind", "wind", [("direction", vec2(0, 1))]),
        preset("vdwind", "wind", [("direction", vec2(0, -1))]),
    ]
}
