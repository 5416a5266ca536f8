import Foundation
import SegueColor
import SegueEffects
import SegueExport
import SegueGL
import SegueImage

/// The effects a timeline's transitions name: the gl-transitions built-ins (and their presets,
/// such as `fade`), a `.glsl` file in the gl-transitions format, or `pixel-dissolve`. Sources
/// are parsed and parameters checked here, before anything renders.
enum TimelineEffects {
    /// Why an edit refuses `effect`, with the nearest names it takes ("did you mean") instead of
    /// all of them; `segue render`'s view-controller transitions render to PNG frames only.
    static func unknownEffect(_ effect: String) -> String {
        let known = ["cut"] + NamedTransition.builtInNames
        let near = NameSuggestions.suggestions(for: effect, among: known).map { "'\($0)'" }.joined(separator: " or ")
        return "unknown effect '\(effect)'" + (near.isEmpty ? "" : "; did you mean \(near)?")
            + " (an edit takes cut, pixel-dissolve, a .glsl file or a gl-transition that `segue render --list` lists; "
            + "its view-controller transitions, such as cube-push, render to PNG frames only, with `segue render`)"
    }

    /// An effect's maker for the blend of `BlendSignal`'s values (an HDR output's signal), and
    /// the public `EditPlan.Transition.make`, an SDR blend's, made once from it.
    struct Makers {
        let inSignal: (BlendSpace, BlendSignal) -> TransitionExporter.MakeEffect
        let make: (BlendSpace) -> TransitionExporter.MakeEffect

        init(_ inSignal: @escaping (BlendSpace, BlendSignal) -> TransitionExporter.MakeEffect) {
            (self.inSignal, make) = (inSignal, { space in inSignal(space, .sdr) })
        }
    }

    static func make(
        effect: String, params: [String: EditParameter], place: String, resize: ResizeMode, resolve: (String) -> String
    ) throws -> (BlendSpace, BlendSignal) -> TransitionExporter.MakeEffect {
        if effect == "pixel-dissolve" {
            guard params.isEmpty else { throw EditSpecError("\(place).params", "pixel-dissolve takes no parameters") }
            return { space, signal in { device, from, to in
                try PixelDissolve(device: device, from: from, to: to, blendSpace: space, signal: signal)
            } }
        }
        // A preset's own settings come typed; the spec's are text checked against the source.
        var presets: [GLTransitionSetting] = []
        let source: GLTransitionSource
        if let builtIn = GLTransitionLibrary.entry(named: effect) {
            do { source = try GLTransitionSource.parse(builtIn.source, name: effect) } catch {
                throw EditSpecError("\(place).effect", "\(error)")
            }
            presets = builtIn.parameters
        } else if effect.hasSuffix(".glsl") {
            // Read, parsed and compiled under the compile budget where every front end reads a user's file.
            try EditPlanChecker.requireRegularFile(resolve(effect), named: effect, place: "\(place).effect")
            do { source = try UserTransitionFile.read(path: resolve(effect)) } catch {
                if case .unreadableFile = error { throw EditSpecError("\(place).effect", "cannot read the transition file '\(effect)'") }
                throw EditSpecError("\(place).effect", "\(error)")
            }
        } else {
            throw EditSpecError("\(place).effect", unknownEffect(effect))
        }
        var values: [(String, GLTransitionValue)] = []
        var textures: [(String, GLTransitionTexture)] = []
        func add(_ parameter: String, _ value: GLTransitionValue) throws {
            if case .texture(let file) = value {
                let isMap = LumaMap(rawValue: file) != nil
                if !isMap { try EditPlanChecker.requireRegularFile(resolve(file), named: file, place: "\(place).params.\(parameter)") }
                textures.append((parameter, try GLTransitionTexture.resolve(isMap ? file : resolve(file), parameter: parameter, file: source.name)))
            } else {
                values.append((parameter, value))
            }
        }
        for preset in presets {
            do { try add(preset.name, preset.value) } catch {
                throw EditSpecError("\(place).effect", "\(error)")
            }
        }
        for (parameter, setting) in params.sorted(by: { $0.key < $1.key }) {
            do {
                try add(parameter, try source.value(for: parameter, from: setting.commandLineText))
            } catch {
                throw EditSpecError("\(place).params.\(parameter)", "\(error)")
            }
        }
        for sampler in source.parameters where sampler.type == .sampler2D && !textures.contains(where: { $0.0 == sampler.name }) {
            throw EditSpecError("\(place).params.\(sampler.name)", "is missing: give a picture file or a built-in luma map ("
                + LumaMap.allCases.map(\.rawValue).joined(separator: ", ") + ")")
        }
        let (finalValues, finalTextures) = (values, textures)
        return { space, signal in
            // SDR colours (a fade's) as the HDR signal shows them: BT.2408's reference white.
            let shownValues = HDRColorParameters.values(finalValues, of: source, signal: signal, space: space)
            return { device, from, to in
                let effect = try GLTransitionEffect(
                    device: device, source: source, from: from, to: to, resizeMode: resize, blendSpace: space, signal: signal)
                do {
                    for (parameter, value) in shownValues { try effect.setParameter(parameter, value) }
                    for (parameter, texture) in finalTextures { try effect.setTexture(parameter, texture) }
                } catch {
                    effect.release()
                    throw error
                }
                return effect
            }
        }
    }
}
