import SegueImage

/// How far a picture may be from its golden: the largest difference of any channel of any pixel
/// (0...255) and the mean difference over all channels; both must hold. With `outlierFraction`,
/// up to that fraction of the pixels may exceed `maxDifference` (by any amount): for edges that
/// another driver rasterizes a pixel over, which flip fully between two colours.
public struct ImageTolerance: Sendable, Equatable, CustomStringConvertible {
    public var maxDifference: Int
    public var meanDifference: Double
    /// 0...1 of the pixels; 0: none may exceed `maxDifference`.
    public var outlierFraction: Double

    public init(maxDifference: Int, meanDifference: Double, outlierFraction: Double = 0) {
        (self.maxDifference, self.meanDifference, self.outlierFraction) = (maxDifference, meanDifference, outlierFraction)
    }

    /// Bit for bit.
    public static let exact = ImageTolerance(maxDifference: 0, meanDifference: 0)
    /// What another Mesa (or GPU) changes in Segue's output: rounding of linear filtering (2 levels),
    /// a few pixels of a hard edge landing on the other side (the mean).
    public static let crossDriver = ImageTolerance(maxDifference: 2, meanDifference: 0.1)

    public var description: String {
        "max \(maxDifference), mean \(meanDifference)"
            + (outlierFraction > 0 ? ", up to \(outlierFraction * 100)% of the pixels beyond the max" : "")
    }

    /// Why `actual` is not within this tolerance of `expected` (sizes, then the numbers), or nil
    /// when it is.
    public func mismatch(actual: RGBAImage, expected: RGBAImage) -> String? {
        guard actual.width == expected.width, actual.height == expected.height else {
            return "size \(actual.width)x\(actual.height), golden \(expected.width)x\(expected.height)"
        }
        let maximum = RGBAImage.maxDifference(actual, expected)
        let mean = RGBAImage.meanDifference(actual, expected)
        let outliers = Self.pixels(beyond: maxDifference, actual, expected)
        let allowedOutliers = Int((outlierFraction * Double(actual.width * actual.height)).rounded(.down))
        guard outliers > allowedOutliers || mean > meanDifference else { return nil }
        return "max difference \(maximum) at \(outliers) pixels beyond \(maxDifference) (allowed \(allowedOutliers)), "
            + "mean \(mean) (allowed \(meanDifference))"
    }

    /// Pixels whose largest channel difference exceeds `limit`.
    static func pixels(beyond limit: Int, _ a: RGBAImage, _ b: RGBAImage) -> Int {
        var count = 0
        for base in stride(from: 0, to: min(a.pixels.count, b.pixels.count), by: 4) {
            for channel in 0..<4 where abs(Int(a.pixels[base + channel]) - Int(b.pixels[base + channel])) > limit {
                count += 1
                break
            }
        }
        return count
    }
}
