import SegueImage

/// An independent CPU host for the gl-transitions format, written from the official runtime's
/// conventions rather than from Segue's shaders: uv has its origin at the bottom left, pictures
/// are sampled LINEAR with CLAMP_TO_EDGE (or, in the transparent edge mode, transparent black
/// outside [0, 1]), colours are straight (the pictures' and the result's alike), and a float
/// colour is stored as round(clamp(c, 0, 1) × 255).
enum GLTransitionCPUReference {
    typealias Color = SIMD4<Float>
    typealias UV = SIMD2<Float>

    /// A picture as a transition's `getFromColor`, `getToColor` or `texture(luma, uv)` sees it.
    struct Picture {
        let image: RGBAImage
        var transparentOutside = false

        /// Bilinear filtering between the four texels around `uv`, indices clamped to the edge.
        func sample(_ uv: UV) -> Color {
            if transparentOutside, uv.x < 0 || uv.x > 1 || uv.y < 0 || uv.y > 1 { return .zero }
            // Texture coordinates: s = u; the image's first row is the top, at v = 1.
            let x = uv.x * Float(image.width) - 0.5
            let y = (1 - uv.y) * Float(image.height) - 0.5
            let x0 = x.rounded(.down), y0 = y.rounded(.down)
            let fx = x - x0, fy = y - y0
            func texel(_ i: Float, _ j: Float) -> Color {
                let column = min(max(Int(i), 0), image.width - 1)
                let row = min(max(Int(j), 0), image.height - 1)
                return Color(image[column, row]) / 255
            }
            let top = texel(x0, y0) * (1 - fx) + texel(x0 + 1, y0) * fx
            let bottom = texel(x0, y0 + 1) * (1 - fx) + texel(x0 + 1, y0 + 1) * fx
            return top * (1 - fy) + bottom * fy
        }
    }

    /// Shades every pixel centre of a width×height frame (top row first) with `transition(uv)`.
    static func render(width: Int, height: Int, _ transition: (UV) -> Color) throws -> RGBAImage {
        var image = try RGBAImage(width: width, height: height, fill: .zero)
        for row in 0..<height {
            for column in 0..<width {
                let uv = UV((Float(column) + 0.5) / Float(width), 1 - (Float(row) + 0.5) / Float(height))
                let c = transition(uv)
                image[column, row] = (simdClamp(c) * 255).rounded(.toNearestOrEven).toUInt8()
            }
        }
        return image
    }

    /// `render`, with the straight result premultiplied where it enters Segue's pipeline: each
    /// channel clamped as the runtime's canvas clamps it, the colour then multiplied by the alpha.
    static func renderPremultiplied(width: Int, height: Int, _ transition: (UV) -> Color) throws -> RGBAImage {
        try render(width: width, height: height) { uv in
            let c = simdClamp(transition(uv))
            return Color(c.x * c.w, c.y * c.w, c.z * c.w, c.w)
        }
    }

    // GLSL's built-ins, as the specification defines them.
    static func mix(_ x: Color, _ y: Color, _ a: Float) -> Color { x * (1 - a) + y * a }
    static func mix(_ x: Float, _ y: Float, _ a: Float) -> Float { x * (1 - a) + y * a }
    static func step(_ edge: Float, _ x: Float) -> Float { x < edge ? 0 : 1 }
    static func fract(_ x: Float) -> Float { x - x.rounded(.down) }
    static func clamp(_ x: Float, _ low: Float, _ high: Float) -> Float { min(max(x, low), high) }
    static func smoothstep(_ e0: Float, _ e1: Float, _ x: Float) -> Float {
        let t = clamp((x - e0) / (e1 - e0), 0, 1)
        return t * t * (3 - 2 * t)
    }

    private static func simdClamp(_ c: Color) -> Color { c.replacing(with: 0, where: c .< 0).replacing(with: 1, where: c .> 1) }
}

extension SIMD4 where Scalar == Float {
    fileprivate func toUInt8() -> SIMD4<UInt8> { SIMD4<UInt8>(UInt8(x), UInt8(y), UInt8(z), UInt8(w)) }
}

extension SIMD4 where Scalar == Float {
    init(_ bytes: SIMD4<UInt8>) { self.init(Float(bytes.x), Float(bytes.y), Float(bytes.z), Float(bytes.w)) }
}
