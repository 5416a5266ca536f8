import Foundation
import SegueColor
import SegueGL
import SegueImage
import SegueGLSL

/// A transition effect chosen by name, ready to be made on any device: the pixel dissolve, any
/// built-in gl-transition (`fade`, `wipeleft`, …) or a gl-transitions `.glsl` file, with its
/// settings checked and its textures read. Making the effect is the only GPU step left.
///
///     let wipe = try NamedTransition.named("wipeleft")
///     let effect = try wipe.makeEffect(device: device, from: a, to: b)
public struct NamedTransition: Sendable {
    public enum Kind: Sendable {
        case pixelDissolve
        /// A parsed gl-transition with its settings (a preset's first, then the caller's) and the
        /// textures of its sampler2D parameters.
        case glTransition(GLTransitionSource, values: [GLTransitionSetting], textures: [GLTransitionTextureSetting])
    }

    public let name: String
    public let kind: Kind
    /// How pictures of another aspect ratio than the frame are placed (gl-transitions' cover,
    /// contain, stretch).
    public var resize: ResizeMode = .cover
    /// What a gl-transition's lookups outside the picture return.
    public var edges: GLTransitionEffect.EdgeMode = .clamp

    /// The names `named(_:)` takes besides `.glsl` files: the effects, then the gl-transitions built-ins.
    public static var builtInNames: [String] { effectNames + GLTransitionLibrary.entries.map(\.name) }
    /// The effects that are not gl-transitions.
    public static let effectNames = ["pixel-dissolve"]

    public static func isBuiltIn(_ name: String) -> Bool { builtInNames.contains(name) }

    /// Whether `name` is a gl-transition (a built-in of the gl-transitions family or a `.glsl` file),
    /// the kind that takes settings.
    public static func isGLTransition(_ name: String) -> Bool {
        name.hasSuffix(".glsl") || GLTransitionLibrary.entry(named: name) != nil
    }

    public static let pixelDissolve = NamedTransition(name: "pixel-dissolve", kind: .pixelDissolve)

    /// The transition called `name` (a built-in or a `.glsl` file's path) with `settings` applied
    /// after a preset's own. A sampler2D parameter must be given a texture (a PNG path or a luma
    /// map's name).
    public static func named(
        _ name: String, settings: [GLTransitionSetting] = [], resize: ResizeMode = .cover,
        edges: GLTransitionEffect.EdgeMode = .clamp
    ) throws(NamedTransitionError) -> NamedTransition {
        var transition: NamedTransition
        if effectNames.contains(name) {
            guard settings.isEmpty else { throw .settingsNotTaken(transition: name) }
            transition = .pixelDissolve
        } else {
            let (source, presetSettings) = try glTransitionSource(named: name)
            transition = try glTransition(source: source, settings: presetSettings + settings)
        }
        transition.resize = resize
        transition.edges = edges
        return transition
    }

    /// The parsed file a gl-transition name resolves to, with a preset's own settings.
    private static func glTransitionSource(named name: String) throws(NamedTransitionError) -> (GLTransitionSource, [GLTransitionSetting]) {
        if let builtIn = GLTransitionLibrary.entry(named: name) {
            return (try parse(builtIn.source, name: name), builtIn.parameters)
        }
        guard name.hasSuffix(".glsl") else { throw .unknownName(name, known: builtInNames) }
        return (try UserTransitionFile.read(path: name), [])
    }

    /// As `named(_:settings:…)`, with settings written `name=value` (a command line's `--param`).
    public static func named(
        _ name: String, settingTexts: [String], resize: ResizeMode = .cover, edges: GLTransitionEffect.EdgeMode = .clamp
    ) throws(NamedTransitionError) -> NamedTransition {
        guard !settingTexts.isEmpty else { return try named(name, resize: resize, edges: edges) }
        guard isGLTransition(name) else {
            guard isBuiltIn(name) else { throw .unknownName(name, known: builtInNames) }
            throw .settingsNotTaken(transition: name)
        }
        // Parsed against the file the name resolves to (a preset's file for a preset).
        let (source, _) = try glTransitionSource(named: name)
        var settings: [GLTransitionSetting] = []
        var given: [String: String] = [:]
        for text in settingTexts {
            let setting: GLTransitionSetting
            do { setting = try GLTransitionSetting.parse(text, for: source) } catch { throw .transition(error) }
            // The last of two would win silently: a repeated parameter is a mistake to say.
            if let earlier = given[setting.name] { throw .repeatedSetting(name: setting.name, first: earlier, second: text) }
            given[setting.name] = text
            settings.append(setting)
        }
        return try named(name, settings: settings, resize: resize, edges: edges)
    }

    /// A gl-transition from its parsed source: values are checked against the declarations,
    /// textures are read now (a missing PNG fails here, not at the first frame).
    public static func glTransition(source: GLTransitionSource, settings: [GLTransitionSetting]) throws(NamedTransitionError) -> NamedTransition {
        var values: [GLTransitionSetting] = []
        var textures: [GLTransitionTextureSetting] = []
        for setting in settings {
            guard let declared = source.parameters.first(where: { $0.name == setting.name }) else {
                throw .transition(.unknownParameter(file: source.name, name: setting.name, known: source.parameters.map(\.name)))
            }
            if case .texture(let text) = setting.value {
                do {
                    let texture = try GLTransitionTexture.resolve(text, parameter: setting.name, file: source.name)
                    textures.removeAll { $0.name == setting.name }
                    textures.append(GLTransitionTextureSetting(name: setting.name, texture: texture))
                } catch { throw .transition(error) }
            } else {
                guard declared.type != .sampler2D else {
                    throw .transition(.wrongValue(file: source.name, parameter: setting.name, expected: .sampler2D, reason: "a texture is required"))
                }
                do { try GLTransitionRange.check(setting.value, of: declared, file: source.name) } catch { throw .transition(error) }
                values.append(setting)
            }
        }
        for sampler in source.parameters where sampler.type == .sampler2D && !textures.contains(where: { $0.name == sampler.name }) {
            throw .transition(.badTexture(
                file: source.name, parameter: sampler.name,
                reason: "none is given; use --param \(sampler.name)=FILE.png or a built-in luma map ("
                    + LumaMap.allCases.map(\.rawValue).joined(separator: ", ") + ")"))
        }
        return NamedTransition(name: source.name, kind: .glTransition(source, values: values, textures: textures))
    }

    private static func parse(_ text: String, name: String) throws(NamedTransitionError) -> GLTransitionSource {
        do { return try GLTransitionSource.parse(text, name: name) } catch { throw .transition(error) }
    }

    /// Makes the effect between two textures the caller owns (and releases after the effect).
    /// The effect is the caller's: release it on the GL thread. `blendSpace` is where it mixes.
    public func makeEffect(
        device: GLDevice, from: Texture, to: Texture, mode: ExecutionMode = .fused, blendSpace: BlendSpace = .srgb
    ) throws(NamedTransitionError) -> any TransitionEffect {
        switch kind {
        case .pixelDissolve:
            do { return try PixelDissolve(device: device, from: from, to: to, mode: mode, resizeMode: resize, blendSpace: blendSpace) } catch {
                throw .gl(error)
            }
        case .glTransition(let source, let values, let textures):
            let effect: GLTransitionEffect
            do { effect = try GLTransitionEffect(
                device: device, source: source, from: from, to: to, resizeMode: resize, edges: edges, blendSpace: blendSpace) } catch {
                throw .gl(error)
            }
            do {
                for setting in values { try effect.setParameter(setting.name, setting.value) }
                // A luma map is made at the frame's size when rendered, not the pictures'.
                for setting in textures { try effect.setTexture(setting.name, setting.texture) }
            } catch {
                effect.release()
                throw .transition(error)
            }
            return effect
        }
    }
}

/// A texture given to a gl-transition's sampler2D parameter.
public struct GLTransitionTextureSetting: Sendable, Equatable {
    public let name: String
    public let texture: GLTransitionTexture
}

/// Why a transition could not be found or made.
public enum NamedTransitionError: Error, Equatable, CustomStringConvertible {
    case unknownName(String, known: [String])
    case unreadableFile(path: String, reason: String)
    /// Settings were given to an effect that has none (only gl-transitions take them).
    case settingsNotTaken(transition: String)
    /// The gl-transition file or a setting for it was refused.
    case transition(GLTransitionError)
    case gl(GLError)
    /// The same parameter was given twice (`first`, then `second`, as written).
    case repeatedSetting(name: String, first: String, second: String)
    /// A user's file ran out of the compile budget (`UserTransitionFile`); `reason` says how.
    case overBudget(file: String, reason: String)

    public var description: String {
        switch self {
        case .unknownName(let name, let known): "unknown effect '\(name)'; known: " + known.joined(separator: ", ")
        case .unreadableFile(let path, let reason): "cannot read transition file '\(path)': \(reason)"
        case .settingsNotTaken(let name): "'\(name)' takes no parameters; --param applies to gl-transitions effects (a built-in name or a .glsl file)"
        case .transition(let error): error.description
        case .gl(let error): error.description
        case .overBudget(_, let reason): reason
        case .repeatedSetting(let name, let first, let second): "'\(name)' is given twice ('\(first)', then '\(second)'); give it once"
        }
    }
}
