import SegueColor
import SegueEffects

extension EditPlan {
    /// What the edit's transitions mix: the signal of an HLG or PQ output (its clips reach the
    /// blend unconverted, `keepsHLG`, `keepsPQ`), SDR otherwise.
    var blendSignal: BlendSignal { keepsPQ ? .pq : keepsHLG ? .hlg : .sdr }
}

/// A transition's colour parameters (`fadecolor`'s `color`, so `fadewhite` and `fadeblack`;
/// `burn`'s `color`; `crop`'s `background`) in an HLG or PQ output. Their values are SDR colours,
/// sRGB-encoded BT.709 as an edit spec writes them; put into an HDR signal as they are, white
/// would be the signal's peak (PQ's 10,000 cd/m², HLG's 1000). They are mapped as ITU-R BT.2408
/// maps SDR into HDR instead (`BlendSignal.blendValue(ofSDR:in:)`): white at HDR reference white.
enum HDRColorParameters {
    /// A `vec3` or `vec4` parameter named `color`, `colour` or `background`, or ending in
    /// `Color`/`Colour` (the gl-transitions corpus's names for colours, as in `backColor`).
    static func isColor(_ parameter: GLTransitionParameter) -> Bool {
        let name = parameter.name.lowercased()
        return (parameter.type == .vec3 || parameter.type == .vec4)
            && (name == "background" || name.hasSuffix("color") || name.hasSuffix("colour"))
    }

    /// `values` with every colour parameter of `source` (given or default) as `signal` shows it
    /// in `space`; for SDR, `values` unchanged.
    static func values(
        _ values: [(String, GLTransitionValue)], of source: GLTransitionSource, signal: BlendSignal, space: BlendSpace
    ) -> [(String, GLTransitionValue)] {
        guard signal != .sdr else { return values }
        var shown = values
        for parameter in source.parameters where isColor(parameter) {
            // The value last set wins, as `setParameter` applies them in order; else the file's default.
            let given = values.last(where: { $0.0 == parameter.name })?.1 ?? parameter.defaultValue
            guard case let .floats(floats) = given, floats.count >= 3 else { continue }
            let rgb = signal.blendValue(ofSDR: SIMD3(Double(floats[0]), Double(floats[1]), Double(floats[2])), in: space)
            shown.append((parameter.name, .floats([Float(rgb.x), Float(rgb.y), Float(rgb.z)] + floats.dropFirst(3))))
        }
        return shown
    }
}
