/// A CSS / Core Animation style cubic Bézier timing function from (0,0) to (1,1).
///
/// The curve is parametric: `x(s)` is time and `y(s)` is progress, so mapping a time fraction to
/// progress means solving `x(s) = x` for the parameter first.
public struct CubicBezier: Sendable, Equatable {
    /// First control point; x is clamped to 0...1 so `x(s)` stays monotonic and solvable.
    public let c1: SIMD2<Double>
    /// Second control point; x is clamped to 0...1.
    public let c2: SIMD2<Double>

    public init(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        // Non-finite inputs fall back to the linear curve's control points rather than poisoning every sample.
        c1 = SIMD2(Self.clampedX(c1x, fallback: 0), c1y.isFinite ? c1y : 0)
        c2 = SIMD2(Self.clampedX(c2x, fallback: 1), c2y.isFinite ? c2y : 1)
    }

    /// CSS `ease`.
    public static let ease = CubicBezier(0.25, 0.1, 0.25, 1)

    /// Progress at time fraction `x` (clamped to 0...1); exactly 0 at 0 and 1 at 1.
    public func value(at x: Double) -> Double {
        guard x > 0 else { return 0 }  // also catches NaN
        guard x < 1 else { return 1 }
        return Self.sample(parameter(forX: x), c1.y, c2.y)
    }

    /// Residual in x at which the solve stops.
    static let solveTolerance = 1e-7

    /// Solves `x(s) = x` for s in 0...1: Newton-Raphson first (fast, quadratic), bisection when
    /// Newton stalls on a flat spot or jumps out of the interval (control x at 0 or 1, steep curves).
    func parameter(forX x: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let error = Self.sample(s, c1.x, c2.x) - x
            if abs(error) < Self.solveTolerance { return s }
            let slope = Self.slope(s, c1.x, c2.x)
            if abs(slope) < 1e-6 { break }
            let next = s - error / slope
            guard next >= 0, next <= 1 else { break }  // false for NaN too
            s = next
        }
        // x(s) is monotonic on 0...1 (control x in 0...1), so bisection always converges.
        var low = 0.0
        var high = 1.0
        for _ in 0..<64 {
            s = (low + high) / 2
            let error = Self.sample(s, c1.x, c2.x) - x
            if abs(error) < Self.solveTolerance || high - low < 1e-12 { return s }
            if error < 0 { low = s } else { high = s }
        }
        return s
    }

    /// One coordinate of the curve with end points 0 and 1, in Horner form:
    /// B(s) = 3(1-s)²s·p1 + 3(1-s)s²·p2 + s³ = ((a·s + b)·s + c)·s.
    static func sample(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let c = 3 * p1
        let b = 3 * (p2 - p1) - c
        let a = 1 - c - b
        return ((a * s + b) * s + c) * s
    }

    /// dB/ds for the same coordinate.
    static func slope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let c = 3 * p1
        let b = 3 * (p2 - p1) - c
        let a = 1 - c - b
        return (3 * a * s + 2 * b) * s + c
    }

    private static func clampedX(_ x: Double, fallback: Double) -> Double {
        x.isFinite ? min(max(x, 0), 1) : fallback
    }
}
