#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Spring {
    /// UIKit's `usingSpringWithDamping:initialSpringVelocity:` with a fixed duration: damping ratio
    /// ζ (> 0, 1 = critically damped) and the duration by which the motion must have settled.
    ///
    /// Derivation (mass 1, so stiffness = ω₀² and damping = 2ζω₀): the offset from the target is
    /// x(t) - 1 = A·e^{-ζω₀t}·cos(ω_d·t + φ) with ω_d = ω₀√(1-ζ²), and its velocity divided by ω₀ has
    /// the same bound A·e^{-ζω₀t}. Starting at rest at 0, A = 1/√(1-ζ²). Requiring the envelope
    /// A·e^{-ζω₀T} = ε (ε = 0.001 of the distance) at the duration T gives
    ///     ω₀ = ln(A/ε) / (ζ·T).
    /// At and above critical damping there is no oscillation; the slow mode decays at
    /// ω₀(ζ - √(ζ²-1)), and for ζ = 1 the offset (1 + ω₀t)·e^{-ω₀t} reaches ε at ω₀t = τ_c ≈ 9.233
    /// (the root of τ - ln(1+τ) = ln 1000), so ω₀ = τ_c / ((ζ - √(ζ²-1))·T).
    /// The closed form ignores the initial velocity and the discrete integrator, so it is only the
    /// starting guess: ω₀ is then rescaled (settling time ∝ 1/ω₀) until the integrated
    /// `settlingTime()` lands just inside T, which makes the promise exact for this integrator.
    public init(dampingRatio: Double, duration: Double, initialVelocity: Double = 0) {
        let zeta = dampingRatio.isFinite ? max(dampingRatio, 0.01) : 1
        let duration = duration.isFinite ? max(duration, 0.01) : 0.5
        let velocity = initialVelocity.isFinite ? initialVelocity : 0
        let maximumOmega = Self.maximumOmegaStep / Self.integrationStep

        func spring(_ omega: Double) -> Spring {
            Spring(mass: 1, stiffness: omega * omega, damping: 2 * zeta * omega, initialVelocity: velocity)
        }

        var omega = min(Self.estimatedNaturalFrequency(dampingRatio: zeta, duration: duration), maximumOmega)
        // Settling time scales as 1/ω₀, so one or two rescales converge; aim slightly early so the
        // step-quantized settling time does not poke past the duration.
        let target = duration * 0.995
        for _ in 0..<6 {
            let settle = spring(omega).settlingTime()
            if settle <= duration && settle >= duration * 0.95 { break }
            guard settle > 0 else { break }
            omega = min(omega * settle / target, maximumOmega)
        }
        // Guarantee the contract even when the rescale oscillates around the boundary.
        for _ in 0..<40 where omega < maximumOmega && spring(omega).settlingTime() > duration {
            omega = min(omega * 1.02, maximumOmega)
        }
        self = spring(omega)
    }

    /// Closed-form ω₀ (see the initializer's derivation) for settling to 0.001 within `duration`.
    static func estimatedNaturalFrequency(dampingRatio zeta: Double, duration: Double) -> Double {
        let epsilon = 0.001
        if zeta < 1 {
            // The amplitude factor 1/√(1-ζ²) overstates the motion near critical damping (the
            // oscillation is too slow to reach its envelope), so cap it; 10 joins the critical case.
            let amplitude = min(1 / (1 - zeta * zeta).squareRoot(), 10)
            return log(amplitude / epsilon) / (zeta * duration)
        }
        let criticalSettle = 9.233  // τ with τ - ln(1+τ) = ln(1/ε)
        let slowModeRate = zeta - (zeta * zeta - 1).squareRoot()
        return criticalSettle / (slowModeRate * duration)
    }
}
