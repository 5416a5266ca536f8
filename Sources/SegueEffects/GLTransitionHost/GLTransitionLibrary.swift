import SegueShaders

/// The built-in transitions by name: every file in the gl-transitions format, plus named
/// presets of them with parameters (ffmpeg xfade's set: fadeblack is fadecolor in black,
/// wipeleft is wipe to the left, and so on). One loader serves them all.
public enum GLTransitionLibrary {
    public struct Entry: Sendable {
        public let name: String
        /// The file (in `ShaderLibrary.glTransitions`) it uses.
        public let file: String
        /// Parameter settings as on the command line, applied before the user's.
        public let parameters: [(name: String, value: String)]
        public var source: String { ShaderLibrary.glTransitions.first { $0.name == file }?.source ?? "" }
    }

    public static let entries: [Entry] = ShaderLibrary.glTransitions.map { Entry(name: $0.name, file: $0.name, parameters: []) } + presets

    public static func entry(named name: String) -> Entry? { entries.first { $0.name == name } }

    private static func preset(_ name: String, _ file: String, _ parameters: [(String, String)]) -> Entry {
        Entry(name: name, file: file, parameters: parameters.map { (name: $0.0, value: $0.1) })
    }

    /// ffmpeg xfade's names; directions with uv's origin at the bottom left.
    static let presets: [Entry] = [
        preset("fadeblack", "fadecolor", [("color", "0,0,0")]),
        preset("fadewhite", "fadecolor", [("color", "1,1,1")]),
        preset("wipeleft", "wipe", [("direction", "-1,0")]),
        preset("wiperight", "wipe", [("direction", "1,0")]),
        preset("wipeup", "wipe", [("direction", "0,1")]),
        preset("wipedown", "wipe", [("direction", "0,-1")]),
        preset("wipetl", "wipe", [("direction", "-1,1")]),
        preset("wipetr", "wipe", [("direction", "1,1")]),
        preset("wipebl", "wipe", [("direction", "-1,-1")]),
        preset("wipebr", "wipe", [("direction", "1,-1")]),
        preset("smoothleft", "wipe", [("direction", "-1,0"), ("smoothness", "0.3")]),
        preset("smoothright", "wipe", [("direction", "1,0"), ("smoothness", "0.3")]),
        preset("smoothup", "wipe", [("direction", "0,1"), ("smoothness", "0.3")]),
        preset("smoothdown", "wipe", [("direction", "0,-1"), ("smoothness", "0.3")]),
        preset("slideleft", "slide", [("direction", "-1,0")]),
        preset("slideright", "slide", [("direction", "1,0")]),
        preset("slideup", "slide", [("direction", "0,1")]),
        preset("slidedown", "slide", [("direction", "0,-1")]),
        preset("circleopen", "circle", [("opening", "true")]),
        preset("circleclose", "circle", [("opening", "false")]),
        preset("circlecrop", "crop", [("circle", "true")]),
        preset("rectcrop", "crop", [("circle", "false")]),
        preset("vertopen", "barn", [("axis", "1,0"), ("opening", "true")]),
        preset("vertclose", "barn", [("axis", "1,0"), ("opening", "false")]),
        preset("horzopen", "barn", [("axis", "0,1"), ("opening", "true")]),
        preset("horzclose", "barn", [("axis", "0,1"), ("opening", "false")]),
        preset("dissolve", "noisedissolve", []),
        preset("hlslice", "slices", [("direction", "-1,0")]),
        preset("hrslice", "slices", [("direction", "1,0")]),
        preset("vuslice", "slices", [("direction", "0,1")]),
        preset("vdslice", "slices", [("direction", "0,-1")]),
        preset("squeezeh", "squeeze", [("axis", "1,0")]),
        preset("squeezev", "squeeze", [("axis", "0,1")]),
    ]
}
