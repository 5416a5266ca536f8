import Foundation
import SegueEffects
import SegueExport
import SegueTimeline
import SegueTransitions

/// What an edit answers for a transition `segue render --list` shows but an edit cannot play: a
/// view-controller scenario (cube-push, zoom-push, …) animates views in a window — a presented
/// screen, a navigation stack — not one picture into another, so it has no frames to put between
/// two clips. The error says so and names the gl-transition that looks most like it.
public enum EditTransitionNames {
    /// The built-in effect each built-in scenario looks most like; a scenario not here (a user's)
    /// gets the nearest effect by name.
    static let counterparts: [String: String] = [
        "cube-push": "cube", "cube-pop": "cube", "zoom-push": "zoomin", "swipe-container": "slideleft",
        "diagonal-present": "coverup", "slide-up-spring": "coverup", "slide-down-spring": "coverdown",
        "dimming-presentation": "fadeblack", "drop-down-menu": "revealdown", "shrink-dismiss": "zoomin",
        "pixel-dissolve-present": "pixel-dissolve", "preferred-zoom": "zoomin",
    ]

    /// The message for `name` if it is one of `catalog`'s scenarios, else nil.
    public static func scenarioMessage(for name: String, in catalog: TransitionCatalog = .builtIn) -> String? {
        guard let entry = catalog.entry(named: name), entry.kind == .scenario else { return nil }
        let effects = catalog.entries.filter { $0.kind != .scenario }.map(\.name)
        let instead = counterparts[name].map { [$0] } ?? NameSuggestions.suggestions(for: name, among: effects)
        return "'\(name)' is a view-controller transition: it animates screens in a window (`segue play`, "
            + "or `segue render` to PNG frames), not one picture into another, so an edit cannot put it between two items"
            + (instead.isEmpty ? "" : "; the nearest effect an edit takes is " + instead.map { "'\($0)'" }.joined(separator: " or "))
    }

    /// `EditPlan.load` (at another size when `resizedBy` is given: a draft's, a preview's), with
    /// a scenario's name in a transition answered by `scenarioMessage`.
    public static func loadPlan(
        specAt path: String, tools: FFmpegTools, resizedBy size: ((_ width: Int, _ height: Int) -> (width: Int, height: Int))? = nil,
        catalog: TransitionCatalog = .builtIn
    ) throws -> EditPlan {
        do {
            guard let size else { return try EditPlan.load(specAt: path, tools: tools) }
            return try EditPlan.load(specAt: path, tools: tools, resizedBy: size)
        } catch let error as EditSpecError {
            guard error.place.hasSuffix(".effect"), let name = quotedName(in: error.message, after: "unknown effect "),
                  let message = scenarioMessage(for: name, in: catalog) else { throw error }
            throw EditSpecError(error.place, message)
        }
    }

    /// `cube-push` in "unknown effect 'cube-push'; …".
    static func quotedName(in message: String, after prefix: String) -> String? {
        guard message.hasPrefix(prefix + "'") else { return nil }
        let rest = message.dropFirst(prefix.count + 1)
        return rest.firstIndex(of: "'").map { String(rest[..<$0]) }
    }
}
