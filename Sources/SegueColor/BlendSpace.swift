/// The space the GPU stages mix colours in between the input stage and the output stage
/// (docs/MediaPipeline.md, rule 3). Both hold BT.709 primaries and premultiplied alpha; they
/// differ only in the transfer curve of the numbers a shader sees.
public enum BlendSpace: String, Sendable, CaseIterable, Codable {
    /// sRGB-encoded values, as stored in 8-bit pictures: what gl-transitions and ffmpeg's xfade
    /// blend in (so their fidelity holds). A black-to-white crossfade is 128 at its middle.
    case srgb
    /// Linear light: sRGB is decoded where pictures are sampled and encoded where the result is
    /// written, so mixes weigh light, as OBS, Resolve and libplacebo do. A black-to-white
    /// crossfade is 188 at its middle.
    case linear

    /// The sRGB-encoded value a mix of two sRGB-encoded values shows at weight `t` of `b`:
    /// the CPU reference of a crossfade in this space (values and result 0…1).
    public func mix(_ a: Double, _ b: Double, _ t: Double) -> Double {
        switch self {
        case .srgb: return a + (b - a) * t
        case .linear:
            let curve = TransferCharacteristic.sRGB
            let light = curve.toLinear(a) + (curve.toLinear(b) - curve.toLinear(a)) * t
            return curve.fromLinear(light)
        }
    }
}
