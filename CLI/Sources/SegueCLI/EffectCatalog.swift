import ArgumentParser
import SegueEffects
import SegueGL
import SegueTransitions

/// The effects `segue render --effect NAME` knows, with what `--list` prints about them.
struct EffectCatalog {
    struct Entry: Sendable {
        let name: String
        let summary: String
        /// Parameter lines for `--list`: "name: meaning (default)".
        let parameters: [String]
        let make: @Sendable (GLDevice, Texture, Texture, ExecutionMode) throws(GLError) -> any TransitionEffect
    }

    static let entries: [Entry] = [
        Entry(
            name: "pixel-dissolve",
            summary: "objc.io's GPUImage animator: both pictures pixellate (cells up to 10% of the width) while they dissolve",
            parameters: ["progress: 0...1 (set per frame)", "cell: progress x 0.1 of the width (from), (1 - progress) x 0.1 (to)"],
            make: { (device, from, to, mode) throws(GLError) in
                try PixelDissolve(device: device, from: from, to: to, mode: mode)
            }),
    ]

    static func entry(named name: String) -> Entry? { entries.first { $0.name == name } }

    static var listing: String {
        entries.map { entry in
            ([entry.name + "  " + entry.summary] + entry.parameters.map { "    " + $0 }).joined(separator: "\n")
        }.joined(separator: "\n")
    }
}

extension EffectCatalog {
    /// Every built-in name `--effect` takes, in the order the window's N/P go through them:
    /// the effects, the gl-transitions built-ins, the view-controller scenarios.
    @MainActor static var allNames: [String] {
        entries.map(\.name) + GLTransitionCatalog.builtInNames + TransitionScenario.all.map(\.name)
    }

    /// Checks an `--effect` value (render and play): a built-in name or a gl-transitions `.glsl` file.
    static func validateName(_ name: String) throws {
        let known = MainActor.assumeIsolated { allNames }
        guard known.contains(name) || name.hasSuffix(".glsl") else {
            throw ValidationError("unknown effect '\(name)'; known: " + known.joined(separator: ", "))
        }
    }
}
