import SegueEffects

/// Every transition a front end can name, each registered once: the pixel dissolve, the
/// gl-transitions built-ins and ffmpeg xfade's names, the seeds' view-controller scenarios with
/// their gestures — and a user's own (an animator in a `TransitionScenario`, a `.glsl` file, an
/// effect). `segue render`, `segue play`'s window, the gallery and the gesture soak all go
/// through a catalog, so what is registered in one appears in all of them.
///
/// A value, readable from any thread: the built-ins are `TransitionCatalog.builtIn`; an app
/// copies it and registers its own.
///
///     var catalog = TransitionCatalog.builtIn
///     try catalog.register(.scenario(TransitionScenario(name: "corner-reveal", summary: "…", duration: 1) { window, from, to in … }))
///     try catalog.register(glslFile: "waterdrop.glsl")
///     catalog.entry(named: "wipeleft")?.kind  // .glTransition
public struct TransitionCatalog: Sendable {
    /// In registration order: the order `segue play`'s N/P and `render --list` go through.
    public private(set) var entries: [TransitionCatalogEntry]

    public init(_ entries: [TransitionCatalogEntry] = []) { self.entries = entries }

    /// The built-ins: the pixel dissolve, the gl-transitions (then xfade's presets), then the scenarios.
    public static let builtIn = TransitionCatalog(
        [.pixelDissolve] + GLTransitionLibrary.entries.map(TransitionCatalogEntry.glTransition)
            + builtInScenarios.map(TransitionCatalogEntry.scenario))

    /// Every name, in order.
    public var names: [String] { entries.map(\.name) }

    /// The entry called `name`, if one is registered.
    public func entry(named name: String) -> TransitionCatalogEntry? { entries.first { $0.name == name } }

    /// Adds `entry` at the end. A name already registered is refused (a name means one transition).
    public mutating func register(_ entry: TransitionCatalogEntry) throws(TransitionCatalogError) {
        guard entry.name.isEmpty == false else { throw .emptyName }
        guard self.entry(named: entry.name) == nil else { throw .duplicateName(entry.name) }
        entries.append(entry)
    }

    /// Registers a gl-transitions `.glsl` file under its file name without the extension,
    /// parsed now (a broken file fails here).
    public mutating func register(glslFile path: String) throws(TransitionCatalogError) {
        let entry: TransitionCatalogEntry
        do { entry = try .glslFile(path) } catch { throw .transition(error) }
        try register(entry)
    }

    /// The scenarios with a gesture, in order (the gesture soak's examples).
    public var interactive: [TransitionCatalogEntry] { entries.filter { $0.scenario?.gesture != nil } }

    /// Checks a name before anything is read or rendered: a registered one or a `.glsl` file. A
    /// mistyped name is answered with the nearest names (`NameSuggestions`).
    public func check(_ name: String) throws(UnknownTransitionError) {
        guard entry(named: name) == nil, !name.hasSuffix(".glsl") else { return }
        throw UnknownTransitionError(name: name, suggestions: NameSuggestions.suggestions(for: name, among: names))
    }

    /// The effect `name` stands for, with `settings` (`name=value` texts) applied: a registered
    /// effect or a `.glsl` file's path; nil for a scenario.
    public func effect(
        named name: String, settings: [String] = [], resize: ResizeMode = .cover, edges: GLTransitionEffect.EdgeMode = .clamp
    ) throws(NamedTransitionError) -> NamedTransition? {
        if let entry = entry(named: name) {
            guard entry.scenario == nil else {
                guard settings.isEmpty else { throw .settingsNotTaken(transition: name) }
                return nil
            }
            return try entry.makeEffect(settings: settings, resize: resize, edges: edges)
        }
        guard name.hasSuffix(".glsl") else { throw .unknownName(name, known: names) }
        return try NamedTransition.named(name, settingTexts: settings, resize: resize, edges: edges)
    }

    /// What `segue render --list` prints of the transitions: a block per entry, in order.
    public var listing: String { entries.map(\.listing).joined(separator: "\n") }
}

extension TransitionCatalog {
    /// The seeds' view-controller scenarios (examples a–i), in the order they are listed. A new
    /// built-in scenario (with its gesture, if it has one) is one line here.
    static var builtInScenarios: [TransitionScenario] {
        [
            .diagonal, .slideUpSpring, .slideDownSpring, .dimming, .dropDownMenu, .shrinkDismiss, .cubePush, .zoomPush,
            .swipeContainer, .cubePop, .pixelDissolvePresent, .preferredZoom,
        ]
    }
}

/// Why a registration was refused.
public enum TransitionCatalogError: Error, Equatable, CustomStringConvertible {
    case emptyName
    case duplicateName(String)
    /// A `.glsl` file could not be read or parsed.
    case transition(NamedTransitionError)

    public var description: String {
        switch self {
        case .emptyName: "a transition needs a name"
        case .duplicateName(let name): "a transition called '\(name)' is already registered"
        case .transition(let error): error.description
        }
    }
}

/// A transition name that is neither registered nor a `.glsl` file, with the nearest names.
public struct UnknownTransitionError: Error, Equatable, CustomStringConvertible {
    public let name: String
    /// Up to three known names close to `name`, nearest first; empty when none is close.
    public let suggestions: [String]

    public init(name: String, suggestions: [String]) { (self.name, self.suggestions) = (name, suggestions) }

    public var description: String {
        "unknown transition '\(name)'" + (suggestions.isEmpty ? "" : "; did you mean " + suggestions.joined(separator: " or ") + "?")
    }
}
