extension Transform3D {
    /// Componentwise linear interpolation of the 16 values; `t` outside 0...1 extrapolates.
    ///
    /// Core Animation decomposes transforms (translation, scale, rotation quaternion, perspective)
    /// and interpolates the parts; this does not, so a large rotation animated this way shrinks through
    /// the middle (halfway between +90° and −90° about z squashes x and y to almost nothing instead of
    /// passing through 0°). Animators that rotate should animate the angle and rebuild the transform.
    public static func interpolate(_ from: Transform3D, _ to: Transform3D, _ t: Double) -> Transform3D {
        let (a1, a2, a3, a4) = from.rows
        let (b1, b2, b3, b4) = to.rows
        func mix(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMD4<Double> { a * (1 - t) + b * t }
        return Transform3D(rows: (mix(a1, b1), mix(a2, b2), mix(a3, b3), mix(a4, b4)))
    }
}
