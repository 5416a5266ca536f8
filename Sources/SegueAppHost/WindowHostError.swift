import SegueGL

/// Why a window host could not start or went on no longer.
public enum WindowHostError: Error, Equatable, CustomStringConvertible {
    /// There is no display to open a window on (`DISPLAY` is not set).
    case noDisplay
    /// A size that is not a positive, finite number of points (at most 16384 on a side).
    case badSize(width: Double, height: Double)
    /// GLFW could not open the window or its GL context (the reason is GL's error).
    case windowCreation(GLError)
    /// Drawing failed with a GL error.
    case gl(GLError)
    /// `run` was called on a host that has already run or was released (a host drives one session).
    case alreadyRan
    /// A fixed frame step that is negative or not finite (`HostClock.fixedStep(seconds:)`).
    case badFrameStep(Double)

    public var description: String {
        switch self {
        case .noDisplay: "no display: DISPLAY is not set (run under an X server, e.g. Xvfb, or render headlessly)"
        case .badSize(let width, let height): "a window is 1...16384 points on each side, not \(width)x\(height)"
        case .windowCreation(let error): "could not open the window: \(error)"
        case .gl(let error): "drawing failed: \(error)"
        case .alreadyRan: "this host has already run; make a new one"
        case .badFrameStep(let seconds): "a frame step is 0 or more finite seconds, not \(seconds)"
        }
    }
}
