/// Hit testing and intrinsic sizes, UIKit style: the overridable hooks are declared in the class
/// (`hitTest(_:with:)`, `point(inside:with:)`, `intrinsicContentSize`); their defaults live here.
extension View {
    /// UIKit's `UIView.noIntrinsicMetric`: an axis of `intrinsicContentSize` with no wish.
    public static let noIntrinsicMetric: Double = -1

    /// UIKit's `invalidateIntrinsicContentSize()`: the next layout pass takes the new intrinsic
    /// size into account — the superview (which places this view) and the view itself are
    /// marked for `layoutSubviews()`.
    public func invalidateIntrinsicContentSize() {
        superview?.setNeedsLayout()
        setNeedsLayout()
    }

    /// UIKit's documented default of `hitTest(_:with:)`.
    func defaultHitTest(_ point: Point, with event: TouchEvent?) -> View? {
        guard !isHidden, alpha >= 0.01, isUserInteractionEnabled, self.point(inside: point, with: event) else { return nil }
        for subview in subviews.reversed() {
            // A subview seen edge-on has no point here: it cannot be hit.
            guard let local = subview.convert(point, from: self) else { continue }
            if let found = subview.hitTest(local, with: event) { return found }
        }
        return self
    }
}
