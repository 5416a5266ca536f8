import SegueInput

/// A pointer event in framebuffer pixels, top-left origin.
public struct PointerEvent: Equatable, Sendable {
    public enum Kind: Sendable { case down, moved, up }
    public let kind: Kind
    public let x: Double
    public let y: Double
    /// The button that went down or up; nil for a move.
    public let button: PointerButton?
    /// The modifiers held (for a move: as of the last key or button event).
    public let modifiers: KeyModifiers

    public init(kind: Kind, x: Double, y: Double, button: PointerButton? = nil, modifiers: KeyModifiers = []) {
        self.kind = kind
        self.x = x
        self.y = y
        self.button = button
        self.modifiers = modifiers
    }
}

/// A key going down, repeating while held, or coming up.
public struct KeyEvent: Equatable, Sendable {
    public typealias Key = KeyboardKey
    public enum Action: Sendable, Equatable { case press, `repeat`, release }

    public let key: KeyboardKey
    public let action: Action
    /// The modifiers held (GLFW reports them as they were before this key changed).
    public let modifiers: KeyModifiers
    /// The platform's scancode of the physical key (layout independent, not portable).
    public let scancode: Int32

    public init(key: KeyboardKey, action: Action, modifiers: KeyModifiers = [], scancode: Int32 = 0) {
        self.key = key
        self.action = action
        self.modifiers = modifiers
        self.scancode = scancode
    }

    /// True for the auto-repeat of a held key.
    public var isRepeat: Bool { action == .repeat }
}

/// A scroll (wheel steps; touchpads give fractions) with the pointer at (`x`, `y`), framebuffer pixels.
public struct ScrollEvent: Equatable, Sendable {
    public let x: Double
    public let y: Double
    /// Positive: right.
    public let deltaX: Double
    /// Positive: up (away from the user), as GLFW reports it.
    public let deltaY: Double
    public let modifiers: KeyModifiers

    public init(x: Double, y: Double, deltaX: Double, deltaY: Double, modifiers: KeyModifiers = []) {
        self.x = x
        self.y = y
        self.deltaX = deltaX
        self.deltaY = deltaY
        self.modifiers = modifiers
    }
}

/// Everything a window reports between two polls, in the order it happened.
public enum WindowSystemEvent: Equatable, Sendable {
    case pointer(PointerEvent)
    case scroll(ScrollEvent)
    case key(KeyEvent)
    /// A typed character (GLFW's char callback: after the layout and dead keys, one scalar).
    case text(Unicode.Scalar)
    /// The framebuffer's new size in pixels (a live resize, or a move to a screen of another scale).
    case framebufferResized(width: Int, height: Int)
    /// Pixels per screen coordinate of the window's monitor (X11: `Xft.dpi` / 96).
    case contentScaleChanged(Double)
    /// The close button (or the window manager) asked the window to close.
    case closeRequested
    case focusChanged(focused: Bool)
}

/// The simple event view of `GLFWWindowContext.pollEvents()`: the primary button's presses,
/// every move, and key presses and repeats.
public enum WindowEvent: Equatable, Sendable {
    case pointer(PointerEvent)
    case key(KeyEvent)

    /// The simple view of an event, or nil for what it leaves out.
    public init?(_ event: WindowSystemEvent) {
        switch event {
        case .pointer(let pointer) where pointer.kind == .moved || pointer.button == .primary: self = .pointer(pointer)
        case .key(let key) where key.action != .release: self = .key(key)
        default: return nil
        }
    }
}
