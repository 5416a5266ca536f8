import ArgumentParser
import SegueEffects
import SegueGL
import SegueRendering

/// What `--effect NAME` takes (render and play): a transition by name (`NamedTransition`) with
/// the words `--list` and the window say about it (`TransitionListing`).
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

    /// The effects that are not gl-transitions (the pixel dissolve), fitting pictures with `resize`.
    static func entry(named name: String, resize: ResizeMode = .stretch) -> Entry? {
        guard NamedTransition.effectNames.contains(name), !NamedTransition.isGLTransition(name),
              let transition = try? NamedTransition.named(name, resize: resize)
        else { return nil }
        return Entry(transition, summary: TransitionListing.pixelDissolveSummary, parameters: TransitionListing.pixelDissolveParameters)
    }

    /// Every built-in name `--effect` takes, in the order the window's N/P go through them.
    @MainActor static var allNames: [String] { TransitionRenderer.builtInNames }

    /// Checks an `--effect` value: a built-in name or a `.glsl` file; a mistyped name is a usage
    /// error with the nearest names ("did you mean …?").
    static func validateName(_ name: String) throws {
        let unknown = MainActor.assumeIsolated { () -> UnknownTransitionError? in
            do throws(UnknownTransitionError) { try TransitionRenderer.checkName(name) } catch { return error }
            return nil
        }
        guard let unknown else { return }
        let near = unknown.suggestions.map { "'\($0)'" }.joined(separator: " or ")
        throw ValidationError("unknown effect '\(name)'\(near.isEmpty ? "" : "; did you mean \(near)?") (`segue render --list` lists them all)")
    }
}
