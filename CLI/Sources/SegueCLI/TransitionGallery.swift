import Foundation
import SegueEffects
import SegueExport
import SegueImage

/// What `segue gallery` shows: each transition as a card (its name, what it does, its parameters
/// with the values it runs with) over a looping clip, made as an edit (`EditSpec`) of the user's
/// two pictures: from, the transition, to, the transition back, so the clip's last frame leads
/// into its first.
struct TransitionGallery {
    struct Card: Equatable {
        /// The name the edit spec and `segue render` take: a built-in's, or the `.glsl` file's path.
        let effect: String
        /// Shown on the card: the built-in's name or the file's name.
        let title: String
        /// The clip's file name in the gallery folder.
        let clip: String
        let summary: String
        /// "name: type = value" lines.
        let parameters: [String]
        /// Settings the clip is rendered with beyond the built-in's own (a texture a file needs).
        let settings: [String: EditParameter]
        /// A user's file's GLSL, compiled under a budget before anything renders; nil for a built-in.
        var userShader: String? = nil
    }

    let cards: [Card]

    /// The built-ins (all, or those `only` names, in that order) and then the `.glsl` files.
    init(only: [String]?, glslFiles: [String]) throws(GalleryError) {
        var seen = Set<String>()
        let names = (only ?? NamedTransition.builtInNames).filter { seen.insert($0).inserted }
        if let unknown = names.first(where: { !NamedTransition.isBuiltIn($0) }) {
            throw .unknownTransition(unknown, known: NamedTransition.builtInNames)
        }
        var cards = names.map(Self.builtInCard)
        var used = Set(cards.map(\.clip))
        for path in glslFiles {
            let card = try Self.fileCard(path, avoiding: used)
            used.insert(card.clip)
            cards.append(card)
        }
        self.cards = cards
    }

    static func builtInCard(_ name: String) -> Card {
        guard let builtIn = GLTransitionLibrary.entry(named: name),
              let source = try? GLTransitionSource.parse(builtIn.source, name: builtIn.name) else {
            // The effects that are not gl-transitions (the pixel dissolve).
            return Card(effect: name, title: name, clip: name + ".webm", summary: EffectCatalog.pixelDissolveSummary.summary,
                        parameters: EffectCatalog.pixelDissolveSummary.parameters, settings: [:])
        }
        var presetValues: [String: GLTransitionValue] = [:]
        for setting in builtIn.parameters { presetValues[setting.name] = setting.value }
        let summary = builtIn.isPreset ? "ffmpeg xfade's \(name): the \(builtIn.file) transition with its settings" : builtIn.summary
        let parameters = source.parameters.map { parameter in
            let preset = presetValues[parameter.name]
            return GLTransitionCatalog.parameterLine(parameter, value: preset ?? parameter.defaultValue)
                + (preset == nil ? "" : " (set by \(name))")
        }
        return Card(effect: name, title: name, clip: name + ".webm", summary: summary, parameters: parameters, settings: [:])
    }

    /// A user's gl-transitions file, parsed now so a broken one fails before anything renders. A
    /// `sampler2D` parameter, which has no default, gets the first built-in luma map.
    static func fileCard(_ path: String, avoiding used: Set<String>) throws(GalleryError) -> Card {
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadableTransitionFile(path) }
        let fileName = URL(fileURLWithPath: path).lastPathComponent
        let source: GLTransitionSource
        do { source = try GLTransitionSource.parse(String(decoding: data, as: UTF8.self), name: fileName) } catch {
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
            guard parameter.type == .sampler2D else { return GLTransitionCatalog.parameterLine(parameter, value: parameter.defaultValue) }
            settings[parameter.name] = .text(luma)
            return "\(parameter.name): sampler2D = \(luma) (a built-in luma map)"
        }
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return Card(effect: absolute, title: fileName, clip: clip, summary: "gl-transitions file \(path)", parameters: parameters,
                    settings: settings, userShader: source.source)
    }

    /// The card's clip as an edit: `from` for `hold` seconds, the transition over `duration`,
    /// `to` for `hold`, the transition back to `from`; 2·(hold + duration) seconds in all.
    static func spec(for card: Card, from: String, to: String, size: FrameSize, duration: Double, hold: Double) -> EditSpec {
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
enum GalleryError: Error, CustomStringConvertible {
    case unknownTransition(String, known: [String])
    case unreadablePicture(option: String, path: String, reason: String)
    case unreadableTransitionFile(String)
    case invalidTransitionFile(String, reason: String)
    case outputExists(String)
    case clipFailed(title: String, reason: String)

    var description: String {
        switch self {
        case let .unknownTransition(name, known):
            "unknown transition '\(name)' in --only; the built-ins are " + known.joined(separator: ", ")
        case let .unreadablePicture(option, path, reason): "\(option) \(path): \(reason)"
        case let .unreadableTransitionFile(path): "--glsl \(path): cannot read the file"
        case let .invalidTransitionFile(path, reason): "--glsl \(path): \(reason)"
        case let .outputExists(path): "\(path) already holds files; give --force to replace the gallery there"
        case let .clipFailed(title, reason): "the clip of \(title) failed: \(reason)"
        }
    }
}
