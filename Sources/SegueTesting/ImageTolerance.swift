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
}
