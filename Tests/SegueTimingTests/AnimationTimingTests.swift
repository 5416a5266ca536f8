import Testing
import SegueTesting
import SegueTiming

@Suite(.tags(.pure)) struct AnimationTimingTests {
    @Test func curveTimingFollowsItsCurve() {
        let timing = AnimationTiming.curve(.easeInOut, duration: 0.4)
        #expect(timing.duration == 0.4)
        #expect(timing.progress(at: -0.01) == 0)
        #expect(timing.progress(at: 0) == 0)
        for elapsed in [0.05, 0.1, 0.2, 0.33] {
            #expect(timing.progress(at: elapsed) == TimingCurve.easeInOut.value(at: elapsed / 0.4))
        }
        #expect(timing.progress(at: 0.4) == 1)
        #expect(timing.progress(at: 5) == 1)
    }

    @Test func springTimingIsExactlyOneAtAndAfterItsDuration() {
        let spring = Spring(dampingRatio: 0.5, duration: 1)
        let timing = AnimationTiming.spring(spring, duration: 1)
        #expect(timing.duration == 1)
        #expect(timing.progress(at: -1) == 0)
        #expect(timing.progress(at: 0.3) == spring.value(at: 0.3))
        #expect(timing.progress(at: 1) == 1)
        #expect(timing.progress(at: 1.0001) == 1)
        #expect(timing.progress(at: 100) == 1)
        // Cutting a spring short still lands exactly on 1 at the duration.
        let cut = AnimationTiming.spring(Spring(stiffness: 10, damping: 1), duration: 0.25)
        #expect(cut.progress(at: 0.2499) < 1)
        #expect(cut.progress(at: 0.25) == 1)
    }

    @Test func zeroDurationJumpsAtTheStart() {
        for timing in [AnimationTiming.curve(.linear, duration: 0), .spring(Spring(stiffness: 100, damping: 20), duration: -2)] {
            #expect(timing.duration == 0)
            #expect(timing.progress(at: -0.001) == 0)
            #expect(timing.progress(at: 0) == 1)
            #expect(timing.progress(at: 1) == 1)
        }
        #expect(AnimationTiming.curve(.linear, duration: 1).progress(at: .nan) == 0)
    }
}
