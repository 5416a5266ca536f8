/// Where the window's transition is and how it moves: progress 0...1 over `duration` seconds,
/// at a speed (¼× … 4×), forwards or reversed, looping, once or ping-pong; paused, stepped a frame
/// at a time, held by a drag, or settling to an end after a release. Time is an input: nothing
/// moves except through `advance(by:)`, so tests drive it with fixed steps.
public struct PlayerTimeline: Sendable {
    public enum LoopMode: String, CaseIterable, Sendable {
        case loop, once, pingPong = "ping-pong"
        public var next: LoopMode { Self.allCases[(Self.allCases.firstIndex(of: self)! + 1) % Self.allCases.count] }
    }

    /// The speeds of keys 1–5, and how the overlay names them.
    public static let speeds: [Double] = [0.25, 0.5, 1, 2, 4]
    public static let speedLabels = ["¼×", "½×", "1×", "2×", "4×"]
    /// How long an end stays on screen before the loop mode continues.
    public static let endHold = 0.5

    public var duration: Double
    public private(set) var progress: Double = 0
    /// +1 forwards, −1 reversed.
    public private(set) var direction: Double = 1
    public var speed: Double = 1
    public var loopMode: LoopMode {
        didSet { if loopMode != .once { isStopped = false } }  // a stopped run goes on in the new mode
    }
    public private(set) var isPaused = false
    /// True while a pointer holds the progress (a drag).
    public private(set) var isHeld = false
    /// A "once" run that reached an end: nothing moves until resumed (restart) or reversed.
    public private(set) var isStopped = false
    private var holdLeft = 0.0
    private var settle: (from: Double, to: Double, elapsed: Double, duration: Double)?

    public init(duration: Double, loopMode: LoopMode) {
        self.duration = duration
        self.loopMode = loopMode
    }

    public var isSettling: Bool { settle != nil }
    /// Whether time moves the progress (playing, holding an end, or settling): not paused, held
    /// or stopped.
    public var isMoving: Bool { !isPaused && !isHeld && !isStopped }

    /// Moves `seconds` of display time forward (scaled by the speed).
    public mutating func advance(by seconds: Double) {
        guard !isPaused, !isHeld, !isStopped, seconds > 0 else { return }
        var time = seconds * speed
        if var s = settle {
            s.elapsed += time
            let t = s.duration > 0 ? min(s.elapsed / s.duration, 1) : 1
            progress = s.from + (s.to - s.from) * t
            settle = t >= 1 ? nil : s
            if t >= 1 { land(at: s.to) }
            return
        }
        if holdLeft > 0 {
            let used = min(holdLeft, time)
            holdLeft -= used
            time -= used
            if holdLeft > 0 { return }
            continueFromEnd()
        }
        guard time > 0 else { return }
        let next = progress + direction * time / duration
        if next >= 1 || next <= 0 {
            progress = min(max(next, 0), 1)
            reachEnd()
        } else {
            progress = next
        }
    }

    /// Paused: moves one display frame (`frameSeconds` at the current speed) forwards (+1) or back (−1).
    public mutating func step(_ frames: Int, frameSeconds: Double) {
        guard isPaused else { return }
        settle = nil
        holdLeft = 0
        progress = min(max(progress + Double(frames) * frameSeconds * speed / duration, 0), 1)
    }

    /// Paused: moves to `progress` (clamped to 0...1), as a step does: a show with frames of its
    /// own (an edit's preview) steps to its next frame exactly, whatever the speed.
    public mutating func step(toProgress progress: Double) {
        guard isPaused else { return }
        settle = nil
        holdLeft = 0
        self.progress = min(max(progress.isNaN ? self.progress : progress, 0), 1)
    }

    public mutating func togglePause() {
        if isPaused {
            isPaused = false
            // A finished "once" run starts over from its beginning.
            if isStopped {
                isStopped = false
                progress = direction > 0 ? 0 : 1
            }
        } else {
            isPaused = true
        }
    }

    public mutating func reverse() {
        direction = -direction
        isStopped = false  // a finished "once" run plays back the other way
    }

    /// Enter: plays the transition again from its start (forwards, unpaused), in any repeat
    /// mode — the way to see a `once` run again without reversing it.
    public mutating func replay() {
        isPaused = false
        isStopped = false
        isHeld = false
        settle = nil
        holdLeft = 0
        direction = 1
        progress = 0
    }

    /// Another show takes over (N/P): it continues where this one is — the same progress,
    /// direction, speed and paused state — so effects can be compared at one frame. A drag or a
    /// settle in progress stops where it is; a finished `once` run stays finished.
    public mutating func continueFrom(_ other: PlayerTimeline) {
        progress = other.progress
        direction = other.direction
        speed = other.speed
        isPaused = other.isPaused
        isHeld = false
        settle = nil
        holdLeft = 0
        isStopped = loopMode == .once && other.isStopped
    }

    /// A seek (a press or drag on the overlay's progress bar) lets go: the progress stays where
    /// it was put, and playback (unless paused) goes on from there.
    public mutating func endSeek() {
        isHeld = false
        settle = nil
        holdLeft = 0
    }

    /// A drag holds the progress where the pointer puts it (clamped to 0...1).
    public mutating func hold(at progress: Double) {
        isHeld = true
        isStopped = false
        settle = nil
        holdLeft = 0
        self.progress = min(max(progress.isNaN ? 0 : progress, 0), 1)
    }

    /// Releases a hold: plays to `target` (0 or 1) over the distance × duration (completion speed
    /// 1, as the percent-driven interaction does), then holds that end and continues.
    /// Paused, the progress stays where the drag left it.
    public mutating func release(settlingTo target: Double) {
        isHeld = false
        guard !isPaused else { return }
        settle = (progress, target, 0, abs(target - progress) * duration)
        if abs(target - progress) == 0 { settle = nil; land(at: target) }
    }

    /// Jumps to an end (an interaction that finished or cancelled there) and holds it for `hold`
    /// seconds before the loop mode continues; "once" stays there.
    public mutating func land(at end: Double, hold: Double = endHold) {
        isHeld = false
        settle = nil
        progress = end
        if loopMode == .once {
            direction = 1
            holdLeft = 0
            isStopped = true
            return
        }
        // Leaving an end: forwards from 0, backwards from 1 (ping-pong), or wrap (loop).
        direction = end >= 1 ? (loopMode == .pingPong ? -1 : 1) : 1
        holdLeft = hold
    }

    private mutating func reachEnd() {
        if loopMode == .once {
            isStopped = true
        } else {
            holdLeft = Self.endHold
        }
    }

    private mutating func continueFromEnd() {
        let atEnd = direction > 0 ? progress >= 1 : progress <= 0
        guard atEnd else { return }
        switch loopMode {
        case .once: break
        case .loop: progress = direction > 0 ? 0 : 1
        case .pingPong: direction = -direction
        }
    }
}
