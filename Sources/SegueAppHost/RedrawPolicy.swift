/// What a window has going on that a frame would show: the inputs of the redraw decision.
public struct SceneActivity: Equatable, Sendable {
    /// A view changed since the last frame (`Window.needsDisplay`), or the surface did.
    public var needsDisplay: Bool
    /// An animation or a running animator is on the window's engine.
    public var isAnimating: Bool
    /// A display link is registered (it ticks every frame).
    public var hasDisplayLinks: Bool
    /// A transition is in flight (its driver checks it every frame).
    public var isTransitioning: Bool
    /// A gesture recognizer decides by time now (`PointerDispatcher.nextTimedDecision` has come:
    /// a long press resting its duration, a tap waiting out the double-tap interval): a frame
    /// moves its time on. Until then a resting press draws nothing.
    public var isGestureDecisionDue: Bool

    public init(
        needsDisplay: Bool, isAnimating: Bool, hasDisplayLinks: Bool, isTransitioning: Bool, isGestureDecisionDue: Bool = false
    ) {
        self.needsDisplay = needsDisplay
        self.isAnimating = isAnimating
        self.hasDisplayLinks = hasDisplayLinks
        self.isTransitioning = isTransitioning
        self.isGestureDecisionDue = isGestureDecisionDue
    }

    /// Nothing would change on screen: no frame is drawn until an event changes that.
    public var isIdle: Bool { !needsDisplay && !isAnimating && !hasDisplayLinks && !isTransitioning && !isGestureDecisionDue }
}

/// The host's loop decision: how to wait for events and whether to draw. An idle window sleeps
/// in the window system's event wait (no frames, no CPU); a busy one draws at most one frame
/// per display interval, waiting for events (not spinning) until the next frame is due, so input
/// stays responsive when the driver's swap does not block (Xvfb, llvmpipe).
public enum RedrawPolicy {
    public enum Wait: Equatable, Sendable {
        /// Take the events that are there and go on (a frame is due now).
        case poll
        /// Sleep until an event arrives or this many seconds pass (the next frame is due then).
        case upTo(seconds: Double)
        /// Sleep until an event arrives (idle; `WindowHost` wakes once a second to check that
        /// its window still exists, drawing nothing).
        case untilEvent
    }

    /// Frames due within this much of now are drawn now (timer slack, not worth a wait).
    public static let slack = 0.001

    /// How to wait for the next events.
    public static func wait(_ activity: SceneActivity, now: Double, nextFrameTime: Double) -> Wait {
        guard !activity.isIdle else { return .untilEvent }
        let remaining = nextFrameTime - now
        return remaining > slack ? .upTo(seconds: remaining) : .poll
    }

    /// How long a wait may last: until the next frame, or (idle) until the window's next check,
    /// and never past a deadline (`secondsToDeadline`: a close deadline, a gesture's timed
    /// decision), so an idle window acts on it on time. Nil: do not wait (poll).
    public static func timeout(_ wait: Wait, idleCheckInterval: Double, secondsToDeadline: Double?) -> Double? {
        let deadline = secondsToDeadline.map { max(0, $0) } ?? .infinity
        switch wait {
        case .poll: return nil
        case .upTo(let seconds): return min(seconds, deadline)
        case .untilEvent: return min(idleCheckInterval, deadline)
        }
    }

    /// Whether to draw a frame now (after the events were handled).
    public static func shouldRender(_ activity: SceneActivity, now: Double, nextFrameTime: Double) -> Bool {
        !activity.isIdle && now >= nextFrameTime - slack
    }

    /// When the frame after one drawn at `frameStart` is due: one interval on, or now if the
    /// frame overran (no catch-up bursts after a stall).
    public static func nextFrameTime(after frameStart: Double, interval: Double, now: Double) -> Double {
        max(frameStart + interval, now)
    }
}
