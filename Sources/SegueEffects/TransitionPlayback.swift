/// Progress of a transition as a function of time. Time is an input: nothing moves until
/// `advance(to:)` is called, whether by a display loop (real time) or a test (virtual time).
/// Scrubbing is "pause + time offset": `scrub(to:)` holds a progress, `resume(at:)` continues
/// from it.
public struct TransitionPlayback: Sendable {
    public enum Repeat: Sendable { case once, loop, pingPong }

    public let duration: Double
    public let repeatMode: Repeat
    public private(set) var progress: Double = 0
    public private(set) var isPaused = false
    private var startTime: Double

    /// `duration` in seconds (> 0); the transition starts at time `start`.
    public init(duration: Double, repeatMode: Repeat = .once, start: Double = 0) {
        self.duration = duration > 0 && duration.isFinite ? duration : 1
        self.repeatMode = repeatMode
        self.startTime = start
    }

    /// Moves to time `now` (seconds, same clock as `start`) and returns the progress.
    @discardableResult
    public mutating func advance(to now: Double) -> Double {
        guard !isPaused else { return progress }
        let cycles = max(0, now - startTime) / duration
        switch repeatMode {
        case .once: progress = min(cycles, 1)
        case .loop: progress = cycles - cycles.rounded(.down)
        case .pingPong:
            let phase = cycles.truncatingRemainder(dividingBy: 2)
            progress = phase <= 1 ? phase : 2 - phase
        }
        return progress
    }

    /// Pauses and holds `progress` (clamped to 0...1), e.g. while a pointer drags.
    public mutating func scrub(to progress: Double) {
        isPaused = true
        self.progress = progress.isNaN ? 0 : min(max(progress, 0), 1)
    }

    /// Continues forward from the held progress at time `now`.
    public mutating func resume(at now: Double) {
        guard isPaused else { return }
        isPaused = false
        startTime = now - progress * duration
    }

    /// Whether a `.once` playback has reached the end.
    public var isFinished: Bool { repeatMode == .once && progress >= 1 }
}
