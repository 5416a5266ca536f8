extension Transform3D {
    /// CATransform3DInvert, except that a singular transform gives `nil` (Core Animation silently
    /// returns the input).
    ///
    /// Uses the adjugate (cofactors from 2×2 sub-determinants), which keeps simple transforms exact:
    /// the inverse of a translation is exactly the opposite translation. "Singular" is judged
    /// scale-free: |det| against the product of the row lengths (Hadamard's bound, which |det| can
    /// never exceed), so tiny-but-valid scales invert while a rotation followed by a zero scale,
    /// whose determinant is only rounding noise, does not.
    public var inverted: Transform3D? {
        let s0 = m11 * m22 - m21 * m12
        let s1 = m11 * m23 - m21 * m13
        let s2 = m11 * m24 - m21 * m14
        let s3 = m12 * m23 - m22 * m13
        let s4 = m12 * m24 - m22 * m14
        let s5 = m13 * m24 - m23 * m14
        let c5 = m33 * m44 - m43 * m34
        let c4 = m32 * m44 - m42 * m34
        let c3 = m32 * m43 - m42 * m33
        let c2 = m31 * m44 - m41 * m34
        let c1 = m31 * m43 - m41 * m33
        let c0 = m31 * m42 - m41 * m32
        let det = s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0

        let (r1, r2, r3, r4) = rows
        func length(_ r: SIMD4<Double>) -> Double { (r * r).sum().squareRoot() }
        let bound = length(r1) * length(r2) * length(r3) * length(r4)
        guard det.isFinite, bound.isFinite, abs(det) > bound * 1e-12 else { return nil }

        let d = 1 / det
        let inverse = Transform3D(
            m11: (m22 * c5 - m23 * c4 + m24 * c3) * d,
            m12: (-m12 * c5 + m13 * c4 - m14 * c3) * d,
            m13: (m42 * s5 - m43 * s4 + m44 * s3) * d,
            m14: (-m32 * s5 + m33 * s4 - m34 * s3) * d,
            m21: (-m21 * c5 + m23 * c2 - m24 * c1) * d,
            m22: (m11 * c5 - m13 * c2 + m14 * c1) * d,
            m23: (-m41 * s5 + m43 * s2 - m44 * s1) * d,
            m24: (m31 * s5 - m33 * s2 + m34 * s1) * d,
            m31: (m21 * c4 - m22 * c2 + m24 * c0) * d,
            m32: (-m11 * c4 + m12 * c2 - m14 * c0) * d,
            m33: (m41 * s4 - m42 * s2 + m44 * s0) * d,
            m34: (-m31 * s4 + m32 * s2 - m34 * s0) * d,
            m41: (-m21 * c3 + m22 * c1 - m23 * c0) * d,
            m42: (m11 * c3 - m12 * c1 + m13 * c0) * d,
            m43: (-m41 * s3 + m42 * s1 - m43 * s0) * d,
            m44: (m31 * s3 - m32 * s1 + m33 * s0) * d)
        return inverse
    }
}
