/// How far a picture may be from its golden: the largest difference of any channel of any pixel
/// (0...255) and the mean difference over all channels. Both must hold.
public struct ImageTolerance: Sendable, Equatable, CustomStringConvertible {
    public var maxDifference: Int
    public var meanDifference: Double

    public init(maxDifference: Int, meanDifference: Double) {
        (self.maxDifference, self.meanDifference) = (maxDifference, meanDifference)
    }

    /// Bit for bit.
    public static let exact = ImageTolerance(maxDifference: 0, meanDifference: 0)
    /// What another Mesa (or GPU) changes in Segue's output: rounding of linear filtering (2 levels),
    /// a few pixels of a hard edge landing on the other side (the mean).
    public static let crossDriver = ImageTolerance(maxDifference: 2, meanDifference: 0.1)

    public var description: String { "max \(maxDifference), mean \(meanDifference)" }
}
