import SegueEffects
import SegueTransitions

extension TransitionRenderer {
    /// Checks a transition's name before anything is read or rendered: a built-in
    /// (`builtInNames`) or a gl-transitions `.glsl` file (`TransitionCatalog.check`).
    nonisolated public static func checkName(_ name: String) throws(UnknownTransitionError) {
        try TransitionCatalog.builtIn.check(name)
    }

    /// The view-controller scenarios, one line each: `name  summary`.
    nonisolated public static var scenarioListing: String {
        TransitionCatalog.builtIn.entries.filter { $0.kind == .scenario }.map(\.listing).joined(separator: "\n")
    }
}
