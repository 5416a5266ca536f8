@preconcurrency import CLCMS2
import CSeguePNG

/// Profiles made by lcms2 from what a file says of its colour without an ICC profile: PNG's
/// cHRM and gAMA chunks, HEIF's nclx box (H.273 code points). They are converted to sRGB like
/// an embedded profile (`convertToSRGB`).
extension ICCProfile {
    /// How stored values become light in a built profile.
    public enum Curve: Sendable, Equatable {
        /// IEC 61966-2-1's piecewise curve.
        case sRGB
        /// value^gamma.
        case power(Double)
    }

    /// An RGB matrix-shaper profile of these chromaticities (CIE xy) and curve; nil when lcms2
    /// refuses them (a degenerate triangle, a white outside it).
    public static func rgb(
        white: (Double, Double), red: (Double, Double), green: (Double, Double), blue: (Double, Double), curve: Curve
    ) -> ICCProfile? {
        let xy = [white.0, white.1, red.0, red.1, green.0, green.1, blue.0, blue.1]
        guard xy.allSatisfy({ $0 > 0 && $0 < 1 }) else { return nil }
        let (kind, gamma): (Int32, Double) = switch curve {
        case .sRGB: (Int32(SEGUE_CURVE_SRGB), 0)
        case .power(let gamma): (Int32(SEGUE_CURVE_POWER), gamma)
        }
        guard gamma == 0 || (0.1...10).contains(gamma) else { return nil }
        var size: cmsUInt32Number = 0
        guard segue_icc_make_rgb(xy, kind, gamma, nil, &size) == 0, size > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(size))
        let status = bytes.withUnsafeMutableBytes { segue_icc_make_rgb(xy, kind, gamma, $0.baseAddress, &size) }
        return status == 0 ? ICCProfile(bytes: Array(bytes.prefix(Int(size)))) : nil
    }

    /// sRGB's (BT.709's) chromaticities, D65 white: what a PNG without cHRM is taken to have.
    static let sRGBChromaticities = (white: (0.3127, 0.3290), red: (0.64, 0.33), green: (0.30, 0.60), blue: (0.15, 0.06))

    /// A profile from a PNG's cHRM and gAMA chunks when it has no iCCP or sRGB chunk (which
    /// take precedence, as the PNG specification says); nil when it has neither chunk. A gAMA
    /// of g means stored^(1/g) is light; without cHRM the primaries are sRGB's, without gAMA
    /// the curve is.
    public static func fromPNGChunks(_ data: [UInt8]) -> ICCProfile? {
        var color = segue_png_color_info()
        guard data.withUnsafeBufferPointer({ segue_png_color($0.baseAddress, $0.count, &color) }) == 1 else { return nil }
        guard color.has_srgb == 0, color.has_iccp == 0, color.has_gama != 0 || color.has_chrm != 0 else { return nil }
        let c = withUnsafeBytes(of: color.chrm) { Array($0.bindMemory(to: Double.self)) }
        let chromaticities = color.has_chrm != 0
            ? (white: (c[0], c[1]), red: (c[2], c[3]), green: (c[4], c[5]), blue: (c[6], c[7])) : sRGBChromaticities
        guard color.has_gama == 0 || color.gama > 0 else { return nil }
        let curve: Curve = color.has_gama != 0 ? .power(1 / color.gama) : .sRGB
        return rgb(white: chromaticities.white, red: chromaticities.red, green: chromaticities.green, blue: chromaticities.blue,
                   curve: curve)
    }

    /// The curve of an H.273 transfer characteristic a still picture may carry: the SDR video
    /// curves are taken as sRGB's (as Segue takes BT.709 video's R'G'B' to be sRGB-encoded); nil
    /// for PQ, HLG and others (not converted).
    static func curve(h273Transfer code: Int) -> Curve? {
        switch code {
        case 1, 2, 6, 13, 14, 15: .sRGB  // BT.709, unspecified, BT.601, sRGB, BT.2020 (10 and 12 bits)
        case 4: .power(2.2)
        case 5: .power(2.8)
        case 8: .power(1)  // linear
        default: nil
        }
    }
}
