import Testing
import SegueTesting
import SegueTiming

@Suite(.tags(.pure)) struct ClockTests {
    @Test(arguments: [0.0, 0.1, 1234.5678])
    func virtualClockTicksWithoutDrift(start: Double) {
        let step = 1.0 / 60.0
        let clock = VirtualClock(step: step, start: start)
        #expect(clock.now == start)
        var summed = start
        for n in 1...6000 {
            #expect(clock.tick() == start + Double(n) * step)
            summed += step
        }
        #expect(clock.now == start + 6000 * step)
        // Repeated addition would have drifted; the clock did not follow it.
        #expect(abs(summed - clock.now) < 1e-9)
    }

    @Test func sixtyTicksOfOneSixtiethIsOneSecond() {
        let clock = VirtualClock()
        for _ in 0..<60 { clock.tick() }
        #expect(clock.now == 0 + Double(60) * (1.0 / 60.0))
        #expect(abs(clock.now - 1) < 1e-15)
    }

    @Test func advanceMovesForwardAndTicksContinueFromThere() {
        let clock = VirtualClock(step: 0.25, start: 1)
        #expect(clock.advance(by: 0.5) == 1.5)
        #expect(clock.tick() == 1.75)
        #expect(clock.tick() == 2.0)
        #expect(clock.advance(by: -3) == 2.0)  // time never goes backward
        #expect(clock.advance(by: .nan) == 2.0)
        #expect(clock.now == 2.0)
    }

    @Test func invalidStepFallsBackToSixtyHertz() {
        #expect(VirtualClock(step: 0).step == 1.0 / 60.0)
        #expect(VirtualClock(step: -.infinity).step == 1.0 / 60.0)
    }

    @Test func realClockIsMonotonicFromZero() {
        let clock = RealClock()
        let first = clock.now
        let second = clock.now
        #expect(first >= 0 && first < 1)
        #expect(second >= first)
    }

    @Test func clocksServeAsFrameClocks() {
        let clocks: [any FrameClock] = [VirtualClock(start: 2), RealClock()]
        #expect(clocks[0].now == 2)
        #expect(clocks[1].now >= 0)
    }
}
