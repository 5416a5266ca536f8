import SegueTiming

/// How a transition's progress runs over its frames: UIKit's curves (`ease-in-out`,
/// `easeInOut`...), CSS `cubic-bezier(x1,y1,x2,y2)` and `steps(n)`, or a UIKit spring
/// `spring(dampingRatio[, initialVelocity])` settling over the transition's duration. The
/// curves and springs are SegueTiming's, as the view transitions use them.
public enum Easing: Sendable, Equatable {
    case timing(AnimationTiming)
    /// CSS `steps(n)` (jump-end): the progress holds at k/n.
    case steps(Int)

    /// Parses `text` for a transition of `duration` seconds; nil when it is not an easing.
    public init?(_ text: String, duration: Double) {
        let compact = text.lowercased().filter { !$0.isWhitespace }
        let named: [String: TimingCurve] = [
            "linear": .linear, "ease": .cubicBezier(.ease),
            "ease-in": .easeIn, "easein": .easeIn, "curveeasein": .easeIn,
            "ease-out": .easeOut, "easeout": .easeOut, "curveeaseout": .easeOut,
            "ease-in-out": .easeInOut, "easeinout": .easeInOut, "curveeaseinout": .easeInOut,
        ]
        if let curve = named[compact] {
            self = .timing(.curve(curve, duration: duration))
            return
        }
        guard let open = compact.firstIndex(of: "("), compact.hasSuffix(")") else { return nil }
        let name = String(compact[..<open])
        let arguments = compact[compact.index(after: open)..<compact.index(before: compact.endIndex)]
            .split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
        guard arguments.allSatisfy({ $0?.isFinite == true }) else { return nil }
        let numbers = arguments.compactMap { $0 }
        switch (name, numbers.count) {
        case ("cubic-bezier", 4) where (0...1).contains(numbers[0]) && (0...1).contains(numbers[2]):
            self = .timing(.curve(.cubicBezier(CubicBezier(numbers[0], numbers[1], numbers[2], numbers[3])), duration: duration))
        case ("steps", 1) where numbers[0] >= 1 && numbers[0] <= 10_000 && numbers[0] == numbers[0].rounded():
            self = .steps(Int(numbers[0]))
        case ("spring", 1...2) where numbers[0] > 0 && numbers[0] <= 10 && duration > 0:
            self = .timing(.spring(Spring(dampingRatio: numbers[0], duration: duration, initialVelocity: numbers.count > 1 ? numbers[1] : 0),
                                   duration: duration))
        default:
            return nil
        }
    }

    /// What the spec may say, for error messages.
    public static let accepted = "linear, ease, ease-in, ease-out, ease-in-out (or easeIn, easeOut, easeInOut), "
        + "cubic-bezier(x1,y1,x2,y2) with x1 and x2 in 0...1, steps(n), spring(dampingRatio[, initialVelocity])"

    /// Eased progress at the linear fraction `t` (0...1) of the transition.
    public func value(at t: Double) -> Double {
        switch self {
        case let .timing(timing): timing.progress(at: t * timing.duration)
        case let .steps(count): t >= 1 ? 1 : (t * Double(count)).rounded(.down) / Double(count)
        }
    }
}
