import SegueTiming

/// How a shared element (`View.transitionID`) flies from its frame on the leaving screen to
/// its partner's on the arriving one. The flight follows the transition's progress: scrubbed by
/// an interactive transition, played back by a cancelled one, retargeted when the window resizes.
@MainActor
public struct SharedElementStyle {
    /// What the flying view shows.
    public var content: SharedElementContent
    /// The way its centre travels.
    public var path: SharedElementPath
    /// A view whose bounds clip the flight (a list's visible area, a card's frame): the flying
    /// view is drawn only inside it. Nil: nothing but the transition's container clips it.
    public weak var clipView: View?
    /// The timing of the flight over the transition's progress (ease-in-out, as UIKit's transitions).
    public var curve: TimingCurve

    public init(
        content: SharedElementContent = .crossFade, path: SharedElementPath = .straight, clipView: View? = nil,
        curve: TimingCurve = .easeInOut
    ) {
        self.content = content
        self.path = path
        self.clipView = clipView
        self.curve = curve
    }
}

/// What a flying shared element shows between its two ends.
public enum SharedElementContent: Sendable, Equatable {
    /// Both views' pictures, stretched to the flying frame: the arriving one fades in over the
    /// leaving one, which fades out in the second half of the flight (Compose's `sharedBounds`).
    case crossFade
    /// Only the arriving view's picture, scaled from the leaving view's frame to its own
    /// (Compose's `sharedElement`, SwiftUI's `matchedGeometryEffect`).
    case scaleIncoming
}

/// The way a flying shared element's centre travels from one frame to the other.
public enum SharedElementPath: Sendable, Equatable {
    /// A straight line.
    case straight
    /// An arc (Material's arc motion): it leaves along the horizontal and arrives along the
    /// vertical, a quadratic curve whose control point is level with the start and above or
    /// below the end.
    case arc
    /// Through points off the straight line: each keyframe's `offset` (points) is added to the
    /// straight line's point at its `progress` (0...1); the curve passes through them smoothly
    /// (Catmull-Rom, as Core Animation's cubic keyframes) and starts and ends on the frames.
    case keyframes([SharedElementKeyframe])
}

/// One point of a keyframed shared-element path.
public struct SharedElementKeyframe: Sendable, Equatable {
    /// Where in the flight (0...1).
    public var progress: Double
    /// How far off the straight line the centre is then, in points.
    public var offset: Point

    public init(progress: Double, offset: Point) {
        self.progress = progress
        self.offset = offset
    }
}
