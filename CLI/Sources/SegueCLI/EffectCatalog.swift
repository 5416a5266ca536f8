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
    /// A mistyped name is answered with the nearest names ("did you mean …?").
    static func validateName(_ name: String) throws {
        let known = MainActor.assumeIsolated { allNames }
        guard known.contains(name) || name.hasSuffix(".glsl") else {
            let near = suggestions(for: name, among: known)
            let hint = near.isEmpty ? "" : "; did you mean " + near.map { "'\($0)'" }.joined(separator: " or ") + "?"
            throw ValidationError("unknown effect '\(name)'\(hint) (`segue render --list` lists them all)")
        }
    }

    /// Up to three names close to `name`: by edit distance (at most a third of the longer name,
    /// and at least 2), and names that start with it or that it starts with; nearest first.
    static func suggestions(for name: String, among known: [String]) -> [String] {
        let typed = name.lowercased()
        guard !typed.isEmpty else { return [] }
        let scored = known.compactMap { candidate -> (String, Int)? in
            let distance = editDistance(typed, candidate.lowercased())
            let limit = max(2, max(typed.count, candidate.count) / 3)
            let sharesStart = typed.count >= 3 && (candidate.hasPrefix(typed) || typed.hasPrefix(candidate))
            guard distance <= limit || sharesStart else { return nil }
            return (candidate, distance)
        }
        return scored.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }.prefix(3).map(\.0)
    }

    /// Levenshtein distance: insertions, deletions and substitutions of one character each.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
