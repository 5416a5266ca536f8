/// Modifier keys held during an input event (UIKeyModifierFlags' role). The platform layer
/// (the GLFW host) fills them in; gesture recognizers and key handlers read them.
public struct KeyModifiers: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let shift = KeyModifiers(rawValue: 1 << 0)
    public static let control = KeyModifiers(rawValue: 1 << 1)
    public static let alternate = KeyModifiers(rawValue: 1 << 2)
    /// The Super (Windows/Command) key.
    public static let command = KeyModifiers(rawValue: 1 << 3)
    public static let capsLock = KeyModifiers(rawValue: 1 << 4)
    public static let numericPad = KeyModifiers(rawValue: 1 << 5)
}

/// Which pointer button an event is about (UIEvent.ButtonMask's role). Touch-style recognizers
/// (tap, pan, …) follow the primary button unless told otherwise.
public enum PointerButton: Sendable, Hashable {
    case primary
    case secondary
    case middle
    /// Further buttons, numbered as the platform numbers them (GLFW: 3 and up).
    case other(Int)
}
