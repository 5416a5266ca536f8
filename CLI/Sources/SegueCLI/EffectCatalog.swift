import ArgumentParser
import SegueEffects
import SegueRenderJobs
import SegueTransitions

/// What `--effect NAME` takes (render and play): a transition of the catalog
/// (`TransitionCatalog.builtIn`: an effect, a gl-transition, a view-controller scenario) or a
/// `.glsl` file, with `--param name=value` settings for a gl-transition.
enum EffectCatalog {
    static let catalog = TransitionCatalog.builtIn

    /// Every built-in name `--effect` takes, in the order the window's N/P go through them.
    static var allNames: [String] { catalog.names }

    /// Checks an `--effect` value: a built-in name or a `.glsl` file; a mistyped name is a usage
    /// error with the nearest names ("did you mean …?").
    static func validateName(_ name: String) throws {
        do throws(UnknownTransitionError) { try catalog.check(name) } catch {
            let near = error.suggestions.map { "'\($0)'" }.joined(separator: " or ")
            throw ValidationError("unknown effect '\(name)'\(near.isEmpty ? "" : "; did you mean \(near)?") (`segue render --list` lists them all)")
        }
    }

    /// The effect called `name` with its `--param` settings checked (a user's file compiled under
    /// the compile budget first; the built-ins are known to be cheap); nil for a scenario.
    static func transition(
        named name: String, parameters: [String], resize: ResizeMode, edges: GLTransitionEffect.EdgeMode = .clamp
    ) throws -> NamedTransition? {
        let entry = catalog.entry(named: name)
        guard entry?.kind == .glTransition || (entry == nil && name.hasSuffix(".glsl")) else {
            guard parameters.isEmpty else {
                throw ValidationError("--param applies to gl-transitions effects (a built-in name or a .glsl file)")
            }
            return try entry?.makeEffect(resize: resize, edges: edges)
        }
        // A user's file is compiled under the budget where it is read (UserTransitionFile).
        return try catalog.effect(named: name, settings: parameters, resize: resize, edges: edges)
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
