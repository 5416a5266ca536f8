import SegueUIKit
import Testing
import SegueTesting

@MainActor
@Suite("View model (GL-free)", .tags(.pure))
struct ViewTests {

    @Test func frameCenterAndAnchorPointFollowUIKit() {
        let view = View(frame: Rect(x: 10, y: 20, width: 100, height: 50))
        #expect(view.bounds == Rect(x: 0, y: 0, width: 100, height: 50))
        #expect(view.center == Point(x: 60, y: 45))
        // Like CALayer: moving the anchor point keeps `center` and moves the frame.
        view.anchorPoint = Point(x: 0, y: 0.5)
        #expect(view.center == Point(x: 60, y: 45))
        #expect(view.frame == Rect(x: 60, y: 20, width: 100, height: 50))
        view.frame = Rect(x: 0, y: 0, width: 40, height: 40)
        #expect(view.center == Point(x: 0, y: 20))
        // A transform changes the frame (bounding box) but not bounds or center.
        view.anchorPoint = Point(x: 0.5, y: 0.5)
        view.frame = Rect(x: 0, y: 0, width: 40, height: 20)
        view.transform = Transform3D(scaleX: 2, y: 2, z: 1)
        #expect(view.frame == Rect(x: -20, y: -10, width: 80, height: 40))
        #expect(view.bounds.size == Size(width: 40, height: 20))
    }

    @Test func subviewOrderOperations() {
        let root = View(name: "root")
        let a = View(name: "a"), b = View(name: "b"), c = View(name: "c")
        root.addSubview(a)
        root.addSubview(b)
        root.insertSubview(c, belowSubview: b)
        #expect(root.subviews.map(\.name) == ["a", "c", "b"])
        root.bringSubviewToFront(a)
        #expect(root.subviews.map(\.name) == ["c", "b", "a"])
        root.sendSubviewToBack(a)
        #expect(root.subviews.map(\.name) == ["a", "c", "b"])
        root.insertSubview(b, at: 0)
        #expect(root.subviews.map(\.name) == ["b", "a", "c"])
        let other = View(name: "other")
        other.addSubview(a)  // moving a view removes it from its old superview
        #expect(root.subviews.map(\.name) == ["b", "c"])
        #expect(a.superview === other)
        c.removeFromSuperview()
        #expect(c.superview == nil && root.subviews.map(\.name) == ["b"])
        #expect(a.isDescendant(of: other) && !a.isDescendant(of: root))
    }

    @Test func convertsPointsThroughBoundsOriginsAndTransforms() throws {
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 300), name: "root")
        let parent = View(frame: Rect(x: 50, y: 40, width: 200, height: 100), name: "parent")
        let child = View(frame: Rect(x: 10, y: 10, width: 20, height: 20), name: "child")
        root.addSubview(parent)
        parent.addSubview(child)
        #expect(child.convert(Point(x: 0, y: 0), to: root) == Point(x: 60, y: 50))
        #expect(child.convert(Point(x: 0, y: 0), to: nil) == Point(x: 60, y: 50))
        #expect(root.convert(Point(x: 60, y: 50), to: child) == Point(x: 0, y: 0))
        // Scrolling: a bounds origin shifts the subviews.
        parent.bounds.origin = Point(x: 5, y: 5)
        #expect(child.convert(Point(x: 0, y: 0), to: root) == Point(x: 55, y: 45))
        // A 2x scale about the parent's centre.
        parent.bounds.origin = .zero
        parent.transform = Transform3D(scaleX: 2, y: 2, z: 1)
        let p = try #require(child.convert(Point(x: 0, y: 0), to: root))
        #expect(abs(p.x - (150 - 2 * 90)) < 1e-9 && abs(p.y - (90 - 2 * 40)) < 1e-9)
        let back = try #require(child.convert(p, from: root))
        #expect(abs(back.x) < 1e-9 && abs(back.y) < 1e-9)
        // Different trees do not convert.
        #expect(child.convert(Point(x: 0, y: 0), to: View()) == nil)
    }

    @Test func perspectiveConversionRoundTrips() throws {
        let root = View(frame: Rect(x: 0, y: 0, width: 640, height: 480))
        let card = View(frame: Rect(x: 100, y: 100, width: 320, height: 200))
        root.addSubview(card)
        card.anchorPoint = Point(x: 0, y: 0.5)
        card.center = Point(x: 100, y: 200)
        card.transform = Transform3D.perspective(m34: -0.005).rotated(by: .pi / 4, x: 0, y: 1, z: 0)
        let corner = try #require(card.convert(Point(x: 320, y: 0), to: root))
        #expect(corner.x < 100 + 320 * 0.7072, "the far edge is foreshortened")
        let back = try #require(card.convert(corner, from: root))
        #expect(abs(back.x - 320) < 1e-6 && abs(back.y) < 1e-6)
    }
}
