import SegueTiming

/// UIKit's additive animations (iOS 8+): an animation of frame, bounds, center, transform or
/// alpha does not replace one already running on the property. Each one adds its displacement
/// (what it shows now minus its end value) to the model value, so a newer animation stacks on
/// an older one, the motion stays continuous and every animation ends on its own time. The
/// background colour is not additive: a newer colour animation replaces the running one.
extension AnimatableValue.Key {
    var isAdditive: Bool { self != .backgroundColor }
}

extension AnimatableValue {
    /// `self` plus the displacement of `shown` from `end`: `self + (shown − end)` for numbers,
    /// points and rectangles; for transforms `self · end⁻¹ · shown`, which is `shown` when
    /// `self` is `end` and keeps a rotation a rotation. Nil when `end` is a singular transform.
    func adding(displacementOf shown: AnimatableValue, from end: AnimatableValue) -> AnimatableValue? {
        // Exact in the common case (one animation, model == its end value): no rounding noise.
        if self == end { return shown }
        switch (self, shown, end) {
        case let (.alpha(v), .alpha(s), .alpha(e)):
            return .alpha(v + (s - e))
        case let (.center(v), .center(s), .center(e)):
            return .center(Point(x: v.x + (s.x - e.x), y: v.y + (s.y - e.y)))
        case let (.bounds(v), .bounds(s), .bounds(e)):
            return .bounds(Rect(
                x: v.origin.x + (s.origin.x - e.origin.x), y: v.origin.y + (s.origin.y - e.origin.y),
                width: v.size.width + (s.size.width - e.size.width), height: v.size.height + (s.size.height - e.size.height)))
        case let (.transform(v), .transform(s), .transform(e)):
            guard let inverse = e.inverted else { return nil }
            return .transform(v.concatenating(inverse).concatenating(s))
        default:
            return nil
        }
    }

    /// Whether a displacement from this end value can be added (a singular transform cannot be
    /// inverted, so an animation towards one replaces instead).
    var canBeAdditiveEnd: Bool {
        if case .transform(let t) = self { return t.inverted != nil }
        return key.isAdditive
    }
}
