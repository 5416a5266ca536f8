/// A physical key by its US-layout meaning (UIKit's `UIKeyboardHIDUsage` role): what a key press
/// is about, whatever text it types (text arrives on its own, as `Responder.insertText(_:)`).
public enum KeyboardKey: Hashable, Sendable {
    /// A key that types one printable ASCII character on a US layout: letters (uppercase),
    /// digits and punctuation (`'` `,` `-` `.` `/` `;` `=` `[` `\` `]` and the backquote).
    case character(Character)
    case space, escape, enter, tab, backspace, insert, delete
    case left, right, up, down
    case pageUp, pageDown, home, end
    case capsLock, scrollLock, numLock, printScreen, pause, menu
    /// F1 … F25.
    case function(Int)
    /// A key of the numeric keypad: a digit, `.` `/` `*` `-` `+` `=`, or "\n" for its Enter.
    case keypad(Character)
    case leftShift, rightShift, leftControl, rightControl, leftAlt, rightAlt, leftSuper, rightSuper
    /// A key with no name here (a layout's extra keys), by the platform's code.
    case other(Int32)

    /// A readable name: "A", "Space", "F5", "Keypad 7", "Left Shift", "Key 161".
    public var name: String {
        switch self {
        case .character(let character): String(character)
        case .space: "Space"
        case .escape: "Escape"
        case .enter: "Enter"
        case .tab: "Tab"
        case .backspace: "Backspace"
        case .insert: "Insert"
        case .delete: "Delete"
        case .left: "Left"
        case .right: "Right"
        case .up: "Up"
        case .down: "Down"
        case .pageUp: "Page Up"
        case .pageDown: "Page Down"
        case .home: "Home"
        case .end: "End"
        case .capsLock: "Caps Lock"
        case .scrollLock: "Scroll Lock"
        case .numLock: "Num Lock"
        case .printScreen: "Print Screen"
        case .pause: "Pause"
        case .menu: "Menu"
        case .function(let number): "F\(number)"
        case .keypad(let character): character == "\n" ? "Keypad Enter" : "Keypad \(character)"
        case .leftShift: "Left Shift"
        case .rightShift: "Right Shift"
        case .leftControl: "Left Control"
        case .rightControl: "Right Control"
        case .leftAlt: "Left Alt"
        case .rightAlt: "Right Alt"
        case .leftSuper: "Left Super"
        case .rightSuper: "Right Super"
        case .other(let code): "Key \(code)"
        }
    }

    /// Whether the key is one of the modifier keys (Shift, Control, Alt, Super).
    public var isModifier: Bool {
        switch self {
        case .leftShift, .rightShift, .leftControl, .rightControl, .leftAlt, .rightAlt, .leftSuper, .rightSuper: true
        default: false
        }
    }
}

/// One key going down, repeating while held, or coming up (UIPress's role for a keyboard key).
public struct KeyPress: Hashable, Sendable {
    public enum Phase: Hashable, Sendable {
        case began
        /// The auto-repeat of a held key (delivered through `pressesBegan` again, marked).
        case repeated
        case ended
        /// The key stopped reaching the window while held (its window lost the focus): UIKit's
        /// `pressesCancelled`. No release follows.
        case cancelled
    }

    public let key: KeyboardKey
    public let phase: Phase
    /// The modifiers held while the key changed.
    public let modifiers: KeyModifiers
    /// Seconds on the host's clock.
    public let time: Double

    public init(key: KeyboardKey, phase: Phase, modifiers: KeyModifiers = [], time: Double = 0) {
        self.key = key
        self.phase = phase
        self.modifiers = modifiers
        self.time = time
    }

    public var isRepeat: Bool { phase == .repeated }
}
