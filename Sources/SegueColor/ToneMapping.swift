/// How HDR light above SDR's white is brought into 0…1: ffmpeg's `tonemap` filter's
/// operators, with its defaults, applied as it applies them (to the brightest component, the
/// colour scaled by the same factor so hues hold; no desaturation, `desat=0`).
public enum ToneMapOperator: String, Sendable, Hashable, CaseIterable {
    /// John Hable's filmic curve (Uncharted 2): keeps shadows and highlights; Segue's default.
    case hable
    /// Linear up to `mobiusKnee`, then a smooth roll-off to the peak (mpv's).
    case mobius
    /// Erik Reinhard's x / (x + 1), scaled so the peak maps to 1.
    case reinhard
    /// Clips at SDR white: the highlights' detail is lost.
    case clip

    /// Mobius's knee (ffmpeg's default `param` of 0.3).
    public static let mobiusKnee = 0.3
    /// Reinhard's contrast (ffmpeg's default `param`, 1).
    public static let reinhardContrast = 1.0

    /// The operator's curve of one signal value (linear, SDR white = 1), for a picture whose
    /// brightest light is `peak` (ffmpeg's `tonemap` assumes 10, HLG's 1000 nits over 100, when a
    /// frame carries no mastering or light-level side data).
    public func curve(_ signal: Double, peak: Double) -> Double {
        switch self {
        case .hable:
            return Self.hable(signal) / Self.hable(peak)
        case .mobius:
            let j = Self.mobiusKnee
            guard signal > j else { return signal }
            let a = -j * j * (peak - 1) / (j * j - 2 * j + peak)
            let b = (j * j - 2 * j * peak + peak) / max(peak - 1, 1e-6)
            return (b * b + 2 * b * j + j * j) / (b - a) * (signal + a) / (signal + b)
        case .reinhard:
            let p = Self.reinhardContrast
            return signal / (signal + p) * (peak + p) / peak
        case .clip:
            return min(max(signal, 0), 1)
        }
    }

    /// Linear RGB (SDR white = 1) tone-mapped: the brightest component through `curve`, every
    /// component scaled by the same factor.
    public func apply(_ rgb: (Double, Double, Double), peak: Double) -> (Double, Double, Double) {
        let signal = max(rgb.0, rgb.1, rgb.2, 1e-6)
        let scale = curve(signal, peak: peak) / signal
        return (rgb.0 * scale, rgb.1 * scale, rgb.2 * scale)
    }

    static func hable(_ x: Double) -> Double {
        let (a, b, c, d, e, f) = (0.15, 0.50, 0.10, 0.20, 0.02, 0.30)
        return (x * (x * a + b * c) + d * e) / (x * (x * a + b) + d * f) - e / f
    }

    /// The peak ffmpeg's `tonemap` assumes for a linear frame without side data, relative to
    /// 100 nits: 1000-nit HLG's and, for PQ, the same (zscale's linear output carries no trace of PQ).
    public static let defaultPeak = 10.0
}
