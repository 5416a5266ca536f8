import SegueUIKit
import Testing
import SegueTesting

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `Transform3D.interpolate` decomposes (perspective, translation, scale, skew, quaternion) and
/// recomposes, as Core Animation and CSS Transforms 2 do.
@Suite("Transform3D interpolation", .tags(.pure))
struct Transform3DInterpolationTests {
    private static func rotationZ(_ degrees: Double) -> Transform3D {
        Transform3D(rotationAngle: degrees * .pi / 180, x: 0, y: 0, z: 1)
    }

    private static func allFinite(_ t: Transform3D) -> Bool {
        geometryValues(t).allSatisfy(\.isFinite)
    }

    /// The same projective transform scaled to m44 = 1, as the decomposition leaves it.
    private static func normalized(_ t: Transform3D) -> Transform3D {
        let values = geometryValues(t).map { $0 / t.m44 }
        return Transform3D(
            m11: values[0], m12: values[1], m13: values[2], m14: values[3],
            m21: values[4], m22: values[5], m23: values[6], m24: values[7],
            m31: values[8], m32: values[9], m33: values[10], m34: values[11],
            m41: values[12], m42: values[13], m43: values[14], m44: values[15])
    }

    /// Upper 3×3 determinant: 1 for a rigid rotation, cos³45° ≈ 0.35 for a componentwise blend.
    private static func linearDeterminant(_ t: Transform3D) -> Double {
        t.m11 * (t.m22 * t.m33 - t.m23 * t.m32)
            - t.m12 * (t.m21 * t.m33 - t.m23 * t.m31)
            + t.m13 * (t.m21 * t.m32 - t.m22 * t.m31)
    }

    @Test func halfwayToNinetyDegreesAboutYIsFortyFiveDegrees() {
        let to = Transform3D.identity.rotated(by: .pi / 2, x: 0, y: 1, z: 0)
        let half = Transform3D.interpolate(.identity, to, 0.5)
        let expected = Transform3D.identity.rotated(by: .pi / 4, x: 0, y: 1, z: 0)
        #expect(geometryClose(half, expected))
        // No shrinking: the componentwise blend would have m11 = m33 = (1 + 0) / 2.
        #expect(geometryClose(Self.linearDeterminant(half), 1))
        #expect(geometryClose(half.m11, cos(.pi / 4)))
    }

    @Test func halfwayToNinetyDegreesAboutYWithPerspective() {
        let perspective = Transform3D.perspective(m34: -0.005)
        let to = perspective.rotated(by: .pi / 2, x: 0, y: 1, z: 0)
        let half = Transform3D.interpolate(perspective, to, 0.5)
        #expect(geometryClose(half, perspective.rotated(by: .pi / 4, x: 0, y: 1, z: 0)))
        let quarter = Transform3D.interpolate(perspective, to, 0.25)
        #expect(geometryClose(quarter, perspective.rotated(by: .pi / 8, x: 0, y: 1, z: 0)))
    }

    @Test func perspectiveItselfInterpolatesLinearly() {
        let half = Transform3D.interpolate(.identity, .perspective(m34: -0.01), 0.5)
        #expect(geometryClose(half, .perspective(m34: -0.005)))
    }

    @Test func translationAndScaleInterpolateLinearly() {
        let to = Transform3D(scaleX: 3, y: 3, z: 3).concatenating(Transform3D(translationX: 100, y: 40, z: 0))
        #expect(to.m41 == 100 && to.m42 == 40 && to.m11 == 3)
        let half = Transform3D.interpolate(.identity, to, 0.5)
        #expect(geometryClose(half,
            Transform3D(scaleX: 2, y: 2, z: 2).concatenating(Transform3D(translationX: 50, y: 20, z: 0))))
        #expect(geometryClose(half.m41, 50) && geometryClose(half.m42, 20) && geometryClose(half.m43, 0))
        #expect(geometryClose(half.m11, 2) && geometryClose(half.m22, 2) && geometryClose(half.m33, 2))
    }

    @Test func rotationAboutZTakesTheShortPath() {
        #expect(geometryClose(Transform3D.interpolate(.identity, Self.rotationZ(170), 0.5), Self.rotationZ(85)))
        // 350° is −10°: halfway is −5°, not 175°.
        #expect(geometryClose(Transform3D.interpolate(.identity, Self.rotationZ(350), 0.5), Self.rotationZ(-5)))
        // Between two non-identity ends whose quaternions point apart (w of 170° and −170° both > 0,
        // dot < 0): 170° → 190° goes through 180°, not back through 0°.
        #expect(geometryClose(
            Transform3D.interpolate(Self.rotationZ(170), Self.rotationZ(-170), 0.5), Self.rotationZ(180)))
        #expect(geometryClose(
            Transform3D.interpolate(Self.rotationZ(170), Self.rotationZ(-170), 0.25), Self.rotationZ(175)))
    }

    @Test func rotationAboutAnArbitraryAxisStaysRigid() {
        let axis = (x: 1.0, y: -2.0, z: 0.5)
        let to = Transform3D(rotationAngle: 2, x: axis.x, y: axis.y, z: axis.z)
        for t in stride(from: -0.5, through: 1.5, by: 0.125) {
            let mid = Transform3D.interpolate(.identity, to, t)
            #expect(geometryClose(mid, Transform3D(rotationAngle: 2 * t, x: axis.x, y: axis.y, z: axis.z)))
        }
    }

    @Test func endpointsAreExact() {
        let from = Transform3D.perspective(m34: -0.002).rotated(by: 0.3, x: 1, y: 1, z: 0)
            .translatedBy(x: 7, y: -3, z: 2)
        let to = Transform3D(scaleX: 2, y: -1, z: 1).rotated(by: 2.5, x: 0, y: 0, z: 1)
        #expect(Transform3D.interpolate(from, to, 0) == from)
        #expect(Transform3D.interpolate(from, to, 1) == to)
        // Even when the ends cannot be decomposed.
        let flat = Transform3D(scaleX: 0, y: 1, z: 1)
        #expect(Transform3D.interpolate(flat, to, 0) == flat)
        #expect(Transform3D.interpolate(from, flat, 1) == flat)
    }

    @Test func extrapolatesBeyondTheEnds() {
        let to = Self.rotationZ(60)
        #expect(geometryClose(Transform3D.interpolate(.identity, to, 1.5), Self.rotationZ(90)))
        #expect(geometryClose(Transform3D.interpolate(.identity, to, -0.5), Self.rotationZ(-30)))
        let grow = Transform3D(scaleX: 2, y: 2, z: 1).concatenating(Transform3D(translationX: 10, y: 0, z: 0))
        #expect(geometryClose(Transform3D.interpolate(.identity, grow, 1.5),
            Transform3D(scaleX: 2.5, y: 2.5, z: 1).concatenating(Transform3D(translationX: 15, y: 0, z: 0))))
        // Far overshoot of a large rotation stays finite and rigid.
        let far = Transform3D.interpolate(.identity, Self.rotationZ(179), 7.3)
        #expect(Self.allFinite(far))
        #expect(geometryClose(far, Self.rotationZ(179 * 7.3)))
    }

    @Test func singularInputFallsBackToComponentwise() {
        let flat = Transform3D(scaleX: 0, y: 1, z: 1)
        let rotated = Self.rotationZ(90)
        for t in [-0.5, 0.25, 0.5, 1.5] {
            let mid = Transform3D.interpolate(rotated, flat, t)
            #expect(Self.allFinite(mid))
            let expected = zip(geometryValues(rotated), geometryValues(flat)).map { $0 * (1 - t) + $1 * t }
            #expect(zip(geometryValues(mid), expected).allSatisfy { geometryClose($0, $1) })
        }
        let zero = Transform3D(
            m11: 0, m12: 0, m13: 0, m14: 0, m21: 0, m22: 0, m23: 0, m24: 0,
            m31: 0, m32: 0, m33: 0, m34: 0, m41: 0, m42: 0, m43: 0, m44: 0)
        #expect(geometryClose(Transform3D.interpolate(zero, .identity, 0.5), Transform3D(
            m11: 0.5, m12: 0, m13: 0, m14: 0, m21: 0, m22: 0.5, m23: 0, m24: 0,
            m31: 0, m32: 0, m33: 0.5, m34: 0, m41: 0, m42: 0, m43: 0, m44: 0.5)))
        // Rounding-noise singular (rotated, then z flattened) also falls back instead of decomposing garbage.
        let flattened = Transform3D(rotationAngle: 0.4, x: 1, y: 1, z: 0).concatenating(Transform3D(scaleX: 1, y: 1, z: 0))
        #expect(Self.allFinite(Transform3D.interpolate(.identity, flattened, 0.5)))
    }

    @Test func reflectionInterpolatesWithoutNaN() {
        // A flip is a negative scale; halfway the scale passes through 0, as in Core Animation.
        let flip = Transform3D(scaleX: -1, y: 1, z: 1)
        for t in [0.25, 0.5, 0.75, 1.25] {
            #expect(Self.allFinite(Transform3D.interpolate(.identity, flip, t)))
        }
        // Same handedness on both ends: no rotation sneaks in.
        let flipBig = Transform3D(scaleX: -3, y: 1, z: 1)
        #expect(geometryClose(Transform3D.interpolate(flip, flipBig, 0.5), Transform3D(scaleX: -2, y: 1, z: 1)))
    }

    /// Decomposing and recomposing reproduces the matrix: interpolating a transform with itself,
    /// at any t, gives it back (normalised to m44 = 1).
    @Test func decompositionRoundTrips() {
        var random = InterpolationSplitMix(seed: 0x5E6E)
        for _ in 0..<200 {
            func r(_ range: ClosedRange<Double>) -> Double { random.next(in: range) }
            let m = Transform3D(scaleX: r(0.2...3) * (r(0...1) < 0.3 ? -1 : 1), y: r(0.2...3), z: r(0.2...3))
                .concatenating(Transform3D(
                    m11: 1, m12: 0, m13: 0, m14: 0, m21: r(-1...1), m22: 1, m23: 0, m24: 0,
                    m31: r(-1...1), m32: r(-1...1), m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1))
                .rotated(by: r(-4...4), x: r(-1...1), y: r(-1...1), z: r(-1...1))
                .concatenating(Transform3D(translationX: r(-100...100), y: r(-100...100), z: r(-100...100)))
                .concatenating(.perspective(m34: r(-0.01...0)))
            #expect(m.m44 != 1)  // translation then perspective: the round trip must normalise
            let back = Transform3D.interpolate(m, m, r(-1...2))
            #expect(geometryClose(back, Self.normalized(m), 1e-8), "\(m) came back as \(back)")
        }
    }

    /// Both ends with the same scale, perspective and translation but different rotations: the
    /// result is the slerped rotation combined with the shared parts.
    @Test func sharedPartsStayPutWhileRotating() {
        let scale = Transform3D(scaleX: 2, y: 0.5, z: 1.5)
        let translation = Transform3D(translationX: 30, y: -20, z: 5)
        let perspective = Transform3D.perspective(m34: -1.0 / 500)
        func make(_ degrees: Double) -> Transform3D {
            scale.concatenating(Transform3D(rotationAngle: degrees * .pi / 180, x: 1, y: 0, z: 0))
                .concatenating(translation).concatenating(perspective)
        }
        // m44 = 1 + 5 · (−1/500) on both ends; the result is the same transform scaled to m44 = 1.
        #expect(geometryClose(Transform3D.interpolate(make(-40), make(80), 0.5), Self.normalized(make(20))))
        #expect(geometryClose(Transform3D.interpolate(make(-40), make(80), 1.25), Self.normalized(make(110))))
        // Projected on screen, which is what counts, it is exactly the 20° picture.
        let point = Point(x: 12, y: -7)
        let projected = Transform3D.interpolate(make(-40), make(80), 0.5).project(point)
        let expected = make(20).project(point)
        #expect(projected != nil && expected != nil && geometryClose(projected!, expected!))
    }
}

/// Deterministic SplitMix64 for the round-trip test.
private struct InterpolationSplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + Double(next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
    }
}
