import ArgumentParser
import SegueEffects
import SegueGL
import SegueImage
import SegueShaders

/// Transitions in the gl-transitions format for `segue render`: a built-in by name
/// (`fade`, `wipe`, …) or a file (`path/to/x.glsl`), with `--param name=value` settings.
enum GLTransitionCatalog {
    static var builtInNames: [String] { GLTransitionLibrary.entries.map(\.name) }

    static func isTransition(_ effect: String) -> Bool { NamedTransition.isGLTransition(effect) }

    /// Reads and parses the transition, checks the `--param name=value` settings (a sampler2D
    /// takes a PNG file or a built-in luma map's name, and must be given), and returns an entry.
    static func entry(
        for effect: String, parameters: [String], resize: GLTransitionEffect.ResizeMode,
        edges: GLTransitionEffect.EdgeMode = .clamp
    ) throws -> EffectCatalog.Entry {
        let transition = try NamedTransition.named(effect, settingTexts: parameters, resize: resize, edges: edges)
        guard case .glTransition(let source, _, _) = transition.kind else {
            throw ValidationError("--param applies to gl-transitions effects (a built-in name or a .glsl file)")
        }
        // A user's file is compiled under a budget first; the built-ins are known to be cheap.
        if GLTransitionLibrary.entry(named: effect) == nil { try ShaderCompileProbe.check(text: source.source, name: source.name) }
        return EffectCatalog.Entry(transition, summary: "gl-transitions format", parameters: listing(source))
    }

    static func listing(_ source: GLTransitionSource) -> [String] {
        source.parameters.map { parameterLine($0, value: $0.defaultValue) }
    }

    /// `name: type = value`, with the `@range` the value is checked against, where there is one.
    static func parameterLine(_ parameter: GLTransitionParameter, value: GLTransitionValue) -> String {
        let line = "\(parameter.name): \(parameter.type.rawValue) = \(value.description)"
        guard let range = parameter.range else { return line }
        return line + "  (range \(compact(range.lowerBound))…\(compact(range.upperBound)))"
    }

    private static func compact(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// `--list` lines for the built-ins: what each does (its file's comment, whole, wrapped) and
    /// its parameters with the values it runs with: a preset's own settings, else the defaults.
    static var builtInListing: String {
        GLTransitionLibrary.entries.compactMap { builtIn -> String? in
            guard let source = try? GLTransitionSource.parse(builtIn.source, name: builtIn.name) else { return nil }
            var presetValues: [String: GLTransitionValue] = [:]
            for setting in builtIn.parameters { presetValues[setting.name] = setting.value }
            let summary = builtIn.isPreset
                ? "(ffmpeg xfade) the \(builtIn.file) transition with these settings:"
                : formatLabel(builtIn) + " " + builtIn.summary
            let parameters = source.parameters.map { parameter in
                let preset = presetValues[parameter.name]
                return "    " + parameterLine(parameter, value: preset ?? parameter.defaultValue)
                    + (preset == nil ? "" : "  (set by \(builtIn.name))")
            }
            return (wrapped(builtIn.name + "  " + summary) + parameters).joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// Where a built-in file runs: any gl-transitions host, or only Segue's (it reads the host's
    /// own uniforms; see `GLTransitionLibrary.Entry.needsSegueHost`).
    static func formatLabel(_ builtIn: GLTransitionLibrary.Entry) -> String {
        builtIn.needsSegueHost ? "(gl-transitions format, Segue host)" : "(gl-transitions)"
    }

    /// Breaks a long line between words; continuation lines are indented by two spaces (the
    /// parameters below by four).
    static func wrapped(_ text: String, width: Int = 100) -> [String] {
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

/// A command-line error with a plain message.
struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension GLTransitionEffect.EdgeMode: @retroactive ExpressibleByArgument {
    public init?(argument: String) {
        guard let mode = Self.all.first(where: { $0.name == argument }) else { return nil }
        self = mode
    }

    /// The command line's word for the mode (ArgumentParser would print the raw value).
    var name: String { self == .clamp ? "clamp" : "transparent" }
    public static var allValueStrings: [String] { all.map(\.name) }
    public var defaultValueDescription: String { name }
}

extension ResizeMode: @retroactive ExpressibleByArgument {
    public init?(argument: String) {
        guard let mode = Self.all.first(where: { $0.name == argument }) else { return nil }
        self = mode
    }

    public static var allValueStrings: [String] { all.map(\.name) }
    public var defaultValueDescription: String { name }
}
