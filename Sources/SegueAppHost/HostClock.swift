/// Where a host's frames take their time from (`WindowHost.timeSource`). The engine's time is an
/// input (`advance(to:)`): real time for an app; a fixed step per drawn frame for scripted runs, which must show the
/// same frames however fast the machine draws. Frame-time statistics measure real time either way.
public struct HostClock: Equatable, Sendable {
    /// Seconds each drawn frame moves time on by; nil: real time.
    public let step: Double?

    /// Real time: the seconds since the host started running.
    public static let real = HostClock(step: nil)

    /// Each drawn frame moves time on by exactly `seconds`, whatever the wall clock did; 0 stands
    /// time still (only input changes what is shown). Negative or not finite: `badFrameStep`.
    public static func fixedStep(seconds: Double) throws(WindowHostError) -> HostClock {
        guard seconds.isFinite, seconds >= 0 else { throw .badFrameStep(seconds) }
        return HostClock(step: seconds)
    }

    private init(step: Double?) { self.step = step }

    /// The time (seconds since the run started) of a frame drawn at `realSeconds`, the frame
    /// before it having shown `previousFrame`.
    public func frameTime(realSeconds: Double, previousFrame: Double) -> Double {
        step.map { previousFrame + $0 } ?? realSeconds
    }

    /// The time (seconds since the run started) input arriving at `realSeconds` happens at: with
    /// a fixed step, the time of the frame on screen (between frames, time does not move).
    public func eventTime(realSeconds: Double, lastFrame: Double) -> Double {
        step == nil ? realSeconds : lastFrame
    }
}
