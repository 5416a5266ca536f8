import Foundation
import SegueEffects
import SegueExport
import SegueImage
import SegueTimeline
import SegueTransitions

/// What `segue gallery` shows: each transition as a card (its name, what it does, its parameters
/// with the values it runs with) over a looping clip, made as an edit (`EditSpec`) of the user's
/// two pictures: from, the transition, to, the transition back, so the clip's last frame leads
/// into its first. `render` writes the clips and the page (`GalleryPage`) into a folder.
public struct TransitionGallery: Sendable {
    /// One transition of the gallery.
    public struct Card: Equatable, Sendable {
        /// The name the edit spec and `segue render` take: a built-in's, or the `.glsl` file's path.
        public let effect: String
        /// Shown on the card: the built-in's name or the file's name.
        public let title: String
        /// The clip's file name in the gallery folder.
        public let clip: String
        public let summary: String
        /// "name: type = value" lines.
        public let parameters: [String]
        /// Settings the clip is rendered with beyond the built-in's own (a texture a file needs).
        public let settings: [String: EditParameter]
        /// A user's file's GLSL, compiled under a budget before anything renders; nil for a built-in.
        public var userShader: String? = nil

        public init(
            effect: String, title: String, clip: String, summary: String, parameters: [String], settings: [String: EditParameter],
            userShader: String? = nil
        ) {
            (self.effect, self.title, self.clip, self.summary) = (effect, title, clip, summary)
            (self.parameters, self.settings, self.userShader) = (parameters, settings, userShader)
        }
    }

    public let cards: [Card]

    /// The effects of `catalog` (the built-ins unless told; all, or those `only` names, in that
    /// order, each once) and then the `.glsl` files, each parsed now so a broken one fails before
    /// anything renders. A `.glsl` file registered in the catalog gets a card as a file does.
    public init(only: [String]?, glslFiles: [String], catalog: TransitionCatalog = .builtIn) throws(GalleryError) {
        var seen = Set<String>()
        let effects = catalog.entries.filter(Self.isShown)
        let known = effects.map(\.name)
        let names = (only ?? known).filter { seen.insert($0).inserted }
        if let unknown = names.first(where: { !known.contains($0) }) { throw .unknownTransition(unknown, known: known) }
        var cards: [Card] = []
        var files: [String] = []
        for name in names {
            guard let entry = catalog.entry(named: name) else { continue }
            if let file = entry.file { files.append(file) } else { cards.append(Self.builtInCard(entry)) }
        }
        var used = Set(cards.map(\.clip))
        for path in files + glslFiles {
            let card = try Self.fileCard(path, avoiding: used)
            used.insert(card.clip)
            cards.append(card)
        }
        self.cards = cards
    }

    /// What a gallery shows of a catalog: the effects an edit renders by name (the built-in
    /// effects and gl-transitions) and users' registered `.glsl` files. A scenario or a user's
    /// own effect closure is not an edit's transition, so it has no clip.
    static func isShown(_ entry: TransitionCatalogEntry) -> Bool {
        entry.file != nil || (entry.kind != .scenario && NamedTransition.isBuiltIn(entry.name))
    }

    /// A built-in's card: its description and its parameters with the values it runs with.
    static func builtInCard(_ entry: TransitionCatalogEntry) -> Card {
        let name = entry.name
        guard let builtIn = GLTransitionLibrary.entry(named: name),
              let source = try? GLTransitionSource.parse(builtIn.source, name: builtIn.name) else {
            // The effects that are not gl-transitions (the pixel dissolve).
            return Card(effect: name, title: name, clip: name + ".webm", summary: entry.summary,
                        parameters: entry.parameterLines, settings: [:])
        }
        let summary = builtIn.isPreset ? "ffmpeg xfade's \(name): the \(builtIn.file) transition with its settings" : builtIn.summary
        let parameters = TransitionListing.builtInParameterLines(builtIn, source: source) { " (set by \($0))" }
        return Card(effect: name, title: name, clip: name + ".webm", summary: summary, parameters: parameters, settings: [:])
    }

    /// A user's gl-transitions file, parsed now so a broken one fails before anything renders. A
    /// `sampler2D` parameter, which has no default, gets the first built-in luma map.
    static func fileCard(_ path: String, avoiding used: Set<String>) throws(GalleryError) -> Card {
        let fileName = URL(fileURLWithPath: path).lastPathComponent
        let source: GLTransitionSource
        // Read where every front end reads a user's file: compiled under the compile budget.
        ShaderCompileProbe.installDefaultIfNeeded()
        do { source = try UserTransitionFile.read(path: path) } catch {
            if case .unreadableFile = error { throw .unreadableTransitionFile(path) }
            throw .invalidTransitionFile(path, reason: "\(error)")
        }
        let stem = String(fileName.dropLast(".glsl".count)).map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" }
        var clip = "glsl-" + String(stem) + ".webm"
        var suffix = 2
        while used.contains(clip) {
            clip = "glsl-\(String(stem))-\(suffix).webm"
            suffix += 1
        }
        let luma = LumaMap.allCases[0].rawValue
        var settings: [String: EditParameter] = [:]
        let parameters = source.parameters.map { parameter -> String in
            guard parameter.type == .sampler2D else { return TransitionListing.parameterLine(parameter, value: parameter.defaultValue) }
            settings[parameter.name] = .text(luma)
            return "\(parameter.name): sampler2D = \(luma) (a built-in luma map)"
        }
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return Card(effect: absolute, title: fileName, clip: clip, summary: "gl-transitions file \(fileName)", parameters: parameters,
                    settings: settings, userShader: source.source)
    }

    /// The card's clip as an edit: `from` for `hold` seconds, the transition over `duration`,
    /// `to` for `hold`, the transition back to `from`; 2·(hold + duration) seconds in all.
    public static func spec(for card: Card, from: String, to: String, size: FrameSize, duration: Double, hold: Double) -> EditSpec {
        let transition = EditTransition(effect: card.effect, duration: duration, easing: "ease-in-out",
                                        params: card.settings.isEmpty ? nil : card.settings)
        return EditSpec(size: "\(size.width)x\(size.height)", fps: 30, items: [
            .picture(path: from, duration: hold + duration),
            .picture(path: to, duration: duration + hold + duration),
            // Wholly under the transition back: the loop restarts on `from` alone.
            .picture(path: from, duration: duration),
        ], transitions: [transition, transition])
    }
}

/// What stops a gallery before (or while) it renders.
public enum GalleryError: Error, Equatable, CustomStringConvertible {
    /// A name asked for is not a built-in.
    case unknownTransition(String, known: [String])
    /// One of the two pictures cannot be read or decoded.
    case unreadablePicture(path: String, reason: String)
    case unreadableTransitionFile(String)
    /// A user's file does not parse, or its compile ran out of the budget (`ShaderCompileProbe`).
    case invalidTransitionFile(String, reason: String)
    /// The folder holds files and replacing them was not asked for.
    case outputExists(String)
    case clipFailed(title: String, reason: String)

    public var description: String {
        switch self {
        case let .unknownTransition(name, known): "unknown transition '\(name)'; the built-ins are " + known.joined(separator: ", ")
        case let .unreadablePicture(path, reason): "\(path): \(reason)"
        case let .unreadableTransitionFile(path): "\(path): cannot read the file"
        case let .invalidTransitionFile(path, reason): "\(path): \(reason)"
        case let .outputExists(path): "\(path) already holds files"
        case let .clipFailed(title, reason): "the clip of \(title) failed: \(reason)"
        }
    }
}
