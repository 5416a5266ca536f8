/// A damped spring moving a value from 0 to 1 (overshoot allowed), integrated at a fixed step so
/// results are identical on every run and every machine.
///
/// Units: the distance is 1, time is in seconds, so `stiffness` is in 1/s² per unit mass and
/// `damping` in 1/s per unit mass.
public struct Spring: Sendable, Equatable {
    public let mass: Double
    public let stiffness: Double
    public let damping: Double
    /// In units of the whole distance per second (UIKit's initialSpringVelocity: 1 covers the
    /// full distance in one second). Positive moves toward the target.
    public let initialVelocity: Double

    /// Fixed integration step: small enough for accuracy at any stiffness we allow, and a divisor
    /// of common frame rates (60, 120, 240 Hz) so frame times land on step boundaries.
    public static let integrationStep: Double = 1.0 / 1200.0

    /// Largest natural frequency (rad/s) times step we allow. Symplectic Euler goes unstable at
    /// ω·dt = 2 and loses accuracy well before; 0.5 is ω = 600 rad/s, a period under 11 ms.
    static let maximumOmegaStep = 0.5

    /// Beyond this the motion is held; bounds the per-call cost for undamped springs.
    static let maximumSimulatedTime = 600.0

    /// Invalid values (non-finite, mass/stiffness ≤ 0, damping < 0) are clamped, never trapped on.
    public init(mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0) {
        let mass = mass.isFinite ? max(mass, 1e-4) : 1
        let stiffnessLimit = mass * (Self.maximumOmegaStep / Self.integrationStep) * (Self.maximumOmegaStep / Self.integrationStep)
        let stiffness = min(stiffness.isFinite ? max(stiffness, 1e-4) : 100, stiffnessLimit)
        self.mass = mass
        self.stiffness = stiffness
        // Non-finite damping becomes critical damping: the least surprising settle.
        self.damping = damping.isFinite ? max(damping, 0) : 2 * (stiffness * mass).squareRoot()
        self.initialVelocity = initialVelocity.isFinite ? initialVelocity : 0
    }

    /// ζ = c / (2·√(k·m)); 1 is critically damped, below 1 overshoots.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// Undamped angular frequency ω₀ = √(k/m), in rad/s.
    var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// Position at `time` seconds (0 at time <= 0); may exceed 1 while overshooting.
    public func value(at time: Double) -> Double {
        1 + state(at: time).offset
    }

    /// Velocity at `time` seconds, in distances per second (`initialVelocity` at time <= 0).
    public func velocity(at time: Double) -> Double {
        state(at: time).velocity
    }
}
