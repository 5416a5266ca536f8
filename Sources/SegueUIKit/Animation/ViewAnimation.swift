import SegueTiming

/// UIKit's animation options that Segue honours (the curve); the others have no meaning here.
public struct AnimationOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let curveEaseInOut = AnimationOptions([])
    public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
    public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
    public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

    var curve: TimingCurve {
        switch rawValue & (3 << 16) {
        case 1 << 16: .easeIn
        case 2 << 16: .easeOut
        case 3 << 16: .linear
        default: .easeInOut
        }
    }
}

extension View {
    /// UIKit's block animation: property changes made in `animations` animate from their
    /// on-screen values to the new ones over `duration` after `delay`. `completion(finished)`
    /// runs when they end (`false` when a newer animation of the same properties took over).
    public static func animate(
        withDuration duration: Double, delay: Double = 0, options: AnimationOptions = [],
        animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        run(timing: .curve(options.curve, duration: max(0, duration)), delay: delay, animations: animations, completion: completion)
    }

    /// UIKit's spring animation: the motion settles within `duration`; `dampingRatio` 1 does
    /// not overshoot, smaller values oscillate; `velocity` is in distances per second.
    public static func animate(
        withDuration duration: Double, delay: Double = 0, usingSpringWithDamping dampingRatio: Double,
        initialSpringVelocity velocity: Double, options: AnimationOptions = [],
        animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        let spring = Spring(dampingRatio: dampingRatio, duration: max(0.001, duration), initialVelocity: velocity)
        run(timing: .spring(spring, duration: max(0, duration)), delay: delay, animations: animations, completion: completion)
    }

    /// Applies changes at once, even inside an animation block.
    public static func performWithoutAnimation(_ changes: () -> Void) {
        AnimationTransaction.withoutRecording(changes)
    }

    private static func run(
        timing: AnimationTiming, delay: Double, animations: () -> Void, completion: ((Bool) -> Void)?
    ) {
        // The group starts on the clock of the window of the first view it animates.
        let group = AnimationGroup(
            driver: .time(delay: max(0, delay), timing: timing), domain: AnimationTransaction.captureDomain,
            completion: completion)
        AnimationTransaction.record(group, animations)
        // Even with nothing to animate, the completion runs once the time has passed.
        AnimationEngine.recordingEnded(group)
    }
}
