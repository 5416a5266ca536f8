import Foundation
import SegueEffects
import SegueGL
import SegueImage

/// The effects a timeline's transitions name: the gl-transitions built-ins (and their presets,
/// such as `fade`), a `.glsl` file in the gl-transitions format, or `pixel-dissolve`. Sources
/// are parsed and parameters checked here, before anything renders.
enum TimelineEffects {
    static func make(
        effect: String, params: [String: EditParameter], place: String, resize: ResizeMode, resolve: (String) -> String
    ) throws -> TransitionExporter.MakeEffect {
        if effect == "pixel-dissolve" {
            guard params.isEmpty else { throw EditSpecError("\(place).params", "pixel-dissolve takes no parameters") }
            return { device, from, to in try PixelDissolve(device: device, from: from, to: to) }
        }
        let text: String, name: String
        var settings: [(String, String)] = []
        if let builtIn = GLTransitionLibrary.entry(named: effect) {
            (text, name) = (builtIn.source, effect)
            settings = builtIn.parameters.map { ($0.name, $0.value) }
        } else if effect.hasSuffix(".glsl") {
            guard let data = FileManager.default.contents(atPath: resolve(effect)) else {
                throw EditSpecError("\(place).effect", "cannot read the transition file '\(effect)'")
            }
            (text, name) = (String(decoding: data, as: UTF8.self), URL(fileURLWithPath: effect).lastPathComponent)
        } else {
            throw EditSpecError("\(place).effect", "unknown effect '\(effect)'; use cut, pixel-dissolve, a .glsl file or one of: "
                + GLTransitionLibrary.entries.map(\.name).joined(separator: ", "))
        }
        let source: GLTransitionSource
        do { source = try GLTransitionSource.parse(text, name: name) } catch {
            throw EditSpecError("\(place).effect", "\(error)")
        }
        settings += params.sorted { $0.key < $1.key }.map { ($0.key, $0.value.commandLineText) }
        var values: [(String, GLTransitionValue)] = []
        var textures: [(String, GLTransitionTexture)] = []
        for (parameter, setting) in settings {
            do {
                let value = try source.value(for: parameter, from: setting)
                if case .texture(let file) = value {
                    let isMap = LumaMap(rawValue: file) != nil
                    textures.append((parameter, try GLTransitionTexture.resolve(isMap ? file : resolve(file), parameter: parameter, file: name)))
                } else {
                    values.append((parameter, value))
                }
            } catch {
                throw EditSpecError("\(place).params.\(parameter)", "\(error)")
            }
        }
        for sampler in source.parameters where sampler.type == .sampler2D && !textures.contains(where: { $0.0 == sampler.name }) {
            throw EditSpecError("\(place).params.\(sampler.name)", "is missing: give a picture file or a built-in luma map ("
                + LumaMap.allCases.map(\.rawValue).joined(separator: ", ") + ")")
        }
        let (finalValues, finalTextures) = (values, textures)
        return { device, from, to in
            let effect = try GLTransitionEffect(device: device, source: source, from: from, to: to, resizeMode: resize)
            do {
                for (parameter, value) in finalValues { try effect.setParameter(parameter, value) }
                for (parameter, texture) in finalTextures { try effect.setTexture(parameter, texture) }
            } catch {
                effect.release()
                throw error
            }
            return effect
        }
    }
}
