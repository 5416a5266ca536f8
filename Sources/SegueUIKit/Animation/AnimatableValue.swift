import SegueTiming

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

/// What holds a view's animatable properties: a view's model (`View`, whose background may be
/// nil) and a state shown on screen (`ViewState`). One subscript reads and writes an
/// `AnimatableValue` in either, so the switch over the properties is written once.
protocol AnimatableProperties {
    var bounds: Rect { get set }
    var center: Point { get set }
    var alpha: Double { get set }
    var transform: Transform3D { get set }
    /// The background colour as animations see it (clear where a view has none).
    var animatedBackgroundColor: Color { get set }
}

extension AnimatableProperties {
    subscript(key: AnimatableValue.Key) -> AnimatableValue {
        get {
            switch key {
            case .bounds: .bounds(bounds)
            case .center: .center(center)
            case .alpha: .alpha(alpha)
            case .transform: .transform(transform)
            case .backgroundColor: .backgroundColor(animatedBackgroundColor)
            }
        }
        set {
            switch newValue {
            case .bounds(let v): bounds = v
            case .center(let v): center = v
            case .alpha(let v): alpha = v
            case .transform(let v): transform = v
            case .backgroundColor(let v): animatedBackgroundColor = v
            }
        }
    }
}

extension ViewState: AnimatableProperties {
    var animatedBackgroundColor: Color {
        get { backgroundColor }
        set { backgroundColor = newValue }
    }
}

extension View: @MainActor AnimatableProperties {
    var animatedBackgroundColor: Color {
        get { backgroundColor ?? .clear }
        set { backgroundColor = newValue }
    }

    /// Sets a model value without recording it as an animation (used when an animator ends).
    func setModel(_ value: AnimatableValue) {
        AnimationTransaction.withoutRecording {
            var view = self  // the subscript's setter is the protocol's (mutating); a view is a class
            view[value.key] = value
        }
    }
}
