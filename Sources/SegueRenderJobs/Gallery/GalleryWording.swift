import Foundation
import SegueEffects
import SegueExport

/// What the gallery tells a video maker about each card: a family to find it under and what it
/// looks like in plain words (no uniforms, no uv coordinates), and the edit-spec entry to paste
/// into a spec's `transitions`. The words are the gallery's; the names and settings come from
/// the catalog and `GLTransitionLibrary`.
enum GalleryWording {
    /// The families, in the order the page shows them.
    static let families = ["Fades and dissolves", "Wipes and reveals", "Slides and pushes", "Zooms, warps and 3D", "Pixels and patterns",
                           "Your own"]

    /// Each built-in gl-transitions file's family and, for a file's own card, its plain words.
    /// A preset of a file (xfade's wipeleft, …) is worded from the file and its settings.
    static let files: [String: (family: Int, words: String)] = [
        "fade": (0, "A plain cross-fade: the first picture dissolves evenly into the second."),
        "fadecolor": (0, "Fades out to a solid colour, then in to the second picture."),
        "fadegrays": (0, "Fades out through grey, then in to the second picture, in colour again."),
        "fadefast": (0, "A quick cross-fade: the most different colours change first."),
        "distance": (0, "Where the two pictures look alike they change first; the rest follows."),
        "noisedissolve": (0, "Every pixel switches to the second picture at its own random moment, like sand."),
        "burn": (0, "A cross-fade through a warm, overexposed glow, like film burning out."),
        "colorphase": (0, "A cross-fade in which red changes first, then green, then blue: a psychedelic colour shift."),
        "wipe": (1, "A hard edge wipes the first picture away to the right, uncovering the second."),
        "circle": (1, "A soft circle opens from the centre onto the second picture."),
        "radial": (1, "A clock hand sweeps round from 12 o'clock, revealing the second picture."),
        "barn": (1, "The second picture opens out from a band down the middle, like barn doors."),
        "crop": (1, "The first picture shrinks into a rectangle at the centre, then the second grows out of it."),
        "slices": (1, "The picture is cut into bands that turn over one after another."),
        "wind": (1, "A ragged edge blows across like wind, revealing the second picture."),
        "windowslice": (1, "The second picture shows through vertical slats, like a venetian blind opening."),
        "directionalwarp": (1, "The second picture sweeps in diagonally along a soft edge, both pictures stretching as it passes."),
        "slide": (2, "The second picture pushes the first out to the left."),
        "squeeze": (2, "The first picture is squeezed flat into a line, uncovering the second."),
        "cube": (3, "The pictures are two faces of a cube that turns, with a faint reflection on the floor."),
        "doorway": (3, "The first picture opens like two doors, and the second comes forward through the doorway."),
        "zoomin": (3, "The first picture zooms into its centre, then fades into the second."),
        "crosszoom": (3, "A fast zoom blur rushes across the picture while it cross-fades: energetic, for action and travel."),
        "swirl": (3, "Both pictures twist around the centre while they cross-fade."),
        "ripple": (3, "Rings spread from the centre like a stone dropped in water as the second picture fades in."),
        "dreamy": (3, "A cross-fade through a gentle wave, like a dream sequence."),
        "hblur": (3, "The pictures blur sideways and cross-fade, then sharpen again."),
        "pixelize": (4, "Both pictures break into ever bigger squares, cross over, then sharpen again."),
        "pixellate": (4, "Square blocks grow, the pictures swap at the blockiest moment, then the blocks shrink."),
        "pixellatearound": (4, "A round spot in the middle breaks into blocks while the pictures cross-fade."),
        "polarpixellate": (4, "Rings and wedges around the centre turn blocky while the pictures cross-fade."),
        "halftone": (4, "The second picture appears as polka dots that grow until they merge."),
    ]

    /// The card's family and plain words.
    static func describe(_ card: TransitionGallery.Card) -> (family: String, words: String) {
        if card.userShader != nil || card.effect.hasSuffix(".glsl") { return (families[5], "Your own transition, from \(card.title).") }
        guard let builtIn = GLTransitionLibrary.entry(named: card.effect) else {
            if card.effect == NamedTransition.pixelDissolve.name {
                return (families[0], "Random pixels switch to the second picture a few at a time.")
            }
            return (families[0], card.summary)
        }
        let file = files[builtIn.file]
        let family = families[file?.family ?? 0]
        guard builtIn.isPreset else { return (family, file?.words ?? builtIn.summary) }
        return (family, presetWords(builtIn) ?? file?.words ?? builtIn.summary)
    }

    /// A preset worded from its file and its settings (a direction, a mode, a colour).
    static func presetWords(_ preset: GLTransitionLibrary.Entry) -> String? {
        var floats: [String: [Float]] = [:], flags: [String: Bool] = [:], ints: [String: Int32] = [:]
        for setting in preset.parameters {
            switch setting.value {
            case .floats(let values): floats[setting.name] = values
            case .bools(let values): flags[setting.name] = values.first
            case .ints(let values): ints[setting.name] = values.first
            case .texture: break
            }
        }
        let way = floats["direction"].map(direction) ?? ""
        let soft = (floats["smoothness"]?.first ?? 0) > 0
        switch preset.file {
        case "fadecolor": return "Fades out to \(floats["color"]?.first == 1 ? "white" : "black"), then in to the second picture."
        case "fadefast": return "A lingering cross-fade: the most different colours change last."
        case "wipe": return "A \(soft ? "soft" : "hard") edge wipes the first picture away \(way), uncovering the second."
        case "slide":
            switch ints["mode"] ?? 0 {
            case 1: return "The second picture slides in \(way) over the first, which stays still."
            case 2: return "The first picture slides away \(way), revealing the second beneath it."
            default: return "The second picture pushes the first out \(way)."
            }
        case "circle":
            return flags["opening"] == false ? "A soft circle closes in from the corners onto the second picture." : nil
        case "crop":
            return "The first picture shrinks into a \(flags["circle"] == true ? "circle" : "rectangle") at the centre, then the second grows out of it."
        case "barn":
            let vertical = floats["axis"]?.first == 1
            return flags["opening"] == false
                ? "The second picture closes in from the \(vertical ? "left and right" : "top and bottom") edges to the middle, like barn doors."
                : "The second picture opens out from a \(vertical ? "vertical" : "horizontal") band in the middle, like barn doors."
        case "slices": return "The picture is cut into bands that turn over one after another, \(way)."
        case "squeeze":
            return "The first picture is squeezed flat into a \(floats["axis"]?.last == 1 ? "horizontal" : "vertical") line, uncovering the second."
        case "wind": return "A ragged edge blows across \(way) like wind, revealing the second picture."
        default: return nil
        }
    }

    /// A direction (x right, y up; only the signs count) in words.
    static func direction(_ vector: [Float]) -> String {
        let x = vector.first.map { $0 > 0 ? 1 : ($0 < 0 ? -1 : 0) } ?? 0
        let y = vector.count > 1 ? (vector[1] > 0 ? 1 : (vector[1] < 0 ? -1 : 0)) : 0
        switch (x, y) {
        case (-1, 0): return "to the left"
        case (1, 0): return "to the right"
        case (0, 1): return "upwards"
        case (0, -1): return "downwards"
        default: return "towards the \(y > 0 ? "top" : "bottom") \(x > 0 ? "right" : "left") corner"
        }
    }

    /// The card as an entry of an edit spec's `transitions`: its name (a file's as it was given,
    /// relative to the spec), a second, and the settings its clip was made with.
    static func snippet(_ card: TransitionGallery.Card) -> String {
        var text = "{\"effect\": " + jsonString(card.userShader != nil || card.effect.hasSuffix(".glsl") ? card.title : card.effect) + ", \"duration\": 1"
        if !card.settings.isEmpty {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            if let params = try? encoder.encode(card.settings) { text += ", \"params\": " + String(decoding: params, as: UTF8.self) }
        }
        return text + "}"
    }

    static func jsonString(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        return (try? encoder.encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }
}
