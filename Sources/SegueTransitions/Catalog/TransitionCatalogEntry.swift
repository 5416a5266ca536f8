import Foundation
import SegueEffects

/// One transition of a `TransitionCatalog`: its name, its kind, what it does, its parameters and
/// how to make it — an effect between two pictures (`makeEffect`), or a view-controller
/// scenario run in a window (`scenario`: timed through `start`, interactive through its
/// `gesture` where it has one).
public struct TransitionCatalogEntry: Sendable {
    public enum Kind: String, Sendable {
        /// An effect between two pictures that is not a gl-transition (the pixel dissolve, a user's).
        case effect
        /// A gl-transitions shader (a built-in, an xfade preset or a `.glsl` file); takes settings.
        case glTransition = "gl-transition"
        /// A view-controller transition played in a window (timed, and interactive where it has a gesture).
        case scenario
    }

    public let name: String
    public let kind: Kind
    /// What it does, in a line.
    public let summary: String
    /// The scenario, for a `.scenario` entry.
    public let scenario: TransitionScenario?
    /// The `.glsl` file a user's gl-transition was registered from (`glslFile(_:)`).
    public let file: String?
    /// The parameters and the lines a listing shows of them (made when asked: parsing every
    /// built-in shader costs).
    private let describe: @Sendable () -> (parameters: [GLTransitionParameter], lines: [String])
    private let make: (@Sendable ([String], ResizeMode, GLTransitionEffect.EdgeMode) throws(NamedTransitionError) -> NamedTransition)?
    /// Long summaries are wrapped in a listing (the gl-transitions' file comments).
    private let wrapsInListing: Bool

    init(
        name: String, kind: Kind, summary: String, scenario: TransitionScenario? = nil, file: String? = nil, wrapsInListing: Bool = false,
        describe: @escaping @Sendable () -> (parameters: [GLTransitionParameter], lines: [String]) = { ([], []) },
        make: (@Sendable ([String], ResizeMode, GLTransitionEffect.EdgeMode) throws(NamedTransitionError) -> NamedTransition)?
    ) {
        (self.name, self.kind, self.summary, self.scenario, self.file) = (name, kind, summary, scenario, file)
        (self.wrapsInListing, self.describe, self.make) = (wrapsInListing, describe, make)
    }

    /// A gl-transition's declared parameters (with their defaults); empty for the others.
    public var parameters: [GLTransitionParameter] { describe().parameters }
    /// The parameter lines a listing shows: `name: type = value`, with the values it runs with.
    public var parameterLines: [String] { describe().lines }
    /// Whether it is played by a drag in a window (a scenario with a gesture).
    public var isInteractive: Bool { scenario?.gesture != nil }

    /// The effect with `settings` (`name=value` texts, gl-transitions only) applied; nil for a scenario.
    public func makeEffect(
        settings: [String] = [], resize: ResizeMode = .cover, edges: GLTransitionEffect.EdgeMode = .clamp
    ) throws(NamedTransitionError) -> NamedTransition? {
        guard let make else { return nil }
        return try make(settings, resize, edges)
    }

    /// The entry's block in `segue render --list`: its line, then its parameter lines indented by four.
    public var listing: String {
        let head = name + "  " + summary
        return ((wrapsInListing ? TransitionListing.wrapped(head) : [head]) + parameterLines.map { "    " + $0 }).joined(separator: "\n")
    }
}

extension TransitionCatalogEntry {
    /// A view-controller scenario (an animator of one's own, say), interactive if it has a gesture.
    public static func scenario(_ scenario: TransitionScenario) -> TransitionCatalogEntry {
        TransitionCatalogEntry(name: scenario.name, kind: .scenario, summary: scenario.summary, scenario: scenario, make: nil)
    }

    /// An effect of one's own: `make` builds it (with the command line's `--param` texts, which
    /// it may refuse with `NamedTransitionError.settingsNotTaken`).
    public static func effect(
        name: String, summary: String,
        make: @escaping @Sendable (_ settings: [String], ResizeMode, GLTransitionEffect.EdgeMode) throws(NamedTransitionError) -> NamedTransition
    ) -> TransitionCatalogEntry {
        TransitionCatalogEntry(name: name, kind: .effect, summary: summary, make: make)
    }

    /// objc.io's pixel dissolve (example h's effect), which takes no settings.
    public static let pixelDissolve = TransitionCatalogEntry(
        name: NamedTransition.pixelDissolve.name, kind: .effect, summary: TransitionListing.pixelDissolveSummary,
        describe: { ([], TransitionListing.pixelDissolveParameters) }
    ) { settings, resize, edges throws(NamedTransitionError) in
        try NamedTransition.named(NamedTransition.pixelDissolve.name, settingTexts: settings, resize: resize, edges: edges)
    }

    /// A gl-transitions built-in or one of ffmpeg xfade's presets.
    public static func glTransition(_ builtIn: GLTransitionLibrary.Entry) -> TransitionCatalogEntry {
        let summary = builtIn.isPreset
            ? "(ffmpeg xfade) the \(builtIn.file) transition with these settings:"
            : TransitionListing.formatLabel(builtIn) + " " + builtIn.summary
        return TransitionCatalogEntry(name: builtIn.name, kind: .glTransition, summary: summary, wrapsInListing: true, describe: {
            guard let source = try? GLTransitionSource.parse(builtIn.source, name: builtIn.name) else { return ([], []) }
            return (source.parameters, TransitionListing.builtInParameterLines(builtIn, source: source) { "  (set by \($0))" })
        }) { settings, resize, edges throws(NamedTransitionError) in
            try NamedTransition.named(builtIn.name, settingTexts: settings, resize: resize, edges: edges)
        }
    }

    /// A user's gl-transitions file, named after the file without `.glsl`, parsed now.
    public static func glslFile(_ path: String) throws(NamedTransitionError) -> TransitionCatalogEntry {
        let fileName = URL(fileURLWithPath: path).lastPathComponent
        let text: String
        do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
            throw .unreadableFile(path: path, reason: error.localizedDescription)
        }
        let source: GLTransitionSource
        do { source = try GLTransitionSource.parse(text, name: fileName) } catch { throw .transition(error) }
        let name = fileName.hasSuffix(".glsl") ? String(fileName.dropLast(".glsl".count)) : fileName
        return TransitionCatalogEntry(
            name: name, kind: .glTransition, summary: "gl-transitions file \(path)", file: path,
            describe: { (source.parameters, TransitionListing.parameterLines(source)) }
        ) { settings, resize, edges throws(NamedTransitionError) in
            try NamedTransition.named(path, settingTexts: settings, resize: resize, edges: edges)
        }
    }
}
