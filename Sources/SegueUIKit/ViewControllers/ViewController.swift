/// Where a view controller is in its appearance cycle (UIKit's private `_appearState`).
///
/// The cycle is `disappeared → appearing → appeared → disappearing → disappeared`; a transition
/// may also be cut short (`appearing → disappearing`, `disappearing → appearing`).
public enum AppearanceState: Sendable, Hashable {
    case disappeared
    case appearing
    case appeared
    case disappearing
}

/// A view controller with UIKit's semantics: a lazily loaded view, child view controller
/// containment and appearance callbacks driven by `beginAppearanceTransition(_:animated:)` /
/// `endAppearanceTransition()`.
///
/// Subclass it and override `loadView()`, `viewDidLoad()`, the four appearance callbacks and
/// `willMove(toParent:)` / `didMove(toParent:)` as in UIKit. Overrides of `willMove(toParent:)`
/// and `didMove(toParent:)` should call `super` (UIKit asks the same): the base implementations
/// record nothing but keep `isMovingFromParent` / `isMovingToParent` up to date.
///
/// As in UIKit, a child's view added to (or removed from) a visible parent's view gets the
/// child its appearance callbacks when the parent forwards them automatically
/// (`shouldAutomaticallyForwardAppearanceMethods`, see ViewController+AppearanceForwarding);
/// the built-in containers send them around their transitions themselves.
/// Difference from UIKit: there is no view unloading and no `view = nil`.
@MainActor
open class ViewController: Responder {
    /// A name for diagnostics (`hierarchyDescription()`, the default view's name).
    public let name: String
    open var title: String?

    // MARK: Responder (keys, text, scroll; routed by the window, Input/Responder.swift)

    /// The controller that presented this one, else its view's superview (UIKit's chain).
    override open var nextResponder: Responder? { directPresenter ?? viewIfLoaded?.superview }
    override var responderWindow: Window? { viewIfLoaded?.window }

    public init(name: String = "viewController") {
        self.name = name
    }

    // MARK: - The view

    private var loadedView: View?
    private var isLoadingView = false

    /// The controller's root view, loaded on first access: `loadView()` then `viewDidLoad()`.
    ///
    /// Setting it (what a `loadView()` override does) only stores the view; like UIKit, setting
    /// it from outside `loadView()` does not call `viewDidLoad()`.
    public var view: View {
        get {
            if let loadedView { return loadedView }
            precondition(!isLoadingView, "\(name): loadView() read `view` before setting it")
            isLoadingView = true
            loadView()
            isLoadingView = false
            guard let loaded = loadedView else {
                preconditionFailure("\(name): loadView() must set `view` without calling super")
            }
            viewDidLoad()
            return loadedView ?? loaded
        }
        set {
            loadedView = newValue
            newValue.owningViewController = self
            preferredTransition?.zoom?.installDrag(on: self)
        }
    }

    /// The view if it has been loaded, without loading it.
    public var viewIfLoaded: View? { loadedView }

    public var isViewLoaded: Bool { loadedView != nil }

    /// Loads the view (and calls `viewDidLoad()`) unless it is loaded already.
    public func loadViewIfNeeded() {
        _ = view
    }

    /// Creates the view. The default makes a 320×480 `View` named "<name>.view"; overrides set
    /// `view` themselves and do not call `super`.
    open func loadView() {
        view = View(frame: Rect(x: 0, y: 0, width: 320, height: 480), name: "\(name).view")
    }

    /// Called once, right after `loadView()`.
    open func viewDidLoad() {}

    // MARK: - Containment

    /// The child view controllers, in the order they were added.
    public private(set) var children: [ViewController] = []
    /// The container this controller is a child of (weak: the parent owns its children).
    public private(set) weak var parent: ViewController?

    /// True from `addChild(_:)` (so already inside `willMove(toParent:)`) until
    /// `didMove(toParent:)` with a parent runs, e.g. in the appearance callbacks of a child
    /// being pushed.
    public private(set) var isMovingToParent = false
    /// True from `willMove(toParent: nil)` until `didMove(toParent: nil)` (called by
    /// `removeFromParent()`) runs, e.g. in the appearance callbacks of a child being popped.
    public private(set) var isMovingFromParent = false

    /// Adds `child` at the end of `children`, as UIKit does: a child of another controller is
    /// first removed from it (`removeFromParent()`, so it gets `didMove(toParent: nil)`), then
    /// the child gets `willMove(toParent: self)` (its `parent` is still nil there) and is added.
    /// `didMove(toParent: self)` is *not* called: the container calls it once it has added the
    /// child's view (and finished any transition). Adding a current child again does nothing.
    ///
    /// Adding a controller to itself or to one of its descendants is a programmer error (UIKit
    /// raises an exception) and stops the program.
    open func addChild(_ child: ViewController) {
        var ancestor: ViewController? = self
        while let current = ancestor {
            precondition(
                current !== child,
                "\(name).addChild(\(child.name)): a view controller cannot be a child of itself or of its descendants")
            ancestor = current.parent
        }
        if child.parent === self { return }
        if child.parent != nil { child.removeFromParent() }
        child.isMovingFromParent = false
        child.isMovingToParent = true
        child.willMove(toParent: self)
        children.append(child)
        child.parent = self
    }

    /// Removes this controller from its parent and calls `didMove(toParent: nil)`, as UIKit does.
    /// The container calls `willMove(toParent: nil)` before (and removes the view) itself.
    /// Does nothing without a parent.
    open func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        isMovingToParent = false
        didMove(toParent: nil)
        isMovingFromParent = false
    }

    /// Called before the controller is added to (`parent` non-nil, from `addChild(_:)`) or
    /// removed from (`nil`, by the container) a parent. Overrides should call `super`.
    open func willMove(toParent parent: ViewController?) {
        if parent == nil, self.parent != nil { isMovingFromParent = true }
    }

    /// Called after the controller was added to (by the container) or removed from (`nil`, from
    /// `removeFromParent()`) a parent. Overrides should call `super`.
    open func didMove(toParent parent: ViewController?) {
        // A move ends here either way; a cancelled removal (didMove back to the same parent)
        // must not leave isMovingFromParent set.
        isMovingToParent = false
        isMovingFromParent = false
    }

    // MARK: - Appearance

    /// Where the controller is in its appearance cycle.
    public private(set) var appearanceState: AppearanceState = .disappeared
    /// The `animated` argument of the transition in progress, passed to its did-callback.
    private var appearanceTransitionIsAnimated = false

    /// Whether `beginAppearanceTransition` / `endAppearanceTransition` are forwarded to the
    /// children (UIKit's default, true). Containers that drive their children's appearance
    /// themselves override it to return false.
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    /// True for the built-in containers, which send their children's appearance callbacks
    /// around their transitions: moving a child's view then forwards nothing by itself.
    var drivesChildAppearance: Bool { false }
    /// The child a built-in container shows (top of the stack, selected tab): keys without a
    /// first responder go on down to it (Window.defaultKeyResponder). Nil for other controllers.
    var shownChildForKeys: ViewController? { nil }
    /// Above 0 while `transition(from:to:…)` sends the callbacks of the two children itself.
    var childAppearanceSuspensions = 0

    /// Starts an appearance (`true`) or disappearance (`false`) transition, with UIKit's state
    /// machine:
    /// - from `disappeared` or `disappearing`, `true` goes to `appearing` and calls
    ///   `viewWillAppear(animated)`; from `appeared` or `appearing`, `false` goes to
    ///   `disappearing` and calls `viewWillDisappear(animated)`. A transition interrupted this
    ///   way never gets its did-callback.
    /// - any other call (appearing twice, disappearing while disappeared, ...) is ignored.
    ///
    /// With `shouldAutomaticallyForwardAppearanceMethods`, the children whose views are in this
    /// controller's view hierarchy then get the same call, in `children` order, after this
    /// controller's callback (parent first, like UIKit).
    open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        let target: AppearanceState
        switch (isAppearing, appearanceState) {
        case (true, .disappeared), (true, .disappearing): target = .appearing
        case (false, .appeared), (false, .appearing): target = .disappearing
        default: return
        }
        appearanceState = target
        appearanceTransitionIsAnimated = animated
        if isAppearing { viewWillAppear(animated) } else { viewWillDisappear(animated) }
        // A callback that started another transition has forwarded that one already.
        guard appearanceState == target, shouldAutomaticallyForwardAppearanceMethods else { return }
        for child in appearanceForwardingTargets {
            child.beginAppearanceTransition(isAppearing, animated: animated)
        }
    }

    /// Finishes the transition in progress: `appearing` becomes `appeared` with
    /// `viewDidAppear(animated)`, `disappearing` becomes `disappeared` with
    /// `viewDidDisappear(animated)` (`animated` as given to the begin). Without a transition in
    /// progress it does nothing, so each did-callback is sent once.
    ///
    /// With `shouldAutomaticallyForwardAppearanceMethods`, the children in the same transition
    /// are then ended too, in `children` order (parent first).
    open func endAppearanceTransition() {
        let animated = appearanceTransitionIsAnimated
        let reached: AppearanceState
        let childTransition: AppearanceState
        switch appearanceState {
        case .appearing:
            reached = .appeared
            childTransition = .appearing
            appearanceState = reached
            viewDidAppear(animated)
        case .disappearing:
            reached = .disappeared
            childTransition = .disappearing
            appearanceState = reached
            viewDidDisappear(animated)
        case .appeared, .disappeared:
            return
        }
        guard appearanceState == reached, shouldAutomaticallyForwardAppearanceMethods else { return }
        for child in children where child.appearanceState == childTransition {
            child.endAppearanceTransition()
        }
    }

    /// The children that automatic forwarding reaches: those whose (loaded) view is inside this
    /// controller's view, as UIKit only sends appearance callbacks to views in the hierarchy.
    private var appearanceForwardingTargets: [ViewController] {
        guard let root = loadedView else { return [] }
        return children.filter { $0.loadedView?.isDescendant(of: root) ?? false }
    }

    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}

    // MARK: - Layout

    /// UIKit's `viewWillLayoutSubviews()`: the view is about to lay out its subviews (its
    /// `layoutSubviews()` runs right after). Called whenever the view lays out: after its bounds
    /// size changes (a window resize), after `view.setNeedsLayout()`, and after a container
    /// transition ends, when the container lays the shown child's view out at its size. It runs
    /// in the window's layout pass before the next frame is drawn (or in `layoutIfNeeded()`).
    /// The default does nothing.
    open func viewWillLayoutSubviews() {}

    /// UIKit's `viewDidLayoutSubviews()`: the view's `layoutSubviews()` has run. As in UIKit, the
    /// subviews have not necessarily laid themselves out yet (each does so after this, when
    /// marked). The default does nothing.
    open func viewDidLayoutSubviews() {}

    // MARK: - Size changes (UIContentContainer)

    /// The controller's view is about to change to `size` (a window resize); no view has changed
    /// yet. Add the new layout with `coordinator.animate(alongsideTransition:)`: the blocks run
    /// once the views have their new sizes, animated with the resize. The default forwards the
    /// call to the children; overrides should call `super`, as in UIKit.
    open func viewWillTransition(to size: Size, with coordinator: TransitionCoordinator) {
        for child in children { child.viewWillTransition(to: size, with: coordinator) }
    }

    // MARK: - Presentation (set by the presentation system)

    /// The controller this one presented (owned by it, as in UIKit).
    /// Vends the animator, interaction controller and presentation controller when this
    /// controller is presented or dismissed. Weak, as in UIKit.
    public weak var transitioningDelegate: (any ViewControllerTransitioningDelegate)?
    /// `.custom` asks the transitioning delegate for a presentation controller.
    public var modalPresentationStyle: PresentationStyle = .fullScreen
    /// The built-in animation used when the transitioning delegate vends no animator.
    public var modalTransitionStyle: ModalTransitionStyle = .coverVertical
    /// UIKit's `preferredTransition` (iOS 18): the transition used when this controller is
    /// pushed, popped, presented or dismissed and no delegate vends an animator (`.zoom`).
    /// A zoom adds its dismissing drag to the view (now, or when the view loads).
    public var preferredTransition: ViewControllerTransition? {
        didSet { if isViewLoaded { preferredTransition?.zoom?.installDrag(on: self) } }
    }
    /// The controller this one or its nearest ancestor presented (UIKit walks the parents too).
    public var presentedViewController: ViewController? { directlyPresented ?? parent?.presentedViewController }
    /// The controller that presented this one, or its nearest presented ancestor (so a child of
    /// a presented navigation controller answers its presenter, as in UIKit).
    public var presentingViewController: ViewController? { directPresenter ?? parent?.presentingViewController }
    /// Set by the presentation system on the two controllers of a presentation only.
    var directlyPresented: ViewController?
    /// The coordinator of the transition this controller takes part in (TransitionRegistry).
    var lentTransitionCoordinator: TransitionCoordinator?
    weak var directPresenter: ViewController?
    /// True during the appearance callbacks of a presentation of this controller.
    public internal(set) var isBeingPresented = false
    /// True during the disappearance callbacks of a dismissal of this controller.
    public internal(set) var isBeingDismissed = false

    /// Presents `viewController` in this controller's window (DESIGN.md §2). Open, as in UIKit:
    /// overrides call `super` to present.
    open func present(_ viewController: ViewController, animated: Bool, completion: (() -> Void)? = nil) {
        requestPresentation(of: viewController, animated: animated, completion: completion)
    }

    /// Dismisses the controller this one presented (and every one presented above it), else
    /// the presented controller this one is. Open, as in UIKit.
    open func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
        requestDismissal(animated: animated, completion: completion)
    }

    // MARK: - Diagnostics

    /// The controller tree for diagnostics: one line per controller, children indented by two
    /// spaces, a presented controller as a "presented: " line below its presenter's children.
    ///
    ///     root "Title" [appeared]
    ///       child [appeared]
    ///       other [disappeared, view not loaded]
    ///       presented: modal [appearing]
    public func hierarchyDescription() -> String {
        var lines: [String] = []
        var visited: Set<ObjectIdentifier> = []
        describe(into: &lines, indent: "", label: "", visited: &visited)
        return lines.joined(separator: "\n")
    }

    private func describe(into lines: inout [String], indent: String, label: String, visited: inout Set<ObjectIdentifier>) {
        var line = indent + label + name
        if let title { line += " \"\(title)\"" }
        line += " [\(appearanceState)"
        if !isViewLoaded { line += ", view not loaded" }
        guard visited.insert(ObjectIdentifier(self)).inserted else {
            lines.append(line + ", cycle]")
            return
        }
        lines.append(line + "]")
        for child in children {
            child.describe(into: &lines, indent: indent + "  ", label: "", visited: &visited)
        }
        directlyPresented?.describe(into: &lines, indent: indent + "  ", label: "presented: ", visited: &visited)
    }
}
