/// The affine map between normalised Y'CbCr code values and R'G'B' in 0…1 for a matrix, a range
/// and a bit depth: `rgb = matrix * (code / maxCode) + offset`. The one place these numbers are
/// made; the GPU's plane shaders and the CPU references both take them from here.
public struct YCbCrConversion: Sendable, Equatable {
    /// Row-major 3×3: rows give R', G', B' from (Y', Cb, Cr) normalised to 0…1 of the full code range.
    public let toRGB: [Double]
    /// Added after `toRGB`.
    public let toRGBOffset: [Double]

    /// Nil for `.rgb` (nothing to convert).
    public init?(matrix: MatrixCoefficients, range: ColorRange, bitDepth: Int = 8) {
        guard let (kr, kb) = matrix.lumaWeights else { return nil }
        let kg = 1 - kr - kb
        let maxCode = Double((1 << bitDepth) - 1)
        let scale = Double(1 << (bitDepth - 8))
        // Code values of black, luma's span and chroma's span.
        let (yBlack, ySpan, cSpan): (Double, Double, Double) = range == .limited
            ? (16 * scale, 219 * scale, 224 * scale)
            : (0, maxCode, maxCode)
        let cMid = 128 * scale
        // E'y = (code_y − black) / ySpan; E'cb = (code_cb − mid) / cSpan; then the inverse matrix.
        let yGain = maxCode / ySpan, cGain = maxCode / cSpan
        let crToR = 2 * (1 - kr), cbToB = 2 * (1 - kb)
        let cbToG = -cbToB * kb / kg, crToG = -crToR * kr / kg
        toRGB = [
            yGain, 0, crToR * cGain,
            yGain, cbToG * cGain, crToG * cGain,
            yGain, cbToB * cGain, 0,
        ]
        let y0 = -yBlack / ySpan, c0 = -cMid / cSpan
        toRGBOffset = [y0 + crToR * c0, y0 + (cbToG + crToG) * c0, y0 + cbToB * c0]
        (self.kr, self.kb, self.yBlack, self.ySpan, self.cSpan, self.cMid, self.maxCode) = (kr, kb, yBlack, ySpan, cSpan, cMid, maxCode)
    }

    private let kr: Double, kb: Double, yBlack: Double, ySpan: Double, cSpan: Double, cMid: Double, maxCode: Double

    /// R'G'B' (0…1) to unrounded code values (Y', Cb, Cr).
    public func codes(red: Double, green: Double, blue: Double) -> (y: Double, cb: Double, cr: Double) {
        let y = kr * red + (1 - kr - kb) * green + kb * blue
        let cb = (blue - y) / (2 * (1 - kb)), cr = (red - y) / (2 * (1 - kr))
        return (yBlack + ySpan * y, cMid + cSpan * cb, cMid + cSpan * cr)
    }

    /// Code values to R'G'B' (0…1, unclamped).
    public func rgb(y: Double, cb: Double, cr: Double) -> (red: Double, green: Double, blue: Double) {
        let v = [y / maxCode, cb / maxCode, cr / maxCode]
        func row(_ r: Int) -> Double { toRGB[3 * r] * v[0] + toRGB[3 * r + 1] * v[1] + toRGB[3 * r + 2] * v[2] + toRGBOffset[r] }
        return (row(0), row(1), row(2))
    }
}
