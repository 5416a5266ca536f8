import Foundation
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

    private static func preset(_ name: String, _ file: String, _ parameters: [(String, String)]) -> Entry {
        Entry(name: name, file: file, parameters: parameters.map { (name: $0.0, value: $0.1) })
    }

    /// ffmpeg xfade's names (those of ffmpeg 5.1 and the newer cover*/reveal*), each a built-in
    /// file with its settings; directions with uv's origin at the bottom left.
    static let presets: [Entry] = [
        preset("fadeblack", "fadecolor", [("color", "0,0,0")]),
        preset("fadewhite", "fadecolor", [("color", "1,1,1")]),
        preset("fadeslow", "fadefast", [("slow", "true")]),
        preset("wipeleft", "wipe", [("direction", "-1,0")]),
        preset("wiperight", "wipe", [("direction", "1,0")]),
        preset("wipeup", "wipe", [("direction", "0,1")]),
        preset("wipedown", "wipe", [("direction", "0,-1")]),
        preset("wipetl", "wipe", [("direction", "-1,1")]),
        preset("wipetr", "wipe", [("direction", "1,1")]),
        preset("wipebl", "wipe", [("direction", "-1,-1")]),
        preset("wipebr", "wipe", [("direction", "1,-1")]),
        preset("smoothleft", "wipe", [("direction", "-1,0"), ("smoothness", "1")]),
        preset("smoothright", "wipe", [("direction", "1,0"), ("smoothness", "1")]),
        preset("smoothup", "wipe", [("direction", "0,1"), ("smoothness", "1")]),
        preset("smoothdown", "wipe", [("direction", "0,-1"), ("smoothness", "1")]),
        preset("diagtl", "wipe", [("direction", "-1,1"), ("smoothness", "1")]),
        preset("diagtr", "wipe", [("direction", "1,1"), ("smoothness", "1")]),
        preset("diagbl", "wipe", [("direction", "-1,-1"), ("smoothness", "1")]),
        preset("diagbr", "wipe", [("direction", "1,-1"), ("smoothness", "1")]),
        preset("slideleft", "slide", [("direction", "-1,0")]),
        preset("slideright", "slide", [("direction", "1,0")]),
        preset("slideup", "slide", [("direction", "0,1")]),
        preset("slidedown", "slide", [("direction", "0,-1")]),
        preset("coverleft", "slide", [("direction", "-1,0"), ("mode", "1")]),
        preset("coverright", "slide", [("direction", "1,0"), ("mode", "1")]),
        preset("coverup", "slide", [("direction", "0,1"), ("mode", "1")]),
        preset("coverdown", "slide", [("direction", "0,-1"), ("mode", "1")]),
        preset("revealleft", "slide", [("direction", "-1,0"), ("mode", "2")]),
        preset("revealright", "slide", [("direction", "1,0"), ("mode", "2")]),
        preset("revealup", "slide", [("direction", "0,1"), ("mode", "2")]),
        preset("revealdown", "slide", [("direction", "0,-1"), ("mode", "2")]),
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
        // squeezeh flattens the picture into a horizontal line: its rows squeeze (axis 0,1).
        preset("squeezeh", "squeeze", [("axis", "0,1")]),
        preset("squeezev", "squeeze", [("axis", "1,0")]),
        preset("hlwind", "wind", [("direction", "-1,0")]),
        preset("hrwind", "wind", [("direction", "1,0")]),
        preset("vuwind", "wind", [("direction", "0,1")]),
        preset("vdwind", "wind", [("direction", "0,-1")]),
    ]
}
