import SegueUIKit
import SegueTransitions

/// The seed app's root: a navigation controller (UINavigationController, no bar) whose root is
/// the menu. Pushes (cube, zoom) go on its stack; presentations are made from it. It holds
/// the transitioning delegates a presented screen uses (UIKit's `transitioningDelegate` is
/// weak) and answers the keys: Escape closes the screen on top, 1–9 press the menu's buttons,
/// Tab and Shift+Tab move the focus between them and Return or Space presses the focused one.
public final class SeedAppController: NavigationController {
    /// The window size the app opens at (points), which the window tests use too.
    public static let windowSize = Size(width: 960, height: 600)
    public let menu: SeedMenuController
    /// One line per screen that appears or disappears ("appeared cubePush", "disappeared dimming").
    public var trace: @MainActor (String) -> Void = { _ in } { didSet { menu.trace = trace } }
    /// The cube's interactive pop: a pan from the left edge (example d).
    public private(set) var cubePop: CubePopInteraction!
    private let navigationDelegate = SeedNavigationDelegate()
    /// The delegate of the screen presented now (kept: the screen holds it weakly).
    private var presentationDelegate: (any ViewControllerTransitioningDelegate)?
    /// The pixel dissolve's dismissal while a pan drives it.
    private var dissolveDismissal: PixelDissolveTransitionAnimator?
    /// Ctrl+Q: the program ends the app (a window host closes its window).
    public var onQuit: (@MainActor () -> Void)?

    public init() {
        menu = SeedMenuController()
        super.init(rootViewController: menu, name: "seedApp")
        menu.onChoose = { [weak self] demo in self?.show(demo) }
        cubePop = CubePopInteraction { [weak self] in self?.popViewController(animated: true) }
        navigationDelegate.cubePop = cubePop
        delegate = navigationDelegate
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        // Only over the cube's screen: over the zoom's, the navigation controller's own edge pan pops.
        cubePop.addScreenEdgePan(to: view).shouldBegin = { [weak self] _ in
            guard let self, !self.isBusy, self.viewControllers.count > 1 else { return false }
            return (self.topViewController as? DemoScreenController)?.demo == .cubePush
        }
    }

    /// A transition runs (a push or pop here, or a presentation in the window).
    public var isBusy: Bool { isTransitioning || view.window?.transitionDriver.isTransitioning == true }

    /// The menu alone on screen, nothing running: its keys (Tab, Return, Space) work.
    var isShowingMenu: Bool { !isBusy && presentedViewController == nil && viewControllers.count == 1 }

    /// How far the running push, pop, presentation or dismissal is (its coordinator's
    /// `percentComplete`), nil when none runs: the window tests wait for this state, not for a
    /// number of frames.
    public var transitionProgress: Double? {
        guard isBusy else { return nil }
        let candidates: [ViewController?] = [presentedViewController, topViewController] + viewControllers.reversed()
        return candidates.lazy.compactMap { $0?.transitionCoordinator?.percentComplete }.first
    }

    /// Shows `demo`'s screen with its seed's transition, from the menu only.
    public func show(_ demo: SeedDemo) {
        guard !isBusy, presentedViewController == nil, viewControllers.count == 1 else { return }
        if demo == .swipeTabs {
            let tabs = SwipeTabsController { [weak self] in self?.closeTopScreen() }
            tabs.trace = trace
            pushViewController(tabs, animated: true)
            return
        }
        if demo == .photoGrid {
            let grid = PhotoGridController()
            grid.trace = trace
            grid.onClose = { [weak self] in self?.closeTopScreen() }
            pushViewController(grid, animated: true)
            return
        }
        if demo == .sharedCards {
            let cards = SharedCardsController()
            cards.trace = trace
            cards.onClose = { [weak self] in self?.closeTopScreen() }
            pushViewController(cards, animated: true)
            return
        }
        let screen = DemoScreenController(demo: demo)
        screen.trace = trace
        screen.onClose = { [weak self] in self?.closeTopScreen() }
        switch demo {
        case .cubePush, .zoomPush, .swipeTabs, .photoGrid, .sharedCards:
            pushViewController(screen, animated: true)
            return
        case .diagonal:
            presentationDelegate = FixedTransitioningDelegate(present: DiagonalPresentAnimator(), dismiss: DiagonalPresentAnimator())
        case .slideUpSpring:
            presentationDelegate = FixedTransitioningDelegate(present: SlideUpSpringPresentAnimator(), dismiss: SlideUpSpringPresentAnimator())
        case .dimming:
            // The seed's inset (50, 200) is for a 320×480 portrait phone: its side margin, 50/320,
            // on every side keeps the presented screen's aspect in a landscape window.
            let dimming = DimmingTransitioningDelegate(insetFraction: (dx: 50.0 / 320, dy: 50.0 / 320))
            dimming.prepare(screen)
            presentationDelegate = dimming
        case .dropDownMenu:
            let dropDown = DropDownMenuTransition()
            dropDown.prepare(screen)  // its snapshot's tap dismisses
            presentationDelegate = dropDown
        case .shrinkDismiss:
            presentationDelegate = FixedTransitioningDelegate(present: DiagonalPresentAnimator(), dismiss: ShrinkDismissAnimator())
        case .pixelDissolve:
            presentationDelegate = FixedTransitioningDelegate(
                present: PixelDissolveTransitionAnimator(duration: demo.duration), dismiss: PixelDissolveTransitionAnimator(duration: demo.duration))
            screen.view.addGestureRecognizer(PanGestureRecognizer { [weak self, weak screen] pan in
                guard let self, let screen else { return }
                self.dissolvePanned(pan, on: screen)
            })
        }
        if screen.transitioningDelegate == nil { screen.transitioningDelegate = presentationDelegate }
        present(screen, animated: true)
    }

    /// Dismisses the presented screen or pops the pushed one (the Close and Back buttons, Escape).
    public func closeTopScreen() {
        guard !isBusy else { return }
        if let presented = presentedViewController {
            presented.dismiss(animated: true)
        } else if viewControllers.count > 1 {
            popViewController(animated: true)
        }
    }

    /// Example h, interactive: percent = translation.x / width; released, a flick decides by its
    /// direction, a slow release by the position (`PixelDissolvePanInteraction.shouldFinish`).
    private func dissolvePanned(_ pan: PanGestureRecognizer, on screen: DemoScreenController) {
        guard let delegate = presentationDelegate as? FixedTransitioningDelegate else { return }
        let width = max(1, view.bounds.width)
        switch pan.state {
        case .began:
            guard !isBusy, presentedViewController === screen else { return }
            let dismissal = PixelDissolveTransitionAnimator(duration: SeedDemo.pixelDissolve.duration)
            dismissal.isInteractive = true
            delegate.dismissInteraction = dismissal
            let timed = delegate.dismissAnimator
            delegate.dismissAnimator = dismissal
            dissolveDismissal = dismissal
            screen.dismiss(animated: true)
            // Escape and Close dismiss on the clock again.
            delegate.dismissAnimator = timed
            delegate.dismissInteraction = nil
            dismissal.update(pan.translation(in: view).x / width)
        case .changed:
            dissolveDismissal?.update(pan.translation(in: view).x / width)
        case .ended, .cancelled:
            guard let dismissal = dissolveDismissal else { return }
            dissolveDismissal = nil
            let velocity = pan.velocity(in: view).x / width
            if pan.state == .ended && PixelDissolvePanInteraction.shouldFinish(percent: dismissal.progress, velocity: velocity) {
                dismissal.finish()
            } else {
                dismissal.cancel()
            }
        default:
            break
        }
    }

    public override func pressesBegan(_ press: KeyPress) {
        guard !press.isRepeat else { return super.pressesBegan(press) }
        switch press.key {
        case .character("Q") where press.modifiers.contains(.control):
            onQuit?()
        case .escape:
            closeTopScreen()
        case .tab where isShowingMenu:
            // Keyboard focus between the menu's buttons (UIKit's focus system on a keyboard).
            menu.menuView.moveFocus(by: press.modifiers.contains(.shift) ? -1 : 1)
        case .enter, .space:
            guard isShowingMenu, menu.menuView.activateFocused() else { return super.pressesBegan(press) }
        case .character(let character):
            guard let number = character.wholeNumberValue, let demo = SeedDemo(rawValue: number == 0 ? 9 : number - 1) else {
                return super.pressesBegan(press)
            }
            show(demo)
        default:
            super.pressesBegan(press)
        }
    }
}

/// Vends the cube rotation for the cube screen's push and pop (interactive while its edge pan
/// drives it) and the zoom for the zoom screen's push; the zoom screen pops with the
/// navigation controller's own slide, so its own left-edge pan pops it.
@MainActor
final class SeedNavigationDelegate: NavigationControllerDelegate {
    weak var cubePop: CubePopInteraction?

    func animationController(
        for operation: NavigationOperation, from: ViewController, to: ViewController
    ) -> (any ViewControllerAnimatedTransitioning)? {
        let screen = (operation == .push ? to : from) as? DemoScreenController
        switch (screen?.demo, operation) {
        case (.cubePush, .push): return CubeRotationAnimator(operation: .push)
        case (.cubePush, .pop): return CubeRotationAnimator(operation: .pop)
        case (.zoomPush, .push): return ZoomPushAnimator()
        default: return nil
        }
    }

    func interactionController(
        for animator: any ViewControllerAnimatedTransitioning
    ) -> (any ViewControllerInteractiveTransitioning)? {
        guard let cubePop, cubePop.isInteracting, animator is CubeRotationAnimator else { return nil }
        return cubePop.interaction
    }
}
