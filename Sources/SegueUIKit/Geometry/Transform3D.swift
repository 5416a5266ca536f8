#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Core Animation's CATransform3D with the same conventions, so transforms ported from iOS
/// produce the same pictures:
///
/// - points are row vectors and transform as `p' = p · M`;
/// - the translation lives in `m41 m42 m43`;
/// - perspective lives in `m34` (`m34 = -1/d` puts the eye at distance `d`; +z points at the viewer);
/// - `a.concatenating(b)` is `CATransform3DConcat(a, b)`: the product `a · b`, "apply a, then b".
public struct Transform3D: Sendable, Hashable {
    public var m11, m12, m13, m14: Double
    public var m21, m22, m23, m24: Double
    public var m31, m32, m33, m34: Double
    public var m41, m42, m43, m44: Double

    public init(
        m11: Double, m12: Double, m13: Double, m14: Double,
        m21: Double, m22: Double, m23: Double, m24: Double,
        m31: Double, m32: Double, m33: Double, m34: Double,
        m41: Double, m42: Double, m43: Double, m44: Double
    ) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    public static let identity = Transform3D(
        m11: 1, m12: 0, m13: 0, m14: 0,
        m21: 0, m22: 1, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1)

    // MARK: - Makers (CATransform3DMake*)

    /// CATransform3DMakeTranslation.
    public init(translationX x: Double, y: Double, z: Double) {
        self = .identity
        m41 = x; m42 = y; m43 = z
    }

    /// CATransform3DMakeScale.
    public init(scaleX x: Double, y: Double, z: Double) {
        self = .identity
        m11 = x; m22 = y; m33 = z
    }

    /// CATransform3DMakeRotation: `angle` in radians about the axis (x, y, z), which is normalised
    /// first; a zero axis gives the identity. The matrix is Core Animation's, element for element:
    /// about z, m11 = cos θ, m12 = sin θ, m21 = −sin θ; about y, m13 = −sin θ, m31 = sin θ, so a
    /// positive angle about y turns +x towards −z (away from the viewer).
    public init(rotationAngle angle: Double, x: Double, y: Double, z: Double) {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0, length.isFinite else {
            self = .identity
            return
        }
        let (x, y, z) = (x / length, y / length, z / length)
        let c = cos(angle)
        let s = sin(angle)
        let t = 1 - c
        self.init(
            m11: x * x * t + c, m12: x * y * t + z * s, m13: x * z * t - y * s, m14: 0,
            m21: y * x * t - z * s, m22: y * y * t + c, m23: y * z * t + x * s, m24: 0,
            m31: z * x * t + y * s, m32: z * y * t - x * s, m33: z * z * t + c, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// The identity with `m34` set: `perspective(m34: -1 / d)` views from distance `d`.
    public static func perspective(m34: Double) -> Transform3D {
        var t = Transform3D.identity
        t.m34 = m34
        return t
    }

    // MARK: - Modifiers (CATransform3DTranslate/Scale/Rotate: the new step is applied first)

    /// CATransform3DTranslate(self, x, y, z) == Translation(x, y, z) · self.
    public func translatedBy(x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(translationX: x, y: y, z: z).concatenating(self)
    }

    /// CATransform3DScale(self, x, y, z) == Scale(x, y, z) · self.
    public func scaledBy(x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(scaleX: x, y: y, z: z).concatenating(self)
    }

    /// CATransform3DRotate(self, angle, x, y, z) == Rotation(angle, x, y, z) · self.
    public func rotated(by angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(rotationAngle: angle, x: x, y: y, z: z).concatenating(self)
    }

    /// CATransform3DConcat(self, other): the product self · other, i.e. apply self, then other.
    public func concatenating(_ other: Transform3D) -> Transform3D {
        let (a1, a2, a3, a4) = rows
        let (b1, b2, b3, b4) = other.rows
        // Row i of a·b is row i of a taken as a point and transformed by b.
        func times(_ r: SIMD4<Double>) -> SIMD4<Double> { r.x * b1 + r.y * b2 + r.z * b3 + r.w * b4 }
        return Transform3D(rows: (times(a1), times(a2), times(a3), times(a4)))
    }

    // MARK: - Predicates

    /// CATransform3DIsIdentity: exact comparison.
    public var isIdentity: Bool { self == .identity }

    /// CATransform3DIsAffine: true when the transform is exactly a 2D affine transform
    /// (only m11 m12 m21 m22 m41 m42 free; no z, no perspective).
    public var isAffine2D: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0
            && m31 == 0 && m32 == 0 && m33 == 1 && m34 == 0
            && m43 == 0 && m44 == 1
    }

    // MARK: - Applying

    /// Applies the transform to `point` as a row vector and returns the homogeneous result
    /// (x, y, z, w) with no divide. Pass w = 1 for a position (w = 0 gives a direction).
    public func apply(to point: SIMD4<Double>) -> SIMD4<Double> {
        let (r1, r2, r3, r4) = rows
        return point.x * r1 + point.y * r2 + point.z * r3 + point.w * r4
    }

    /// Applies to (x, y, 0, 1) and divides by w, as the renderer's projection does.
    /// `nil` when w <= 0: the point is at or behind the eye and has no place on screen.
    public func project(_ point: Point) -> Point? {
        let p = apply(to: SIMD4(point.x, point.y, 0, 1))
        guard p.w > 0 else { return nil }
        return Point(x: p.x / p.w, y: p.y / p.w)
    }

    /// m11, m12, ..., m44 as Float, for `glUniformMatrix4fv(location, 1, GL_FALSE, values)`.
    /// GLSL reads the 16 values column by column, so the row-major storage of this row-vector
    /// matrix M arrives as its transpose G = Mᵀ, and `G * v` in the shader equals `v · M` here:
    /// no transpose flag and no reordering is needed.
    public var glUniformValues: [Float] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44].map { Float($0) }
    }

    // MARK: - Rows (internal helpers for the arithmetic)

    var rows: (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>) {
        (
            SIMD4(m11, m12, m13, m14), SIMD4(m21, m22, m23, m24),
            SIMD4(m31, m32, m33, m34), SIMD4(m41, m42, m43, m44)
        )
    }

    init(rows r: (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>)) {
        self.init(
            m11: r.0.x, m12: r.0.y, m13: r.0.z, m14: r.0.w,
            m21: r.1.x, m22: r.1.y, m23: r.1.z, m24: r.1.w,
            m31: r.2.x, m32: r.2.y, m33: r.2.z, m34: r.2.w,
            m41: r.3.x, m42: r.3.y, m43: r.3.z, m44: r.3.w)
    }
}
