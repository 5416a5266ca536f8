import Foundation
import SegueShaders

/// A per-pixel filter of one input: reads it once, at the pixel being shaded, so it always
/// fuses. The colour adjustments below are its subclasses, each with typed parameters.
public class ColorAdjustment: Filter {
    public let kind: FilterKind
    public let input: any EffectNode
    public var inputs: [any EffectNode] { [input] }

    init(kind: FilterKind, input: any EffectNode) {
        self.kind = kind
        self.input = input
    }

    /// `segue_<name>(input, uniforms…)` from `Shaders/glsl/color_adjustments.glsl`.
    static func kind(_ name: String, _ uniforms: [UniformDeclaration] = []) -> FilterKind {
        .colorFunction(name, functions: ShaderLibrary.colorAdjustments, function: "segue_" + name, uniforms: uniforms)
    }

    public func writeUniforms(_ writer: inout UniformWriter, frame: FrameInfo) {}
}

/// Adds to red, green and blue (GPUImage's brightness filter).
public final class Brightness: ColorAdjustment {
    static let kind = ColorAdjustment.kind("brightness", [UniformDeclaration("brightness", .float)])
    /// −1…1; 0 leaves the picture unchanged.
    public var brightness: Float

    public init(input: any EffectNode, brightness: Float = 0) {
        self.brightness = brightness
        super.init(kind: Self.kind, input: input)
    }

    public override func writeUniforms(_ writer: inout UniformWriter, frame: FrameInfo) { writer.float(brightness) }
}

/// Scales colours away from (or toward) mid-grey.
public final class Contrast: ColorAdjustment {
    static let kind = ColorAdjustment.kind("contrast", [UniformDeclaration("scaleAndOffset", .vec2)])
    /// 0…4; 1 leaves the picture unchanged, 0 makes it mid-grey.
    public var contrast: Float

    public init(input: any EffectNode, contrast: Float = 1) {
        self.contrast = contrast
        super.init(kind: Self.kind, input: input)
    }

    /// (c − 0.5) × contrast + 0.5 = c × contrast + offset: one multiply-add per channel.
    public static func offset(contrast: Float) -> Float { 0.5 - 0.5 * contrast }

    public override func writeUniforms(_ writer: inout UniformWriter, frame: FrameInfo) {
        writer.vec2(SIMD2(contrast, Self.offset(contrast: contrast)))
    }
}

/// Mixes between the picture's luminance and its colours.
public final class Saturation: ColorAdjustment {
    static let kind = ColorAdjustment.kind("saturation", [UniformDeclaration("saturation", .float)])
    /// 0…2; 1 leaves the picture unchanged, 0 is greyscale.
    public var saturation: Float

    public init(input: any EffectNode, saturation: Float = 1) {
        self.saturation = saturation
        super.init(kind: Self.kind, input: input)
    }

    public override func writeUniforms(_ writer: inout UniformWriter, frame: FrameInfo) { writer.float(saturation) }
}

/// Multiplies colours by 2^exposure, as a camera's exposure compensation.
public final class Exposure: ColorAdjustment {
    static let kind = ColorAdjustment.kind("exposure", [UniformDeclaration("scale", .float)])
    /// In stops, −10…10; 0 leaves the picture unchanged.
    public var exposure: Float

    public init(input: any EffectNode, exposure: Float = 0) {
        self.exposure = exposure
        super.init(kind: Self.kind, input: input)
    }

    /// What the shader multiplies by (the power is taken once per frame here, not per pixel).
    public static func scale(exposure: Float) -> Float { exp2(exposure) }

    public override func writeUniforms(_ writer: inout UniformWriter, frame: FrameInfo) {
        writer.float(Self.scale(exposure: exposure))
    }
}

/// Raises each colour channel to a power.
public final class Gamma: ColorAdjustment {
    static let kind = ColorAdjustment.kind("gamma", [UniformDeclaration("gamma", .float)])
    /// 0…3; 1 leaves the picture unchanged. Values below 0.001 (and NaN) count as 0.001, so
    /// the result stays in 0…1.
    public var gamma: Float

    public init(input: any EffectNode, gamma: Float = 1) {
        self.gamma = gamma
        super.init(kind: Self.kind, input: input)
    }

    public override func writeUniforms(_ writer: inout UniformWriter, frame: FrameInfo) {
        writer.float(gamma.isNaN ? 0.001 : max(gamma, 0.001))
    }
}

/// Mixes the picture with GPUImage's sepia tone matrix.
public final class Sepia: ColorAdjustment {
    static let kind = ColorAdjustment.kind("sepia", [UniformDeclaration("intensity", .float)])
    /// 0 leaves the picture unchanged, 1 is full sepia.
    public var intensity: Float

    public init(input: any EffectNode, intensity: Float = 1) {
        self.intensity = intensity
        super.init(kind: Self.kind, input: input)
    }

    public override func writeUniforms(_ writer: inout UniformWriter, frame: FrameInfo) { writer.float(intensity) }
}

/// Multiplies alpha.
public final class Opacity: ColorAdjustment {
    static let kind = ColorAdjustment.kind("opacity", [UniformDeclaration("opacity", .float)])
    /// 0…1; 1 leaves the picture unchanged.
    public var opacity: Float

    public init(input: any EffectNode, opacity: Float = 1) {
        self.opacity = opacity
        super.init(kind: Self.kind, input: input)
    }

    public override func writeUniforms(_ writer: inout UniformWriter, frame: FrameInfo) {
        writer.float(min(max(opacity.isNaN ? 0 : opacity, 0), 1))
    }
}

/// 1 − colour, alpha kept.
public final class ColorInvert: ColorAdjustment {
    static let kind = ColorAdjustment.kind("invert")
    public init(input: any EffectNode) { super.init(kind: Self.kind, input: input) }
}

/// The picture's luminance (Rec. 709 weights, as GPUImage), alpha kept.
public final class Grayscale: ColorAdjustment {
    static let kind = ColorAdjustment.kind("grayscale")
    public init(input: any EffectNode) { super.init(kind: Self.kind, input: input) }
}

/// Fades toward a colour with the distance from a centre (GPUImage's vignette).
public final class Vignette: ColorAdjustment {
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
