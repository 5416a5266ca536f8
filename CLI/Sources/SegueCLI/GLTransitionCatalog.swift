import ArgumentParser
import Foundation
import SegueEffects
import SegueGL
import SegueImage
import SegueShaders

/// Transitions in the gl-transitions format for `segue render`: a built-in by name
/// (`fade`, `wipe`, …) or a file (`path/to/x.glsl`), with `--param name=value` settings.
enum GLTransitionCatalog {
    static var builtInNames: [String] { GLTransitionLibrary.entries.map(\.name) }

    static func isTransition(_ effect: String) -> Bool { effect.hasSuffix(".glsl") || builtInNames.contains(effect) }

    /// Reads and parses the transition, checks the parameters, and returns a catalog entry.
    /// A sampler2D parameter takes a PNG file or a built-in luma map's name, and must be given.
    static func entry(
        for effect: String, parameters: [String], resize: GLTransitionEffect.ResizeMode,
        edges: GLTransitionEffect.EdgeMode = .clamp
    ) throws -> EffectCatalog.Entry {
        let text: String
        let name: String
        var settings = parameters
        if let builtIn = GLTransitionLibrary.entry(named: effect) {
            (text, name) = (builtIn.source, effect)
            settings = builtIn.parameters.map { "\($0.name)=\($0.value)" } + parameters
        } else {
            guard let data = FileManager.default.contents(atPath: effect) else {
                throw CLIError("cannot read transition file '\(effect)'")
            }
            (text, name) = (String(decoding: data, as: UTF8.self), URL(fileURLWithPath: effect).lastPathComponent)
        }
        let source = try GLTransitionSource.parse(text, name: name)
        var values: [(String, GLTransitionValue)] = []
        var textures: [(String, GLTransitionTexture)] = []
        for setting in settings {
            let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw CLIError("--param '\(setting)' is not name=value") }
            let value = try source.value(for: parts[0], from: parts[1])
            if case .texture(let text) = value {
                textures.append((parts[0], try GLTransitionTexture.resolve(text, parameter: parts[0], file: name)))
            } else {
                values.append((parts[0], value))
            }
        }
        for sampler in source.parameters where sampler.type == .sampler2D && !textures.contains(where: { $0.0 == sampler.name }) {
            throw GLTransitionError.badTexture(
                file: name, parameter: sampler.name,
                reason: "none is given; use --param \(sampler.name)=FILE.png or a built-in luma map ("
                    + LumaMap.allCases.map(\.rawValue).joined(separator: ", ") + ")")
        }
        let finalValues = values, finalTextures = textures
        return EffectCatalog.Entry(
            name: name, summary: "gl-transitions format", parameters: listing(source),
            make: { (device, from, to, _) throws(GLError) in
                let effect = try GLTransitionEffect(device: device, source: source, from: from, to: to, resizeMode: resize, edges: edges)
                for (parameter, value) in finalValues {
                    // Checked against the source above; a failure here would be a bug.
                    do { try effect.setParameter(parameter, value) } catch {
                        throw GLError.callFailed(call: "--param \(parameter)", error: "\(error)")
                    }
                }
                for (parameter, texture) in finalTextures {
                    // A luma map is made at the frame's size when rendered, not the pictures'.
                    do { try effect.setTexture(parameter, texture) } catch {
                        effect.release()
                        throw GLError.callFailed(call: "--param \(parameter)", error: "\(error)")
                    }
                }
                return effect
            })
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
            for setting in builtIn.parameters {
                presetValues[setting.name] = try? source.value(for: setting.name, from: setting.value)
            }
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

extension GLTransitionEffect.EdgeMode: ExpressibleByArgument {
    public init?(argument: String) {
        guard let mode = Self.all.first(where: { $0.name == argument }) else { return nil }
        self = mode
    }

    /// The command line's word for the mode (ArgumentParser would print the raw value).
    var name: String { self == .clamp ? "clamp" : "transparent" }
    public static var allValueStrings: [String] { all.map(\.name) }
    public var defaultValueDescription: String { name }
}

extension ResizeMode: ExpressibleByArgument {
    public init?(argument: String) {
        guard let mode = Self.all.first(where: { $0.name == argument }) else { return nil }
        self = mode
    }

    public static var allValueStrings: [String] { all.map(\.name) }
    public var defaultValueDescription: String { name }
}
