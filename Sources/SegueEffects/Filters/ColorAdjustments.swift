import Foundation
import SegueShaders

/// The per-pixel colour adjustments: each reads its input once, at the pixel being shaded, so
/// any chain of them fuses into one pass.
enum ColorAdjustmentKinds {
    /// `segue_<name>(input, uniforms…)` from `Shaders/glsl/color_adjustments.glsl`.
    static func kind(_ name: String, _ uniforms: [UniformDeclaration] = []) -> FilterKind {
        .colorFunction(name, functions: ShaderLibrary.colorAdjustments, function: "segue_" + name, uniforms: uniforms)
    }
    static func scalar(_ name: String, _ uniform: String) -> FilterKind { kind(name, [UniformDeclaration(uniform, .float)]) }
}

/// Adds to red, green and blue (GPUImage's brightness filter).
public final class Brightness: ScalarFilter {
    /// −1…1; 0 leaves the picture unchanged.
    public var brightness: Float { get { parameter } set { parameter = newValue } }
    public init(input: any EffectNode, brightness: Float = 0) {
        super.init(kind: ColorAdjustmentKinds.scalar("brightness", "brightness"), input: input, parameter: brightness)
    }
}

/// Mixes between the picture's luminance and its colours.
public final class Saturation: ScalarFilter {
    /// 0…2; 1 leaves the picture unchanged, 0 is greyscale.
    public var saturation: Float { get { parameter } set { parameter = newValue } }
    public init(input: any EffectNode, saturation: Float = 1) {
        super.init(kind: ColorAdjustmentKinds.scalar("saturation", "saturation"), input: input, parameter: saturation)
    }
}

/// Mixes the picture with GPUImage's sepia tone matrix.
public final class Sepia: ScalarFilter {
    /// 0 leaves the picture unchanged, 1 is full sepia.
    public var intensity: Float { get { parameter } set { parameter = newValue } }
    public init(input: any EffectNode, intensity: Float = 1) {
        super.init(kind: ColorAdjustmentKinds.scalar("sepia", "intensity"), input: input, parameter: intensity)
    }
}

/// Multiplies colours by 2^exposure, as a camera's exposure compensation.
public final class Exposure: ScalarFilter {
    /// In stops, −10…10; 0 leaves the picture unchanged.
    public var exposure: Float { get { parameter } set { parameter = newValue } }
    public init(input: any EffectNode, exposure: Float = 0) {
        super.init(kind: ColorAdjustmentKinds.scalar("exposure", "scale"), input: input, parameter: exposure)
    }
    /// What the shader multiplies by (the power is taken once per frame here, not per pixel).
    public static func scale(exposure: Float) -> Float { exp2(exposure) }
    public override func uniformValue(frame: FrameInfo) -> Float { Self.scale(exposure: exposure) }
}

/// Raises each colour channel to a power.
public final class Gamma: ScalarFilter {
    /// 0…3; 1 leaves the picture unchanged. Values below 0.001 (and NaN) count as 0.001, so
    /// the result stays in 0…1.
    public var gamma: Float { get { parameter } set { parameter = newValue } }
    public init(input: any EffectNode, gamma: Float = 1) {
        super.init(kind: ColorAdjustmentKinds.scalar("gamma", "gamma"), input: input, parameter: gamma)
    }
    public override func uniformValue(frame: FrameInfo) -> Float { gamma.isNaN ? 0.001 : max(gamma, 0.001) }
}

/// Multiplies alpha.
public final class Opacity: ScalarFilter {
    /// 0…1; 1 leaves the picture unchanged. Clamped; NaN counts as 0.
    public var opacity: Float { get { parameter } set { parameter = newValue } }
    public init(input: any EffectNode, opacity: Float = 1) {
        super.init(kind: ColorAdjustmentKinds.scalar("opacity", "opacity"), input: input, parameter: opacity)
    }
    public override func uniformValue(frame: FrameInfo) -> Float { min(max(opacity.isNaN ? 0 : opacity, 0), 1) }
}

/// Scales colours away from (or toward) mid-grey.
public final class Contrast: UnaryFilter {
    /// 0…4; 1 leaves the picture unchanged, 0 makes it mid-grey.
    public var contrast: Float

    public init(input: any EffectNode, contrast: Float = 1) {
        self.contrast = contrast
        super.init(kind: ColorAdjustmentKinds.kind("contrast", [UniformDeclaration("scaleAndOffset", .vec2)]), input: input)
    }

    /// (c − 0.5) × contrast + 0.5 = c × contrast + offset: one multiply-add per channel.
    public static func offset(contrast: Float) -> Float { 0.5 - 0.5 * contrast }

    public override func writeUniforms(_ writer: inout UniformWriter, frame: FrameInfo) {
        writer.vec2(SIMD2(contrast, Self.offset(contrast: contrast)))
    }
}

/// 1 − colour, alpha kept.
public final class ColorInvert: UnaryFilter {
    public init(input: any EffectNode) { super.init(kind: ColorAdjustmentKinds.kind("invert"), input: input) }
}

/// The picture's luminance (Rec. 709 weights, as GPUImage), alpha kept.
public final class Grayscale: UnaryFilter {
    public init(input: any EffectNode) { super.init(kind: ColorAdjustmentKinds.kind("grayscale"), input: input) }
}

/// Fades toward a colour with the distance from a centre (GPUImage's vignette).
public final class Vignette: UnaryFilter {
    static let kind = FilterKind(
        name: "vignette", footprint: .perPixel, functions: ShaderLibrary.colorAdjustments,
        uniforms: [
            UniformDeclaration("centerAndRange", .vec4), UniformDeclaration("color", .vec3),
            UniformDeclaration("inverseSize", .vec2),
        ]
    ) { px, inputs, uniforms in
        "segue_vignette(\(inputs[0])(\(px)), \(px), \(uniforms[0]), \(uniforms[1]), \(uniforms[2]))"
    }

    /// The centre as fractions of the frame, top-left origin.
    public var center: SIMD2<Float>
    /// Distances (fractions of the frame) where the fade starts and where it is complete.
    public var start: Float
    public var end: Float
    public var color: SIMD3<Float>

    public init(
        input: any EffectNode, center: SIMD2<Float> = [0.5, 0.5], start: Float = 0.3, end: Float = 0.75,
        color: SIMD3<Float> = [0, 0, 0]
    ) {
        self.center = center
        self.start = start
        self.end = end
        self.color = color
        super.init(kind: Self.kind, input: input)
    }

    public override func writeUniforms(_ writer: inout UniformWriter, frame: FrameInfo) {
        writer.vec4(SIMD4(center.x, center.y, start, end))
        writer.vec3(color)
        writer.vec2(SIMD2(1 / Float(frame.width), 1 / Float(frame.height)))
    }
}
