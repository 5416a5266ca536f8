import SegueShaders

/// One direction of a Gaussian blur: a weighted average of the taps up to three standard
/// deviations away along a row or a column. A neighbourhood filter, so its input is rendered to
/// a texture first and it runs in a pass of its own.
public final class DirectionalGaussianBlur: ScalarFilter {
    public enum Direction: Sendable { case horizontal, vertical }

    public static func kind(_ direction: Direction) -> FilterKind {
        let step = direction == .horizontal ? "vec2(1.0, 0.0)" : "vec2(0.0, 1.0)"
        return .statements(
            name: direction == .horizontal ? "blur.x" : "blur.y", footprint: .neighbourhood,
            functions: ShaderLibrary.neighbourhood, uniforms: [UniformDeclaration("sigma", .float)]
        ) { px, inputs, uniforms in
            """
            int radius = segue_gaussian_radius(\(uniforms[0]));
                vec4 sum = \(inputs[0])(\(px));
                float total = 1.0;
                for (int i = 1; i <= radius; i++) {
                    float w = segue_gaussian_weight(float(i), \(uniforms[0]));
                    vec2 offset = \(step) * float(i);
                    sum += w * (\(inputs[0])(\(px) - offset) + \(inputs[0])(\(px) + offset));
                    total += 2.0 * w;
                }
                return sum / total;
            """
        }
    }

    public let direction: Direction
    /// The standard deviation in pixels; 0 (or less, or NaN) passes the input through. Taps
    /// stop at 32 pixels each side (σ ≈ 10.7).
    public var sigma: Float { get { parameter } set { parameter = newValue } }

    public init(input: any EffectNode, direction: Direction, sigma: Float) {
        self.direction = direction
        super.init(kind: Self.kind(direction), input: input, parameter: sigma)
    }

    public override func uniformValue(frame: FrameInfo) -> Float { sigma.isNaN ? 0 : sigma }
}

/// A Gaussian blur as two separable passes, rows then columns: 2 × (6σ + 1) taps a pixel
/// instead of (6σ + 1)². Colours are averaged as stored (straight alpha, as GPUImage).
public final class GaussianBlur: FilterGroup {
    public let horizontal: DirectionalGaussianBlur
    public let vertical: DirectionalGaussianBlur

    /// The standard deviation in pixels (both directions).
    public var sigma: Float {
        get { horizontal.sigma }
        set {
            horizontal.sigma = newValue
            vertical.sigma = newValue
        }
    }

    public init(input: any EffectNode, sigma: Float = 2) {
        horizontal = DirectionalGaussianBlur(input: input, direction: .horizontal, sigma: sigma)
        vertical = DirectionalGaussianBlur(input: horizontal, direction: .vertical, sigma: sigma)
        super.init(name: "gaussian", inputs: [input], output: vertical)
    }
}

/// Sharpens by pushing the picture away from a blurred copy (GPUImage's unsharp mask):
/// `sharp × intensity + blurred × (1 − intensity)`, alpha from the picture. A group: the blur's
/// two passes, then a per-pixel combine that fuses with whatever reads the group.
public final class UnsharpMask: FilterGroup {
    public let blur: GaussianBlur
    public let combine: UnsharpCombine

    /// The blur's standard deviation in pixels.
    public var sigma: Float {
        get { blur.sigma }
        set { blur.sigma = newValue }
    }
    /// 1 leaves the picture unchanged; above 1 sharpens (GPUImage's default is 1).
    public var intensity: Float {
        get { combine.intensity }
        set { combine.intensity = newValue }
    }

    public init(input: any EffectNode, sigma: Float = 4, intensity: Float = 1) {
        blur = GaussianBlur(input: input, sigma: sigma)
        combine = UnsharpCombine(sharp: input, blurred: blur, intensity: intensity)
        super.init(name: "unsharp", inputs: [input], output: combine)
    }
}

/// The per-pixel half of `UnsharpMask`.
public final class UnsharpCombine: Filter {
    static let kind = FilterKind(
        name: "unsharp.combine", footprint: .perPixel, functions: "",
        uniforms: [UniformDeclaration("intensity", .float)]
    ) { px, inputs, uniforms in
        "clamp(vec4(mix(\(inputs[1])(\(px)).rgb, \(inputs[0])(\(px)).rgb, \(uniforms[0])), \(inputs[0])(\(px)).a), 0.0, 1.0)"
    }
    public var kind: FilterKind { Self.kind }
    public let sharp: any EffectNode
    public let blurred: any EffectNode
    public var intensity: Float

    public init(sharp: any EffectNode, blurred: any EffectNode, intensity: Float) {
        self.sharp = sharp
        self.blurred = blurred
        self.intensity = intensity
    }

    public var inputs: [any EffectNode] { [sharp, blurred] }

    public func writeUniforms(_ writer: inout UniformWriter, frame: FrameInfo) { writer.float(intensity) }
}
