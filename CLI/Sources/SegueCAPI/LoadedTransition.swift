import CSegue
import Foundation
import SegueEffects
import SegueGL
import SegueImage

/// What `segue_transition` points at: a named transition checked and compiled for one frame size,
/// with its GPU state (two picture textures, a target and the effect) on its engine's thread.
final class LoadedTransition: @unchecked Sendable {
    let engine: Engine
    let name: String
    let width: Int
    let height: Int
    // Touched on the engine's thread only.
    private var named: NamedTransition
    private var userSettings: [GLTransitionSetting] = []
    // The pictures' textures have framebuffers around them, so that Y'CbCr planes can be drawn into them.
    private var gpu: (from: OffscreenTarget, to: OffscreenTarget, target: OffscreenTarget, effect: any TransitionEffect)?
    /// Y'CbCr planes in and out (`renderPlanes`), made for the layout last asked for.
    private var planar: PlanarConverter?
    private var description: UnsafeMutablePointer<CChar>?
    /// The file's sampler2D parameters given no texture yet: a frame is refused until each is.
    private var textureless: [String] = []
    /// Textures made from a host's pixels (`setTexture`), by parameter: this transition's to release.
    private var hostTextures: [String: Texture] = [:]

    /// Bytes of one picture or frame.
    var frameBytes: Int { width * height * 4 }

    /// Checks the name and the size, bounds a user's file's compile (`CompileBudget`), then makes
    /// the GPU state on the engine's thread.
    init(engine: Engine, name: String, width: Int, height: Int) throws(CAPIError) {
        try Self.checkSize(width: width, height: height)
        let named: NamedTransition
        var textureless: [String] = []
        do throws(NamedTransitionError) {
            if GLTransitionLibrary.entry(named: name) == nil && name.hasSuffix(".glsl") {
                // A user's file may declare a sampler2D that a host fills later (segue_transition_set
                // with a PNG, segue_transition_set_texture with pixels): it loads with a stand-in
                // (a luma map, never drawn: a frame is refused until every one is given).
                let source = try UserTransitionFile.read(path: name)
                textureless = source.parameters.filter { $0.type == .sampler2D }.map(\.name)
                named = try NamedTransition.glTransition(source: source, settings: Self.standIns(for: textureless))
            } else {
                named = try NamedTransition.named(name)
            }
        } catch { throw CAPIError(error) }
        if case .glTransition(let source, _, _) = named.kind, GLTransitionLibrary.entry(named: name) == nil {
            try CompileBudget.check(source)
        }
        (self.engine, self.name, self.width, self.height, self.named) = (engine, name, width, height, named)
        self.textureless = textureless
        try engine.onGLThread { [self] (device: GLDevice) throws(CAPIError) in
            try makeGPUState(device: device)
            engine.adopt(self)
        }
    }

    /// A stand-in texture (a built-in luma map) for each of `samplers`.
    private static func standIns(for samplers: [String]) -> [GLTransitionSetting] {
        samplers.map { GLTransitionSetting($0, .texture(LumaMap.allCases[0].rawValue)) }
    }

    /// The command line's budgets for a frame: 1...16384 a side, at most `PictureBudget.standard`.
    static func checkSize(width: Int, height: Int, of what: String = "frame") throws(CAPIError) {
        guard (1...RGBAImage.maxDimension).contains(width), (1...RGBAImage.maxDimension).contains(height) else {
            throw .argument("a \(what) is 1...\(RGBAImage.maxDimension) pixels on each side, not \(width)x\(height)")
        }
        let budget = PictureBudget.standard
        guard let bytes = PictureBudget.cost(width: width, height: height, bytesPerPixel: 4), bytes <= budget.maxBytes else {
            throw CAPIError(SEGUE_ERROR_BUDGET, "a \(width)x\(height) \(what) takes \(width * height * 4) bytes of RGBA8, "
                + "over the picture budget of \(budget)")
        }
    }

    private func makeGPUState(device: GLDevice) throws(CAPIError) {
        var made: [() -> Void] = []
        do {
            let from = try device.makeOffscreenTarget(width: width, height: height)
            made.append(from.release)
            let to = try device.makeOffscreenTarget(width: width, height: height)
            made.append(to.release)
            let target = try device.makeOffscreenTarget(width: width, height: height)
            made.append(target.release)
            gpu = (from, to, target, try named.makeEffect(device: device, from: from.texture, to: to.texture))
        } catch {
            made.forEach { $0() }
            throw CAPIError(any: error)
        }
    }

    /// Sets `name=value` texts, all checked (against the file's declarations and ranges) before
    /// any is kept; later ones replace earlier ones of the same name.
    func set(_ texts: [String]) throws(CAPIError) {
        try engine.onGLThread { [self] (_: GLDevice) throws(CAPIError) in
            guard case .glTransition(let source, _, _) = named.kind else {
                throw CAPIError(NamedTransitionError.settingsNotTaken(transition: name))
            }
            var settings = userSettings
            for text in texts {
                let setting: GLTransitionSetting
                do { setting = try GLTransitionSetting.parse(text, for: source) } catch { throw CAPIError(any: error) }
                settings.removeAll { $0.name == setting.name }
                settings.append(setting)
            }
            // A preset's own settings first, as `NamedTransition.named` orders them; stand-ins for
            // the samplers given no file (none yet, or a host's pixels).
            let preset = GLTransitionLibrary.entry(named: name)?.parameters ?? []
            let given = Set(settings.map(\.name))
            let standIns = Self.standIns(for: source.parameters.filter { $0.type == .sampler2D && !given.contains($0.name) }.map(\.name))
            var rebuilt: NamedTransition
            do { rebuilt = try NamedTransition.glTransition(source: source, settings: preset + standIns + settings) } catch {
                throw CAPIError(any: error)
            }
            (rebuilt.resize, rebuilt.edges) = (named.resize, named.edges)
            guard let effect = gpu?.effect as? GLTransitionEffect, case .glTransition(_, let values, let textures) = rebuilt.kind else {
                throw .argument("the transition was destroyed")
            }
            // Textures of this call only: earlier ones (a host's pixels among them) stay bound.
            let givenNow = Set(texts.compactMap { $0.split(separator: "=", maxSplits: 1).first.map(String.init) })
            do {
                for setting in values { try effect.setParameter(setting.name, setting.value) }
                for setting in textures where givenNow.contains(setting.name) {
                    try effect.setTexture(setting.name, setting.texture)
                    hostTextures.removeValue(forKey: setting.name)?.release()
                    textureless.removeAll { $0 == setting.name }
                }
            } catch { throw CAPIError(any: error) }
            (self.named, userSettings) = (rebuilt, settings)
        }
    }

    /// Gives a sampler2D parameter a picture of the host's (straight alpha, top row first, as a
    /// PNG's), as `--param name=FILE.png` gives it one: the texture is made and bound now, and the
    /// one it replaces released.
    func setTexture(_ parameter: String, rgba: UnsafePointer<UInt8>, width: Int, height: Int) throws(CAPIError) {
        try Self.checkSize(width: width, height: height, of: "texture")
        let image: RGBAImage
        do { image = try RGBAImage(width: width, height: height, pixels: Array(UnsafeBufferPointer(start: rgba, count: width * height * 4))) } catch {
            throw .argument("\(error)")
        }
        try engine.onGLThread { [self] (device: GLDevice) throws(CAPIError) in
            guard case .glTransition(let source, _, _) = named.kind else {
                throw CAPIError(NamedTransitionError.settingsNotTaken(transition: name))
            }
            guard source.parameters.contains(where: { $0.name == parameter && $0.type == .sampler2D }) else {
                throw CAPIError(GLTransitionError.unknownParameter(
                    file: source.name, name: parameter, known: source.parameters.filter { $0.type == .sampler2D }.map(\.name)))
            }
            guard let effect = gpu?.effect as? GLTransitionEffect else { throw .argument("the transition was destroyed") }
            let texture: Texture
            do { texture = try device.makeTexture(image: image.flippedVertically(), filter: .linear) } catch { throw CAPIError(any: error) }
            do throws(GLTransitionError) { try effect.setTexture(parameter, texture) } catch {
                texture.release()
                throw CAPIError(error)
            }
            hostTextures.updateValue(texture, forKey: parameter)?.release()
            // A file given earlier for it is forgotten, so a later set() binds nothing over these pixels.
            userSettings.removeAll { $0.name == parameter }
            textureless.removeAll { $0 == parameter }
        }
    }

    /// The parameter lines at the values the transition now runs with, as a C string it owns
    /// until the next call.
    func describe() throws(CAPIError) -> UnsafePointer<CChar>? {
        try engine.onGLThread { [self] (_: GLDevice) throws(CAPIError) in
            var lines: [String] = []
            if case .glTransition(let source, let values, _) = named.kind {
                lines = source.parameters.map { parameter in
                    let value = values.last { $0.name == parameter.name }?.value ?? parameter.defaultValue
                    return TransitionListing.parameterLine(parameter, value: value)
                }
            }
            free(description)
            description = strdup(lines.joined(separator: "\n"))
            return UnsafePointer(description)
        }
    }

    /// Uploads the two pictures once and renders a frame at each progress into `out`, one after another.
    func render(from: UnsafeRawPointer, to: UnsafeRawPointer, at progress: [Double], into out: UnsafeMutableRawPointer) throws(CAPIError) {
        guard (1...100_000).contains(progress.count) else { throw .argument("frames must be 1...100000, not \(progress.count)") }
        if let bad = progress.first(where: { !(0...1).contains($0) }) { throw .argument("progress is 0...1, not \(bad)") }
        let bytes = frameBytes
        try engine.onGLThread { [self] (_: GLDevice) throws(CAPIError) in
            let gpu = try readyGPU()
            // Pictures in and frames out have straight alpha, as PNG frames of `segue render` do;
            // the GPU works premultiplied (docs/ARCHITECTURE.md): premultiplied once here, on the
            // way in, and un-premultiplied once on the way out, as the command line does.
            let staging = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes, alignment: 64)
            defer { staging.deallocate() }
            do throws(GLError) {
                for (picture, texture) in [(from, gpu.from.texture), (to, gpu.to.texture)] {
                    staging.copyMemory(from: UnsafeRawBufferPointer(start: picture, count: bytes))
                    PremultipliedAlpha.premultiply(staging)
                    try texture.upload(pixels: UnsafeRawBufferPointer(staging))
                }
                for (index, value) in progress.enumerated() {
                    gpu.effect.progress = Float(value)
                    try gpu.effect.render(into: gpu.target)
                    let frame = UnsafeMutableRawBufferPointer(start: out + index * bytes, count: bytes)
                    try gpu.target.readPixels(into: frame)
                    PremultipliedAlpha.unpremultiply(frame)
                }
            } catch { throw CAPIError(error) }
        }
    }

    /// On the engine's thread: the GPU state, once every sampler2D has a texture.
    private func readyGPU() throws(CAPIError) -> (from: OffscreenTarget, to: OffscreenTarget, target: OffscreenTarget, effect: any TransitionEffect) {
        guard let gpu else { throw .argument("the transition was destroyed") }
        if let missing = textureless.first {
            throw CAPIError(SEGUE_ERROR_PARAMETER, "\(name): the sampler2D parameter '\(missing)' has no texture yet; give it one with "
                + "segue_transition_set_texture (pixels) or segue_transition_set(\"\(missing)\", \"FILE.png\") "
                + "(a PNG, or a luma map: " + LumaMap.allCases.map(\.rawValue).joined(separator: ", ") + ")")
        }
        return gpu
    }

    /// One frame between two Y'CbCr pictures into `out`'s planes, converted on the GPU both ways
    /// (`PlanarConverter`); the pictures are opaque, so nothing is premultiplied.
    func renderPlanes(
        format: PlanarFormat, color: PlanarColor, from: segue_planes, to: segue_planes, at progress: Double, into out: segue_planes
    ) throws(CAPIError) {
        guard (0...1).contains(progress) else { throw .argument("progress is 0...1, not \(progress)") }
        try engine.onGLThread { [self] (device: GLDevice) throws(CAPIError) in
            let gpu = try readyGPU()
            if let planar, planar.format != format || planar.color != color {
                planar.release()
                self.planar = nil
            }
            let converter: PlanarConverter
            if let planar { converter = planar } else {
                converter = try PlanarConverter(device: device, format: format, color: color, width: width, height: height)
            }
            planar = converter
            try converter.check(from, "from")
            try converter.check(to, "to")
            try converter.check(out, "out")
            try converter.convert(from, into: gpu.from)
            try converter.convert(to, into: gpu.to)
            gpu.effect.progress = Float(progress)
            do throws(GLError) { try gpu.effect.render(into: gpu.target) } catch { throw CAPIError(error) }
            try converter.convert(gpu.target.texture.name, into: out)
        }
    }

    /// On the engine's thread: frees the GPU state (idempotent).
    func releaseGPUState() {
        guard let gpu else { return }
        gpu.effect.release()
        gpu.target.release()
        gpu.from.release()
        gpu.to.release()
        hostTextures.values.forEach { $0.release() }
        hostTextures = [:]
        planar?.release()
        planar = nil
        self.gpu = nil
        free(description)
        description = nil
    }

    /// Releases the GPU state on the engine's thread (nothing to do once the engine is gone).
    func destroy() {
        try? engine.onGLThread { [self] (_: GLDevice) throws(CAPIError) in
            releaseGPUState()
            engine.forget(self)
        }
    }
}
