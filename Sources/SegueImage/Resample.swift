extension RGBAImage {
    /// Scales the image, keeping its aspect ratio, until it covers
    /// `width` x `height`, then crops the centre.
    ///
    /// Shrinking averages the covered source area (no aliasing); enlarging is
    /// bilinear. Averaging uses premultiplied alpha so transparent pixels do not
    /// bleed their (invisible) colour into visible neighbours. When the sizes
    /// already match the result is an exact copy.
    public func scaledToCover(width targetWidth: Int, height targetHeight: Int) throws(ImageError) -> RGBAImage {
        try Self.validate(width: targetWidth, height: targetHeight)
        if targetWidth == width && targetHeight == height { return self }
        let scale = max(Double(targetWidth) / Double(width), Double(targetHeight) / Double(height))
        return resampled(width: targetWidth, height: targetHeight, scaleX: scale, scaleY: scale)
    }

    /// Scales each axis on its own to exactly `width` x `height` (the aspect ratio changes
    /// unless the caller keeps it), with the same filtering as `scaledToCover`.
    public func scaled(toWidth targetWidth: Int, height targetHeight: Int) throws(ImageError) -> RGBAImage {
        try Self.validate(width: targetWidth, height: targetHeight)
        if targetWidth == width && targetHeight == height { return self }
        return resampled(width: targetWidth, height: targetHeight,
                         scaleX: Double(targetWidth) / Double(width), scaleY: Double(targetHeight) / Double(height))
    }

    /// Resamples to `targetWidth` x `targetHeight` at the given scale per axis, cropping the
    /// centre where the scaled image is larger than the target.
    private func resampled(width targetWidth: Int, height targetHeight: Int, scaleX: Double, scaleY: Double) -> RGBAImage {
        let columns = Self.axisWeights(source: width, target: targetWidth, scale: scaleX)
        let rows = Self.axisWeights(source: height, target: targetHeight, scale: scaleY)

        // Horizontal pass into premultiplied Doubles, one row per source row.
        var horizontal = [Double](repeating: 0, count: height * targetWidth * 4)
        for y in 0..<height {
            let sourceRow = y * width * 4
            let targetRow = y * targetWidth * 4
            for tx in 0..<targetWidth {
                var sum = SIMD4<Double>()
                for (sx, weight) in columns[tx] {
                    let i = sourceRow + sx * 4
                    let alpha = Double(pixels[i + 3]) / 255
                    sum += weight * SIMD4(Double(pixels[i]) * alpha, Double(pixels[i + 1]) * alpha,
                                          Double(pixels[i + 2]) * alpha, alpha)
                }
                let o = targetRow + tx * 4
                horizontal[o] = sum.x; horizontal[o + 1] = sum.y
                horizontal[o + 2] = sum.z; horizontal[o + 3] = sum.w
            }
        }

        // Vertical pass, then back to straight alpha bytes.
        var output = [UInt8](repeating: 0, count: targetWidth * targetHeight * 4)
        for ty in 0..<targetHeight {
            for tx in 0..<targetWidth {
                var sum = SIMD4<Double>()
                for (sy, weight) in rows[ty] {
                    let i = (sy * targetWidth + tx) * 4
                    sum += weight * SIMD4(horizontal[i], horizontal[i + 1], horizontal[i + 2], horizontal[i + 3])
                }
                let o = (ty * targetWidth + tx) * 4
                let alpha = sum.w
                if alpha > 1e-9 {
                    output[o] = Self.byte(sum.x / alpha)
                    output[o + 1] = Self.byte(sum.y / alpha)
                    output[o + 2] = Self.byte(sum.z / alpha)
                }
                output[o + 3] = Self.byte(alpha * 255)
            }
        }
        return RGBAImage(validWidth: targetWidth, height: targetHeight, pixels: output)
    }

    /// For each target pixel along one axis, the contributing source pixels and
    /// their weights (summing to 1).
    static func axisWeights(source: Int, target: Int, scale: Double) -> [[(index: Int, weight: Double)]] {
        let span = Double(target) / scale          // source pixels visible after the crop
        var offset = (Double(source) - span) / 2   // centred crop
        if scale == 1 { offset = offset.rounded(.down) }  // keep pure crops pixel-aligned and sharp

        return (0..<target).map { t in
            if scale > 1 {
                // Enlarging: bilinear between the two nearest source centres.
                let centre = offset + (Double(t) + 0.5) / scale - 0.5
                let lower = centre.rounded(.down)
                let fraction = centre - lower
                let i0 = min(max(Int(lower), 0), source - 1)
                let i1 = min(max(Int(lower) + 1, 0), source - 1)
                return [(i0, 1 - fraction), (i1, fraction)]
            }
            // Shrinking (or same scale): weight every source pixel by how much
            // of it the target pixel's footprint covers.
            let start = max(offset + Double(t) / scale, 0)
            let end = min(offset + Double(t + 1) / scale, Double(source))
            var contributions: [(index: Int, weight: Double)] = []
            var i = Int(start.rounded(.down))
            while Double(i) < end && i < source {
                let overlap = min(end, Double(i + 1)) - max(start, Double(i))
                if overlap > 1e-9 { contributions.append((i, overlap)) }
                i += 1
            }
            if contributions.isEmpty {
                // Degenerate footprint from rounding: use the nearest pixel.
                return [(min(max(Int(start), 0), source - 1), 1)]
            }
            let total = contributions.reduce(0) { $0 + $1.weight }
            return contributions.map { ($0.index, $0.weight / total) }
        }
    }

    private static func byte(_ value: Double) -> UInt8 {
        UInt8(min(max(value.rounded(), 0), 255))
    }
}

extension RGBAImage {
    /// The image reduced, keeping its aspect ratio, until neither side exceeds `maxSide`
    /// (area-averaged, like `scaled(toWidth:height:)` when shrinking); the image itself when it
    /// already fits. For a GPU that holds smaller textures than the picture.
    public func reduced(toFitSide maxSide: Int) throws(ImageError) -> RGBAImage {
        guard width > maxSide || height > maxSide else { return self }
        let scale = Double(maxSide) / Double(max(width, height))
        let side = { (length: Int) in max(1, min(maxSide, Int((Double(length) * scale).rounded()))) }
        return try scaled(toWidth: side(width), height: side(height))
    }
}
