import SegueTiming
import SegueUIKit
import SegueTransitions

/// One `GestureStress` sequence's window: the example set up as `segue play` sets it up (the
/// scenario gestures), or Apple's interruptible photo zoom with its own pan. It says where the
/// transition is and whether the settled hierarchy is a finished or a cancelled one.
@MainActor
final class StressScene {
    let example: GestureStress.Example
    let window: Window
    /// Starts a timed transition the gesture can grab (the photo zoom only).
    private(set) var startTransition: (() -> Void)?
    private let from: ViewController
    private let to: ViewController
    private var interaction: (any ScenarioInteraction)?
    private var photoZoom: (delegate: PhotoZoomNavigationDelegate, grid: PhotoGridViewController, detail: PhotoDetailViewController)?
    /// The preferred zoom's cell and how many zooms asked for it (one per zoom started).
    private var preferredZoom: (cell: View, zooms: Int)?

    /// `startTime`: the stress clock now, so that what the scene starts before its first frame
    /// starts then on its window's engine.
    init(example: GestureStress.Example, size: Size, startTime: Double) {
        self.example = example
        window = Window(size: size)
        window.animationEngine.advance(to: startTime)
        if example == .photoZoom {
            let grid = PhotoGridViewController(), detail = PhotoDetailViewController()
            (from, to) = (grid, detail)
            let navigation = NavigationController(rootViewController: grid)
            window.rootViewController = navigation
            let delegate = PhotoZoomNavigationDelegate(navigation: navigation)
            navigation.delegate = delegate
            navigation.pushViewController(detail, animated: false)
            photoZoom = (delegate, grid, detail)
            startTransition = { [unowned navigation] in navigation.popViewController(animated: true) }
            return
        }
        if example == .preferredZoom {
            let (grid, detail, cell) = Self.preferredZoomScreens()
            (from, to) = (grid, detail)
            preferredZoom = (cell, 0)
            to.preferredTransition = .zoom { [unowned self] _ in
                self.preferredZoom?.zooms += 1
                return self.preferredZoom?.cell
            }
            let navigation = NavigationController(rootViewController: from)
            window.rootViewController = navigation
            navigation.pushViewController(to, animated: false)
            startTransition = { [unowned navigation] in navigation.popViewController(animated: true) }
            return
        }
        from = TransitionSoak.screen("from", Color(red: 0.2, green: 0.4, blue: 0.8))
        to = TransitionSoak.screen("to", Color(red: 1, green: 0.6, blue: 0))
        window.rootViewController = from
        guard let gesture = example.gesture else { return }
        let interaction = gesture.prepare(window, from, to)
        self.interaction = interaction
        let rootView = window.rootView
        rootView.addGestureRecognizer(PanGestureRecognizer(minimumDistance: 1) { [unowned rootView] pan in
            interaction.handle(pan, in: rootView)
        })
    }

    private var navigation: NavigationController? { window.rootViewController as? NavigationController }

    var isBusy: Bool {
        window.transitionDriver.isTransitioning || navigation?.isTransitioning == true || window.animationEngine.isAnimating
    }

    func phase() -> ScenarioInteractionPhase {
        if let photoZoom {
            if navigation?.isTransitioning == true { return .running }
            if navigation?.viewControllers.count == 1 { return .finished }
            return photoZoom.delegate.transitionController.transitionsStarted > 0 ? .cancelled : .idle
        }
        if let preferredZoom {
            if navigation?.isTransitioning == true { return .running }
            if navigation?.viewControllers.count == 1 { return .finished }
            return preferredZoom.zooms > 0 ? .cancelled : .idle
        }
        return interaction?.phase ?? .idle
    }

    /// The hierarchy a finished or cancelled (or never started) transition leaves, checked from
    /// the controllers' relationships, independently of how the gesture went: by the scenario's
    /// interaction (`ScenarioInteraction.isSettledCleanly`), or here for the photo zoom.
    func isClean(_ phase: ScenarioInteractionPhase) -> Bool {
        guard phase != .running else { return false }
        guard photoZoom != nil || preferredZoom != nil else { return interaction?.isSettledCleanly ?? false }
        guard let navigation, let top = navigation.topViewController else { return false }
        let expectedStack: [ViewController] = phase == .finished ? [from] : [from, to]
        let shown = navigation.containerView.subviews
        var clean = navigation.viewControllers.count == expectedStack.count
            && zip(navigation.viewControllers, expectedStack).allSatisfy { $0 === $1 }
            && shown.count == 1 && shown[0] === top.view && top.view.isAtRest
            && window.rootView.subviews.count == 1 && window.rootView.subviews[0] === navigation.view
        if let photoZoom { clean = clean && !photoZoom.grid.tile.isHidden && !photoZoom.detail.photo.isHidden }
        if let preferredZoom { clean = clean && !preferredZoom.cell.isHidden }
        return clean
    }

    func tearDown() {
        window.rootViewController = nil
        interaction = nil
        photoZoom = nil
        preferredZoom = nil
        startTransition = nil
    }

    /// A grid screen with one cell and a detail screen (the zoom's source and zoomed screens).
    private static func preferredZoomScreens() -> (ViewController, ViewController, View) {
        let grid = TransitionSoak.screen("grid", Color(red: 0.2, green: 0.4, blue: 0.8))
        let cell = View(frame: Rect(x: 20, y: 20, width: 40, height: 30), name: "cell")
        cell.backgroundColor = Color(red: 1, green: 0.6, blue: 0)
        grid.view.addSubview(cell)
        return (grid, TransitionSoak.screen("detail", Color(red: 1, green: 0.6, blue: 0)), cell)
    }

}
