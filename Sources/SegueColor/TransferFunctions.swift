import Foundation

/// The curves between stored (non-linear) values and light, one channel at a time, as zimg
/// (ffmpeg's `zscale`) applies them. Linear light is relative to `nominalPeak` nits (zscale's
/// `npl`, 100 by default): SDR white is 1, PQ's 10 000 nits are 100, HLG's peak 10 (`HLG`).
extension TransferCharacteristic {
    /// Stored value (0…1) to linear light.
    public func toLinear(_ value: Double, nominalPeak: Double = 100) -> Double {
        switch self {
        case .sRGB:
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        case .bt709:
            // The inverse of BT.709's OETF (zimg's `rec_709_inverse_oetf`).
            return value < 4.5 * Self.bt709Beta ? value / 4.5 : pow((value + Self.bt709Alpha - 1) / Self.bt709Alpha, 1 / 0.45)
        case .linear:
            return value
        case .gamma22:
            return pow(max(value, 0), 2.2)
        case .pq:
            return PQ.eotf(value) * (PQ.peakLuminance / nominalPeak)
        case .hlg:
            return HLG.displayLight(value, nominalPeak: nominalPeak)
        }
    }

    /// Linear light to the stored value: the inverse of `toLinear`.
    public func fromLinear(_ light: Double, nominalPeak: Double = 100) -> Double {
        switch self {
        case .sRGB:
            return light <= 0.0031308 ? light * 12.92 : 1.055 * pow(light, 1 / 2.4) - 0.055
        case .bt709:
            return light < Self.bt709Beta ? light * 4.5 : Self.bt709Alpha * pow(light, 0.45) - (Self.bt709Alpha - 1)
        case .linear:
            return light
        case .gamma22:
            return pow(max(light, 0), 1 / 2.2)
        case .pq:
            return PQ.inverseEOTF(light * nominalPeak / PQ.peakLuminance)
        case .hlg:
            return HLG.oetf(pow(max(light, 0) * nominalPeak / HLG.displayPeak, 1 / HLG.systemGamma))
        }
    }

    // zimg's constants for BT.709's curve (more digits than the standard's 1.099 and 0.018).
    static let bt709Alpha = 1.09929682680944
    static let bt709Beta = 0.018053968510807
}

/// ITU-R BT.1886, the display curve of SDR video (a 2.4 power, black at 0): how display light
/// becomes BT.709 code values when the light is a display's, as after tone mapping (zimg's
/// display-referred `t=bt709`).
public enum BT1886 {
    public static let gamma = 2.4

    public static func eotf(_ value: Double) -> Double { pow(max(value, 0), gamma) }
    public static func inverseEOTF(_ light: Double) -> Double { pow(max(light, 0), 1 / gamma) }
}

/// SMPTE ST 2084, the perceptual quantiser (BT.2100 PQ): absolute light, 0…10 000 nits.
public enum PQ {
    public static let peakLuminance = 10_000.0
    static let m1 = 0.1593017578125, m2 = 78.84375, c1 = 0.8359375, c2 = 18.8515625, c3 = 18.6875

    /// Stored value (0…1) to light as a fraction of 10 000 nits.
    public static func eotf(_ value: Double) -> Double {
        let v = pow(max(value, 0), 1 / m2)
        return pow(max(v - c1, 0) / (c2 - c3 * v), 1 / m1)
    }

    /// Light as a fraction of 10 000 nits to the stored value.
    public static func inverseEOTF(_ light: Double) -> Double {
        let l = pow(max(light, 0), m1)
        return pow((c1 + c2 * l) / (1 + c3 * l), m2)
    }
}

/// ARIB STD-B67, hybrid log-gamma (BT.2100 HLG), displayed as ffmpeg's zscale (zimg 3.0)
/// displays it: the inverse OETF, then the system gamma (1.2, for a 1000-nit display) on each
/// channel, so that peak white is 1000 nits. (BT.2100 applies the gamma to the luminance; zimg's
/// per-channel form is what ffmpeg gives, the reference here.)
public enum HLG {
    static let a = 0.17883277, b = 0.28466892, c = 0.55991073
    /// The reference display's peak luminance, in nits.
    public static let displayPeak = 1000.0
    /// BT.2100's system gamma for a 1000-nit display.
    public static let systemGamma = 1.2

    /// Stored value (0…1) to scene light (0…1).
    public static func inverseOETF(_ value: Double) -> Double {
        value <= 0.5 ? value * value / 3 : (exp((value - c) / a) + b) / 12
    }

    /// Scene light (0…1) to the stored value.
    public static func oetf(_ light: Double) -> Double {
        light <= 1.0 / 12 ? (3 * max(light, 0)).squareRoot() : a * log(12 * light - b) + c
    }

    /// A stored value (0…1) to display light relative to `nominalPeak` nits.
    public static func displayLight(_ value: Double, nominalPeak: Double = 100) -> Double {
        pow(inverseOETF(max(value, 0)), systemGamma) * displayPeak / nominalPeak
    }
}
