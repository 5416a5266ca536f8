import ArgumentParser
import SegueEffects
import SegueGL
import SegueTransitions

/// What `segue render --effect NAME` knows, with what `--list` prints about it. The effects
/// themselves come from the library (`NamedTransition`); an entry adds the listing's words.
struct EffectCatalog {
    struct Entry: Sendable {
        let name: String
        let summary: String
        /// Parameter lines for `--list`: "name: meaning (default)".
        let parameters: [String]
        let transition: NamedTransition
        let make: @Sendable (GLDevice, Texture, Texture, ExecutionMode) throws -> any TransitionEffect

        init(_ transition: NamedTransition, summary: String, parameters: [String]) {
            (name, self.summary, self.parameters, self.transition) = (transition.name, summary, parameters, transition)
            make = { device, from, to, mode in try transition.makeEffect(device: device, from: from, to: to, mode: mode) }
        }
    }

    static let pixelDissolveSummary = (
        summary: "objc.io's GPUImage animator: both pictures pixellate (cells up to 10% of the width) while they dissolve",
        parameters: ["progress: 0...1 (set per frame)", "cell: progress x 0.1 of the width (from), (1 - progress) x 0.1 (to)"])

    /// The effects that are not gl-transitions (the pixel dissolve), fitting pictures with `resize`.
    static func entry(named name: String, resize: ResizeMode = .stretch) -> Entry? {
        guard NamedTransition.effectNames.contains(name), !NamedTransition.isGLTransition(name),
              let transition = try? NamedTransition.named(name, resize: resize)
        else { return nil }
        return Entry(transition, summary: pixelDissolveSummary.summary, parameters: pixelDissolveSummary.parameters)
    }

    static var listing: String {
        (["pixel-dissolve  " + pixelDissolveSummary.summary] + pixelDissolveSummary.parameters.map { "    " + $0 })
            .joined(separator: "\n")
    }
}

extension EffectCatalog {
    /// Every built-in name `--effect` takes, in the order the window's N/P go through them:
    /// the effects, the gl-transitions built-ins, the view-controller scenarios.
    @MainActor static var allNames: [String] {
        NamedTransition.builtInNames + TransitionScenario.all.map(\.name)
    }

    /// Checks an `--effect` value (render and play): a built-in name or a gl-transitions `.glsl` file.
    static func validateName(_ name: String) throws {
        let known = MainActor.assumeIsolated { allNames }
        guard known.contains(name) || name.hasSuffix(".glsl") else {
            throw ValidationError("unknown effect '\(name)'; known: " + known.joined(separator: ", "))
        }
    }
}
