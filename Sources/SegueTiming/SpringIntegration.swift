/// Position and velocity of a spring, measured from the target (offset = value - 1).
struct SpringState: Sendable, Equatable {
    var offset: Double
    var velocity: Double
}

extension Spring {
    /// Where every integration starts: at 0 (offset -1) moving at the initial velocity.
    var initialState: SpringState { SpringState(offset: -1, velocity: initialVelocity) }

    /// One semi-implicit (symplectic) Euler step: velocity first, then position from the new
    /// velocity. The damping term is taken implicitly (at the new velocity) so even absurd
    /// damping cannot blow up; the spring force stays explicit, which keeps the scheme symplectic.
    func advanced(_ state: SpringState) -> SpringState {
        let dt = Self.integrationStep
        let velocity = (state.velocity - dt * (stiffness / mass) * state.offset) / (1 + dt * damping / mass)
        return SpringState(offset: state.offset + dt * velocity, velocity: velocity)
    }

    /// Integrates from 0 each call (deterministic, no mutable cache), interpolating linearly inside
    /// the last step so the curve is continuous in time.
    func state(at time: Double) -> SpringState {
        guard time > 0 else { return initialState }  // also catches NaN
        let steps = min(time, Self.maximumSimulatedTime) / Self.integrationStep
        let whole = steps.rounded(.down)
        let fraction = steps - whole
        let restFloor = 1e-24  // squared normalized energy below which the spring is exactly at rest
        let omega = naturalFrequency
        var state = initialState
        for _ in 0..<Int(whole) {
            state = advanced(state)
            // Past this point the remaining motion is far below anything visible; stopping here
            // keeps late queries cheap and lands exactly on 1.
            let scaledVelocity = state.velocity / omega
            if state.offset * state.offset + scaledVelocity * scaledVelocity < restFloor {
                return SpringState(offset: 0, velocity: 0)
            }
        }
        guard fraction > 0 else { return state }
        let next = advanced(state)
        return SpringState(
            offset: state.offset + (next.offset - state.offset) * fraction,
            velocity: state.velocity + (next.velocity - state.velocity) * fraction)
    }

    /// Longest time `settlingTime` reports.
    static let maximumSettlingTime = 60.0

    /// The first time after which the motion stays within `tolerance` of 1 with |v| small; found by
    /// integration, capped at 60 s.
    ///
    /// "Small" velocity means |v| ≤ tolerance·ω₀ (ω₀ = √(k/m)): the velocity a motion of amplitude
    /// `tolerance` has at this spring's own frequency. That keeps the test scale-free (a stiff and a
    /// soft spring with the same ζ settle at the same number of periods) and matches the envelope
    /// bound e^{-ζω₀t} used by `init(dampingRatio:duration:)`.
    public func settlingTime(tolerance: Double = 0.001) -> Double {
        let tolerance = tolerance.isFinite && tolerance > 0 ? tolerance : 0.001
        let omega = naturalFrequency
        let lastStep = Int(Self.maximumSettlingTime / Self.integrationStep)
        // Energy ½k·x² + ½m·v² never grows for a damped spring, so once the normalized energy is
        // well inside the tolerance box it stays inside; the margin covers the small energy ripple
        // of the discrete integrator.
        let insideForever = (0.5 * tolerance) * (0.5 * tolerance)
        var state = initialState
        var lastOutside = -1
        for step in 0...lastStep {
            let scaledVelocity = state.velocity / omega
            if abs(state.offset) > tolerance || abs(scaledVelocity) > tolerance {
                lastOutside = step
            } else if state.offset * state.offset + scaledVelocity * scaledVelocity <= insideForever {
                break
            }
            state = advanced(state)
        }
        guard lastOutside >= 0 else { return 0 }
        return min(Double(lastOutside + 1) * Self.integrationStep, Self.maximumSettlingTime)
    }
}
