import Testing
import SegueTesting
import SegueTiming

@Suite(.tags(.pure)) struct InterpolatableTests {
    @Test func doubleInterpolatesAndExtrapolates() {
        #expect(Double.interpolate(2, 6, 0) == 2)
        #expect(Double.interpolate(2, 6, 0.5) == 4)
        #expect(Double.interpolate(2, 6, 1) == 6)
        #expect(Double.interpolate(2, 6, -0.5) == 0)
        #expect(Double.interpolate(2, 6, 1.5) == 8)
        // Exact at the end even when from + (to - from) would round.
        #expect(Double.interpolate(0.1, 0.7, 1) == 0.7)
    }

    @Test func floatInterpolatesAndExtrapolates() {
        #expect(Float.interpolate(-1, 3, -0.5) == -3)
        #expect(Float.interpolate(-1, 3, 1.5) == 5)
        #expect(Float.interpolate(-1, 3, 0.25) == 0)
    }

    @Test func simdInterpolatesAndExtrapolatesLaneWise() {
        let a2 = SIMD2<Double>(0, 10)
        let b2 = SIMD2<Double>(4, 2)
        #expect(SIMD2.interpolate(a2, b2, -0.5) == SIMD2(-2, 14))
        #expect(SIMD2.interpolate(a2, b2, 1.5) == SIMD2(6, -2))

        let a3 = SIMD3<Float>(1, 2, 3)
        let b3 = SIMD3<Float>(3, 2, 1)
        #expect(SIMD3.interpolate(a3, b3, -0.5) == SIMD3(0, 2, 4))
        #expect(SIMD3.interpolate(a3, b3, 1.5) == SIMD3(4, 2, 0))

        let a4 = SIMD4<Double>(0, 0, 0, 1)
        let b4 = SIMD4<Double>(1, 2, 4, 0)
        #expect(SIMD4.interpolate(a4, b4, -0.5) == SIMD4(-0.5, -1, -2, 1.5))
        #expect(SIMD4.interpolate(a4, b4, 1.5) == SIMD4(1.5, 3, 6, -0.5))
        #expect(SIMD4.interpolate(a4, b4, 1) == b4)
    }
}
