/// Values that animations can blend. `t` may lie outside 0...1 (springs overshoot), in which case
/// the blend extrapolates linearly.
public protocol Interpolatable {
    static func interpolate(_ from: Self, _ to: Self, _ t: Double) -> Self
}

// `from·(1-t) + to·t` rather than `from + (to-from)·t`: it returns `to` exactly at t = 1, so a
// finished animation lands on its model value bit for bit.

extension Double: Interpolatable {
    public static func interpolate(_ from: Double, _ to: Double, _ t: Double) -> Double {
        from * (1 - t) + to * t
    }
}

extension Float: Interpolatable {
    public static func interpolate(_ from: Float, _ to: Float, _ t: Double) -> Float {
        let t = Float(t)
        return from * (1 - t) + to * t
    }
}

extension SIMD2: Interpolatable where Scalar: BinaryFloatingPoint {
    public static func interpolate(_ from: Self, _ to: Self, _ t: Double) -> Self {
        blend(from, to, t)
    }
}

extension SIMD3: Interpolatable where Scalar: BinaryFloatingPoint {
    public static func interpolate(_ from: Self, _ to: Self, _ t: Double) -> Self {
        blend(from, to, t)
    }
}

extension SIMD4: Interpolatable where Scalar: BinaryFloatingPoint {
    public static func interpolate(_ from: Self, _ to: Self, _ t: Double) -> Self {
        blend(from, to, t)
    }
}

/// Lane-wise blend shared by the SIMD conformances.
private func blend<Vector: SIMD>(_ from: Vector, _ to: Vector, _ t: Double) -> Vector
where Vector.Scalar: BinaryFloatingPoint {
    let t = Vector.Scalar(t)
    return from * (1 - t) + to * t
}
