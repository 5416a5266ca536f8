import ArgumentParser
import Foundation
import SegueEffects
import SegueGL
import SegueShaders

/// Transitions in the gl-transitions format for `segue render`: a built-in by name
/// (`fade`, `wipe`, …) or a file (`path/to/x.glsl`), with `--param name=value` settings.
enum GLTransitionCatalog {
    static var builtInNames: [String] { GLTransitionLibrary.entries.map(\.name) }

    static func isTransition(_ effect: String) -> Bool { effect.hasSuffix(".glsl") || builtInNames.contains(effect) }

    /// Reads and parses the transition, checks the parameters, and returns a catalog entry.
    static func entry(for effect: String, parameters: [String], resize: GLTransitionEffect.ResizeMode) throws -> EffectCatalog.Entry {
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
        for setting in settings {
            let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw CLIError("--param '\(setting)' is not name=value") }
            values.append((parts[0], try source.value(for: parts[0], from: parts[1])))
        }
        let finalValues = values
        return EffectCatalog.Entry(
            name: name, summary: "gl-transitions format", parameters: listing(source),
            make: { (device, from, to, _) throws(GLError) in
                from.setFilter(.linear)
                to.setFilter(.linear)
                let effect = try GLTransitionEffect(device: device, source: source, from: from, to: to, resizeMode: resize)
                for (parameter, value) in finalValues {
                    // Checked against the source above; a failure here would be a bug.
                    do { try effect.setParameter(parameter, value) } catch {
                        throw GLError.callFailed(call: "--param \(parameter)", error: "\(error)")
                    }
                }
                return effect
            })
    }

    static func listing(_ source: GLTransitionSource) -> [String] {
        source.parameters.map { "\($0.name): \($0.type.rawValue) = \($0.defaultValue.description)" }
    }

    /// `--list` lines for the built-ins, with parameters and defaults.
    static var builtInListing: String {
        GLTransitionLibrary.entries.compactMap { builtIn -> String? in
            guard let source = try? GLTransitionSource.parse(builtIn.source, name: builtIn.name) else { return nil }
            let summary = builtIn.file == builtIn.name
                ? (builtIn.source.split(separator: "\n").first.map { String($0.dropFirst(3)) } ?? "")
                : "\(builtIn.file) with " + builtIn.parameters.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
            return ([builtIn.name + "  (gl-transitions) " + summary] + listing(source).map { "    " + $0 }).joined(separator: "\n")
        }.joined(separator: "\n")
    }
}

/// A command-line error with a plain message.
struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension ResizeMode: ExpressibleByArgument {
    public init?(argument: String) {
        guard let mode = Self.all.first(where: { $0.name == argument }) else { return nil }
        self = mode
    }

    public static var allValueStrings: [String] { all.map(\.name) }
    public var defaultValueDescription: String { name }
}
