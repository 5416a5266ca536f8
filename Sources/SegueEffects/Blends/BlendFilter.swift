import SegueShaders

/// GPUImage's 25 blend modes as one filter: `overlay` (the second input) blended onto `base`
/// (the first), both straight-alpha images. The formulas, one line per mode, are in
/// `Shaders/glsl/blend_modes.glsl`; every mode's result is mixed over `base` by `opacity`.
///
/// `mode` is structural: it selects the generated code (each mode is its own kind,
/// `blend.<mode>`, so programs are cached per structure), while every other parameter is a
/// uniform that may change each frame without a recompile.
///
/// The `Filter` protocol describes code with static members, so one class cannot vary its code
/// per instance: a `BlendFilter` therefore reads a single input, an internal per-mode kernel
/// node (`blend.<mode>(base, overlay)`) that does the whole blend including opacity, and passes
/// it through. Fused, both are one inlined expression in the same pass; with
/// `.onePassPerFilter` the pass-through is an exact copy of the kernel's pass.
public final class BlendFilter: Filter {
    /// The blend modes, named after GPUImage's blend filters.
    public enum Mode: String, CaseIterable, Sendable {
        case normal, alpha, sourceOver, add, subtract, multiply, divide, screen, overlay, darken, lighten
        case colorBurn, colorDodge, linearBurn, hardLight, softLight, difference, exclusion
        case hue, saturation, color, luminosity, chromaKey, dissolve, mask
    }

    public static let kindName = "blend"
    public static let footprint = FilterFootprint.perPixel
    // The pass-through calls no functions; the kernel carries `ShaderLibrary.blendModes`.
    public static let glslFunctions = ""
    public static let uniforms: [UniformDeclaration] = []

    public static func glslExpression(px: String, inputs: [String], uniforms: [String]) -> String {
        "\(inputs[0])(\(px))"
    }

    /// The kind name of `mode`'s kernel, as it appears in pass structures: `blend.multiply`.
    public static func kindName(for mode: Mode) -> String { "blend.\(mode.rawValue)" }

    public let mode: Mode
    public let base: any EffectNode
    public let overlay: any EffectNode
    private let parameters: BlendParameters
    private let kernel: any Filter

    /// 0 shows `base` exactly, 1 the blend alone; in between the blend is mixed over `base`.
    /// Applies to every mode; values outside 0...1 are clamped (NaN counts as 0).
    public var opacity: Float {
        get { parameters.opacity }
        set { parameters.opacity = newValue }
    }
    /// `alpha` and `dissolve`: how much of the overlay (GPUImage's `mix`), clamped to 0...1.
    public var mix: Float {
        get { parameters.mix }
        set { parameters.mix = newValue }
    }
    /// `chromaKey`: the colour keyed out of the overlay (GPUImage's default is green).
    public var keyColor: SIMD3<Float> {
        get { parameters.keyColor }
        set { parameters.keyColor = newValue }
    }
    /// `chromaKey`: chroma distance from `keyColor` within which overlay pixels are fully
    /// transparent (GPUImage's `thresholdSensitivity`); negative counts as 0.
    public var threshold: Float {
        get { parameters.threshold }
        set { parameters.threshold = newValue }
    }
    /// `chromaKey`: the width of the soft edge beyond `threshold`; 0 makes a hard edge.
    public var smoothing: Float {
        get { parameters.smoothing }
        set { parameters.smoothing = newValue }
    }

    public init(mode: Mode, base: any EffectNode, overlay: any EffectNode, opacity: Float = 1) {
        self.mode = mode
        self.base = base
        self.overlay = overlay
        let parameters = BlendParameters(opacity: opacity)
        self.parameters = parameters
        self.kernel = makeBlendKernel(mode: mode, base: base, overlay: overlay, parameters: parameters)
    }

    /// The per-mode kernel, whose inputs are `[base, overlay]`.
    public var inputs: [any EffectNode] { [kernel] }

    public func writeUniforms(_ writer: inout UniformWriter, frame: FrameInfo) {}
}

/// The parameters shared by a `BlendFilter` and its kernel.
final class BlendParameters {
    var opacity: Float
    var mix: Float = 0.5
    var keyColor = SIMD3<Float>(0, 1, 0)
    var threshold: Float = 0.4
    var smoothing: Float = 0.1

    init(opacity: Float) { self.opacity = opacity }
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

/// Clamps to 0...1, NaN to 0.
@inline(__always) func blendUnit(_ value: Float) -> Float {
    value.isNaN ? 0 : Swift.min(Swift.max(value, 0), 1)
}

/// Identifies a mode at the type level, so each mode's kernel is a type of its own.
protocol BlendModeTag {
    static var mode: BlendFilter.Mode { get }
}

/// One mode's blend: `segue_blend_<mode>(base, overlay, opacity, ...)`.
final class BlendKernel<Tag: BlendModeTag>: Filter {
    static var kindName: String { BlendFilter.kindName(for: Tag.mode) }
    static var footprint: FilterFootprint { .perPixel }
    // The whole library (one copy per program: the compiler includes equal libraries once).
    static var glslFunctions: String { ShaderLibrary.blendModes }
    static var uniforms: [UniformDeclaration] { BlendUniformSet(Tag.mode).declarations }

    static func glslExpression(px: String, inputs: [String], uniforms: [String]) -> String {
        let arguments = ["\(inputs[0])(\(px))", "\(inputs[1])(\(px))"] + uniforms
        return "segue_blend_\(Tag.mode.rawValue)(\(arguments.joined(separator: ", ")))"
    }

    let base: any EffectNode
    let overlay: any EffectNode
    let parameters: BlendParameters

    init(base: any EffectNode, overlay: any EffectNode, parameters: BlendParameters) {
        self.base = base
        self.overlay = overlay
        self.parameters = parameters
    }

    var inputs: [any EffectNode] { [base, overlay] }

    func writeUniforms(_ writer: inout UniformWriter, frame: FrameInfo) {
        writer.float(blendUnit(parameters.opacity))
        switch BlendUniformSet(Tag.mode) {
        case .opacityOnly:
            break
        case .mixture:
            writer.float(blendUnit(parameters.mix))
        case .chromaKey:
            writer.vec3(parameters.keyColor)
            writer.float(parameters.threshold.isNaN ? 0 : Swift.max(parameters.threshold, 0))
            writer.float(parameters.smoothing.isNaN ? 0 : Swift.max(parameters.smoothing, 0))
        }
    }
}

enum BlendTags {
    enum Normal: BlendModeTag { static let mode = BlendFilter.Mode.normal }
    enum Alpha: BlendModeTag { static let mode = BlendFilter.Mode.alpha }
    enum SourceOver: BlendModeTag { static let mode = BlendFilter.Mode.sourceOver }
    enum Add: BlendModeTag { static let mode = BlendFilter.Mode.add }
    enum Subtract: BlendModeTag { static let mode = BlendFilter.Mode.subtract }
    enum Multiply: BlendModeTag { static let mode = BlendFilter.Mode.multiply }
    enum Divide: BlendModeTag { static let mode = BlendFilter.Mode.divide }
    enum Screen: BlendModeTag { static let mode = BlendFilter.Mode.screen }
    enum Overlay: BlendModeTag { static let mode = BlendFilter.Mode.overlay }
    enum Darken: BlendModeTag { static let mode = BlendFilter.Mode.darken }
    enum Lighten: BlendModeTag { static let mode = BlendFilter.Mode.lighten }
    enum ColorBurn: BlendModeTag { static let mode = BlendFilter.Mode.colorBurn }
    enum ColorDodge: BlendModeTag { static let mode = BlendFilter.Mode.colorDodge }
    enum LinearBurn: BlendModeTag { static let mode = BlendFilter.Mode.linearBurn }
    enum HardLight: BlendModeTag { static let mode = BlendFilter.Mode.hardLight }
    enum SoftLight: BlendModeTag { static let mode = BlendFilter.Mode.softLight }
    enum Difference: BlendModeTag { static let mode = BlendFilter.Mode.difference }
    enum Exclusion: BlendModeTag { static let mode = BlendFilter.Mode.exclusion }
    enum Hue: BlendModeTag { static let mode = BlendFilter.Mode.hue }
    enum Saturation: BlendModeTag { static let mode = BlendFilter.Mode.saturation }
    enum Color: BlendModeTag { static let mode = BlendFilter.Mode.color }
    enum Luminosity: BlendModeTag { static let mode = BlendFilter.Mode.luminosity }
    enum ChromaKey: BlendModeTag { static let mode = BlendFilter.Mode.chromaKey }
    enum Dissolve: BlendModeTag { static let mode = BlendFilter.Mode.dissolve }
    enum Mask: BlendModeTag { static let mode = BlendFilter.Mode.mask }
}

private func makeBlendKernel(
    mode: BlendFilter.Mode, base: any EffectNode, overlay: any EffectNode, parameters: BlendParameters
) -> any Filter {
    func make<Tag: BlendModeTag>(_: Tag.Type) -> any Filter {
        BlendKernel<Tag>(base: base, overlay: overlay, parameters: parameters)
    }
    switch mode {
    case .normal: return make(BlendTags.Normal.self)
    case .alpha: return make(BlendTags.Alpha.self)
    case .sourceOver: return make(BlendTags.SourceOver.self)
    case .add: return make(BlendTags.Add.self)
    case .subtract: return make(BlendTags.Subtract.self)
    case .multiply: return make(BlendTags.Multiply.self)
    case .divide: return make(BlendTags.Divide.self)
    case .screen: return make(BlendTags.Screen.self)
    case .overlay: return make(BlendTags.Overlay.self)
    case .darken: return make(BlendTags.Darken.self)
    case .lighten: return make(BlendTags.Lighten.self)
    case .colorBurn: return make(BlendTags.ColorBurn.self)
    case .colorDodge: return make(BlendTags.ColorDodge.self)
    case .linearBurn: return make(BlendTags.LinearBurn.self)
    case .hardLight: return make(BlendTags.HardLight.self)
    case .softLight: return make(BlendTags.SoftLight.self)
    case .difference: return make(BlendTags.Difference.self)
    case .exclusion: return make(BlendTags.Exclusion.self)
    case .hue: return make(BlendTags.Hue.self)
    case .saturation: return make(BlendTags.Saturation.self)
    case .color: return make(BlendTags.Color.self)
    case .luminosity: return make(BlendTags.Luminosity.self)
    case .chromaKey: return make(BlendTags.ChromaKey.self)
    case .dissolve: return make(BlendTags.Dissolve.self)
    case .mask: return make(BlendTags.Mask.self)
    }
}
