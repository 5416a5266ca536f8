import SegueGLSL
/// What a listing of the named transitions says about each (`segue render --list`, a gallery's
/// cards, an app's menu): what it does and its parameters with the values it runs with. Kept by
/// the library so every front end describes a transition in the same words.
public enum TransitionListing {
    /// What the pixel dissolve (the one effect that is not a gl-transition) does.
    public static let pixelDissolveSummary =
        "objc.io's GPUImage animator: both pictures pixellate (cells up to 10% of the width) while they dissolve"
    /// The pixel dissolve's parameter lines.
    public static let pixelDissolveParameters = [
        "progress: 0...1 (set per frame)", "cell: progress x 0.1 of the width (from), (1 - progress) x 0.1 (to)",
    ]

    /// The pixel dissolve's block: its line and its parameter lines indented by four.
    public static var pixelDissolveListing: String {
        (["pixel-dissolve  " + pixelDissolveSummary] + pixelDissolveParameters.map { "    " + $0 }).joined(separator: "\n")
    }

    /// A parsed file's parameter lines with their defaults.
    public static func parameterLines(_ source: GLTransitionSource) -> [String] {
        source.parameters.map { parameterLine($0, value: $0.defaultValue) }
    }

    /// `name: type = value`, with the `@range` the value is checked against, where there is one.
    public static func parameterLine(_ parameter: GLTransitionParameter, value: GLTransitionValue) -> String {
        let line = "\(parameter.name): \(parameter.type.rawValue) = \(value.description)"
        guard let range = parameter.range else { return line }
        return line + "  (range \(compact(range.lowerBound))…\(compact(range.upperBound)))"
    }

    private static func compact(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// A built-in's parameters with the values it runs with: a preset's own settings (marked
    /// with `presetMark(name)` after the line), else the file's defaults.
    public static func builtInParameterLines(
        _ builtIn: GLTransitionLibrary.Entry, source: GLTransitionSource, presetMark: (String) -> String
    ) -> [String] {
        var presetValues: [String: GLTransitionValue] = [:]
        for setting in builtIn.parameters { presetValues[setting.name] = setting.value }
        return source.parameters.map { parameter in
            let preset = presetValues[parameter.name]
            return parameterLine(parameter, value: preset ?? parameter.defaultValue) + (preset == nil ? "" : presetMark(builtIn.name))
        }
    }

    /// The gl-transitions built-ins, one block each: what each does (its file's comment, whole,
    /// wrapped at 100 columns) and its parameters, indented by four, with the values it runs with.
    public static var glTransitionsListing: String {
        GLTransitionLibrary.entries.compactMap { builtIn -> String? in
            guard let source = try? GLTransitionSource.parse(builtIn.source, name: builtIn.name) else { return nil }
            let summary = builtIn.isPreset
                ? "(ffmpeg xfade) the \(builtIn.file) transition with these settings:"
                : formatLabel(builtIn) + " " + builtIn.summary
            let parameters = builtInParameterLines(builtIn, source: source) { "  (set by \($0))" }.map { "    " + $0 }
            return (wrapped(builtIn.name + "  " + summary) + parameters).joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// Where a built-in file runs: any gl-transitions host, or only Segue's (it reads the host's
    /// own uniforms; see `GLTransitionLibrary.Entry.needsSegueHost`).
    public static func formatLabel(_ builtIn: GLTransitionLibrary.Entry) -> String {
        builtIn.needsSegueHost ? "(gl-transitions format, Segue host)" : "(gl-transitions)"
    }

    /// Breaks a long line between words; continuation lines are indented by two spaces (the
    /// parameters below by four). A word longer than `width` stays whole on its own line.
    public static func wrapped(_ text: String, width: Int = 100) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = "  " + word
            } else {
                line += (line.isEmpty ? "" : " ") + word
            }
        }
        return lines + [line]
    }
}
