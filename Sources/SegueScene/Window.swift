import SegueGL

/// The root of a displayed view tree, like UIWindow. A back end (a GLFW window, a headless
/// target) renders it every frame: `renderFrame(at:)` advances animations to that time and
/// composites the root view. The root view controller's view fills the window.
@MainActor
public final class Window {
    public let rootView: View

    /// The compositor that last rendered this window: snapshots of its views are made with it.
    public private(set) weak var compositor: Compositor?

    /// Runs presentations and dismissals in this window, one at a time.
    public private(set) lazy var transitionDriver = TransitionDriver(window: self)

    /// Routes pointer events to the gesture recognizers of this window's views.
    public private(set) lazy var pointerDispatcher = PointerDispatcher(root: rootView)

    public init(size: Size) {
        rootView = View(frame: Rect(origin: .zero, size: size), name: "window")
        Window.registry[ObjectIdentifier(rootView)] = WeakWindow(window: self)
    }

    /// Attaches the compositor that renders this window before the first frame (so that
    /// animators can snapshot views before anything was drawn).
    public func attach(_ compositor: Compositor) { self.compositor = compositor }

    /// The window whose root view is `view`'s root, if any.
    public static func containing(_ view: View) -> Window? {
        registry[ObjectIdentifier(view.root)]?.window
    }

    private struct WeakWindow { weak var window: Window? }
    private static var registry: [ObjectIdentifier: WeakWindow] = [:]

    /// Replaces the root view controller; the old one disappears and the new one appears
    /// (not animated), with UIKit's appearance callbacks.
    public var rootViewController: ViewController? {
        didSet {
            if Window.key == nil { makeKey() }  // the first window shown is key (Screen.main)
            guard oldValue !== rootViewController else { return }
            if let old = oldValue {
                old.beginAppearanceTransition(false, animated: false)
                old.view.removeFromSuperview()
                old.endAppearanceTransition()
            }
            if let new = rootViewController {
                new.view.frame = rootView.bounds
                new.beginAppearanceTransition(true, animated: false)
                rootView.addSubview(new.view)
                new.endAppearanceTransition()
            }
        }
    }

    /// Follows a resize of the back end's surface; the root view controller's view follows.
    public func resize(to size: Size) {
        rootView.frame = Rect(origin: .zero, size: size)
        rootViewController?.view.frame = rootView.bounds
        transitionDriver.windowDidResize(to: size)
    }

    /// Advances every animation to `time` (seconds on the driver's clock) and draws the window.
    public func renderFrame(
        at time: Double, compositor: Compositor, into target: some RenderTarget, clearColor: Color = .black
    ) throws(GLError) {
        self.compositor = compositor
        AnimationEngine.main.advance(to: time)
        transitionDriver.check(at: time)
        try compositor.render(rootView, into: target, clearColor: clearColor)
    }
}
