import SegueTiming
import Testing
import SegueTesting

@testable import SegueUIKit

/// The everyday UIKit API the seeds use (GL-free): view-owned gesture recognizers dispatched
/// by the window, the controller chain helpers, Screen.main, `transition(from:to:…)`,
/// `modalTransitionStyle`, automatic appearance forwarding and typed snapshot errors.
@MainActor
@Suite("UIKit API used by the seed ports", .tags(.pure))
struct UIKitAPITests {
    final class Logger: ViewController {
        var log: [String] = []
        override func viewWillAppear(_ animated: Bool) { log.append("willAppear") }
        override func viewDidAppear(_ animated: Bool) { log.append("didAppear") }
        override func viewWillDisappear(_ animated: Bool) { log.append("willDisappear") }
        override func viewDidDisappear(_ animated: Bool) { log.append("didDisappear") }
    }

    static func run(_ window: Window, _ seconds: Double, step: Double = 0.05) {
        let engine = window.animationEngine
        let end = engine.now + seconds
        while engine.now < end - 1e-9 { engine.advance(to: engine.now + step) }
    }

    // MARK: Gestures

    @Test func recognizersAddedToViewsGetTheWindowsPointerEvents() {
        let window = Window(size: Size(width: 200, height: 200))
        let card = View(frame: Rect(x: 50, y: 50, width: 100, height: 100), name: "card")
        window.rootView.addSubview(card)
        var states: [PanGestureRecognizer.State] = []
        var translation = Point.zero
        let pan = PanGestureRecognizer { recognizer in
            states.append(recognizer.state)
            translation = recognizer.translation(in: nil)
        }
        card.addGestureRecognizer(pan)
        #expect(pan.view === card && card.gestureRecognizers.count == 1)
        window.pointerDown(at: Point(x: 60, y: 60), time: 0)
        for step in 1...5 { window.pointerMoved(to: Point(x: 60 + 5 * Double(step), y: 60), time: Double(step) / 60) }
        window.pointerUp(at: Point(x: 85, y: 60), time: 0.1)
        #expect(states == [.began, .changed, .changed, .changed, .ended])
        #expect(translation == Point(x: 25, y: 0))
        // A press outside the card reaches nothing.
        states.removeAll()
        window.pointerDown(at: Point(x: 10, y: 10), time: 1)
        window.pointerMoved(to: Point(x: 40, y: 10), time: 1.1)
        window.pointerUp(at: Point(x: 40, y: 10), time: 1.2)
        #expect(states.isEmpty)
    }

    @Test func removingARecognizerMidPanCancelsItAndMovingItChangesOwners() {
        let window = Window(size: Size(width: 200, height: 200))
        let a = View(frame: Rect(x: 0, y: 0, width: 100, height: 200), name: "a")
        let b = View(frame: Rect(x: 100, y: 0, width: 100, height: 200), name: "b")
        window.rootView.addSubview(a)
        window.rootView.addSubview(b)
        var states: [PanGestureRecognizer.State] = []
        let pan = PanGestureRecognizer { states.append($0.state) }
        a.addGestureRecognizer(pan)
        window.pointerDown(at: Point(x: 10, y: 10), time: 0)
        window.pointerMoved(to: Point(x: 30, y: 10), time: 0.1)
        a.removeGestureRecognizer(pan)
        window.pointerMoved(to: Point(x: 50, y: 10), time: 0.2)
        window.pointerUp(at: Point(x: 50, y: 10), time: 0.3)
        #expect(states == [.began, .cancelled] && pan.view == nil && a.gestureRecognizers.isEmpty)
        // Attached to b it follows presses on b only; a second view's add moves it.
        b.addGestureRecognizer(pan)
        a.addGestureRecognizer(pan)
        #expect(b.gestureRecognizers.isEmpty && a.gestureRecognizers.count == 1)
        pan.maximumNumberOfTouches = 0
        states.removeAll()
        window.pointerDown(at: Point(x: 10, y: 10), time: 1)
        window.pointerMoved(to: Point(x: 40, y: 10), time: 1.1)
        window.pointerUp(at: Point(x: 40, y: 10), time: 1.2)
        #expect(states.isEmpty, "maximumNumberOfTouches 0: the pan never begins")
        #expect(PanGestureRecognizer.State.cancelled >= .ended && PanGestureRecognizer.State.changed < .ended)
    }

    // MARK: Controllers

    @Test func chainHelpersFindTheContainersAndThePresenter() {
        let window = Window(size: Size(width: 320, height: 480))
        let inner = ViewController(name: "inner")
        let navigation = NavigationController(rootViewController: inner)
        let tabs = TabBarController(viewControllers: [navigation])
        window.rootViewController = tabs
        #expect(inner.navigationController === navigation && inner.tabBarController === tabs)
        #expect(navigation.navigationController === navigation && tabs.navigationController == nil)
        // Presenting from a child presents from the outermost container (full screen).
        let modalRoot = ViewController(name: "modalRoot")
        let modalNavigation = NavigationController(rootViewController: modalRoot)
        inner.present(modalNavigation, animated: false)
        #expect(modalNavigation.presentingViewController === tabs && tabs.presentedViewController === modalNavigation)
        #expect(modalRoot.presentingViewController === tabs, "a child of a presented controller answers its presenter")
        #expect(inner.presentedViewController === modalNavigation, "the presented controller of an ancestor")
        // dismiss from the child of the presented controller dismisses that controller.
        modalRoot.dismiss(animated: false)
        #expect(tabs.presentedViewController == nil && modalNavigation.presentingViewController == nil)
        #expect(tabs.view.superview === window.rootView)
    }

    @Test func screenMainIsTheKeyWindowsBounds() {
        let first = Window(size: Size(width: 300, height: 200))
        first.makeKey()
        #expect(Screen.main.bounds == Rect(x: 0, y: 0, width: 300, height: 200) && Window.key === first)
        let second = Window(size: Size(width: 640, height: 480))
        #expect(Screen.main.bounds.width == 300, "a new window does not take the key status")
        second.makeKey()
        #expect(Screen.main.bounds == Rect(x: 0, y: 0, width: 640, height: 480) && second.screen.bounds == Screen.main.bounds)
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        second.rootView.addSubview(view)
        #expect(view.window === second)
    }

    @Test func transitionFromToMovesTheViewsAndSendsTheCallbacks() {
        let window = Window(size: Size(width: 320, height: 480))
        let parent = ViewController(name: "parent")
        window.rootViewController = parent
        let a = Logger(name: "a"), b = Logger(name: "b")
        parent.addChild(a)
        parent.view.addSubview(a.view)  // forwarded automatically: a appears
        a.didMove(toParent: parent)
        #expect(a.log == ["willAppear", "didAppear"])
        parent.addChild(b)
        var finished: Bool?
        parent.transition(from: a, to: b, duration: 0.3, options: .curveLinear, animations: { b.view.alpha = 0.5 }) { finished = $0 }
        #expect(a.log == ["willAppear", "didAppear", "willDisappear"] && b.log == ["willAppear"])
        #expect(b.view.superview === parent.view && a.view.superview === parent.view)
        Self.run(window, 0.15)
        #expect(abs(b.view.presentation.alpha - 0.75) < 1e-9)
        Self.run(window, 0.2)
        #expect(finished == true && a.view.superview == nil && a.log.last == "didDisappear" && b.log == ["willAppear", "didAppear"])
        // Bad requests are reported, never trap.
        var refused: Bool?
        parent.transition(from: a, to: a, duration: 0, animations: nil) { refused = $0 }
        #expect(refused == false && window.diagnostics.messages.count == 1)
    }

    @Test func childViewsMovingInAndOutOfAVisibleParentForwardAppearance() {
        let window = Window(size: Size(width: 320, height: 480))
        let parent = ViewController(name: "parent")
        window.rootViewController = parent
        let child = Logger(name: "child")
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        child.view.removeFromSuperview()
        #expect(child.log == ["willAppear", "didAppear", "willDisappear", "didDisappear"])
        // A view moved inside the parent's tree, or added while the parent is off screen, sends nothing.
        parent.view.addSubview(child.view)
        let holder = View(name: "holder")
        parent.view.addSubview(holder)
        holder.addSubview(child.view)
        #expect(child.log.count == 6 && child.appearanceState == .appeared)
        window.rootViewController = nil
        #expect(child.appearanceState == .disappeared, "the parent's disappearance is forwarded")
        child.log.removeAll()
        child.view.removeFromSuperview()
        parent.view.addSubview(child.view)
        #expect(child.log.isEmpty)
    }

    // MARK: Modal transition styles

    @Test(arguments: [ModalTransitionStyle.coverVertical, .crossDissolve, .flipHorizontal])
    func builtInModalStylesPresentAndDismiss(style: ModalTransitionStyle) {
        let window = Window(size: Size(width: 320, height: 480))
        let home = ViewController(name: "home")
        window.rootViewController = home
        let modal = ViewController(name: "modal")
        modal.modalTransitionStyle = style
        home.present(modal, animated: true)
        let duration = style == .flipHorizontal ? 0.6 : 0.3
        Self.run(window, duration * 0.25)
        let quarter = modal.view.presentation
        switch style {
        case .coverVertical:
            #expect(quarter.center.y > 240 && quarter.alpha == 1)
        case .crossDissolve:
            #expect(quarter.center == Point(x: 160, y: 240) && quarter.alpha > 0 && quarter.alpha < 0.5)
        case .flipHorizontal:
            // First half: the presenter turns away; the presented view waits edge-on.
            #expect(!home.view.presentation.transform.isIdentity && modal.view.frame.width == 320)
            #expect(abs(quarter.transform.m11) < 1e-9, "edge-on (rotated a quarter turn)")
        case .partialCurl:
            break  // drawn on the GPU: PageCurlTests
        }
        Self.run(window, duration)
        #expect(home.presentedViewController === modal && modal.view.presentation == modal.view.model)
        #expect(modal.view.transform.isIdentity && modal.view.alpha == 1 && home.view.transform.isIdentity)
        modal.dismiss(animated: true)
        Self.run(window, duration * 0.75)
        if style == .flipHorizontal {
            #expect(home.view.superview?.name == "transitionContainer", "the presenter turns in inside the container")
        }
        Self.run(window, duration)
        #expect(home.presentedViewController == nil && home.view.superview === window.rootView)
        #expect(window.rootView.subviews.map(\.name) == ["home.view"] && home.view.transform.isIdentity)
    }

    // MARK: Percent-driven interaction

    final class SlideAnimator: ViewControllerAnimatedTransitioning {
        func transitionDuration(using context: (any ViewControllerContextTransitioning)?) -> Double { 1 }
        func animateTransition(using context: any ViewControllerContextTransitioning) {
            guard let toView = context.view(forKey: .to) else { return }
            context.containerView.addSubview(toView)
            toView.alpha = 0
            View.animate(withDuration: 1, options: .curveLinear, animations: { toView.alpha = 1 }) { _ in
                context.completeTransition(!context.transitionWasCancelled)
            }
        }
    }

    final class InteractiveDelegate: NavigationControllerDelegate {
        let animator = SlideAnimator()
        let interaction = PercentDrivenInteractiveTransition()
        func animationController(for operation: NavigationOperation, from: ViewController, to: ViewController)
            -> (any ViewControllerAnimatedTransitioning)? { animator }
        func interactionController(for animator: any ViewControllerAnimatedTransitioning)
            -> (any ViewControllerInteractiveTransitioning)? { interaction }
    }

    @Test func updateToOneWaitsAndASecondEndIsReported() {
        let window = Window(size: Size(width: 320, height: 480))
        let navigation = NavigationController(rootViewController: ViewController(name: "first"))
        window.rootViewController = navigation
        let delegate = InteractiveDelegate()
        navigation.delegate = delegate
        let second = ViewController(name: "second")
        navigation.pushViewController(second, animated: true)
        delegate.interaction.update(1)
        Self.run(window, 2)
        #expect(navigation.isTransitioning && second.view.presentation.alpha == 1, "update(1) shows the end and waits")
        delegate.interaction.cancel()
        Self.run(window, 1.1)
        #expect(!navigation.isTransitioning && navigation.topViewController?.name == "first", "the later cancel wins")
        #expect(window.diagnostics.messages.isEmpty)
        delegate.interaction.finish()
        #expect(window.diagnostics.messages == [
            "percent-driven finish() with no interactive transition in progress; ignored",
        ])
    }

    // MARK: Snapshots

    @Test func snapshotOfAViewInNoWindowIsATypedError() {
        let loose = View(frame: Rect(x: 0, y: 0, width: 10, height: 10), name: "loose")
        #expect(throws: SnapshotError.notInWindow(view: "loose")) { try loose.makeSnapshotView() }
        TransitionDiagnostics.shared.clear()  // a view in no window reports to the shared diagnostics
        #expect(loose.snapshotView(afterScreenUpdates: false) == nil)
        #expect(TransitionDiagnostics.shared.messages.first?.contains("in no window") == true)
    }
}
