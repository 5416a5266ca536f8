import SegueUIKit
import Testing
import SegueTesting

@Suite("Rect", .tags(.pure))
struct RectTests {
    let rect = Rect(x: 10, y: 20, width: 30, height: 40)

    @Test func edgesAndCenter() {
        #expect(rect.minX == 10)
        #expect(rect.midX == 25)
        #expect(rect.maxX == 40)
        #expect(rect.minY == 20)
        #expect(rect.midY == 40)
        #expect(rect.maxY == 60)
        #expect(rect.width == 30)
        #expect(rect.height == 40)
        #expect(rect.center == Point(x: 25, y: 40))
        #expect(Rect.zero == Rect(origin: .zero, size: .zero))
    }

    @Test func negativeSizesAreStandardized() {
        let flipped = Rect(x: 40, y: 60, width: -30, height: -40)
        #expect(flipped.minX == 10)
        #expect(flipped.maxX == 40)
        #expect(flipped.minY == 20)
        #expect(flipped.maxY == 60)
        #expect(flipped.width == 30)
        #expect(flipped.height == 40)
        #expect(flipped.center == Point(x: 25, y: 40))
        #expect(flipped.standardized == rect)
        #expect(rect.standardized == rect)
    }

    @Test func isEmpty() {
        #expect(!rect.isEmpty)
        #expect(Rect.zero.isEmpty)
        #expect(Rect(x: 5, y: 5, width: 0, height: 10).isEmpty)
        #expect(Rect(x: 5, y: 5, width: 10, height: 0).isEmpty)
        #expect(!Rect(x: 5, y: 5, width: -10, height: -10).isEmpty)
    }

    @Test func insetBy() {
        #expect(rect.insetBy(dx: 5, dy: 10) == Rect(x: 15, y: 30, width: 20, height: 20))
        #expect(rect.insetBy(dx: -5, dy: -10) == Rect(x: 5, y: 10, width: 40, height: 60))
        // Insetting exactly to nothing is still a real (empty) rect, like CGRectInset.
        #expect(rect.insetBy(dx: 15, dy: 0) == Rect(x: 25, y: 20, width: 0, height: 40))
        // Works on the standardized rect.
        #expect(Rect(x: 40, y: 60, width: -30, height: -40).insetBy(dx: 5, dy: 10)
            == Rect(x: 15, y: 30, width: 20, height: 20))
    }

    @Test func overInsetCollapsesToTheCenter() {
        let collapsedX = rect.insetBy(dx: 20, dy: 0)
        #expect(collapsedX == Rect(origin: Point(x: 25, y: 40), size: .zero))
        #expect(collapsedX.isEmpty)
        #expect(rect.insetBy(dx: 0, dy: 21) == Rect(origin: rect.center, size: .zero))
    }

    @Test func offsetBy() {
        #expect(rect.offsetBy(dx: 5, dy: -25) == Rect(x: 15, y: -5, width: 30, height: 40))
        #expect(rect.offsetBy(dx: 0, dy: 0) == rect)
    }

    @Test func containsIncludesMinEdgesOnly() {
        #expect(rect.contains(Point(x: 10, y: 20)))
        #expect(rect.contains(Point(x: 39.999, y: 59.999)))
        #expect(rect.contains(rect.center))
        #expect(!rect.contains(Point(x: 40, y: 30)))
        #expect(!rect.contains(Point(x: 20, y: 60)))
        #expect(!rect.contains(Point(x: 9.999, y: 30)))
        #expect(!rect.contains(Point(x: 20, y: 19.999)))
        #expect(Rect(x: 40, y: 60, width: -30, height: -40).contains(Point(x: 10, y: 20)))
        #expect(!Rect(x: 0, y: 0, width: 0, height: 10).contains(.zero))
    }

    @Test func intersection() {
        let other = Rect(x: 30, y: 50, width: 100, height: 100)
        #expect(rect.intersection(other) == Rect(x: 30, y: 50, width: 10, height: 10))
        #expect(other.intersection(rect) == Rect(x: 30, y: 50, width: 10, height: 10))
        // Contained rect.
        let inner = Rect(x: 15, y: 25, width: 5, height: 5)
        #expect(rect.intersection(inner) == inner)
        // Disjoint, and touching along an edge: no shared area.
        #expect(rect.intersection(Rect(x: 100, y: 100, width: 5, height: 5)) == nil)
        #expect(rect.intersection(Rect(x: 40, y: 20, width: 10, height: 40)) == nil)
        #expect(rect.intersection(Rect(x: 10, y: 60, width: 30, height: 1)) == nil)
        // Negative sizes are standardized first.
        #expect(rect.intersection(Rect(x: 130, y: 150, width: -100, height: -100))
            == Rect(x: 30, y: 50, width: 10, height: 10))
    }

    @Test func union() {
        let other = Rect(x: -5, y: 50, width: 10, height: 100)
        #expect(rect.union(other) == Rect(x: -5, y: 20, width: 45, height: 130))
        #expect(other.union(rect) == rect.union(other))
        #expect(rect.union(Rect(x: 15, y: 25, width: 1, height: 1)) == rect)
        #expect(rect.union(Rect(x: 50, y: 60, width: -10, height: -50))
            == Rect(x: 10, y: 10, width: 40, height: 50))
    }

    @Test func insetByEdgeInsets() {
        let insets = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        #expect(rect.inset(by: insets) == Rect(x: 12, y: 21, width: 24, height: 36))
        #expect(rect.inset(by: .zero) == rect)
        #expect(rect.inset(by: EdgeInsets(top: -1, left: -2, bottom: -3, right: -4))
            == Rect(x: 8, y: 19, width: 36, height: 44))
        // Left 25 and right 10 cross at x = 35 and 30: collapse to their midpoint.
        let over = rect.inset(by: EdgeInsets(top: 0, left: 25, bottom: 0, right: 10))
        #expect(over == Rect(origin: Point(x: 32.5, y: 40), size: .zero))
    }

    @Test func interpolate() {
        let to = Rect(x: 20, y: 0, width: 50, height: 0)
        #expect(Rect.interpolate(rect, to, 0) == rect)
        #expect(Rect.interpolate(rect, to, 1) == to)
        #expect(Rect.interpolate(rect, to, 0.5) == Rect(x: 15, y: 10, width: 40, height: 20))
        #expect(Rect.interpolate(rect, to, 1.5) == Rect(x: 25, y: -10, width: 60, height: -20))
        #expect(Point.interpolate(.zero, Point(x: 2, y: -4), 0.25) == Point(x: 0.5, y: -1))
        #expect(Size.interpolate(.zero, Size(width: 2, height: 4), -0.5) == Size(width: -1, height: -2))
    }
}
