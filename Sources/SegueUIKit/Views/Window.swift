import SegueGL

/// The root of a displayed view tree, like UIWindow. A back end (a GLFW window, a headless
/// target) renders it every frame: `renderFrame(at:)` advances animations to that time and
/// composites the root view. The root view controller's view fills the window.
@MainActor
public final class Window {
    public let rootView: View

    /// Runs the animations of this window's views, its time domains and display links; only
    /// this window's `renderFrame(at:)` advances it, so windows keep clocks of their own.
    public let animationEngine = AnimationEngine(servingWindow: true)

    /// Problems reported by transitions, snapshots and hierarchy changes in this window.
    public let diagnostics = TransitionDiagnostics()

    /// The renderer (a SegueCompositor `Compositor`) that last rendered this window: snapshots
    /// of its views are made with it.
    public private(set) weak var compositor: (any WindowRenderer)?

    /// Runs presentations and dismissals in this window, one at a time.
    public private(set) lazy var transitionDriver = TransitionDriver(window: self)

    /// Routes pointer events to the gesture recognizers of this window's views.
    public private(set) lazy var pointerDispatcher = PointerDispatcher(root: rootView)

    /// Objects kept for as long as the window lives (or until `releaseRetainedObjects()`): the
    /// delegates and gesture drivers a scene sets up, which UIKit references weakly and an app
    /// would keep in a property of its own.
    private var retainedObjects: [AnyObject] = []

    /// Keeps `object` alive with the window.
    public func retain(_ object: AnyObject) { retainedObjects.append(object) }

    /// Lets go of the objects `retain(_:)` kept (before replaying a scene in the same window).
    public func releaseRetainedObjects() { retainedObjects.removeAll() }

    /// Pixels per point of the surface the window is drawn into (2 on a HiDPI screen): the
    /// target is `size × contentScale` pixels, views keep their sizes in points, and content
    /// that views draw (text) is drawn at this scale. `Screen.main.scale` reads it.
    public var contentScale: Double = 1

    /// Set by any change a frame would show (a view's model values, content, subviews, layout,
    /// display; see Window+Redraw.swift); a host that draws only on change clears it after a frame.
    public var needsDisplay = true
    /// The responder that gets keys and text first (Input/Responder.swift).
    weak var firstResponderStorage: Responder?

    public init(size: Size) {
        rootView = View(frame: Rect(origin: .zero, size: size), name: "window")
        rootView.owningWindow = self
        animationEngine.servedWindow = self
        diagnostics.clock = animationEngine
    }

    /// Attaches the compositor that renders this window before the first frame (so that
    /// animators can snapshot views before anything was drawn). Without one, snapshots of the
    /// window's views fail with `SnapshotError.noCompositor` until a frame is rendered.
    public func attach(_ compositor: any WindowRenderer) { self.compositor = compositor }

    /// The window whose root view is `view`'s root, if any.
    public static func containing(_ view: View) -> Window? {
        view.root.owningWindow
    }

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

    /// Follows a resize of the back end's surface (a live window resize: `duration` 0) or
    /// animates to a new size over `duration` seconds (a rotation). As in UIKit, the root view
    /// controller and every presentation (presentation controller, presented controller) first
    /// get `viewWillTransition(to:with:)` with a coordinator for the resize; then the root view,
    /// the root controller's view and the presentation containers take the new size and the
    /// coordinator's alongside animations run, all animated over `duration` with ease-in-out.
    /// With `duration` 0 everything shows at once and the completions run before this returns;
    /// otherwise they run when the clock passes the end, or when a newer resize takes over.
    /// The coordinator of the resize in progress and the controllers it was lent to.
    private var runningResize: (coordinator: TransitionCoordinator, lentTo: [ViewController])?

    public func resize(to size: Size, duration: Double = 0) {
        let coordinator = TransitionCoordinator(sizeTransitionIn: rootView, duration: max(0, duration))
        // As UIKit, `transitionCoordinator` answers with it for as long as the resize runs.
        // A resize that takes over from a running one gives its coordinator back first.
        if let running = runningResize { TransitionRegistry.takeBack(running.coordinator, from: running.lentTo) }
        let controllers = [rootViewController].compactMap { $0 } + transitionDriver.presentedControllers
        let lentTo = TransitionRegistry.lend(coordinator, to: controllers)
        runningResize = (coordinator, lentTo)
        let end = { [weak self] in
            coordinator.finish()
            TransitionRegistry.takeBack(coordinator, from: lentTo)
            if self?.runningResize?.coordinator === coordinator { self?.runningResize = nil }
        }
        rootViewController?.viewWillTransition(to: size, with: coordinator)
        transitionDriver.presentationsWillTransition(to: size, with: coordinator)
        let layout = {
            self.rootView.frame = Rect(origin: .zero, size: size)
            self.rootViewController?.view.frame = self.rootView.bounds
            self.transitionDriver.layOutContainers(for: size)
            coordinator.start()
        }
        guard duration > 0 else {
            // A live resize shows at once (presentation values too), completions right after.
            View.performWithoutAnimation(layout)
            return end()
        }
        View.animate(withDuration: duration, options: .curveEaseInOut, animations: layout, completion: { _ in end() })
    }

    /// Advances this window's animations to `time` (seconds on the driver's clock), lays out the views
    /// that need it (`layoutSubviews()`) and draws the window.
    ///
    /// `underlay`, when given, draws into `target` after the layout and before the views: it
    /// returns true when it filled the target (the views are then drawn over its pixels, with
    /// no clear), false to have the target cleared to `clearColor` as usual. A renderer that
    /// draws at the window's size itself (a transition, a video) saves a full-window pass so.
    public func renderFrame<Target: RenderTarget>(
        at time: Double, compositor: any WindowRenderer, into target: Target, clearColor: Color = .black,
        underlay: ((Target) throws(GLError) -> Bool)? = nil
    ) throws(GLError) {
        self.compositor = compositor
        // What runs during the frame (layout, completions) and names no window is this window's.
        try AnimationTransaction.inCharge(animationEngine) { () throws(GLError) in
            animationEngine.advance(to: time)
            pointerDispatcher.advance(to: time)
            transitionDriver.check(at: time)
            rootView.layoutIfNeeded()
            let filled = try underlay?(target) ?? false
            try compositor.render(rootView, into: target, clearColor: filled ? nil : clearColor, scale: contentScale)
        }
    }
}
