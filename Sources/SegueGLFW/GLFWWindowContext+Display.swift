@preconcurrency import CGLFW
#if canImport(Glibc)
import Glibc
#endif

/// The display around a window: whether one can be opened at all, its refresh rate, and
/// fullscreen on it (the demo window's F key).
extension GLFWWindowContext {
    /// Why no window can be opened here, or nil when one can: DISPLAY is not set, or no X server
    /// answers at it (GLFW cannot open the display). Asked before choosing between a window and
    /// a headless render; it opens and closes the display, no window.
    public static func displayUnavailableReason() -> String? {
        guard let display = getenv("DISPLAY").map({ String(cString: $0) }), !display.isEmpty else {
            return "DISPLAY is not set"  // windows go through X11 (XWayland on a Wayland desktop)
        }
        guard glfwInit() == GLFW_TRUE else {
            var description: UnsafePointer<CChar>?
            _ = glfwGetError(&description)
            let reason = description.map { String(cString: $0) } ?? "GLFW could not start"
            return "no X server answers at DISPLAY=\(display) (\(reason))"
        }
        glfwTerminate()
        return nil
    }

    /// The refresh rate (Hz) of the monitor the window is on (the primary one while windowed),
    /// as the window system reports it; nil when it reports none.
    public var monitorRefreshRate: Double? {
        guard window != nil, let monitor = currentMonitor, let mode = glfwGetVideoMode(monitor) else { return nil }
        let rate = mode.pointee.refreshRate
        return rate > 0 ? Double(rate) : nil
    }

    /// True while the window fills its monitor.
    public var isFullscreen: Bool {
        guard let window else { return false }
        return glfwGetWindowMonitor(window) != nil
    }

    /// Makes the window fill the primary monitor at its current video mode, or puts it back at
    /// the position and size it had before. The drawable size changes (read `drawableSize`).
    public func setFullscreen(_ fullscreen: Bool) {
        guard let window, fullscreen != isFullscreen else { return }
        if fullscreen {
            guard let monitor = glfwGetPrimaryMonitor(), let mode = glfwGetVideoMode(monitor) else { return }
            var x: Int32 = 0, y: Int32 = 0, width: Int32 = 0, height: Int32 = 0
            glfwGetWindowPos(window, &x, &y)
            glfwGetWindowSize(window, &width, &height)
            WindowedFrames.saved[Int(bitPattern: window)] = (x, y, width, height)
            glfwSetWindowMonitor(window, monitor, 0, 0, mode.pointee.width, mode.pointee.height, mode.pointee.refreshRate)
        } else {
            let frame = WindowedFrames.saved.removeValue(forKey: Int(bitPattern: window)) ?? (100, 100, 960, 540)
            glfwSetWindowMonitor(window, nil, frame.x, frame.y, frame.width, frame.height, 0)
        }
    }

    private var currentMonitor: OpaquePointer? {
        guard let window else { return nil }
        return glfwGetWindowMonitor(window) ?? glfwGetPrimaryMonitor()
    }
}

/// The windowed position and size to go back to after fullscreen, per window (GLFW windows
/// are made and used on the main thread only).
private enum WindowedFrames {
    nonisolated(unsafe) static var saved: [Int: (x: Int32, y: Int32, width: Int32, height: Int32)] = [:]
}
