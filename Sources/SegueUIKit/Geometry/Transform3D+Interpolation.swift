#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Transform3D {
    /// Interpolates between two transforms the way Core Animation (and CSS Transforms Level 2,
    /// "Interpolation of 3D matrices") does: each matrix is decomposed into perspective, translation,
    /// scale, skew and a rotation quaternion; the parts are interpolated (the quaternion by spherical
    /// linear interpolation along the shorter arc, everything else linearly) and the result is
    /// recomposed.
    ///
    /// Why not lerp the 16 values: a rotation is not linear in its matrix entries, so a componentwise
    /// blend shrinks it through the middle (halfway from 0° to 90° about y is a 45° rotation scaled by
    /// cos 45°, and halfway from +90° to −90° about z squashes everything to a line). Decomposition
    /// keeps the rotation rigid and turns it at a constant rate, so a flip animates as a flip.
    ///
    /// - `t == 0` returns `from` and `t == 1` returns `to`, exactly.
    /// - `t` outside 0...1 (spring overshoot) extrapolates every part: the linear parts linearly,
    ///   the quaternion by continuing the same great-circle arc.
    /// - When either matrix cannot be decomposed (`m44 == 0`, or a singular upper 3×3, e.g. a scale
    ///   of 0), or the result would not be finite, this falls back to the componentwise blend.
    ///
    /// The result is normalised so that its homogeneous scale matches the decomposition
    /// (`m44 == 1` when there is no perspective); that is the same projective transform.
    public static func interpolate(_ from: Transform3D, _ to: Transform3D, _ t: Double) -> Transform3D {
        if t == 0 { return from }
        if t == 1 { return to }
        guard let a = DecomposedTransform3D(from), let b = DecomposedTransform3D(to) else {
            return componentwiseInterpolation(from, to, t)
        }
        let result = DecomposedTransform3D.interpolate(a, b, t).recomposed
        let (r1, r2, r3, r4) = result.rows
        guard allFinite(r1), allFinite(r2), allFinite(r3), allFinite(r4) else {
            return componentwiseInterpolation(from, to, t)
        }
        return result
    }

    /// Componentwise linear interpolation of the 16 values; `t` outside 0...1 extrapolates.
    private static func componentwiseInterpolation(
        _ from: Transform3D, _ to: Transform3D, _ t: Double
    ) -> Transform3D {
        let (a1, a2, a3, a4) = from.rows
        let (b1, b2, b3, b4) = to.rows
        func mix(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMD4<Double> { a * (1 - t) + b * t }
        return Transform3D(rows: (mix(a1, b1), mix(a2, b2), mix(a3, b3), mix(a4, b4)))
    }
}

/// The CSS Transforms 2 "unmatrix" decomposition in Core Animation's row-vector layout
/// (`matrix[i][j]` of the spec is `m(i+1)(j+1)` here). After normalising by m44 the matrix factors as
///
///     M = Scale · Skew · Rotation · Translation · Perspective      (row vectors: left factor first)
///
/// where Skew is lower-triangular with (xy, xz, yz) below the diagonal, Rotation is the row-vector
/// matrix of `quaternion`, Translation holds `translation` in its last row and Perspective is the
/// identity with its last column replaced by `perspective`.
private struct DecomposedTransform3D {
    var perspective: SIMD4<Double>
    var translation: SIMD3<Double>
    var scale: SIMD3<Double>
    /// Shear factors xy, xz, yz.
    var skew: SIMD3<Double>
    /// (x, y, z, w), unit length; the standard (column-vector) quaternion of the rotation, so a
    /// positive angle about +z has z > 0 just as `Transform3D(rotationAngle:x:y:z:)` does.
    var quaternion: SIMD4<Double>

    init(perspective: SIMD4<Double>, translation: SIMD3<Double>, scale: SIMD3<Double>,
         skew: SIMD3<Double>, quaternion: SIMD4<Double>) {
        self.perspective = perspective
        self.translation = translation
        self.scale = scale
        self.skew = skew
        self.quaternion = quaternion
    }

    /// `nil` when the matrix cannot be decomposed: m44 == 0, a (numerically) singular upper 3×3,
    /// or values that are not finite.
    init?(_ m: Transform3D) {
        guard m.m44 != 0, m.m44.isFinite else { return nil }
        let n = 1 / m.m44
        var a0 = SIMD3(m.m11, m.m12, m.m13) * n
        var a1 = SIMD3(m.m21, m.m22, m.m23) * n
        var a2 = SIMD3(m.m31, m.m32, m.m33) * n
        let p = SIMD3(m.m14, m.m24, m.m34) * n
        let translation = SIMD3(m.m41, m.m42, m.m43) * n

        // The perspective-free matrix [[A, 0], [t, 1]] has determinant det(A): its singularity is
        // the upper 3×3's. The test is relative, like `inverted`'s, so tiny-but-valid scales pass.
        let c0 = cross(a1, a2), c1 = cross(a2, a0), c2 = cross(a0, a1)
        let det = dot(a0, c0)
        let bound = length(a0) * length(a1) * length(a2)
        guard det.isFinite, bound.isFinite, abs(det) > bound * 1e-12,
              allFinite(p), allFinite(translation)
        else { return nil }

        // Perspective: M = L · P with L = [[A, 0], [t, 1]] and P = [[I, q], [0, w]] gives
        // A q = p and t·q + w = 1. A⁻¹ has the columns c0, c1, c2 over det.
        if p == .zero {
            perspective = SIMD4(0, 0, 0, 1)
        } else {
            let q = (c0 * p.x + c1 * p.y + c2 * p.z) / det
            perspective = SIMD4(q.x, q.y, q.z, 1 - dot(translation, q))
        }
        self.translation = translation

        // Scale and skew by Gram–Schmidt on the rows: A = Scale · Skew · R.
        var scale = SIMD3<Double>.zero
        var skew = SIMD3<Double>.zero
        scale.x = length(a0)
        a0 /= scale.x

        skew.x = dot(a0, a1)
        a1 -= a0 * skew.x
        scale.y = length(a1)
        a1 /= scale.y
        skew.x /= scale.y

        skew.y = dot(a0, a2)
        a2 -= a0 * skew.y
        skew.z = dot(a1, a2)
        a2 -= a1 * skew.z
        scale.z = length(a2)
        a2 /= scale.z
        skew.y /= scale.z
        skew.z /= scale.z

        // A reflection: negate the scales and the rows so that R is a proper rotation.
        if dot(a0, cross(a1, a2)) < 0 {
            scale = -scale
            a0 = -a0; a1 = -a1; a2 = -a2
        }
        self.scale = scale
        self.skew = skew
        quaternion = Self.quaternion(rows: a0, a1, a2)

        guard allFinite(perspective), allFinite(scale), allFinite(skew), allFinite(quaternion) else {
            return nil
        }
    }

    /// The quaternion of an orthonormal row-vector rotation matrix R (its transpose is the usual
    /// column-vector matrix). Shepperd's method: always divides by the largest of the four
    /// candidates, so rotations near 180° keep the relative signs of x, y and z.
    private static func quaternion(
        rows r0: SIMD3<Double>, _ r1: SIMD3<Double>, _ r2: SIMD3<Double>
    ) -> SIMD4<Double> {
        let trace = r0.x + r1.y + r2.z
        var q: SIMD4<Double>
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            q = SIMD4((r1.z - r2.y) / s, (r2.x - r0.z) / s, (r0.y - r1.x) / s, s / 4)
        } else if r0.x > r1.y, r0.x > r2.z {
            let s = (1 + r0.x - r1.y - r2.z).squareRoot() * 2
            q = SIMD4(s / 4, (r0.y + r1.x) / s, (r0.z + r2.x) / s, (r1.z - r2.y) / s)
        } else if r1.y > r2.z {
            let s = (1 + r1.y - r0.x - r2.z).squareRoot() * 2
            q = SIMD4((r0.y + r1.x) / s, s / 4, (r1.z + r2.y) / s, (r2.x - r0.z) / s)
        } else {
            let s = (1 + r2.z - r0.x - r1.y).squareRoot() * 2
            q = SIMD4((r0.z + r2.x) / s, (r1.z + r2.y) / s, s / 4, (r0.y - r1.x) / s)
        }
        q /= length(q)
        return q.w < 0 ? -q : q
    }

    static func interpolate(
        _ a: DecomposedTransform3D, _ b: DecomposedTransform3D, _ t: Double
    ) -> DecomposedTransform3D {
        func mix<V: SIMD>(_ x: V, _ y: V) -> V where V.Scalar == Double { x + (y - x) * t }
        return DecomposedTransform3D(
            perspective: mix(a.perspective, b.perspective),
            translation: mix(a.translation, b.translation),
            scale: mix(a.scale, b.scale),
            skew: mix(a.skew, b.skew),
            quaternion: slerp(a.quaternion, b.quaternion, t))
    }

    /// Spherical linear interpolation along the shorter arc; `t` outside 0...1 continues the arc.
    private static func slerp(_ a: SIMD4<Double>, _ b: SIMD4<Double>, _ t: Double) -> SIMD4<Double> {
        // q and −q are the same rotation: take the one nearer `a` for the short way round.
        let b = dot(a, b) < 0 ? -b : b
        // The angle between them, accurate for nearly equal quaternions too (acos of the dot is not).
        let theta = 2 * atan2(length(a - b), length(a + b))
        let sinTheta = sin(theta)
        var q: SIMD4<Double>
        if sinTheta < 1e-12 {
            q = a + (b - a) * t
        } else {
            q = a * (sin((1 - t) * theta) / sinTheta) + b * (sin(t * theta) / sinTheta)
        }
        let norm = length(q)
        return norm > 0 && norm.isFinite ? q / norm : a
    }

    /// Scale · Skew · Rotation · Translation · Perspective.
    var recomposed: Transform3D {
        let (x, y, z, w) = (quaternion.x, quaternion.y, quaternion.z, quaternion.w)
        // Rows of the row-vector rotation matrix (the transpose of the column-vector one).
        let r0 = SIMD3(1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w))
        let r1 = SIMD3(2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w))
        let r2 = SIMD3(2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y))

        let a0 = r0 * scale.x
        let a1 = (r1 + r0 * skew.x) * scale.y
        let a2 = (r2 + r0 * skew.y + r1 * skew.z) * scale.z
        let q = SIMD3(perspective.x, perspective.y, perspective.z)
        let tr = translation

        // [[A, 0], [t, 1]] · [[I, q], [0, w]] = [[A, A q], [t, t·q + w]].
        return Transform3D(
            m11: a0.x, m12: a0.y, m13: a0.z, m14: dot(a0, q),
            m21: a1.x, m22: a1.y, m23: a1.z, m24: dot(a1, q),
            m31: a2.x, m32: a2.y, m33: a2.z, m34: dot(a2, q),
            m41: tr.x, m42: tr.y, m43: tr.z, m44: dot(tr, q) + perspective.w)
    }
}

private func dot<V: SIMD>(_ a: V, _ b: V) -> Double where V.Scalar == Double { (a * b).sum() }

private func length<V: SIMD>(_ v: V) -> Double where V.Scalar == Double { dot(v, v).squareRoot() }

private func allFinite<V: SIMD>(_ v: V) -> Bool where V.Scalar == Double {
    v.indices.allSatisfy { v[$0].isFinite }
}

private func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}
