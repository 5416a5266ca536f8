import SegueColor
import SegueGL

/// The pixel dissolve of objc.io's GPUImage transition animator (DESIGN.md §3):
///
///     from → pixellate(progress × 0.1) ─┐
///                                       ├→ dissolve(mix = progress) → output
///     to   → pixellate((1 − progress) × 0.1) ┘
///
/// Both snapshots are uploaded once by the caller; a frame changes three uniforms.
public final class PixelDissolve {
    /// The largest cell width, as a fraction of the frame width (at progress 0 and 1 on the
    /// side that is leaving or arriving).
    public static let maximumCellFraction: Float = 0.1

    public let from: ImageSource
    public let to: ImageSource
    public let fromPixellate: Pixellate
    public let toPixellate: Pixellate
    public let blend: DissolveBlend
    public let renderer: EffectRenderer

    /// 0 shows `from` exactly, 1 shows `to` exactly. Values outside 0...1 (and NaN) are clamped.
    public var progress: Float = 0 {
        didSet { apply() }
    }

    /// How pictures of another size than the target are fitted to it (both sides alike).
    public var resizeMode: ResizeMode {
        get { from.resize }
        set { from.resize = newValue; to.resize = newValue }
    }

    public init(
        device: GLDevice, from: Texture, to: Texture, mode: ExecutionMode = .fused, resizeMode: ResizeMode = .stretch,
        blendSpace: BlendSpace = .srgb
    ) throws(GLError) {
        self.from = ImageSource(from, resize: resizeMode)
        self.to = ImageSource(to, resize: resizeMode)
        fromPixellate = Pixellate(input: self.from, fractionalWidthOfAPixel: 0)
        toPixellate = Pixellate(input: self.to, fractionalWidthOfAPixel: Self.maximumCellFraction)
        blend = DissolveBlend(base: fromPixellate, overlay: toPixellate, mix: 0)
        renderer = try EffectRenderer(device: device, output: blend, mode: mode, blendSpace: blendSpace)
        apply()
    }

    /// As above, mixing `signal`'s values (an edit whose output is HLG or PQ blends its signal).
    package init(
        device: GLDevice, from: Texture, to: Texture, mode: ExecutionMode = .fused, resizeMode: ResizeMode = .stretch,
        blendSpace: BlendSpace = .srgb, signal: BlendSignal
    ) throws(GLError) {
        self.from = ImageSource(from, resize: resizeMode)
        self.to = ImageSource(to, resize: resizeMode)
        fromPixellate = Pixellate(input: self.from, fractionalWidthOfAPixel: 0)
        toPixellate = Pixellate(input: self.to, fractionalWidthOfAPixel: Self.maximumCellFraction)
        blend = DissolveBlend(base: fromPixellate, overlay: toPixellate, mix: 0)
        renderer = try EffectRenderer(device: device, output: blend, mode: mode, blendSpace: blendSpace, signal: signal)
        apply()
    }

    /// The three parameters at a progress, as the seed's display-link callback sets them.
    public static func parameters(progress: Float) -> (fromCell: Float, toCell: Float, mix: Float) {
        let p = progress.isNaN ? 0 : min(max(progress, 0), 1)
        return (p * maximumCellFraction, (1 - p) * maximumCellFraction, p)
    }

    private func apply() {
        let parameters = Self.parameters(progress: progress)
        fromPixellate.fractionalWidthOfAPixel = parameters.fromCell
        toPixellate.fractionalWidthOfAPixel = parameters.toCell
        blend.mix = parameters.mix
    }

    public func render(into target: some RenderTarget) throws(GLError) {
        try renderer.render(into: target)
    }

    /// Releases what the effect holds on the GPU (nothing between frames: intermediates live in the
    /// device's pool, programs in its cache); the textures belong to the caller.
    public func release() { renderer.release() }
}
