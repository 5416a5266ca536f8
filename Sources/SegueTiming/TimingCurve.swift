/// Maps a linear time fraction t (0...1) to eased progress.
public enum TimingCurve: Sendable, Equatable {
    case linear
    /// Core Animation's kCAMediaTimingFunctionEaseIn: (0.42, 0, 1, 1).
    case easeIn
    /// Core Animation's kCAMediaTimingFunctionEaseOut: (0, 0, 0.58, 1).
    case easeOut
    /// Core Animation's kCAMediaTimingFunctionEaseInEaseOut: (0.42, 0, 0.58, 1).
    case easeInOut
    case cubicBezier(CubicBezier)

    /// Eased progress; t is clamped to 0...1 and the ends are exactly 0 and 1.
    public func value(at t: Double) -> Double {
        guard t > 0 else { return 0 }  // also catches NaN
        guard t < 1 else { return 1 }
        switch self {
        case .linear: return t
        case .easeIn: return Self.easeInBezier.value(at: t)
        case .easeOut: return Self.easeOutBezier.value(at: t)
        case .easeInOut: return Self.easeInOutBezier.value(at: t)
        case .cubicBezier(let bezier): return bezier.value(at: t)
        }
    }

    /// The Bézier behind a named curve (linear is (0,0)-(1,1)).
    public var bezier: CubicBezier {
        switch self {
        case .linear: CubicBezier(0, 0, 1, 1)
        case .easeIn: Self.easeInBezier
        case .easeOut: Self.easeOutBezier
        case .easeInOut: Self.easeInOutBezier
        case .cubicBezier(let bezier): bezier
        }
    }

    private static let easeInBezier = CubicBezier(0.42, 0, 1, 1)
    private static let easeOutBezier = CubicBezier(0, 0, 0.58, 1)
    private static let easeInOutBezier = CubicBezier(0.42, 0, 0.58, 1)
}
