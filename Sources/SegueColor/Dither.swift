/// How a value with more precision than its code is rounded to an integer code: plain rounding
/// (`none`), or ordered dithering with the 8×8 Bayer matrix (`ordered`, libplacebo's and mpv's
/// `ordered`), which spreads the rounding error over neighbouring pixels so that a slow gradient
/// shows a fine pattern instead of wide bands. The GPU output stage takes its thresholds from
/// `thresholds`, and `quantise` is the CPU reference it is tested against.
public enum Dither: String, Sendable, Hashable, CaseIterable {
    case none
    case ordered

    /// The 8×8 Bayer index matrix, row-major (`y * 8 + x`): each of 0…63 once, every 2×2, 4×4
    /// and 8×8 tile as evenly spread as the size allows.
    public static let bayer8: [Int] = {
        var matrix = [0]
        var size = 1
        while size < 8 {
            // M(2n) = [[4M, 4M + 2], [4M + 3, 4M + 1]].
            var next = [Int](repeating: 0, count: 4 * size * size)
            for y in 0..<size {
                for x in 0..<size {
                    let m = 4 * matrix[y * size + x]
                    next[y * 2 * size + x] = m
                    next[y * 2 * size + x + size] = m + 2
                    next[(y + size) * 2 * size + x] = m + 3
                    next[(y + size) * 2 * size + x + size] = m + 1
                }
            }
            (matrix, size) = (next, size * 2)
        }
        return matrix
    }()

    /// The 64 values added to a code before it is floored, row-major by pixel position modulo 8:
    /// 0.5 everywhere for `none` (rounding), (index + 0.5) / 64 for `ordered` (mean 0.5, so
    /// the picture's mean level is kept).
    public var thresholds: [Double] {
        switch self {
        case .none: [Double](repeating: 0.5, count: 64)
        case .ordered: Self.bayer8.map { (Double($0) + 0.5) / 64 }
        }
    }

    /// The integer code for the unrounded code `value` at pixel (x, y), within 0…`maxCode`.
    public func quantise(_ value: Double, x: Int, y: Int, maxCode: Int) -> Int {
        let code = (value + thresholds[(y & 7) * 8 + (x & 7)]).rounded(.down)
        return Int(min(max(code, 0), Double(maxCode)))
    }
}
