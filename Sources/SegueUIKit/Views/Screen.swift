/// UIScreen's role: the bounds of the display surface a seed's code asks for with
/// `UIScreen.main.bounds`. Segue draws into windows (a GLFW window or an offscreen target), so
/// the "screen" is the key window: the last one made key, else the first given a root view controller.
@MainActor
public struct Screen {
    /// The key window's bounds in points, or `.zero` when no window exists.
    public let bounds: Rect
    /// Pixels per point (UIScreen.scale): the key window's `contentScale`, 1 without a window.
    public let scale: Double

    /// The screen of the key window.
    public static var main: Screen {
        Screen(bounds: Window.key?.rootView.bounds ?? .zero, scale: Window.key?.contentScale ?? 1)
    }
}

struct WeakWindowReference { weak var window: Window? }

extension Window {
    /// Process-wide on purpose, a UIKit-compatibility default: UIKit code asks `UIScreen.main`
    /// without naming a window. Everything else a window has is its own.
    static var keyReference = WeakWindowReference(window: nil)

    /// The window `Screen.main` describes: the last made key with `makeKey()`, else the first
    /// window given a root view controller while none was key. Weak: a window that goes away
    /// stops being key.
    public static var key: Window? { keyReference.window }

    /// Makes this window the key window (`Screen.main` measures it).
    public func makeKey() { Window.keyReference = WeakWindowReference(window: self) }

    /// This window's screen (its bounds).
    public var screen: Screen { Screen(bounds: rootView.bounds, scale: contentScale) }
}

extension View {
    /// The window this view is in, if any.
    public var window: Window? { Window.containing(self) }
}
