import ArgumentParser
import SegueEffects
import SegueRendering

/// Transitions in the gl-transitions format for `--effect`: a built-in by name (`fade`, `wipe`,
/// …) or a file (`path/to/x.glsl`), with `--param name=value` settings.
enum GLTransitionCatalog {
    static func isTransition(_ effect: String) -> Bool { NamedTransition.isGLTransition(effect) }

    /// Reads and parses the transition, checks the `--param` settings, compiles a user's file
    /// under the compile budget, and returns an entry.
    static func entry(
        for effect: String, parameters: [String], resize: GLTransitionEffect.ResizeMode,
        edges: GLTransitionEffect.EdgeMode = .clamp
    ) throws -> EffectCatalog.Entry {
        let transition = try NamedTransition.named(effect, settingTexts: parameters, resize: resize, edges: edges)
        guard case .glTransition(let source, _, _) = transition.kind else {
            throw ValidationError("--param applies to gl-transitions effects (a built-in name or a .glsl file)")
        }
        // A user's file is compiled under a budget first; the built-ins are known to be cheap.
        if GLTransitionLibrary.entry(named: effect) == nil {
            try ShaderCompileProbe.ofThisProgram.check(text: source.source, name: source.name)
        }
        return EffectCatalog.Entry(transition, summary: "gl-transitions format", parameters: TransitionListing.parameterLines(source))
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
