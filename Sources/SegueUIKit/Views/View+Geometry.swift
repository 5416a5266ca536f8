/// Coordinate conversion between views with the model geometry and the same matrices the
/// compositor draws with. Every view is flattened into its superview's plane (as CALayer
/// does), so the map from a view's plane to the root's is a 2D projective map (a homography):
/// the 4x4 matrix without its z row and column.
extension View {
    /// This view's top-left-relative coordinates into its superview's bounds coordinates
    /// (or the target's, for a root).
    func matrixToSuperview() -> Transform3D {
        Transform3D(translationX: -anchorPoint.x * bounds.width, y: -anchorPoint.y * bounds.height, z: 0)
            .concatenating(transform)
            .concatenating(Transform3D(translationX: center.x, y: center.y, z: 0))
    }

    /// This view's bounds coordinates into the root's superview coordinates (the target's).
    func homographyToTarget() -> Homography {
        var h = Homography(Transform3D(translationX: -bounds.origin.x, y: -bounds.origin.y, z: 0))
            .then(Homography(matrixToSuperview()))
        var current = superview
        while let view = current {
            h = h.then(Homography(Transform3D(translationX: -view.bounds.origin.x, y: -view.bounds.origin.y, z: 0)))
                .then(Homography(view.matrixToSuperview()))
            current = view.superview
        }
        return h
    }

    /// A point in this view's bounds coordinates, in `view`'s (nil: the target's, i.e. where
    /// the compositor draws the root). Nil when the point is behind the eye, the views are in
    /// different trees, or `view` is seen edge-on.
    public func convert(_ point: Point, to view: View?) -> Point? {
        guard let onTarget = homographyToTarget().apply(point) else { return nil }
        guard let view else { return onTarget }
        guard view.root === root else { return nil }
        return view.homographyToTarget().inverted?.apply(onTarget)
    }

    /// A point in `view`'s bounds coordinates (nil: the target's), in this view's.
    public func convert(_ point: Point, from view: View?) -> Point? {
        guard let view else { return homographyToTarget().inverted?.apply(point) }
        return view.convert(point, to: self)
    }

    /// The bounding box, in `view`, of a rectangle in this view's bounds coordinates.
    public func convert(_ rect: Rect, to view: View?) -> Rect? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for corner in [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
                       Point(x: rect.minX, y: rect.maxY), Point(x: rect.maxX, y: rect.maxY)] {
            guard let p = convert(corner, to: view) else { return nil }
            minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

/// A 3x3 projective map of the plane, row vectors: (x, y, 1) · H.
struct Homography {
    var m: [Double]  // row-major 3x3

    /// The plane-to-plane part of a 4x4 transform: rows and columns x, y, w (z dropped).
    init(_ t: Transform3D) {
        m = [t.m11, t.m12, t.m14, t.m21, t.m22, t.m24, t.m41, t.m42, t.m44]
    }

    private init(values: [Double]) { m = values }

    /// `self`, then `other`.
    func then(_ other: Homography) -> Homography {
        var r = [Double](repeating: 0, count: 9)
        for i in 0..<3 { for j in 0..<3 { for k in 0..<3 { r[i * 3 + j] += m[i * 3 + k] * other.m[k * 3 + j] } } }
        return Homography(values: r)
    }

    func apply(_ p: Point) -> Point? {
        let x = p.x * m[0] + p.y * m[3] + m[6]
        let y = p.x * m[1] + p.y * m[4] + m[7]
        let w = p.x * m[2] + p.y * m[5] + m[8]
        guard w > 1e-12 else { return nil }
        return Point(x: x / w, y: y / w)
    }

    var inverted: Homography? {
        let a = m
        let c00 = a[4] * a[8] - a[5] * a[7], c01 = a[5] * a[6] - a[3] * a[8], c02 = a[3] * a[7] - a[4] * a[6]
        let det = a[0] * c00 + a[1] * c01 + a[2] * c02
        let scale = a.map(abs).max() ?? 1
        guard abs(det) > 1e-12 * scale * scale * scale else { return nil }
        let inv = [
            c00, a[2] * a[7] - a[1] * a[8], a[1] * a[5] - a[2] * a[4],
            c01, a[0] * a[8] - a[2] * a[6], a[2] * a[3] - a[0] * a[5],
            c02, a[1] * a[6] - a[0] * a[7], a[0] * a[4] - a[1] * a[3],
        ]
        return Homography(values: inv.map { $0 / det })
    }
}
