@preconcurrency import CGLFW
import SegueGL
#if canImport(Glibc)
import Glibc
#endif

/// A window with a GL 3.3 core context, through GLFW 3 on X11. Pointer input arrives through
/// GLFW's callbacks and is queued as `PointerEvent`s in framebuffer pixels (top-left origin).
public final class GLFWWindowContext: GLContext {
    public let backendDescription: String
    public var shadingLanguage: ShadingLanguage { .glsl330Core }
    private var window: OpaquePointer?
    private let input = PointerInput()

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

    /// Processes window-system events and returns the pointer events that arrived.
    public func pollEvents() -> [PointerEvent] {
        glfwPollEvents()
        return input.drain()
    }

    /// True once the window was asked to close (its close button, or Escape).
    public var shouldClose: Bool {
        guard let window else { return true }
        return glfwWindowShouldClose(window) == GLFW_TRUE || glfwGetKey(window, GLFW_KEY_ESCAPE) == GLFW_PRESS
    }

    public func setTitle(_ title: String) {
        if let window { glfwSetWindowTitle(window, title) }
    }

    /// Closes the window and shuts GLFW down; release GPU objects and the GLDevice first.
    public func release() {
        guard let window else { return }
        input.uninstall(from: window)
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

/// A pointer event in framebuffer pixels, top-left origin.
public struct PointerEvent: Equatable, Sendable {
    public enum Kind: Sendable { case down, moved, up }
    public let kind: Kind
    public let x: Double
    public let y: Double
}

/// Receives GLFW's C callbacks for one window (through its user pointer) and queues events.
final class PointerInput {
    private var events: [PointerEvent] = []
    private var buttonDown = false

    func install(on window: OpaquePointer) {
        glfwSetWindowUserPointer(window, Unmanaged.passUnretained(self).toOpaque())
        glfwSetCursorPosCallback(window) { window, x, y in
            guard let input = PointerInput.from(window) else { return }
            let (px, py) = PointerInput.framebufferPosition(window, x, y)
            input.events.append(PointerEvent(kind: .moved, x: px, y: py))
        }
        glfwSetMouseButtonCallback(window) { window, button, action, _ in
            guard button == GLFW_MOUSE_BUTTON_LEFT, let window, let input = PointerInput.from(window) else { return }
            var x = 0.0
            var y = 0.0
            glfwGetCursorPos(window, &x, &y)
            let (px, py) = PointerInput.framebufferPosition(window, x, y)
            input.buttonDown = action == GLFW_PRESS
            input.events.append(PointerEvent(kind: action == GLFW_PRESS ? .down : .up, x: px, y: py))
        }
    }

    func uninstall(from window: OpaquePointer) {
        glfwSetCursorPosCallback(window, nil)
        glfwSetMouseButtonCallback(window, nil)
        glfwSetWindowUserPointer(window, nil)
    }

    func drain() -> [PointerEvent] {
        defer { events.removeAll(keepingCapacity: true) }
        return events
    }

    private static func from(_ window: OpaquePointer?) -> PointerInput? {
        guard let window, let pointer = glfwGetWindowUserPointer(window) else { return nil }
        return Unmanaged<PointerInput>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// GLFW reports screen coordinates; scale them to framebuffer pixels (HiDPI).
    private static func framebufferPosition(_ window: OpaquePointer?, _ x: Double, _ y: Double) -> (Double, Double) {
        var width: Int32 = 0
        var height: Int32 = 0
        var framebufferWidth: Int32 = 0
        var framebufferHeight: Int32 = 0
        glfwGetWindowSize(window, &width, &height)
        glfwGetFramebufferSize(window, &framebufferWidth, &framebufferHeight)
        guard width > 0, height > 0 else { return (x, y) }
        return (x * Double(framebufferWidth) / Double(width), y * Double(framebufferHeight) / Double(height))
    }
}
