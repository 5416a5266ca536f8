import SegueImage

/// The reference for scaling a picture down: each output pixel the area-weighted mean of the
/// picture pixels its footprint covers (a box filter, the exact average of the light), computed
/// here in Double from the definition, not by Segue's own resampling.
public enum AreaAverageReference {
    /// `picture`'s pixels from (`left`, `top`) on, `stepX` x `stepY` picture pixels to an output
    /// pixel, into `width` x `height` cells: premultiplied RGBA (0...255) per cell, what lies
    /// outside the picture counting as transparent black.
    public static func reduce(
        _ picture: RGBAImage, left: Double, top: Double, stepX: Double, stepY: Double, width: Int, height: Int
    ) -> [SIMD4<Double>] {
        func weights(_ start: Double, _ step: Double, _ limit: Int) -> [(Int, Double)] {
            var result: [(Int, Double)] = []
            var i = max(0, Int(start.rounded(.down)))
            while Double(i) < start + step && i < limit {
                let overlap = min(start + step, Double(i + 1)) - max(start, Double(i))
                if overlap > 0 { result.append((i, overlap / step)) }
                i += 1
            }
            return result
        }
        var out = [SIMD4<Double>](repeating: .zero, count: width * height)
        for y in 0..<height {
            let rows = weights(top + Double(y) * stepY, stepY, picture.height)
            for x in 0..<width {
                var sum = SIMD4<Double>.zero
                for (column, wx) in weights(left + Double(x) * stepX, stepX, picture.width) {
                    for (row, wy) in rows {
                        let i = (row * picture.width + column) * 4
                        let alpha = Double(picture.pixels[i + 3]) / 255
                        let texel = SIMD4(Double(picture.pixels[i]) * alpha, Double(picture.pixels[i + 1]) * alpha,
                                          Double(picture.pixels[i + 2]) * alpha, Double(picture.pixels[i + 3]))
                        sum += wx * wy * texel
                    }
                }
                out[y * width + x] = sum
            }
        }
        return out
    }

    /// Black with white 1-pixel lines every `period` columns and rows (from column and row 2):
    /// the detail a reduction without a prefilter shows as lines that come and go.
    public static func grid(width: Int, height: Int, period: Int) throws -> RGBAImage {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                let value: UInt8 = x % period == 2 || y % period == 2 ? 255 : 0
                (pixels[i], pixels[i + 1], pixels[i + 2]) = (value, value, value)
            }
        }
        return try RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// The largest difference of `image`'s premultiplied R, G, B and A (straight 8-bit RGBA, as
    /// frames are read back) from `reference`.
    public static func maxDifference(_ image: RGBAImage, _ reference: [SIMD4<Double>]) -> Double {
        var worst = 0.0
        for (k, expected) in reference.enumerated() {
            let alpha = Double(image.pixels[k * 4 + 3])
            for c in 0..<3 { worst = max(worst, abs(Double(image.pixels[k * 4 + c]) * alpha / 255 - expected[c])) }
            worst = max(worst, abs(alpha - expected[3]))
        }
        return worst
    }
}
