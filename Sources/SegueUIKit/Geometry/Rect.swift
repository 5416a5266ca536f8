/// CGRect: an origin and a size, with Core Graphics semantics.
///
/// Sizes may be negative; every derived value (`minX`, `width`, `contains`, ...) and every
/// operation works on the standardized rect, as Core Graphics does. There is no `CGRect.null`:
/// operations that would return it return `nil` (`intersection`) or a zero-size rect (`insetBy`).
public struct Rect: Sendable, Hashable {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public static let zero = Rect(origin: .zero, size: .zero)

    // MARK: - Edges (of the standardized rect)

    public var minX: Double { min(origin.x, origin.x + size.width) }
    public var maxX: Double { max(origin.x, origin.x + size.width) }
    public var midX: Double { origin.x + size.width / 2 }
    public var minY: Double { min(origin.y, origin.y + size.height) }
    public var maxY: Double { max(origin.y, origin.y + size.height) }
    public var midY: Double { origin.y + size.height / 2 }

    /// Width of the standardized rect (never negative), like CGRectGetWidth.
    public var width: Double { abs(size.width) }
    /// Height of the standardized rect (never negative), like CGRectGetHeight.
    public var height: Double { abs(size.height) }

    public var center: Point { Point(x: midX, y: midY) }

    /// The same rect with a non-negative size.
    public var standardized: Rect {
        Rect(x: minX, y: minY, width: width, height: height)
    }

    /// True when the rect has no area (zero width or zero height).
    public var isEmpty: Bool { size.width == 0 || size.height == 0 }

    // MARK: - Derived rects

    /// CGRectInset: moves both x edges in by `dx` and both y edges in by `dy` (negative values grow it).
    /// Where Core Graphics returns `CGRect.null` because the rect was inset past itself, this returns
    /// a zero-size rect at the centre, so callers still get an empty rect in a sensible place.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        inset(by: EdgeInsets(top: dy, left: dx, bottom: dy, right: dx))
    }

    /// CGRectOffset: moves the origin, keeping the size as it is.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(origin: Point(x: origin.x + dx, y: origin.y + dy), size: size)
    }

    /// CGRectContainsPoint: min edges inclusive, max edges exclusive, so tiled rects never share a point.
    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    /// The shared area, or `nil` when the rects do not overlap. Rects that only touch along an edge
    /// share no area and give `nil` too (Core Graphics would return a zero-width rect there), so a
    /// non-nil result can always be drawn or used as a scissor box.
    public func intersection(_ other: Rect) -> Rect? {
        let x0 = max(minX, other.minX)
        let x1 = min(maxX, other.maxX)
        let y0 = max(minY, other.minY)
        let y1 = min(maxY, other.maxY)
        guard x0 < x1, y0 < y1 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// CGRectUnion: the smallest standardized rect containing both (empty rects count by their position).
    public func union(_ other: Rect) -> Rect {
        let x0 = min(minX, other.minX)
        let y0 = min(minY, other.minY)
        return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// UIEdgeInsetsInsetRect on the standardized rect. When the insets overlap in either axis
    /// (nothing would be left), the result is a zero-size rect at the midpoint of the inset edges
    /// instead of UIKit's negative size, matching `insetBy`.
    public func inset(by insets: EdgeInsets) -> Rect {
        let x0 = minX + insets.left
        let x1 = maxX - insets.right
        let y0 = minY + insets.top
        let y1 = maxY - insets.bottom
        guard x0 <= x1, y0 <= y1 else {
            return Rect(origin: Point(x: (x0 + x1) / 2, y: (y0 + y1) / 2), size: .zero)
        }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Componentwise interpolation of origin and size (not standardized); `t` outside 0...1 extrapolates.
    public static func interpolate(_ from: Rect, _ to: Rect, _ t: Double) -> Rect {
        Rect(
            origin: .interpolate(from.origin, to.origin, t),
            size: .interpolate(from.size, to.size, t))
    }
}
