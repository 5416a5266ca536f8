import SegueTiming

/// UIKit's keyframe animation options: how values between keyframes are computed. Raw values are
/// UIKit's. As in UIKit, the whole animation runs on the ease-in-out curve unless the raw value
/// carries another curve of `AnimationOptions` (UIKit code writes
/// `KeyframeAnimationOptions(rawValue: AnimationOptions.curveLinear.rawValue)`).
public struct KeyframeAnimationOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Straight lines between keyframe values, at the keyframes' times (the default).
    public static let calculationModeLinear = KeyframeAnimationOptions([])
    /// No interpolation: each keyframe's value shows from its start time.
    public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
    /// Straight lines between keyframe values at an even pace: the keyframes' times are ignored.
    public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
    /// A smooth spline through the keyframe values at the keyframes' times.
    public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
    /// The spline through the keyframe values at a constant speed: the keyframes' times are ignored.
    public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)

    var mode: KeyframePath.Mode {
        switch rawValue & (7 << 10) {
        case 1 << 10: .discrete
        case 2 << 10: .paced
        case 3 << 10: .cubic
        case 4 << 10: .cubicPaced
        default: .linear
        }
    }

    var curve: TimingCurve { AnimationOptions(rawValue: rawValue & (3 << 16)).curve }
}

extension View {
    /// UIKit's `animateKeyframes(withDuration:delay:options:animations:completion:)`: the
    /// `animations` block calls `addKeyframe(withRelativeStartTime:relativeDuration:animations:)`
    /// for each step; a property changed in a keyframe moves to its new value over that
    /// keyframe's part of `duration` and holds it until a later keyframe changes it (a change
    /// made outside any keyframe spans the whole animation). `completion(finished)` runs at the end.
    public static func animateKeyframes(
        withDuration duration: Double, delay: Double = 0, options: KeyframeAnimationOptions = [],
        animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        let group = AnimationGroup(
            driver: .time(delay: max(0, delay), timing: .curve(options.curve, duration: max(0, duration))),
            domain: AnimationTransaction.captureDomain, completion: completion)
        let recording = KeyframeRecording(group: group)
        KeyframeRecording.active.append(recording)
        AnimationTransaction.record(group, animations)
        KeyframeRecording.active.removeLast()
        for entry in recording.entries {
            guard let view = entry.view else { continue }
            let path = KeyframePath(mode: options.mode, initial: entry.initial, stops: entry.stops)
            AnimationEngine.engine(running: group, for: view).addTrack(view, old: entry.initial, group: group, keyframes: path)
        }
        AnimationEngine.recordingEnded(group)
    }

    /// UIKit's `addKeyframe(withRelativeStartTime:relativeDuration:animations:)`, inside an
    /// `animateKeyframes` block: the changes made in `animations` happen from `frameStartTime`
    /// over `frameDuration`, both fractions (0...1) of the whole animation. Outside such a block
    /// the changes are made at once.
    public static func addKeyframe(
        withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double, animations: () -> Void
    ) {
        guard let recording = KeyframeRecording.active.last, AnimationTransaction.currentGroup === recording.group else {
            return performWithoutAnimation(animations)
        }
        let outer = recording.current
        recording.keyframeCount += 1
        recording.current = (
            recording.keyframeCount, finiteFraction(frameStartTime), finiteFraction(frameDuration))
        animations()
        recording.current = outer
    }

    private static func finiteFraction(_ value: Double) -> Double { value.isFinite ? min(max(value, 0), 1) : 0 }
}

/// What an `animateKeyframes` block changed: per view and property, the value before and each
/// keyframe's value.
@MainActor
final class KeyframeRecording {
    struct Entry {
        weak var view: View?
        let key: AnimatableValue.Key
        let initial: AnimatableValue
        var stops: [KeyframePath.Stop] = []
        /// The keyframe of the last stop (a second change in one keyframe replaces its value).
        var lastKeyframe = -1
    }

    /// The blocks being recorded, innermost last.
    static var active: [KeyframeRecording] = []

    let group: AnimationGroup
    private(set) var entries: [Entry] = []
    var keyframeCount = 0
    /// The keyframe being recorded (0: the block itself, the whole animation).
    var current: (id: Int, start: Double, duration: Double) = (0, 0, 1)

    init(group: AnimationGroup) { self.group = group }

    /// A property changed inside the block (its model holds the new value already).
    func capture(_ view: View, old: AnimatableValue) {
        let key = old.key
        let index = entries.firstIndex { $0.view === view && $0.key == key } ?? {
            entries.append(Entry(view: view, key: key, initial: old))
            return entries.count - 1
        }()
        let stop = KeyframePath.Stop(start: current.start, duration: current.duration, value: view.model[key])
        if entries[index].lastKeyframe == current.id, !entries[index].stops.isEmpty {
            entries[index].stops[entries[index].stops.count - 1] = stop
        } else {
            entries[index].stops.append(stop)
            entries[index].lastKeyframe = current.id
        }
    }
}
