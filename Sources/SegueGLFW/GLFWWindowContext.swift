@preconcurrency import CGLFW
import SegueGL
#if canImport(Glibc)
import Glibc
#endif

/// A window with a GL 3.3 core context, through GLFW 3 on X11. Pointer and key input arrive
/// through GLFW's callbacks and are queued in order as `WindowEvent`s (pointer positions in
/// framebuffer pixels, top-left origin). Callbacks rather than polled key state, so a press and
/// release that both happen between two polls (a quick tap, `xdotool key`) are never missed.
public final class GLFWWindowContext: GLContext {
    public let backendDescription: String
    public var shadingLanguage: ShadingLanguage { .glsl330Core }
    /// Internal (not private) for the display extension in `GLFWWindowContext+Display.swift`.
    var window: OpaquePointer?
    private let input = WindowInput()

    /// Opens a window. Throws `GLError.contextCreation` with the reason when there is no
    /// display, GLFW cannot start, or the driver has no GL 3.3 core.
    public init(title: String, width: Int, height: Int, vsync: Bool = true) throws(GLError) {
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
        guard let window = glfwCreateWindow(Int32(width), Int32(height), title, nil, nil) else {
            let reason = Self.lastGLFWError()
            glfwTerminate()
            throw GLError.contextCreation(backend: "GLFW window", reason: "glfwCreateWindow failed: \(reason)")
        }
        self.window = window
        backendDescription = "GLFW \(String(cString: glfwGetVersionString())) window"
        glfwMakeContextCurrent(window)
        glfwSwapInterval(vsync ? 1 : 0)
        input.install(on: window)
        X11ErrorTrap.install()
    }

    public func makeCurrent() throws(GLError) {
        guard let window else { throw GLError.released(object: "GLFWWindowContext") }
        glfwMakeContextCurrent(window)
    }

    public var isCurrent: Bool { window != nil && glfwGetCurrentContext() == window }

    public var drawableSize: (width: Int, height: Int)? {
        guard let window else { return nil }
        var width: Int32 = 0
        var height: Int32 = 0
        glfwGetFramebufferSize(window, &width, &height)
        return (Int(width), Int(height))
    }

    public func present() throws(GLError) {
        guard let window else { throw GLError.released(object: "GLFWWindowContext") }
        glfwSwapBuffers(window)
    }

    /// Processes window-system events and returns the pointer and key events that arrived, in order.
    public func pollEvents() -> [WindowEvent] {
        glfwPollEvents()
        return input.drain()
    }

    /// True once the window was asked to close (its close button), or was destroyed under us
    /// (`xdotool windowclose`: the X server reports errors on it). Keys, Escape included, are
    /// the caller's to act on.
    public var shouldClose: Bool {
        guard let window else { return true }
        return glfwWindowShouldClose(window) == GLFW_TRUE || X11ErrorTrap.errorCount > 0
    }

    public func setTitle(_ title: String) {
        if let window { glfwSetWindowTitle(window, title) }
    }

    /// Closes the window and shuts GLFW down; release GPU objects and the GLDevice first.
    public func release() {
        guard let window else { return }
        input.uninstall(from: window)
        // A window the X server already destroyed cannot be destroyed again without another
        // error; the trap keeps that from ending the process, and glfwTerminate closes the display.
        glfwDestroyWindow(window)
        self.window = nil
        glfwTerminate()
    }

    private static func lastGLFWError() -> String {
        var description: UnsafePointer<CChar>?
        let code = glfwGetError(&description)
        guard code != GLFW_NO_ERROR else { return "no error reported" }
        return description.map { String(cString: $0) } ?? "GLFW error \(code)"
    }
}

