@preconcurrency import CGLFW
import SegueGL
#if canImport(Glibc)
import Glibc
#endif

/// A window with a GL 3.3 core context, through GLFW 3 on X11. Input and window-system events
/// arrive through GLFW's callbacks and are queued in order as `WindowSystemEvent`s (pointer
/// positions in framebuffer pixels, top-left origin): every button, modifiers, scroll, keys
/// (press, repeat, release), typed text, framebuffer size, content scale, close, focus.
public final class GLFWWindowContext: GLContext {
    public let backendDescription: String
    public var shadingLanguage: ShadingLanguage { .glsl330Core }
    /// Internal (not private) for the display extension in `GLFWWindowContext+Display.swift`.
    var window: OpaquePointer?
    private let input = WindowInput()
    /// The window's X window and GLX drawable: X errors on them close this window only.
    private var xIDs: [UInt] = []
    /// Windows open in this process: GLFW is shut down when the last one is released.
    nonisolated(unsafe) private static var openWindows = 0

    /// Opens a window of `width`×`height` screen coordinates. `scalesToMonitor`: the size is
    /// multiplied by the monitor's content scale (a window sized in points on a HiDPI screen).
    /// Throws `GLError.contextCreation` with the reason when there is no display, GLFW cannot
    /// start, or the driver has no GL 3.3 core.
    public init(title: String, width: Int, height: Int, vsync: Bool = true, scalesToMonitor: Bool = false) throws(GLError) {
        guard width > 0, height > 0 else {
            throw GLError.invalidSize(width: width, height: height, reason: "a window needs at least 1x1 pixels")
        }
        if getenv("DISPLAY") == nil && getenv("WAYLAND_DISPLAY") == nil {
            throw GLError.contextCreation(
                backend: "GLFW window", reason: "no display: DISPLAY is not set (render headlessly instead)")
        }
        guard glfwInit() == GLFW_TRUE else {
            throw GLError.contextCreation(backend: "GLFW window", reason: "glfwInit failed: \(Self.lastGLFWError())")
        }
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3)
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3)
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE)
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE)
        glfwWindowHint(GLFW_SCALE_TO_MONITOR, scalesToMonitor ? GLFW_TRUE : GLFW_FALSE)
        guard let window = glfwCreateWindow(Int32(width), Int32(height), title, nil, nil) else {
            let reason = Self.lastGLFWError()
            // GLX says only "GLXBadFBConfig" when the driver is older than 3.3: say what it offers.
            let offered = Self.offeredGLVersion()
            if Self.openWindows == 0 { glfwTerminate() }
            throw GLError.contextCreation(backend: "GLFW window", reason: Self.creationFailure(reason, offered: offered))
        }
        self.window = window
        backendDescription = "GLFW \(String(cString: glfwGetVersionString())) window"
        glfwMakeContextCurrent(window)
        glfwSwapInterval(vsync ? 1 : 0)
        input.install(on: window)
        Self.openWindows += 1
        xIDs = X11ErrorTrap.ids(of: window)
        X11ErrorTrap.install(for: xIDs)
    }

    public func makeCurrent() throws(GLError) {
        guard let window else { throw GLError.released(object: "GLFWWindowContext") }
        glfwMakeContextCurrent(window)
    }

    public var isCurrent: Bool { window != nil && glfwGetCurrentContext() == window }

    public var drawableSize: (width: Int, height: Int)? { size { glfwGetFramebufferSize($0, $1, $2) } }

    /// A size GLFW reports through two out-parameters (`read`), nil once the window is gone.
    private func size(
        _ read: (OpaquePointer, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>) -> Void
    ) -> (width: Int, height: Int)? {
        guard let window else { return nil }
        var width: Int32 = 0
        var height: Int32 = 0
        read(window, &width, &height)
        return (Int(width), Int(height))
    }

    public func present() throws(GLError) {
        guard let window else { throw GLError.released(object: "GLFWWindowContext") }
        glfwSwapBuffers(window)
    }

    /// Processes window-system events and returns the primary button's pointer events, the
    /// moves and the key presses that arrived, in order (`WindowEvent`, the simple view).
    public func pollEvents() -> [WindowEvent] {
        glfwPollEvents()
        return input.drain().compactMap(WindowEvent.init)
    }

    /// Processes window-system events without waiting and returns all that arrived, in order.
    public func pollSystemEvents() -> [WindowSystemEvent] {
        glfwPollEvents()
        return input.drain()
    }

    /// Sleeps until an event arrives (or `timeout` seconds pass; nil: no limit) and returns the
    /// events, in order; empty when the time ran out or `wake()` ended the wait. Costs no CPU
    /// while it waits.
    public func waitSystemEvents(timeout: Double?) -> [WindowSystemEvent] {
        if let timeout { glfwWaitEventsTimeout(max(0, timeout)) } else { glfwWaitEvents() }
        return input.drain()
    }

    /// Asks the X server about the window (one round trip), so that a window another client
    /// destroyed (`xdotool windowclose`, which GLFW reports no event for) turns `shouldClose`
    /// true: an idle loop, which makes no request that would fail on it, calls this now and then.
    public func confirmWindowExists() {
        guard let window else { return }
        _ = glfwGetWindowAttrib(window, GLFW_VISIBLE)
    }

    /// Ends a `waitSystemEvents` in progress; callable from any thread (GLFW's empty event).
    public static func wake() { glfwPostEmptyEvent() }

    /// Pixels per screen coordinate of the window's monitor (X11: `Xft.dpi` / 96; 1 by default).
    public var contentScale: Double {
        guard let window else { return 1 }
        var x: Float = 1
        var y: Float = 1
        glfwGetWindowContentScale(window, &x, &y)
        return x > 0 ? Double(x) : 1
    }

    /// The primary monitor's refresh rate in frames per second, when the window system says.
    public var refreshRate: Double? {
        guard let monitor = glfwGetPrimaryMonitor(), let mode = glfwGetVideoMode(monitor) else { return nil }
        return mode.pointee.refreshRate > 0 ? Double(mode.pointee.refreshRate) : nil
    }

    /// The window's size in screen coordinates (the cursor's space).
    public var windowSize: (width: Int, height: Int)? { size { glfwGetWindowSize($0, $1, $2) } }

    /// True once the window was asked to close (its close button), or was destroyed under us
    /// (`xdotool windowclose`: the X server reports errors on it). Keys, Escape included, are
    /// the caller's to act on.
    public var shouldClose: Bool {
        guard let window else { return true }
        return glfwWindowShouldClose(window) == GLFW_TRUE || X11ErrorTrap.isGone(xIDs)
    }

    public func setTitle(_ title: String) {
        if let window { glfwSetWindowTitle(window, title) }
    }

    /// Closes the window, and shuts GLFW down with the process's last window; release GPU
    /// objects and the GLDevice first.
    public func release() {
        guard let window else { return }
        input.uninstall(from: window)
        // A window the X server already destroyed cannot be destroyed again without another
        // error; the trap keeps that from ending the process, and glfwTerminate closes the display.
        glfwDestroyWindow(window)
        self.window = nil
        Self.openWindows -= 1
        if Self.openWindows == 0 { glfwTerminate() }
    }

    /// Why no window opened: GLFW's reason, with the GL version needed and, when the driver
    /// made a context of its own choosing, the version it offers (MESA_GL_VERSION_OVERRIDE=3.0
    /// under Xvfb, or an old driver: "needs OpenGL 3.3 core; the driver offers 3.0 Mesa …").
    static func creationFailure(_ reason: String, offered: String?) -> String {
        let needed = "Segue needs OpenGL 3.3 core profile"
        guard let offered else { return "glfwCreateWindow failed: \(reason) (\(needed); the driver made no GL context at all)" }
        return "glfwCreateWindow failed: \(reason) (\(needed); the driver offers OpenGL \(offered))"
    }

    /// The GL version of a context made with GLFW's default hints (whatever the driver offers),
    /// in a hidden 1×1 window made and destroyed here; nil when even that fails.
    private static func offeredGLVersion() -> String? {
        glfwDefaultWindowHints()
        glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE)
        guard let probe = glfwCreateWindow(1, 1, "GL version probe", nil, nil) else { return nil }
        defer {
            glfwMakeContextCurrent(nil)
            glfwDestroyWindow(probe)
        }
        glfwMakeContextCurrent(probe)
        let version = GL.getString(GL.version)
        return version.isEmpty ? nil : version
    }

    private static func lastGLFWError() -> String {
        var description: UnsafePointer<CChar>?
        let code = glfwGetError(&description)
        guard code != GLFW_NO_ERROR else { return "no error reported" }
        return description.map { String(cString: $0) } ?? "GLFW error \(code)"
    }
}

