import SegueShaders

/// Edges as white on black: the magnitude of the Sobel gradient of the luminance over the 3×3
/// neighbourhood (GPUImage's Sobel edge detection). A neighbourhood filter: its own pass.
public final class SobelEdgeDetection: ScalarFilter {
    static let kind = FilterKind.statements(
        name: "sobel", footprint: .neighbourhood, functions: ShaderLibrary.neighbourhood,
        uniforms: [UniformDeclaration("edgeStrength", .float)]
    ) { px, inputs, uniforms in
        let f = inputs[0]
        func l(_ dx: Int, _ dy: Int) -> String {
            "dot(\(f)(\(px) + vec2(\(dx).0, \(dy).0)).rgb, segue_edge_luminance)"
        }
        return """
            float tl = \(l(-1, -1)), t = \(l(0, -1)), tr = \(l(1, -1));
                float ml = \(l(-1, 0)), mr = \(l(1, 0));
                float bl = \(l(-1, 1)), b = \(l(0, 1)), br = \(l(1, 1));
                float h = -tl - 2.0 * t - tr + bl + 2.0 * b + br;
                float v = -bl - 2.0 * ml - tl + br + 2.0 * mr + tr;
                return vec4(vec3(clamp(length(vec2(h, v)) * \(uniforms[0]), 0.0, 1.0)), 1.0);
            """
    }
    /// Scales the gradient before it is clamped to 1.
    public var edgeStrength: Float { get { parameter } set { parameter = newValue } }

    public init(input: any EffectNode, edgeStrength: Float = 1) {
        super.init(kind: Self.kind, input: input, parameter: edgeStrength)
    }
}

/// GPUImage's sharpen: the centre weighted by 1 + 4s minus its four neighbours weighted by s.
/// A neighbourhood filter: its own pass.
public final class Sharpen: ScalarFilter {
    static let kind = FilterKind.statements(
        name: "sharpen", footprint: .neighbourhood, functions: "",
        uniforms: [UniformDeclaration("sharpness", .float)]
    ) { px, inputs, uniforms in
        let (f, s) = (inputs[0], uniforms[0])
        return """
            vec4 c = \(f)(\(px));
                vec3 around = \(f)(\(px) + vec2(-1.0, 0.0)).rgb + \(f)(\(px) + vec2(1.0, 0.0)).rgb
                    + \(f)(\(px) + vec2(0.0, -1.0)).rgb + \(f)(\(px) + vec2(0.0, 1.0)).rgb;
                return clamp(vec4(c.rgb * (1.0 + 4.0 * \(s)) - around * \(s), c.a), 0.0, 1.0);
            """
    }
    /// −4…4; 0 leaves the picture unchanged.
    public var sharpness: Float { get { parameter } set { parameter = newValue } }

    public init(input: any EffectNode, sharpness: Float = 0) {
        super.init(kind: Self.kind, input: input, parameter: sharpness)
    }
}
