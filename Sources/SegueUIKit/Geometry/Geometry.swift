/// A location in a view's coordinate space (UIKit: y grows downwards).
public struct Point: Sendable, Hashable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    /// Componentwise linear interpolation; `t` outside 0...1 extrapolates (springs overshoot).
    public static func interpolate(_ from: Point, _ to: Point, _ t: Double) -> Point {
        Point(x: GeometryMath.mix(from.x, to.x, t), y: GeometryMath.mix(from.y, to.y, t))
    }
}

/// A width and height. Negative values are allowed, as in CGSize; `Rect` standardizes them.
public struct Size: Sendable, Hashable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)

    /// Componentwise linear interpolation; `t` outside 0...1 extrapolates.
    public static func interpolate(_ from: Size, _ to: Size, _ t: Double) -> Size {
        Size(
            width: GeometryMath.mix(from.width, to.width, t),
            height: GeometryMath.mix(from.height, to.height, t))
    }
}

/// UIEdgeInsets: distances to move each edge inwards (negative values move it outwards).
public struct EdgeInsets: Sendable, Hashable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

/// Scalar helpers shared by the geometry types (namespaced so they cannot clash with the module's other files).
enum GeometryMath {
    /// Linear interpolation written as `a·(1−t) + b·t` so that t = 0 and t = 1 return the end values exactly.
    @inline(__always)
    static func mix(_ a: Double, _ b: Double, _ t: Double) -> Double {
        a * (1 - t) + b * t
    }
}
