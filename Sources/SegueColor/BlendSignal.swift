/// What the numbers an edit's transitions mix are: SDR R'G'B' (sRGB-encoded, BT.709 primaries:
/// every output but an HDR one), or the signal of an HLG or PQ output (BT.2020 primaries), which
/// its clips reach the blend as, unconverted. It decides the curve a linear-light blend decodes
/// and encodes with, and where an SDR colour (a fade's colour) lands in the output.
public enum BlendSignal: String, Sendable, Hashable, CaseIterable {
    /// sRGB-encoded BT.709: the blend space as `BlendSpace` describes it.
    case sdr
    /// ARIB STD-B67 (BT.2100 HLG), BT.2020 primaries.
    case hlg
    /// SMPTE ST 2084 (BT.2100 PQ), BT.2020 primaries.
    case pq

    public var transfer: TransferCharacteristic {
        switch self {
        case .sdr: .sRGB
        case .hlg: .hlg
        case .pq: .pq
        }
    }

    public var primaries: ColorPrimaries { self == .sdr ? .bt709 : .bt2020 }

    /// The light a linear-light blend's 1 stands for, in cd/m²: the signal's peak (PQ's 10,000,
    /// HLG's 1000 on BT.2100's reference display), so the light stays within 0…1 as sRGB's does;
    /// for SDR, its white (the curve is relative).
    public var peakNits: Double {
        switch self {
        case .sdr: 100
        case .hlg: HLG.displayPeak
        case .pq: PQ.peakLuminance
        }
    }

    /// A stored value (0…1) to the light a linear-light blend mixes, a fraction of `peakNits`:
    /// sRGB's curve; PQ's EOTF; HLG's inverse OETF and then its OOTF (the system gamma 1.2, per
    /// channel, as zscale's `t=linear` gives it): display light, as sRGB's and PQ's are, so a
    /// crossfade weighs what the reference display shows whichever the transfer.
    public func toLinear(_ value: Double) -> Double {
        switch self {
        case .sdr: TransferCharacteristic.sRGB.toLinear(value)
        case .hlg, .pq: transfer.toLinear(value, nominalPeak: peakNits)
        }
    }

    /// Light (a fraction of `peakNits`) to the stored value: the inverse of `toLinear`.
    public func fromLinear(_ light: Double) -> Double {
        switch self {
        case .sdr: TransferCharacteristic.sRGB.fromLinear(light)
        case .hlg, .pq: transfer.fromLinear(light, nominalPeak: peakNits)
        }
    }

    /// An SDR colour (sRGB-encoded BT.709 R'G'B', 0…1, as an edit spec writes `#rrggbb`) as this
    /// signal's values, mapped as ITU-R BT.2408 maps SDR into HDR: SDR white is HDR reference white,
    /// 203 cd/m² (PQ 0.58, HLG 75 %), through BT.709 → BT.2020 primaries in linear light. SDR keeps it.
    public func signal(ofSDR rgb: SIMD3<Double>) -> SIMD3<Double> {
        guard self != .sdr else { return rgb }
        let sRGB = TransferCharacteristic.sRGB
        let light = GamutConversion(from: .bt709, to: primaries).apply((sRGB.toLinear(rgb.x), sRGB.toLinear(rgb.y), sRGB.toLinear(rgb.z)))
        let scale = HLGReferenceWhite.referenceWhiteNits / peakNits
        return SIMD3(fromLinear(max(light.0, 0) * scale), fromLinear(max(light.1, 0) * scale), fromLinear(max(light.2, 0) * scale))
    }

    /// What a transition's colour parameter is set to so that it shows `rgb` (an SDR colour as
    /// above) when mixed in `space`: the signal's values, or their light where the blend is
    /// linear. SDR keeps the value as given, in either space, as before.
    public func blendValue(ofSDR rgb: SIMD3<Double>, in space: BlendSpace) -> SIMD3<Double> {
        guard self != .sdr else { return rgb }
        let signal = signal(ofSDR: rgb)
        return space == .linear ? SIMD3(toLinear(signal.x), toLinear(signal.y), toLinear(signal.z)) : signal
    }
}
