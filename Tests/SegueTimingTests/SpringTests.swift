import Testing
import SegueTesting
@testable import SegueTiming

/// Samples a spring every `step` seconds from 0 through `duration`.
private func samples(_ spring: Spring, through duration: Double, step: Double = 1.0 / 600.0) -> [Double] {
    (0...Int(duration / step)).map { spring.value(at: Double($0) * step) }
}

@Suite(.tags(.pure)) struct SpringTests {
    @Test func underdampedUIKitSpringOvershootsAndSettlesByItsDuration() {
        let spring = Spring(dampingRatio: 0.5, duration: 2.5)
        #expect(abs(spring.dampingRatio - 0.5) < 1e-9)
        #expect(samples(spring, through: 2.5).max()! > 1.05)
        // Settled for good: everything from the duration on stays within 0.001.
        for i in 0...600 {
            #expect(abs(spring.value(at: 2.5 + Double(i) / 240) - 1) <= 0.001)
        }
        #expect(spring.settlingTime() <= 2.5 + Spring.integrationStep)
        // ...and it uses most of the duration rather than snapping early.
        #expect(spring.settlingTime() > 2.0)
    }

    @Test(arguments: [0.2, 0.5, 0.8, 1.0, 2.0], [0.3, 1.0, 2.5])
    func uikitSpringSettlesByDuration(ratio: Double, duration: Double) {
        let spring = Spring(dampingRatio: ratio, duration: duration)
        #expect(spring.settlingTime() <= duration + Spring.integrationStep)
        #expect(abs(spring.value(at: duration) - 1) <= 0.001)
    }

    @Test func criticallyDampedNeverOvershoots() {
        let spring = Spring(dampingRatio: 1, duration: 1)
        #expect(samples(spring, through: 3).allSatisfy { $0 <= 1 + 1e-3 })
        #expect(abs(spring.value(at: 1) - 1) <= 0.001)
    }

    @Test func initialVelocityMakesEarlyProgressLarger() {
        let resting = Spring(stiffness: 100, damping: 20)
        let pushed = Spring(stiffness: 100, damping: 20, initialVelocity: 5)
        #expect(pushed.value(at: 0.05) > resting.value(at: 0.05))
        let uikitResting = Spring(dampingRatio: 0.8, duration: 1)
        let uikitPushed = Spring(dampingRatio: 0.8, duration: 1, initialVelocity: 5)
        #expect(uikitPushed.value(at: 0.05) > uikitResting.value(at: 0.05))
        #expect(uikitPushed.velocity(at: 0) == 5)
        #expect(uikitPushed.settlingTime() <= 1 + Spring.integrationStep)
    }

    @Test func startsAtZero() {
        let spring = Spring(dampingRatio: 0.5, duration: 1, initialVelocity: 3)
        #expect(spring.value(at: 0) == 0)
        #expect(spring.value(at: -1) == 0)
        #expect(spring.value(at: .nan) == 0)
    }

    @Test func isDeterministic() {
        let spring = Spring(dampingRatio: 0.6, duration: 1.7, initialVelocity: 0.4)
        for time in [0.0137, 0.5, 1.234567, 3.9] {
            #expect(spring.value(at: time).bitPattern == spring.value(at: time).bitPattern)
            #expect(spring.velocity(at: time).bitPattern == spring.velocity(at: time).bitPattern)
        }
        #expect(Spring(dampingRatio: 0.6, duration: 1.7, initialVelocity: 0.4) == spring)
    }

    @Test func lightlyDampedSpringOscillatesAtItsNaturalPeriod() {
        let mass = 2.0
        let stiffness = 800.0
        let spring = Spring(mass: mass, stiffness: stiffness, damping: 0.02)
        let expectedPeriod = 2 * Double.pi / (stiffness / mass).squareRoot()
        // Times where the motion crosses the target going up, found by linear interpolation.
        let step = 1.0 / 4800.0
        var crossings: [Double] = []
        var previous = spring.value(at: 0) - 1
        for i in 1...Int(2.0 / step) {
            let offset = spring.value(at: Double(i) * step) - 1
            if previous < 0, offset >= 0 {
                crossings.append(Double(i - 1) * step + step * -previous / (offset - previous))
            }
            previous = offset
        }
        #expect(crossings.count >= 4)
        let measured = (crossings.last! - crossings.first!) / Double(crossings.count - 1)
        #expect(abs(measured - expectedPeriod) / expectedPeriod < 0.02)
    }

    @Test func velocityMatchesTheSlopeOfTheValue() {
        let spring = Spring(stiffness: 300, damping: 10, initialVelocity: 2)
        let h = 1e-3
        for time in [0.05, 0.2, 0.6] {
            let slope = (spring.value(at: time + h) - spring.value(at: time - h)) / (2 * h)
            #expect(abs(slope - spring.velocity(at: time)) < 0.05 * max(1, abs(slope)))
        }
    }

    @Test func invalidParametersAreClampedNotTrapped() {
        let springs = [
            Spring(mass: 0, stiffness: -5, damping: -1),
            Spring(mass: .nan, stiffness: .infinity, damping: .nan, initialVelocity: .infinity),
            Spring(stiffness: 1e12, damping: 1e12),
            Spring(dampingRatio: -1, duration: 0),
            Spring(dampingRatio: .nan, duration: .infinity),
        ]
        for spring in springs {
            #expect(spring.mass > 0 && spring.stiffness > 0 && spring.damping >= 0)
            #expect(spring.initialVelocity.isFinite)
            for time in [0.1, 1, 10] {
                #expect(spring.value(at: time).isFinite)
            }
            #expect(spring.settlingTime().isFinite)
        }
    }

    @Test func undampedSpringReportsTheSettlingCap() {
        #expect(Spring(stiffness: 100, damping: 0).settlingTime() == 60)
    }

    @Test func farFutureQueriesRestExactlyOnTarget() {
        let spring = Spring(dampingRatio: 0.7, duration: 0.5)
        #expect(spring.value(at: 30) == 1)
        #expect(spring.velocity(at: 30) == 0)
        #expect(spring.value(at: .infinity).isFinite)
    }
}
