import Testing
import SegueTesting
@testable import SegueTiming

/// Independent reference: plain bisection on the parameter to full double precision, then y(s).
/// Written from the Bézier definition rather than the module's Horner helpers.
private func referenceValue(_ curve: CubicBezier, at x: Double) -> Double {
    func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }
    var low = 0.0
    var high = 1.0
    for _ in 0..<200 {
        let mid = (low + high) / 2
        if coordinate(mid, curve.c1.x, curve.c2.x) < x { low = mid } else { high = mid }
    }
    return coordinate((low + high) / 2, curve.c1.y, curve.c2.y)
}

@Suite(.tags(.pure)) struct CubicBezierTests {
    @Test(arguments: [0.1, 0.25, 0.5, 0.75, 0.9])
    func easeMatchesHighPrecisionReference(x: Double) {
        let expected = referenceValue(.ease, at: x)
        #expect(abs(CubicBezier.ease.value(at: x) - expected) < 1e-6)
    }

    @Test func easeMatchesPublishedPoint() {
        // CSS `ease` at half time is ≈ 0.8024 (widely tabulated).
        #expect(abs(CubicBezier.ease.value(at: 0.5) - 0.8024) < 1e-3)
    }

    @Test func endpointsAreExact() {
        let curves: [CubicBezier] = [.ease, CubicBezier(0.9, 0, 0.1, 1), CubicBezier(0, 1, 1, 0)]
        for curve in curves {
            #expect(curve.value(at: 0) == 0)
            #expect(curve.value(at: 1) == 1)
            #expect(curve.value(at: -3) == 0)
            #expect(curve.value(at: 7) == 1)
        }
    }

    @Test func controlXIsClamped() {
        let curve = CubicBezier(-2, 0.3, 5, 0.7)
        #expect(curve.c1 == SIMD2(0, 0.3))
        #expect(curve.c2 == SIMD2(1, 0.7))
    }

    @Test(arguments: [
        CubicBezier(0.9, 0, 0.1, 1),  // steep middle: Newton overshoots
        CubicBezier(0, 0.5, 1, 0.5),  // control x at 0 and 1: flat ends in x(s)
        CubicBezier(1, 0, 0, 1),  // x'(s) = 0 at s = 0.5
        CubicBezier(0, 1, 0, 1),  // near-vertical start
    ])
    func hardCurvesStillConverge(curve: CubicBezier) {
        for i in 1..<200 {
            let x = Double(i) / 200
            let value = curve.value(at: x)
            #expect(value.isFinite)
            #expect(abs(value - referenceValue(curve, at: x)) < 1e-4, "x = \(x)")
        }
    }

    @Test func nonFiniteInputsDoNotPoisonTheCurve() {
        let curve = CubicBezier(.nan, .infinity, 0.5, .nan)
        #expect(curve.value(at: 0.5).isFinite)
        #expect(CubicBezier.ease.value(at: .nan) == 0)
    }
}

@Suite(.tags(.pure)) struct TimingCurveTests {
    @Test(arguments: [TimingCurve.linear, .easeIn, .easeOut, .easeInOut, .cubicBezier(.ease)])
    func standardCurvesAreMonotonicWithExactEnds(curve: TimingCurve) {
        #expect(curve.value(at: 0) == 0)
        #expect(curve.value(at: 1) == 1)
        var previous = 0.0
        for i in 1...1000 {
            let value = curve.value(at: Double(i) / 1000)
            #expect(value >= previous - 1e-9)
            previous = value
        }
    }

    @Test func easeInIsBelowLinearIsBelowEaseOut() {
        let t = 0.3
        #expect(TimingCurve.easeIn.value(at: t) < TimingCurve.linear.value(at: t))
        #expect(TimingCurve.linear.value(at: t) < TimingCurve.easeOut.value(at: t))
    }

    @Test func namedCurvesUseCoreAnimationControlPoints() {
        for (curve, bezier) in [
            (TimingCurve.easeIn, CubicBezier(0.42, 0, 1, 1)),
            (.easeOut, CubicBezier(0, 0, 0.58, 1)),
            (.easeInOut, CubicBezier(0.42, 0, 0.58, 1)),
        ] {
            #expect(curve.bezier == bezier)
            for x in [0.2, 0.5, 0.8] {
                #expect(abs(curve.value(at: x) - referenceValue(bezier, at: x)) < 1e-6)
            }
        }
        // easeInOut is symmetric about the midpoint.
        #expect(abs(TimingCurve.easeInOut.value(at: 0.5) - 0.5) < 1e-6)
    }

    @Test func inputIsClamped() {
        #expect(TimingCurve.easeOut.value(at: -1) == 0)
        #expect(TimingCurve.easeOut.value(at: 2) == 1)
        #expect(TimingCurve.linear.value(at: .nan) == 0)
    }
}
