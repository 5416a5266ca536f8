@preconcurrency import CGLFW
import Logging
#if canImport(Glibc)
import Glibc
#endif

/// A pointer event in framebuffer pixels, top-left origin.
public struct PointerEvent: Equatable, Sendable {
    public enum Kind: Sendable { case down, moved, up }
    public let kind: Kind
    public let x: Double
    public let y: Double
}

/// A key going down (or repeating while held).
public struct KeyEvent: Equatable, Sendable {
    public enum Key: Equatable, Sendable {
        case space, left, right, escape
        /// A letter (uppercase) or digit key, by its US-layout name.
        case character(Character)
        case other(Int32)
    }
    public let key: Key
    /// True for the auto-repeat of a held key.
    public let isRepeat: Bool
}

/// What a window reports between two polls, in the order it happened.
public enum WindowEvent: Equatable, Sendable {
    case pointer(PointerEvent)
    case key(KeyEvent)
}

/// Receives GLFW's C callbacks for one window (through its user pointer) and queues events.
final class WindowInput {
    private var events: [WindowEvent] = []

    func install(on window: OpaquePointer) {
        glfwSetWindowUserPointer(window, Unmanaged.passUnretained(self).toOpaque())
        glfwSetCursorPosCallback(window) { window, x, y in
            guard let input = WindowInput.from(window) else { return }
            let (px, py) = WindowInput.framebufferPosition(window, x, y)
            input.events.append(.pointer(PointerEvent(kind: .moved, x: px, y: py)))
        }
        glfwSetMouseButtonCallback(window) { window, button, action, _ in
            guard button == GLFW_MOUSE_BUTTON_LEFT, let window, let input = WindowInput.from(window) else { return }
            var x = 0.0
            var y = 0.0
            glfwGetCursorPos(window, &x, &y)
            let (px, py) = WindowInput.framebufferPosition(window, x, y)
            input.events.append(.pointer(PointerEvent(kind: action == GLFW_PRESS ? .down : .up, x: px, y: py)))
        }
        glfwSetKeyCallback(window) { window, key, _, action, _ in
            guard action == GLFW_PRESS || action == GLFW_REPEAT, let window, let input = WindowInput.from(window) else { return }
            input.events.append(.key(KeyEvent(key: WindowInput.key(key), isRepeat: action == GLFW_REPEAT)))
        }
    }

    func uninstall(from window: OpaquePointer) {
        glfwSetCursorPosCallback(window, nil)
        glfwSetMouseButtonCallback(window, nil)
        glfwSetKeyCallback(window, nil)
        glfwSetWindowUserPointer(window, nil)
    }

    /// The events queued since the last drain. The array is handed over and a new one started
    /// (emptying the returned one in place would copy it, since the caller shares its buffer).
    func drain() -> [WindowEvent] {
        guard !events.isEmpty else { return [] }  // most frames: no event, no allocation
        let drained = events
        events = []
        return drained
    }

    private static func key(_ code: Int32) -> KeyEvent.Key {
        switch code {
        case GLFW_KEY_SPACE: return .space
        case GLFW_KEY_LEFT: return .left
        case GLFW_KEY_RIGHT: return .right
        case GLFW_KEY_ESCAPE: return .escape
        case GLFW_KEY_0...GLFW_KEY_9, GLFW_KEY_A...GLFW_KEY_Z:
            return .character(Character(Unicode.Scalar(UInt8(code))))
        default: return .other(code)
        }
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
        guard width > 0, height > 0 else { return (x, y) }
        return (x * Double(framebufferWidth) / Double(width), y * Double(framebufferHeight) / Double(height))
    }
}

/// Xlib's default error handler prints the error and exits the process with status 1. When
/// another client destroys our window (`xdotool windowclose`, a crashed window manager), every
/// later request on it is such an error. This handler counts the errors that say a window or
/// drawable no longer exists (BadWindow, BadDrawable, and GLX's own GLXBadDrawable and
/// GLXBadWindow, which a swap on the gone window raises), and windows read a non-zero count as
/// "close now", so the program ends its loop and exits normally; any other error is logged
/// (label `segue.glfw`) and the program goes on.
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

    /// Errors since the window was made that say it is gone.
    nonisolated(unsafe) private(set) static var errorCount = 0

    /// Installs the handler (after window creation: GLFW 3.3 resets Xlib's handler to the
    /// default after the calls where it installs its own, such as creating a window).
    static func install() {
        errorCount = 0  // a new window starts with none (one window at a time)
        glxErrorBase = queryGLXErrorBase()
        guard let symbol = dlsym(nil, "XSetErrorHandler") else { return }  // nil: RTLD_DEFAULT
        let setHandler = unsafeBitCast(symbol, to: SetHandler.self)
        _ = setHandler { _, event in
            guard let event else { return 0 }
            let head = event.load(as: ErrorEventHead.self)
            if X11ErrorTrap.meansWindowGone(head.errorCode) {
                X11ErrorTrap.errorCount += 1
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
