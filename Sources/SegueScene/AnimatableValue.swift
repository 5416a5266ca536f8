import SegueAnimation

/// One animatable property of a view with a value, so tracks of different types share one
/// array and interpolation is a switch, not a dictionary of closures.
enum AnimatableValue: Sendable, Equatable {
    case bounds(Rect)
    case center(Point)
    case alpha(Double)
    case transform(Transform3D)
    case backgroundColor(Color)

    enum Key: Int, Sendable { case bounds, center, alpha, transform, backgroundColor }

    var key: Key {
        switch self {
        case .bounds: .bounds
        case .center: .center
        case .alpha: .alpha
        case .transform: .transform
        case .backgroundColor: .backgroundColor
        }
    }

    /// `from` blended towards `to` (same key) by `t`, which may lie outside 0...1 (springs).
    static func interpolate(_ from: AnimatableValue, _ to: AnimatableValue, _ t: Double) -> AnimatableValue {
        switch (from, to) {
        case let (.bounds(a), .bounds(b)): .bounds(Rect.interpolate(a, b, t))
        case let (.center(a), .center(b)): .center(Point.interpolate(a, b, t))
        case let (.alpha(a), .alpha(b)): .alpha(a + (b - a) * t)
        case let (.transform(a), .transform(b)): .transform(Transform3D.interpolate(a, b, t))
        case let (.backgroundColor(a), .backgroundColor(b)): .backgroundColor(Color.interpolate(a, b, t))
        default: to
        }
    }
}

extension ViewState {
    subscript(key: AnimatableValue.Key) -> AnimatableValue {
        get {
            switch key {
            case .bounds: .bounds(bounds)
            case .center: .center(center)
            case .alpha: .alpha(alpha)
            case .transform: .transform(transform)
            case .backgroundColor: .backgroundColor(backgroundColor)
            }
        }
        set {
            switch newValue {
            case .bounds(let v): bounds = v
            case .center(let v): center = v
            case .alpha(let v): alpha = v
            case .transform(let v): transform = v
            case .backgroundColor(let v): backgroundColor = v
            }
        }
    }
}

extension View {
    /// Sets a model value without recording it as an animation (used when an animator ends).
    func setModel(_ value: AnimatableValue) {
        AnimationTransaction.withoutRecording {
            switch value {
            case .bounds(let v): bounds = v
            case .center(let v): center = v
            case .alpha(let v): alpha = v
            case .transform(let v): transform = v
            case .backgroundColor(let v): backgroundColor = v
            }
        }
    }
}
