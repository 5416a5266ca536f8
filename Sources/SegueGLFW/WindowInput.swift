@preconcurrency import CGLFW
import Logging
import SegueInput
#if canImport(Glibc)
import Glibc
#endif

/// Receives GLFW's C callbacks for one window (through its user pointer) and queues events in
/// the order they happened. Callbacks rather than polled state, so a press and release that both
/// happen between two polls (a quick tap, `xdotool key`) are never missed.
final class WindowInput {
    private var events: [WindowSystemEvent] = []
    /// The modifiers of the last key or button event: GLFW gives moves and scrolls none.
    private var modifiers: KeyModifiers = []

    func install(on window: OpaquePointer) {
        glfwSetWindowUserPointer(window, Unmanaged.passUnretained(self).toOpaque())
        // Caps Lock in the modifier bits, as UIKit's `alphaShift`.
        glfwSetInputMode(window, GLFW_LOCK_KEY_MODS, GLFW_TRUE)
        glfwSetCursorPosCallback(window) { window, x, y in
            guard let input = WindowInput.from(window) else { return }
            let (px, py) = WindowInput.framebufferPosition(window, x, y)
            input.events.append(.pointer(PointerEvent(kind: .moved, x: px, y: py, modifiers: input.modifiers)))
        }
        glfwSetMouseButtonCallback(window) { window, button, action, mods in
            guard let window, let input = WindowInput.from(window) else { return }
            var x = 0.0
            var y = 0.0
            glfwGetCursorPos(window, &x, &y)
            let (px, py) = WindowInput.framebufferPosition(window, x, y)
            input.modifiers = GLFWInputTranslation.modifiers(mods)
            input.events.append(.pointer(PointerEvent(
                kind: action == GLFW_PRESS ? .down : .up, x: px, y: py,
                button: GLFWInputTranslation.button(button), modifiers: input.modifiers)))
        }
        glfwSetScrollCallback(window) { window, dx, dy in
            guard let window, let input = WindowInput.from(window) else { return }
            var x = 0.0
            var y = 0.0
            glfwGetCursorPos(window, &x, &y)
            let (px, py) = WindowInput.framebufferPosition(window, x, y)
            input.events.append(.scroll(ScrollEvent(x: px, y: py, deltaX: dx, deltaY: dy, modifiers: input.modifiers)))
        }
        glfwSetKeyCallback(window) { window, code, scancode, action, mods in
            guard let input = WindowInput.from(window) else { return }
            let key = GLFWInputTranslation.key(code)
            let modifiers = GLFWInputTranslation.modifiers(mods, key: key)
            input.modifiers = GLFWInputTranslation.heldModifiers(
                modifiers.subtracting(.numericPad), after: key, pressed: action != GLFW_RELEASE)
            input.events.append(.key(KeyEvent(
                key: key, action: GLFWInputTranslation.keyAction(action), modifiers: modifiers, scancode: scancode)))
        }
        glfwSetCharCallback(window) { window, codepoint in
            guard let input = WindowInput.from(window), let scalar = Unicode.Scalar(codepoint) else { return }
            input.events.append(.text(scalar))
        }
        glfwSetFramebufferSizeCallback(window) { window, width, height in
            WindowInput.from(window)?.events.append(.framebufferResized(width: Int(width), height: Int(height)))
        }
        glfwSetWindowContentScaleCallback(window) { window, xScale, _ in
            WindowInput.from(window)?.events.append(.contentScaleChanged(Double(xScale)))
        }
        glfwSetWindowCloseCallback(window) { window in
            WindowInput.from(window)?.events.append(.closeRequested)
        }
        glfwSetWindowFocusCallback(window) { window, focused in
            WindowInput.from(window)?.events.append(.focusChanged(focused: focused == GLFW_TRUE))
        }
    }

    func uninstall(from window: OpaquePointer) {
        glfwSetCursorPosCallback(window, nil)
        glfwSetMouseButtonCallback(window, nil)
        glfwSetScrollCallback(window, nil)
        glfwSetKeyCallback(window, nil)
        glfwSetCharCallback(window, nil)
        glfwSetFramebufferSizeCallback(window, nil)
        glfwSetWindowContentScaleCallback(window, nil)
        glfwSetWindowCloseCallback(window, nil)
        glfwSetWindowFocusCallback(window, nil)
        glfwSetWindowUserPointer(window, nil)
    }

    /// The events queued since the last drain. The array is handed over and a new one started
    /// (emptying the returned one in place would copy it, since the caller shares its buffer).
    func drain() -> [WindowSystemEvent] {
        guard !events.isEmpty else { return [] }  // most frames: no event, no allocation
        let drained = events
        events = []
        return drained
    }

    private static func from(_ window: OpaquePointer?) -> WindowInput? {
        guard let window, let pointer = glfwGetWindowUserPointer(window) else { return nil }
        return Unmanaged<WindowInput>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// GLFW reports screen coordinates; scale them to framebuffer pixels (HiDPI).
    private static func framebufferPosition(_ window: OpaquePointer?, _ x: Double, _ y: Double) -> (Double, Double) {
        var width: Int32 = 0
        var height: Int32 = 0
        var framebufferWidth: Int32 = 0
        var framebufferHeight: Int32 = 0
        glfwGetWindowSize(window, &width, &height)
        glfwGetFramebufferSize(window, &framebufferWidth, &framebufferHeight)
        let position = GLFWInputTranslation.framebufferPosition(
            x: x, y: y, windowSize: (Int(width), Int(height)), framebufferSize: (Int(framebufferWidth), Int(framebufferHeight)))
        return (position.x, position.y)
    }
}

/// Xlib's default error handler prints the error and exits the process with status 1. When
/// another client destroys our window (`xdotool windowclose`, a crashed window manager), every
/// later request on it is such an error. This handler counts the errors that say a window or
/// drawable no longer exists (BadWindow, BadDrawable, and GLX's own GLXBadDrawable and
/// GLXBadWindow, which a swap on the gone window raises) under the X id they name, and a window
/// reads its own ids among them as "close now", so the program ends that window's loop and goes
/// on with its other windows; any other error is logged (label `segue.glfw`) and the program
/// goes on. The handler is the process's (Xlib has one); what it records is per window.
/// Xlib is reached through GLFW's already loaded libX11 (dlsym), so nothing more is linked.
enum X11ErrorTrap {
    typealias Handler = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Int32
    typealias SetHandler = @convention(c) (Handler?) -> Handler?

    /// The start of Xlib's `XErrorEvent`, field for field (C layout: `type` is padded to the
    /// pointer that follows it), to read the error's codes.
    private struct ErrorEventHead {
        var type: Int32
        var display: OpaquePointer?
        var resourceID: UInt
        var serial: UInt
        var errorCode: UInt8
        var requestCode: UInt8
        var minorCode: UInt8
    }

    /// X protocol error codes (X.h) that mean the window is gone.
    private static let badWindow: UInt8 = 3
    private static let badDrawable: UInt8 = 9
    /// GLX's GLXBadDrawable and GLXBadWindow (glxproto.h), after the extension's error base.
    private static let glxBadDrawable = 2
    private static let glxBadWindow = 12
    /// The GLX extension's first error code on this display (nil: unknown).
    nonisolated(unsafe) private static var glxErrorBase: Int?

    static let logger = Logger(label: "segue.glfw")

    /// The X ids that errors said are gone (GLFW's thread only, as every X call here).
    nonisolated(unsafe) private static var goneIDs: Set<UInt> = []

    /// Whether an error said that one of `ids` (a window's X window and GLX drawable) is gone.
    static func isGone(_ ids: [UInt]) -> Bool { ids.contains { goneIDs.contains($0) } }

    /// The X window and GLX drawable of a GLFW window (0 where GLFW has none), through dlsym.
    static func ids(of window: OpaquePointer) -> [UInt] {
        typealias GetID = @convention(c) (OpaquePointer?) -> UInt
        return ["glfwGetX11Window", "glfwGetGLXWindow"].compactMap { name in
            guard let symbol = dlsym(nil, name) else { return nil }
            let id = unsafeBitCast(symbol, to: GetID.self)(window)
            return id == 0 ? nil : id
        }
    }

    /// Installs the handler for a new window with X ids `ids` (after window creation: GLFW 3.3
    /// resets Xlib's handler to the default after the calls where it installs its own, such as
    /// creating a window). The ids start clean: the server may reuse a destroyed window's id.
    static func install(for ids: [UInt]) {
        goneIDs.subtract(ids)
        glxErrorBase = queryGLXErrorBase()
        guard let symbol = dlsym(nil, "XSetErrorHandler") else { return }  // nil: RTLD_DEFAULT
        let setHandler = unsafeBitCast(symbol, to: SetHandler.self)
        _ = setHandler { _, event in
            guard let event else { return 0 }
            let head = event.load(as: ErrorEventHead.self)
            if X11ErrorTrap.meansWindowGone(head.errorCode) {
                X11ErrorTrap.goneIDs.insert(head.resourceID)
            } else {
                X11ErrorTrap.logger.error(
                    "X error \(head.errorCode) (request \(head.requestCode).\(head.minorCode), resource 0x\(String(head.resourceID, radix: 16)))")
            }
            return 0
        }
    }

    private static func meansWindowGone(_ code: UInt8) -> Bool {
        if code == badWindow || code == badDrawable { return true }
        guard let base = glxErrorBase else { return false }
        return Int(code) == base + glxBadDrawable || Int(code) == base + glxBadWindow
    }

    /// Asked once, outside the handler (an error handler must not make requests): GLFW's
    /// display, and Xlib's XQueryExtension for GLX, both through dlsym.
    private static func queryGLXErrorBase() -> Int? {
        typealias GetDisplay = @convention(c) () -> OpaquePointer?
        typealias QueryExtension = @convention(c) (
            OpaquePointer?, UnsafePointer<CChar>?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?,
            UnsafeMutablePointer<Int32>?) -> Int32
        guard let getDisplay = dlsym(nil, "glfwGetX11Display"), let query = dlsym(nil, "XQueryExtension"),
              let display = unsafeBitCast(getDisplay, to: GetDisplay.self)() else { return nil }
        var opcode: Int32 = 0, firstEvent: Int32 = 0, firstError: Int32 = 0
        guard unsafeBitCast(query, to: QueryExtension.self)(display, "GLX", &opcode, &firstEvent, &firstError) != 0 else { return nil }
        return Int(firstError)
    }
}
