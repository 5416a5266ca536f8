import SegueUIKit

// Tolerant comparisons for the geometry tests (names prefixed so they cannot clash with other test files).

func geometryClose(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}

func geometryClose(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
    geometryClose(a.x, b.x, tolerance) && geometryClose(a.y, b.y, tolerance)
}

func geometryClose(_ a: SIMD4<Double>, _ b: SIMD4<Double>, _ tolerance: Double = 1e-9) -> Bool {
    (0..<4).allSatisfy { geometryClose(a[$0], b[$0], tolerance) }
}

func geometryClose(_ a: Transform3D, _ b: Transform3D, _ tolerance: Double = 1e-9) -> Bool {
    zip(geometryValues(a), geometryValues(b)).allSatisfy { geometryClose($0, $1, tolerance) }
}

/// The 16 values m11...m44 in Double precision.
func geometryValues(_ t: Transform3D) -> [Double] {
    [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
     t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44]
}

/// A point (x, y, z, 1) for `Transform3D.apply(to:)`.
func geometryPoint(_ x: Double, _ y: Double, _ z: Double = 0) -> SIMD4<Double> {
    SIMD4(x, y, z, 1)
}
