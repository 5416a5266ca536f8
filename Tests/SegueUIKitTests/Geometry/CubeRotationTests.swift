import SegueUIKit
import Testing
import SegueTesting

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The cube transition as iOS animators write it: a 320-wide face whose anchor point is its left
/// edge, `var t = CATransform3DIdentity; t.m34 = -0.005; t = CATransform3DRotate(t, angle, 0, 1, 0)`.
/// Coordinates are relative to the anchor, so the right edge is x = 320 and the eye is 200 away.
///
/// CA's rotation about y sends (x, 0, 0) to (x·cos θ, 0, −x·sin θ), and m34 gives w = 1 − 0.005·z.
/// A positive angle therefore swings the right edge away from the viewer (z < 0, w > 1, foreshortened);
/// a negative angle swings it towards the viewer, and at 320 > 200 it passes behind the eye.
@Suite("Cube rotation (perspective m34 = -0.005)", .tags(.pure))
struct CubeRotationTests {
    let width = 320.0

    func face(_ angle: Double) -> Transform3D {
        Transform3D.perspective(m34: -0.005).rotated(by: angle, x: 0, y: 1, z: 0)
    }

    @Test func anchorEdgeStaysPut() {
        for angle: Double in [-.pi / 2, -.pi / 4, 0, .pi / 4, .pi / 2] {
            #expect(face(angle).project(Point(x: 0, y: 100)) == Point(x: 0, y: 100))
        }
    }

    @Test func quarterTurnAwayIsEdgeOn() throws {
        // +90°: right edge at z = −320, w = 1 + 1.6 = 2.6, x = 320·cos 90° / 2.6 ≈ 0.
        let h = face(.pi / 2).apply(to: geometryPoint(width, 0))
        #expect(geometryClose(h, SIMD4(0, 0, -320, 2.6)))
        let edge = try #require(face(.pi / 2).project(Point(x: width, y: 100)))
        #expect(geometryClose(edge, Point(x: 0, y: 100 / 2.6)))
    }

    @Test func quarterTurnTowardsTheViewerIsBehindTheEye() {
        // −90°: the right edge is also edge-on in x (homogeneous x ≈ 0), but at z = +320, in front
        // of the eye at z = 200: w = 1 − 1.6 = −0.6, so it has no projection.
        let h = face(-.pi / 2).apply(to: geometryPoint(width, 0))
        #expect(geometryClose(h, SIMD4(0, 0, 320, -0.6)))
        #expect(face(-.pi / 2).project(Point(x: width, y: 0)) == nil)
    }

    @Test func eighthTurnAwayIsForeshortened() throws {
        // +45°: x = 160√2, z = −160√2, w = 1 + 0.8√2, so
        // x' = 160√2 / (1 + 0.8√2) = (256 − 160√2) / 0.28 ≈ 106.16, well below 320·cos 45° ≈ 226.27.
        let root2 = 2.0.squareRoot()
        let edge = try #require(face(.pi / 4).project(Point(x: width, y: 0)))
        let expected = (256 - 160 * root2) / 0.28
        #expect(geometryClose(edge.x, expected))
        #expect(geometryClose(edge.y, 0))
        #expect(edge.x < width * cos(.pi / 4))
        // Heights on the far edge shrink by the same w.
        let corner = try #require(face(.pi / 4).project(Point(x: width, y: 100)))
        #expect(geometryClose(corner.y, 100 / (1 + 0.8 * root2)))
    }

    @Test func eighthTurnTowardsTheViewerIsBehindTheEye() {
        // −45°: z = +160√2 ≈ 226.3 > 200, w = 1 − 0.8√2 ≈ −0.131.
        let h = face(-.pi / 4).apply(to: geometryPoint(width, 0))
        #expect(geometryClose(h.w, 1 - 0.8 * 2.0.squareRoot()))
        #expect(face(-.pi / 4).project(Point(x: width, y: 0)) == nil)
    }

    @Test func smallTurnTowardsTheViewerIsMagnified() throws {
        // −30°: z = +160, w = 1 − 0.8 = 0.2, x' = 320·cos 30° / 0.2 = 800√3 — far wider than the face.
        let edge = try #require(face(-.pi / 6).project(Point(x: width, y: 0)))
        #expect(geometryClose(edge.x, 800 * 3.0.squareRoot(), 1e-9))
    }
}
