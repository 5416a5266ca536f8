/// An animation's timing: a curve over a duration, or a spring that is cut to exactly 1 at its
/// duration (a spring built with `Spring(dampingRatio:duration:)` has settled by then anyway).
public enum AnimationTiming: Sendable, Equatable {
    case curve(TimingCurve, duration: Double)
    case spring(Spring, duration: Double)

    /// The duration in seconds; negative or non-finite durations count as 0.
    public var duration: Double {
        let raw: Double
        switch self {
        case .curve(_, let duration), .spring(_, let duration): raw = duration
        }
        return raw.isFinite && raw > 0 ? raw : 0
    }

    /// Eased progress `elapsed` seconds after the start: 0 before, exactly 1 at and after the
    /// duration. With duration 0 it jumps to 1 at elapsed >= 0.
    public func progress(at elapsed: Double) -> Double {
        guard elapsed >= 0 else { return 0 }  // also catches NaN
        let duration = self.duration
        guard elapsed < duration else { return 1 }
        switch self {
        case .curve(let curve, _): return curve.value(at: elapsed / duration)
        case .spring(let spring, _): return spring.value(at: elapsed)
        }
    }
}
