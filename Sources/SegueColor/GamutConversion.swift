/// The linear-light matrix from one set of primaries to another (same white point, D65 for
/// all of Segue's), as zscale's `p=` computes it: RGB → CIE XYZ from the chromaticities, then
/// XYZ → the other RGB. Colours outside the target gamut come out below 0 or above 1.
public struct GamutConversion: Sendable, Equatable {
    /// Row-major 3×3 from linear source RGB to linear target RGB.
    public let matrix: [Double]

    public init(from source: ColorPrimaries, to target: ColorPrimaries) {
        matrix = source == target
            ? [1, 0, 0, 0, 1, 0, 0, 0, 1]
            : Matrix3.multiply(Matrix3.inverse(target.rgbToXYZ), source.rgbToXYZ)
    }

    public func apply(_ rgb: (Double, Double, Double)) -> (Double, Double, Double) {
        let m = matrix
        return (m[0] * rgb.0 + m[1] * rgb.1 + m[2] * rgb.2,
                m[3] * rgb.0 + m[4] * rgb.1 + m[5] * rgb.2,
                m[6] * rgb.0 + m[7] * rgb.1 + m[8] * rgb.2)
    }
}

extension ColorPrimaries {
    /// CIE xy of red, green, blue and white (ITU-R BT.709, BT.601, BT.2020; SMPTE EG 432-1).
    public var chromaticities: (red: (Double, Double), green: (Double, Double), blue: (Double, Double), white: (Double, Double)) {
        let d65 = (0.3127, 0.3290)
        switch self {
        case .bt709: return ((0.64, 0.33), (0.30, 0.60), (0.15, 0.06), d65)
        case .bt601_625: return ((0.64, 0.33), (0.29, 0.60), (0.15, 0.06), d65)
        case .bt601_525: return ((0.630, 0.340), (0.310, 0.595), (0.155, 0.070), d65)
        case .bt2020: return ((0.708, 0.292), (0.170, 0.797), (0.131, 0.046), d65)
        case .displayP3: return ((0.680, 0.320), (0.265, 0.690), (0.150, 0.060), d65)
        }
    }

    /// Row-major linear RGB → XYZ (Y of white = 1).
    public var rgbToXYZ: [Double] {
        let c = chromaticities
        func xyz(_ p: (Double, Double)) -> [Double] { [p.0 / p.1, 1, (1 - p.0 - p.1) / p.1] }
        let (r, g, b, w) = (xyz(c.red), xyz(c.green), xyz(c.blue), xyz(c.white))
        let columns: [Double] = [r[0], g[0], b[0], r[1], g[1], b[1], r[2], g[2], b[2]]
        // Each primary's XYZ scaled so the three sum to white.
        let s: [Double] = Matrix3.apply(Matrix3.inverse(columns), w)
        return (0..<9).map { i -> Double in columns[i] * s[i % 3] }
    }
}

/// Row-major 3×3 arithmetic for the colour matrices.
enum Matrix3 {
    static func multiply(_ a: [Double], _ b: [Double]) -> [Double] {
        (0..<9).map { i -> Double in
            let (row, column) = (i / 3, i % 3)
            return a[3 * row] * b[column] + a[3 * row + 1] * b[3 + column] + a[3 * row + 2] * b[6 + column]
        }
    }

    static func apply(_ m: [Double], _ v: [Double]) -> [Double] {
        (0..<3).map { r -> Double in m[3 * r] * v[0] + m[3 * r + 1] * v[1] + m[3 * r + 2] * v[2] }
    }

    static func inverse(_ m: [Double]) -> [Double] {
        let (a, b, c, d, e, f, g, h, i) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
        let det: Double = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
        return [(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det,
                (f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det,
                (d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det]
    }
}
