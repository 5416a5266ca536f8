import SegueEffects
import SegueTransitions

extension TransitionRenderer {
    /// Checks a transition's name before anything is read or rendered: a built-in
    /// (`builtInNames`) or a gl-transitions `.glsl` file. A mistyped name is answered with the
    /// nearest names (`NameSuggestions`), so a front end can ask "did you mean …?".
    public static func checkName(_ name: String) throws(UnknownTransitionError) {
        let known = builtInNames
        guard known.contains(name) || name.hasSuffix(".glsl") else {
            throw UnknownTransitionError(name: name, suggestions: NameSuggestions.suggestions(for: name, among: known))
        }
    }

    /// The view-controller scenarios, one line each: `name  summary`.
    public static var scenarioListing: String {
        TransitionScenario.all.map { "\($0.name)  \($0.summary)" }.joined(separator: "\n")
    }
}

/// A transition name that is neither a built-in nor a `.glsl` file, with the nearest names.
public struct UnknownTransitionError: Error, Equatable, CustomStringConvertible {
    public let name: String
    /// Up to three known names close to `name`, nearest first; empty when none is close.
    public let suggestions: [String]

    public init(name: String, suggestions: [String]) { (self.name, self.suggestions) = (name, suggestions) }

    public var description: String {
        "unknown transition '\(name)'" + (suggestions.isEmpty ? "" : "; did you mean " + suggestions.joined(separator: " or ") + "?")
    }
}
