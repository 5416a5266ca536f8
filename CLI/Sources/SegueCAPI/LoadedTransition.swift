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
    private var gpu: (from: Texture, to: Texture, target: OffscreenTarget, effect: any TransitionEffect)?
    private var description: UnsafeMutablePointer<CChar>?

    /// Bytes of one picture or frame.
    var frameBytes: Int { width * height * 4 }

    /// Checks the name and the size, bounds a user's file's compile (`CompileBudget`), then makes
    /// the GPU state on the engine's thread.
    init(engine: Engine, name: String, width: Int, height: Int) throws(CAPIError) {
        try Self.checkSize(width: width, height: height)
        let named: NamedTransition
        do { named = try NamedTransition.named(name) } catch { throw CAPIError(error) }
        if case .glTransition(let source, _, _) = named.kind, GLTransitionLibrary.entry(named: name) == nil {
            try CompileBudget.check(source)
        }
        (self.engine, self.name, self.width, self.height, self.named) = (engine, name, width, height, named)
        try engine.onGLThread { [self] (device: GLDevice) throws(CAPIError) in
            try makeGPUState(device: device)
            engine.adopt(self)
        }
    }

    /// The command line's budgets for a frame: 1...16384 a side, at most `PictureBudget.standard`.
    static func checkSize(width: Int, height: Int) throws(CAPIError) {
        guard (1...RGBAImage.maxDimension).contains(width), (1...RGBAImage.maxDimension).contains(height) else {
            throw .argument("a frame is 1...\(RGBAImage.maxDimension) pixels on each side, not \(width)x\(height)")
        }
        let budget = PictureBudget.standard
        guard let bytes = PictureBudget.cost(width: width, height: height, bytesPerPixel: 4), bytes <= budget.maxBytes else {
            throw CAPIError(SEGUE_ERROR_BUDGET, "a \(width)x\(height) frame takes \(width * height * 4) bytes of RGBA8, "
                + "over the picture budget of \(budget)")
        }
    }

    private func makeGPUState(device: GLDevice) throws(CAPIError) {
        var made: [() -> Void] = []
        do {
            let from = try device.makeTexture(width: width, height: height, pixels: nil)
            made.append(from.release)
            let to = try device.makeTexture(width: width, height: height, pixels: nil)
            made.append(to.release)
            let target = try device.makeOffscreenTarget(width: width, height: height)
            made.append(target.release)
            gpu = (from, to, target, try named.makeEffect(device: device, from: from, to: to))
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
            // A preset's own settings first, as `NamedTransition.named` orders them.
            let preset = GLTransitionLibrary.entry(named: name)?.parameters ?? []
            var rebuilt: NamedTransition
            do { rebuilt = try NamedTransition.glTransition(source: source, settings: preset + settings) } catch { throw CAPIError(any: error) }
            (rebuilt.resize, rebuilt.edges) = (named.resize, named.edges)
            guard let effect = gpu?.effect as? GLTransitionEffect, case .glTransition(_, let values, let textures) = rebuilt.kind else {
                throw .argument("the transition was destroyed")
            }
            do {
                for setting in values { try effect.setParameter(setting.name, setting.value) }
                for setting in textures { try effect.setTexture(setting.name, setting.texture) }
            } catch { throw CAPIError(any: error) }
            (named, userSettings) = (rebuilt, settings)
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
            guard let gpu else { throw .argument("the transition was destroyed") }
            // Pictures in and frames out have straight alpha, as PNG frames of `segue render` do;
            // the GPU works premultiplied (docs/ARCHITECTURE.md): premultiplied once here, on the
            // way in, and un-premultiplied once on the way out, as the command line does.
            let staging = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes, alignment: 64)
            defer { staging.deallocate() }
            do throws(GLError) {
                for (picture, texture) in [(from, gpu.from), (to, gpu.to)] {
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

    /// On the engine's thread: frees the GPU state (idempotent).
    func releaseGPUState() {
        guard let gpu else { return }
        gpu.effect.release()
        gpu.target.release()
        gpu.from.release()
        gpu.to.release()
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
