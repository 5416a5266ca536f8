import SegueGLFW

/// What a key does in the demo window, apart from any window system: the window (GLFW today, an
/// app host tomorrow) maps its key events through `action(for:)` and performs the result.
public enum PlayerAction: Equatable, Sendable {
    case quit
    case togglePause
    /// One display frame forwards (+1) or back (−1), while paused.
    case step(Int)
    case reverse
    /// Index into `PlayerTimeline.speeds`.
    case speed(Int)
    case cycleRepeatMode
    /// The next (+1) or previous (−1) show.
    case switchShow(Int)
    case toggleOverlay
    case toggleFullscreen
    case screenshot
    case replay

    /// The action of a key press (repeats of a held key step and switch, but do not toggle).
    public static func action(for key: KeyEvent.Key, isRepeat: Bool) -> PlayerAction? {
        switch key {
        case .escape, .character("Q"): return .quit
        case .space: return isRepeat ? nil : .togglePause
        case .left: return .step(-1)
        case .right: return .step(1)
        case .character("R"): return isRepeat ? nil : .reverse
        case .character(let digit) where ("1"..."5").contains(digit): return .speed((digit.wholeNumberValue ?? 3) - 1)
        case .character("L"): return isRepeat ? nil : .cycleRepeatMode
        case .character("N"): return .switchShow(1)
        case .character("P"): return .switchShow(-1)
        case .character("H"): return isRepeat ? nil : .toggleOverlay
        case .character("F"), .function(11): return isRepeat ? nil : .toggleFullscreen
        case .character("S"): return isRepeat ? nil : .screenshot
        case .enter: return isRepeat ? nil : .replay
        default: return nil
        }
    }
}
