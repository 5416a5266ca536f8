import SegueShaders

/// GPUImage's 25 blend modes as one filter: `overlay` (the second input) blended onto `base`
/// (the first). The formulas, one line per mode, are in `Shaders/glsl/blend_modes.glsl`, written
/// for straight alpha as GPUImage's and the W3C's are; every mode's result is mixed over `base`
/// by `opacity`. The GPU pipeline is premultiplied (docs/ARCHITECTURE.md), so by default the
/// inputs are divided by their alpha before the formula and the result multiplied by its alpha
/// after (`Alpha.premultiplied`): a transparent edge stays transparent, and colour is never
/// weighted twice by coverage. `Alpha.straight` takes and gives straight alpha.
///
/// `mode` is structural: it selects the generated code (each mode is its own kind,
/// `blend.<mode>`, so programs are cached per structure), while every other parameter is a
/// uniform that may change each frame without a recompile.
public final class BlendFilter: Filter {
    /// The blend modes, named after GPUImage's blend filters.
    public enum Mode: String, CaseIterable, Sendable {
        case normal, alpha, sourceOver, add, subtract, multiply, divide, screen, overlay, darken, lighten
        case colorBurn, colorDodge, linearBurn, hardLight, softLight, difference, exclusion
        case hue, saturation, color, luminosity, chromaKey, dissolve, mask
    }

    /// What the inputs and the result hold.
    public enum Alpha: String, Sendable {
        /// Colour multiplied by alpha, as every texture of the pipeline (the default).
        case premultiplied
        /// Colour as it is (GPUImage's convention; the formulas' own).
        case straight
    }

    /// The kind name of `mode`, as it appears in pass structures: `blend.multiply`
    /// (`blend.multiply.straight` for straight alpha).
    public static func kindName(for mode: Mode, alpha: Alpha = .premultiplied) -> String {
        "blend.\(mode.rawValue)" + (alpha == .straight ? ".straight" : "")
    }

    /// `segue_blend_<mode>(base, overlay, opacity, …)`, with the whole library (one copy per
    /// program: the compiler includes equal libraries once); premultiplied inputs are made
    /// straight for it and its result premultiplied again.
    public static func kind(for mode: Mode, alpha: Alpha = .premultiplied) -> FilterKind {
        FilterKind(
            name: kindName(for: mode, alpha: alpha), footprint: .perPixel, functions: ShaderLibrary.blendModes,
            uniforms: BlendUniformSet(mode).declarations
        ) { px, inputs, uniforms in
            let (base, overlay) = ("\(inputs[0])(\(px))", "\(inputs[1])(\(px))")
            guard alpha == .premultiplied else {
                return "segue_blend_\(mode.rawValue)(\(([base, overlay] + uniforms).joined(separator: ", ")))"
            }
            let arguments = ["segue_blend_straight(\(base))", "segue_blend_straight(\(overlay))"] + uniforms
            return "segue_blend_premultiplied(segue_blend_\(mode.rawValue)(\(arguments.joined(separator: ", "))))"
        }
    }

    public let alpha: Alpha

    public let mode: Mode
    public let base: any EffectNode
    public let overlay: any EffectNode
    public let kind: FilterKind

    /// 0 shows `base` exactly, 1 the blend alone; in between the blend is mixed over `base`.
    /// Applies to every mode; values outside 0...1 are clamped (NaN counts as 0).
    public var opacity: Float
    /// `alpha` and `dissolve`: how much of the overlay (GPUImage's `mix`), clamped to 0...1.
    public var mix: Float = 0.5
    /// `chromaKey`: the colour keyed out of the overlay (GPUImage's default is green).
    public var keyColor = SIMD3<Float>(0, 1, 0)
    /// `chromaKey`: chroma distance from `keyColor` within which overlay pixels are fully
    /// transparent (GPUImage's `thresholdSensitivity`); negative counts as 0.
    public var threshold: Float = 0.4
    /// `chromaKey`: the width of the soft edge beyond `threshold`; 0 makes a hard edge.
    public var smoothing: Float = 0.1

    public init(mode: Mode, base: any EffectNode, overlay: any EffectNode, opacity: Float = 1, alpha: Alpha = .premultiplied) {
        self.mode = mode
        self.base = base
        self.overlay = overlay
        self.opacity = opacity
        self.alpha = alpha
        self.kind = Self.kind(for: mode, alpha: alpha)
    }

    public var inputs: [any EffectNode] { [base, overlay] }

    public func writeUniforms(_ writer: inout UniformWriter, frame: FrameInfo) {
        writer.float(blendUnit(opacity))
        switch BlendUniformSet(mode) {
        case .opacityOnly:
            break
        case .mixture:
            writer.float(blendUnit(mix))
        case .chromaKey:
            writer.vec3(keyColor)
            writer.float(threshold.isNaN ? 0 : Swift.max(threshold, 0))
            writer.float(smoothing.isNaN ? 0 : Swift.max(smoothing, 0))
        }
    }
}

/// Clamps to 0...1, NaN to 0.
@inline(__always) func blendUnit(_ value: Float) -> Float {
    value.isNaN ? 0 : Swift.min(Swift.max(value, 0), 1)
}

/// The uniforms a mode's GLSL function takes after `(base, overlay)`, in its parameter order.
enum BlendUniformSet {
    case opacityOnly, mixture, chromaKey

    init(_ mode: BlendFilter.Mode) {
        switch mode {
        case .alpha, .dissolve: self = .mixture
        case .chromaKey: self = .chromaKey
        default: self = .opacityOnly
        }
    }

    var declarations: [UniformDeclaration] {
        switch self {
        case .opacityOnly: [UniformDeclaration("opacity", .float)]
        case .mixture: [UniformDeclaration("opacity", .float), UniformDeclaration("mixturePercent", .float)]
        case .chromaKey:
            [
                UniformDeclaration("opacity", .float), UniformDeclaration("keyColor", .vec3),
                UniformDeclaration("threshold", .float), UniformDeclaration("smoothing", .float),
            ]
        }
    }
}
