@preconcurrency import CGLFW
import SegueInput

/// GLFW's codes to Segue's input types: key codes (US-layout meaning), modifier bits, mouse
/// buttons, and cursor positions (screen coordinates) to framebuffer pixels. Pure functions.
public enum GLFWInputTranslation {
    /// The key a GLFW key code names.
    public static func key(_ code: Int32) -> KeyboardKey {
        switch code {
        case GLFW_KEY_SPACE: return .space
        // Printable keys: GLFW's codes are their ASCII characters.
        case GLFW_KEY_APOSTROPHE, GLFW_KEY_COMMA, GLFW_KEY_MINUS, GLFW_KEY_PERIOD, GLFW_KEY_SLASH,
             GLFW_KEY_0...GLFW_KEY_9, GLFW_KEY_SEMICOLON, GLFW_KEY_EQUAL, GLFW_KEY_A...GLFW_KEY_Z,
             GLFW_KEY_LEFT_BRACKET, GLFW_KEY_BACKSLASH, GLFW_KEY_RIGHT_BRACKET, GLFW_KEY_GRAVE_ACCENT:
            return .character(Character(Unicode.Scalar(UInt8(code))))
        case GLFW_KEY_ESCAPE: return .escape
        case GLFW_KEY_ENTER: return .enter
        case GLFW_KEY_TAB: return .tab
        case GLFW_KEY_BACKSPACE: return .backspace
        case GLFW_KEY_INSERT: return .insert
        case GLFW_KEY_DELETE: return .delete
        case GLFW_KEY_RIGHT: return .right
        case GLFW_KEY_LEFT: return .left
        case GLFW_KEY_DOWN: return .down
        case GLFW_KEY_UP: return .up
        case GLFW_KEY_PAGE_UP: return .pageUp
        case GLFW_KEY_PAGE_DOWN: return .pageDown
        case GLFW_KEY_HOME: return .home
        case GLFW_KEY_END: return .end
        case GLFW_KEY_CAPS_LOCK: return .capsLock
        case GLFW_KEY_SCROLL_LOCK: return .scrollLock
        case GLFW_KEY_NUM_LOCK: return .numLock
        case GLFW_KEY_PRINT_SCREEN: return .printScreen
        case GLFW_KEY_PAUSE: return .pause
        case GLFW_KEY_F1...GLFW_KEY_F25: return .function(Int(code - GLFW_KEY_F1) + 1)
        case GLFW_KEY_KP_0...GLFW_KEY_KP_9: return .keypad(Character(Unicode.Scalar(UInt8(48 + code - GLFW_KEY_KP_0))))
        case GLFW_KEY_KP_DECIMAL: return .keypad(".")
        case GLFW_KEY_KP_DIVIDE: return .keypad("/")
        case GLFW_KEY_KP_MULTIPLY: return .keypad("*")
        case GLFW_KEY_KP_SUBTRACT: return .keypad("-")
        case GLFW_KEY_KP_ADD: return .keypad("+")
        case GLFW_KEY_KP_ENTER: return .keypad("\n")
        case GLFW_KEY_KP_EQUAL: return .keypad("=")
        case GLFW_KEY_LEFT_SHIFT: return .leftShift
        case GLFW_KEY_LEFT_CONTROL: return .leftControl
        case GLFW_KEY_LEFT_ALT: return .leftAlt
        case GLFW_KEY_LEFT_SUPER: return .leftSuper
        case GLFW_KEY_RIGHT_SHIFT: return .rightShift
        case GLFW_KEY_RIGHT_CONTROL: return .rightControl
        case GLFW_KEY_RIGHT_ALT: return .rightAlt
        case GLFW_KEY_RIGHT_SUPER: return .rightSuper
        case GLFW_KEY_MENU: return .menu
        default: return .other(code)
        }
    }

    /// GLFW's modifier bits (with lock-key modes on) as `KeyModifiers`; `numericPad` is set for
    /// keypad keys (UIKit's meaning: the key is on the numeric keypad), not for Num Lock.
    public static func modifiers(_ bits: Int32, key: KeyboardKey? = nil) -> KeyModifiers {
        var result: KeyModifiers = []
        if bits & GLFW_MOD_SHIFT != 0 { result.insert(.shift) }
        if bits & GLFW_MOD_CONTROL != 0 { result.insert(.control) }
        if bits & GLFW_MOD_ALT != 0 { result.insert(.alternate) }
        if bits & GLFW_MOD_SUPER != 0 { result.insert(.command) }
        if bits & GLFW_MOD_CAPS_LOCK != 0 { result.insert(.capsLock) }
        if case .keypad = key { result.insert(.numericPad) }
        return result
    }

    /// The modifiers held once a key event is over. X11 reports the state from before the event,
    /// so a modifier key's own press or release is applied here: the moves and scrolls that
    /// follow (which GLFW gives no modifiers) carry Ctrl from its press on (Ctrl + wheel).
    public static func heldModifiers(_ reported: KeyModifiers, after key: KeyboardKey, pressed: Bool) -> KeyModifiers {
        let own: KeyModifiers
        switch key {
        case .leftShift, .rightShift: own = .shift
        case .leftControl, .rightControl: own = .control
        case .leftAlt, .rightAlt: own = .alternate
        case .leftSuper, .rightSuper: own = .command
        default: return reported
        }
        return pressed ? reported.union(own) : reported.subtracting(own)
    }

    /// The pointer button a GLFW mouse button number names (GLFW: 0 left, 1 right, 2 middle, 3… more).
    public static func button(_ number: Int32) -> PointerButton {
        switch number {
        case GLFW_MOUSE_BUTTON_LEFT: .primary
        case GLFW_MOUSE_BUTTON_RIGHT: .secondary
        case GLFW_MOUSE_BUTTON_MIDDLE: .middle
        default: .other(Int(number))
        }
    }

    public static func keyAction(_ action: Int32) -> KeyEvent.Action {
        switch action {
        case GLFW_PRESS: .press
        case GLFW_REPEAT: .repeat
        default: .release
        }
    }

    /// A cursor position in screen coordinates to framebuffer pixels: they differ where the
    /// window system scales (macOS, Wayland); on X11 they are the same.
    public static func framebufferPosition(
        x: Double, y: Double, windowSize: (width: Int, height: Int), framebufferSize: (width: Int, height: Int)
    ) -> (x: Double, y: Double) {
        guard windowSize.width > 0, windowSize.height > 0 else { return (x, y) }
        return (x * Double(framebufferSize.width) / Double(windowSize.width),
                y * Double(framebufferSize.height) / Double(windowSize.height))
    }
}
