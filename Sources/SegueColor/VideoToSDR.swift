/// The input stage's arithmetic on the CPU, the reference the GPU's plane shader is tested
/// against: a video's Y'CbCr code values to BT.709 SDR R'G'B' (0…1), what an SDR BT.709 clip
/// carries. SDR clips only change matrix (their R'G'B' values are kept, as every player does);
/// HDR clips (PQ, HLG) go to linear light (100 nits = 1), BT.2020 → BT.709 primaries, through
/// the tone-map operator and encoded for an SDR display (BT.1886's 2.4 power), as ffmpeg's
/// `zscale=t=linear:npl=100,zscale=p=bt709,tonemap=…:desat=0,zscale=t=bt709` does. HLG's
/// reference white goes where `hlgReferenceWhite` says: ffmpeg's 75 % by default, or SDR white
/// (`HLGReferenceWhite.bt2408`).
public struct VideoToSDR: Sendable, Equatable {
    public let source: ColorDescription
    public let toneMap: ToneMapOperator
    public let peak: Double
    public let hlgReferenceWhite: HLGReferenceWhite
    public let conversion: YCbCrConversion?
    public let gamut: GamutConversion

    /// ffmpeg's placement of HLG's reference white (`.ffmpeg`), as before `hlgReferenceWhite` was a choice.
    public init(source: ColorDescription, toneMap: ToneMapOperator = .hable, peak: Double = ToneMapOperator.defaultPeak) {
        self.init(source: source, toneMap: toneMap, peak: peak, hlgReferenceWhite: .ffmpeg)
    }

    /// `peak` is the operator's for PQ, and for HLG under `.ffmpeg` (`.bt2408` has its own).
    public init(
        source: ColorDescription, toneMap: ToneMapOperator = .hable, peak: Double = ToneMapOperator.defaultPeak,
        hlgReferenceWhite: HLGReferenceWhite
    ) {
        (self.source, self.toneMap, self.peak, self.hlgReferenceWhite) = (source, toneMap, peak, hlgReferenceWhite)
        conversion = YCbCrConversion(matrix: source.matrix, range: source.range, bitDepth: source.bitDepth)
        gamut = GamutConversion(from: source.primaries, to: .bt709)
    }

    /// Code values (Y', Cb, Cr at the source's bit depth; R', G', B' for an `.rgb` source) to SDR
    /// BT.709 R'G'B', unclamped.
    public func rgb(y: Double, cb: Double, cr: Double) -> (Double, Double, Double) {
        let encoded: (Double, Double, Double)
        if let conversion {
            let c = conversion.rgb(y: y, cb: cb, cr: cr)
            encoded = (c.red, c.green, c.blue)
        } else {
            let max = Double((1 << source.bitDepth) - 1)
            encoded = (y / max, cb / max, cr / max)
        }
        guard source.isHDR else { return encoded }
        let t = source.transfer
        let reference: HLGReferenceWhite = t == .hlg ? hlgReferenceWhite : .ffmpeg
        let scale = reference.lightScale
        let light = (t.toLinear(encoded.0) * scale, t.toLinear(encoded.1) * scale, t.toLinear(encoded.2) * scale)
        let mapped = toneMap.apply(gamut.apply(light), peak: reference == .bt2408 ? reference.peak : peak)
        let gain = reference.gain(toneMap)
        return (BT1886.inverseEOTF(mapped.0 * gain), BT1886.inverseEOTF(mapped.1 * gain), BT1886.inverseEOTF(mapped.2 * gain))
    }
}
