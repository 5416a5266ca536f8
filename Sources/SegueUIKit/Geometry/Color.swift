/// Straight (non-premultiplied) RGBA, components 0...1.
///
/// Components are stored unclamped so that interpolation can overshoot and come back;
/// `premultiplied` clamps them for the GPU.
public struct Color: Sendable, Hashable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// 0xRRGGBBAA, each byte mapped to byte / 255.
    public init(rgba8 hex: UInt32) {
        func channel(_ shift: UInt32) -> Double { Double((hex >> shift) & 0xFF) / 255 }
        self.init(red: channel(24), green: channel(16), blue: channel(8), alpha: channel(0))
    }

    // UIColor's values for the same names.
    public static let clear = Color(white: 0, alpha: 0)
    public static let black = Color(white: 0)
    public static let white = Color(white: 1)
    public static let gray = Color(white: 0.5)
    public static let darkGray = Color(white: 1.0 / 3.0)
    public static let lightGray = Color(white: 2.0 / 3.0)
    public static let red = Color(red: 1, green: 0, blue: 0)
    public static let green = Color(red: 0, green: 1, blue: 0)
    public static let blue = Color(red: 0, green: 0, blue: 1)
    public static let yellow = Color(red: 1, green: 1, blue: 0)
    public static let orange = Color(red: 1, green: 0.5, blue: 0)
    public static let purple = Color(red: 0.5, green: 0, blue: 0.5)
    public static let cyan = Color(red: 0, green: 1, blue: 1)

    /// (r·a, g·a, b·a, a) with every component clamped to 0...1 first: the renderer blends with
    /// premultiplied alpha (GL_ONE, GL_ONE_MINUS_SRC_ALPHA), where out-of-range values would glow.
    public var premultiplied: SIMD4<Float> {
        func clamped(_ v: Double) -> Double { min(max(v, 0), 1) }
        let a = clamped(alpha)
        return SIMD4<Float>(
            Float(clamped(red) * a), Float(clamped(green) * a), Float(clamped(blue) * a), Float(a))
    }

    /// Componentwise interpolation of the straight components; `t` outside 0...1 extrapolates.
    public static func interpolate(_ from: Color, _ to: Color, _ t: Double) -> Color {
        Color(
            red: GeometryMath.mix(from.red, to.red, t),
            green: GeometryMath.mix(from.green, to.green, t),
            blue: GeometryMath.mix(from.blue, to.blue, t),
            alpha: GeometryMath.mix(from.alpha, to.alpha, t))
    }
}
