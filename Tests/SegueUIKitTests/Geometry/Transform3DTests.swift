import SegueTiming
import SegueUIKit
import Testing
import SegueTesting

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Transform3D", .tags(.pure))
struct Transform3DTests {
    @Test func makers() {
        #expect(Transform3D(translationX: 1, y: 2, z: 3).apply(to: geometryPoint(10, 20, 30))
            == SIMD4(11, 22, 33, 1))
        #expect(Transform3D(scaleX: 2, y: 3, z: 4).apply(to: geometryPoint(1, 1, 1)) == SIMD4(2, 3, 4, 1))
        #expect(Transform3D(rotationAngle: 1, x: 0, y: 0, z: 0) == .identity)
        // The axis is normalised: a long axis rotates the same as a unit one.
        #expect(geometryClose(
            Transform3D(rotationAngle: 0.7, x: 0, y: 0, z: 5),
            Transform3D(rotationAngle: 0.7, x: 0, y: 0, z: 1)))
    }

    @Test func translationThenScale() {
        let translateThenScale = Transform3D(translationX: 10, y: 0, z: 0)
            .concatenating(Transform3D(scaleX: 2, y: 2, z: 1))
        #expect(translateThenScale.project(Point(x: 1, y: 0)) == Point(x: 22, y: 0))

        let scaleThenTranslate = Transform3D(scaleX: 2, y: 2, z: 1)
            .concatenating(Transform3D(translationX: 10, y: 0, z: 0))
        #expect(scaleThenTranslate.project(Point(x: 1, y: 0)) == Point(x: 12, y: 0))
    }

    @Test func modifiersApplyTheNewStepFirst() {
        // CATransform3DTranslate(CATransform3DMakeScale(2, 2, 1), 10, 0, 0).
        let t = Transform3D.identity.scaledBy(x: 2, y: 2, z: 1).translatedBy(x: 10, y: 0, z: 0)
        #expect(t.project(Point(x: 1, y: 0)) == Point(x: 22, y: 0))
        #expect(t == Transform3D(translationX: 10, y: 0, z: 0).concatenating(Transform3D(scaleX: 2, y: 2, z: 1)))

        // CATransform3DScale(CATransform3DMakeTranslation(10, 0, 0), 2, 2, 1).
        let s = Transform3D(translationX: 10, y: 0, z: 0).scaledBy(x: 2, y: 2, z: 1)
        #expect(s.project(Point(x: 1, y: 0)) == Point(x: 12, y: 0))

        // CATransform3DRotate(CATransform3DMakeTranslation(10, 0, 0), π/2, 0, 0, 1): rotate, then move.
        let r = Transform3D(translationX: 10, y: 0, z: 0).rotated(by: .pi / 2, x: 0, y: 0, z: 1)
        #expect(geometryClose(r.project(Point(x: 1, y: 0))!, Point(x: 10, y: 1)))
        #expect(r == Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
            .concatenating(Transform3D(translationX: 10, y: 0, z: 0)))
    }

    @Test func rotationAboutZ() {
        let angle = 0.3
        let r = Transform3D(rotationAngle: angle, x: 0, y: 0, z: 1)
        #expect(r.m11 == cos(angle))
        #expect(r.m12 == sin(angle))
        #expect(r.m21 == -sin(angle))
        #expect(r.m22 == cos(angle))
        #expect(r.m33 == 1)
        #expect(r.m44 == 1)
        let quarter = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
        #expect(geometryClose(quarter.project(Point(x: 1, y: 0))!, Point(x: 0, y: 1)))
        #expect(geometryClose(quarter.project(Point(x: 0, y: 1))!, Point(x: -1, y: 0)))
    }

    @Test func rotationAboutYFollowsCoreAnimationsSigns() {
        let angle = 0.3
        let r = Transform3D(rotationAngle: angle, x: 0, y: 1, z: 0)
        #expect(r.m13 == -sin(angle))
        #expect(r.m31 == sin(angle))
        #expect(r.m11 == cos(angle))
        #expect(r.m33 == cos(angle))
        let quarter = Transform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0)
        #expect(geometryClose(quarter.apply(to: geometryPoint(1, 0, 0)), SIMD4(0, 0, -1, 1)))
        #expect(geometryClose(quarter.apply(to: geometryPoint(0, 0, 1)), SIMD4(1, 0, 0, 1)))
    }

    @Test func rotationAboutX() {
        let r = Transform3D(rotationAngle: 0.3, x: 1, y: 0, z: 0)
        #expect(r.m23 == sin(0.3))
        #expect(r.m32 == -sin(0.3))
        #expect(geometryClose(
            Transform3D(rotationAngle: .pi / 2, x: 1, y: 0, z: 0).apply(to: geometryPoint(0, 1, 0)),
            SIMD4(0, 0, 1, 1)))
    }

    @Test func perspectiveDividesByW() throws {
        // Rotating (200, 30) by 30° about y puts it at z = -200·sin 30° = -100; m34 = -0.005 then gives
        // w = 1 - (-100)(0.005) = 1.5, so it shrinks towards the origin by 1/1.5.
        let t = Transform3D.perspective(m34: -0.005).rotated(by: .pi / 6, x: 0, y: 1, z: 0)
        let h = t.apply(to: geometryPoint(200, 30))
        #expect(geometryClose(h, SIMD4(200 * cos(.pi / 6), 30, -100, 1.5)))
        let projected = try #require(t.project(Point(x: 200, y: 30)))
        #expect(geometryClose(projected, Point(x: 200 * cos(.pi / 6) / 1.5, y: 20)))
        // Points on the rotation axis (x = 0) stay at z = 0 and are not scaled.
        #expect(t.project(Point(x: 0, y: 30)) == Point(x: 0, y: 30))
    }

    @Test func projectRejectsPointsBehindTheEye() {
        // +z comes towards the viewer; with the eye at d = 100, z = 100 is the eye and z > 100 behind it.
        let eye = Transform3D.perspective(m34: -0.01)
        #expect(eye.translatedBy(x: 0, y: 0, z: 100).project(.zero) == nil)
        #expect(eye.translatedBy(x: 0, y: 0, z: 150).project(.zero) == nil)
        #expect(eye.translatedBy(x: 0, y: 0, z: 50).project(Point(x: 10, y: 0)) == Point(x: 20, y: 0))
    }

    @Test func invertedRoundTrips() throws {
        var random = SplitMix64(seed: 0x5E6E)
        for _ in 0..<50 {
            let t = Transform3D.perspective(m34: random.double(-0.01...0))
                .rotated(by: random.double(-3...3), x: random.double(-1...1), y: random.double(-1...1), z: 1)
                .scaledBy(x: random.double(0.2...3), y: random.double(0.2...3), z: random.double(0.2...3))
                .translatedBy(x: random.double(-500...500), y: random.double(-500...500), z: random.double(-50...50))
                .rotated(by: random.double(-3...3), x: 0, y: 1, z: 0)
            let inverse = try #require(t.inverted)
            #expect(geometryClose(t.concatenating(inverse), .identity))
            #expect(geometryClose(inverse.concatenating(t), .identity))
        }
        let translation = Transform3D(translationX: 3, y: -4, z: 5)
        #expect(translation.inverted == Transform3D(translationX: -3, y: 4, z: -5))
        #expect(Transform3D.identity.inverted == .identity)
    }

    @Test func singularTransformsHaveNoInverse() {
        #expect(Transform3D(scaleX: 0, y: 1, z: 1).inverted == nil)
        #expect(Transform3D(scaleX: 1, y: 1, z: 0).inverted == nil)
        // Flattening z after a rotation only leaves rounding noise in the determinant.
        let flattened = Transform3D(rotationAngle: 0.4, x: 1, y: 1, z: 0).concatenating(Transform3D(scaleX: 1, y: 1, z: 0))
        #expect(flattened.inverted == nil)
        // Componentwise interpolation halfway through a horizontal flip squashes x to nothing.
        let halfway = Transform3D.interpolate(.identity, Transform3D(scaleX: -1, y: 1, z: 1), 0.5)
        #expect(halfway.inverted == nil)
        #expect(Transform3D(
            m11: 0, m12: 0, m13: 0, m14: 0, m21: 0, m22: 0, m23: 0, m24: 0,
            m31: 0, m32: 0, m33: 0, m34: 0, m41: 0, m42: 0, m43: 0, m44: 0).inverted == nil)
    }

    @Test func tinyButValidScalesInvert() throws {
        let tiny = Transform3D(scaleX: 1e-6, y: 1e-6, z: 1e-6).translatedBy(x: 1000, y: 0, z: 0)
        let inverse = try #require(tiny.inverted)
        #expect(geometryClose(tiny.concatenating(inverse), .identity))
    }

    @Test func isIdentityAndIsAffine2D() {
        #expect(Transform3D.identity.isIdentity)
        #expect(Transform3D.identity.isAffine2D)
        #expect(!Transform3D(translationX: 1, y: 0, z: 0).isIdentity)
        #expect(Transform3D(translationX: 1, y: 2, z: 0).isAffine2D)
        #expect(!Transform3D(translationX: 0, y: 0, z: 1).isAffine2D)
        #expect(Transform3D(rotationAngle: 0.5, x: 0, y: 0, z: 1).isAffine2D)
        #expect(Transform3D(scaleX: 2, y: -1, z: 1).isAffine2D)
        #expect(!Transform3D(scaleX: 2, y: 2, z: 2).isAffine2D)
        #expect(!Transform3D(rotationAngle: 0.5, x: 0, y: 1, z: 0).isAffine2D)
        #expect(!Transform3D.perspective(m34: -0.005).isAffine2D)
        #expect(!Transform3D.perspective(m34: -0.005).isIdentity)
    }

    @Test func glUniformValuesAreRowMajorStorage() {
        let t = Transform3D(
            m11: 1, m12: 2, m13: 3, m14: 4, m21: 5, m22: 6, m23: 7, m24: 8,
            m31: 9, m32: 10, m33: 11, m34: 12, m41: 13, m42: 14, m43: 15, m44: 16)
        #expect(t.glUniformValues == (1...16).map { Float($0) })
        #expect(Transform3D(translationX: 7, y: 8, z: 9).glUniformValues[12...14] == [7, 8, 9])
    }

    @Test func glUniformValuesMakeColumnMajorTimesVectorEqualRowVectorTimesMatrix() {
        let t = Transform3D.perspective(m34: -0.005)
            .rotated(by: 0.6, x: 0, y: 1, z: 0)
            .translatedBy(x: 12, y: -7, z: 3)
        let g = t.glUniformValues
        let v = SIMD4<Double>(3, -2, 5, 1)
        // GLSL with transpose = GL_FALSE: element (row, column) of the mat4 is g[column * 4 + row].
        let shader = (0..<4).map { row in
            (0..<4).reduce(0.0) { $0 + Double(g[$1 * 4 + row]) * v[$1] }
        }
        let expected = t.apply(to: v)
        for i in 0..<4 {
            #expect(geometryClose(shader[i], expected[i], 1e-4))
        }
    }

    @Test func interpolate() {
        let from = Transform3D(translationX: 10, y: 0, z: 0)
        let to = Transform3D(scaleX: 3, y: 5, z: 1).concatenating(.perspective(m34: -0.01))
        #expect(Transform3D.interpolate(from, to, 0) == from)
        #expect(Transform3D.interpolate(from, to, 1) == to)
        let half = Transform3D.interpolate(from, to, 0.5)
        #expect(half == Transform3D(
            m11: 2, m12: 0, m13: 0, m14: 0, m21: 0, m22: 3, m23: 0, m24: 0,
            m31: 0, m32: 0, m33: 1, m34: -0.005, m41: 5, m42: 0, m43: 0, m44: 1))
        let beyond = Transform3D.interpolate(from, to, 1.5)
        #expect(geometryClose(beyond, Transform3D(
            m11: 4, m12: 0, m13: 0, m14: 0, m21: 0, m22: 7, m23: 0, m24: 0,
            m31: 0, m32: 0, m33: 1, m34: -0.015, m41: -5, m42: 0, m43: 0, m44: 1), 1e-15))
    }
}

