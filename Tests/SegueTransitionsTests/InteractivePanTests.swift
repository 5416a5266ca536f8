import SegueTiming
import SegueGL
import SegueImage
import SegueHeadless
import SegueUIKit
import SegueStage
import SegueTransitions
import SegueTesting
import Testing

/// The seeds' gestures, fed with synthetic pointer events: d's pop (percent = translation.x /
/// 200, finish past 0.5) and e's push (starts on the right half, percent = −translation.x /
/// width, finish when the release velocity is negative, then the controller is dropped); and
/// example g's goldens.
@MainActor
@Suite("Interactive pans of examples d and e; example g (headless GL)", .tags(.gl))
struct InteractivePanTests {
    struct Stack {
        let window: Window
        let navigation: NavigationController
        let first: ViewController
        let second: ViewController
        let dispatcher: PointerDispatcher
    }

    static func makeStack(delegate: NavigationControllerDelegate) -> Stack {
        let window = Window(size: Size(width: 320, height: 480))
        let first = ViewController(name: "first"), second = ViewController(name: "second")
        let navigation = NavigationController(rootViewController: first)
        navigation.delegate = delegate
        window.rootViewController = navigation
        return Stack(window: window, navigation: navigation, first: first, second: second, dispatcher: PointerDispatcher(root: window.rootView))
    }

    /// Drags from `start` by `dx` in `steps` moves of 1/60 s, then holds for `hold` seconds and releases.
    static func drag(_ dispatcher: PointerDispatcher, from start: Point, dx: Double, steps: Int = 20, hold: Double = 0, time: inout Double) {
        let engine = dispatcher.root.animationEngine  // the engine of the dispatcher's window
        dispatcher.pointerDown(at: start, time: time)
        for step in 1...steps {
            time += 1.0 / 60
            dispatcher.pointerMoved(to: Point(x: start.x + dx * Double(step) / Double(steps), y: start.y), time: time)
            engine.advance(to: time)
        }
        time += hold
        dispatcher.pointerUp(at: Point(x: start.x + dx, y: start.y), time: time)
        for _ in 0..<120 { time += 1.0 / 60; engine.advance(to: time) }
    }

    @Test(arguments: [(150.0, true), (80.0, false), (120.0, true), (60.0, false)])
    func cubePopFinishesPastHalfOf200Points(distance: Double, finishes: Bool) {
        let delegate = FixedNavigationDelegate(push: CubeRotationAnimator(operation: .push), pop: CubeRotationAnimator(operation: .pop))
        let s = Self.makeStack(delegate: delegate)
        s.navigation.pushViewController(s.second, animated: false)
        s.window.animationEngine.advance(to: 0.1)
        #expect(s.navigation.topViewController === s.second)
        let pop = CubePopInteraction { _ = s.navigation.popViewController(animated: true) }
        delegate.interaction = { pop.isInteracting ? pop.interaction : nil }
        let pan = PanGestureRecognizer { pop.handle($0, in: s.navigation.view) }
        s.dispatcher.add(pan, to: s.navigation.view)
        var time = 0.2
        Self.drag(s.dispatcher, from: Point(x: 20, y: 200), dx: distance, time: &time)
        #expect((s.navigation.topViewController === s.first) == finishes, "\(distance) points: percent \(distance / 200)")
        #expect(s.navigation.viewControllers.count == (finishes ? 1 : 2))
        #expect(s.window.diagnostics.messages.isEmpty)
    }

    /// The same pop from a left screen-edge pan (UIKit's way): presses away from the edge do nothing.
    @Test(arguments: [(150.0, true), (80.0, false)])
    func cubePopFromTheLeftScreenEdge(distance: Double, finishes: Bool) {
        let delegate = FixedNavigationDelegate(push: CubeRotationAnimator(operation: .push), pop: CubeRotationAnimator(operation: .pop))
        let s = Self.makeStack(delegate: delegate)
        s.navigation.pushViewController(s.second, animated: false)
        s.window.animationEngine.advance(to: 0.1)
        let pop = CubePopInteraction { _ = s.navigation.popViewController(animated: true) }
        delegate.interaction = { pop.isInteracting ? pop.interaction : nil }
        let edgePan = pop.addScreenEdgePan(to: s.navigation.view)
        #expect(edgePan.edges == .left && edgePan.view === s.navigation.view)
        var time = 0.2
        Self.drag(s.dispatcher, from: Point(x: 60, y: 200), dx: distance, time: &time)
        #expect(s.navigation.viewControllers.count == 2 && edgePan.lastOutcome == .failed, "not from the edge")
        Self.drag(s.dispatcher, from: Point(x: 6, y: 200), dx: distance, time: &time)
        #expect(s.navigation.viewControllers.count == (finishes ? 1 : 2), "\(distance) points from the edge")
        #expect(s.window.diagnostics.messages.isEmpty)
    }

    @Test func zoomPushStartsOnlyOnTheRightHalfAndFollowsTheVelocity() {
        let delegate = FixedNavigationDelegate(push: ZoomPushAnimator(), pop: nil)
        let s = Self.makeStack(delegate: delegate)
        let zoom = ZoomPushInteraction { s.navigation.pushViewController(s.second, animated: true) }
        delegate.interaction = { zoom.interactionController }
        let pan = PanGestureRecognizer { zoom.handle($0, in: s.navigation.view) }
        s.dispatcher.add(pan, to: s.navigation.view)
        var time = 0.0
        // Starting on the left half: no interactive push.
        Self.drag(s.dispatcher, from: Point(x: 60, y: 200), dx: -50, time: &time)
        #expect(s.navigation.topViewController === s.first)
        // Right half, dragging left and still moving left at release: the push finishes.
        Self.drag(s.dispatcher, from: Point(x: 300, y: 200), dx: -100, time: &time)
        #expect(s.navigation.topViewController === s.second)
        #expect(zoom.interactionController == nil, "dropped so the next push is not interactive by accident")
        _ = s.navigation.popViewController(animated: false)
        for _ in 0..<2 { time += 0.1; s.window.animationEngine.advance(to: time) }
        // Right half, but the pointer stops before release (velocity 0, not negative): cancelled.
        Self.drag(s.dispatcher, from: Point(x: 300, y: 200), dx: -200, hold: 0.3, time: &time)
        #expect(s.navigation.topViewController === s.first)
        #expect(zoom.interactionController == nil)
        #expect(s.window.diagnostics.messages.isEmpty)
    }

    @Test func swipeContainerGoldens() throws {
        let rig = try HeadlessStage(width: 160, height: 120)
        defer { rig.release() }
        let (compositor, target) = (rig.compositor, rig.target)
        let window = Window(size: Size(width: 160, height: 120))
        let from = ViewController(name: "from"), to = ViewController(name: "to")
        from.view.content = .image(try SampleImages.from(width: 160, height: 120))
        to.view.content = .image(try SampleImages.to(width: 160, height: 120))
        let container = SwipeContainerViewController(viewControllers: [from, to], selectedIndex: 0)
        window.rootViewController = container
        try window.renderFrame(at: 0, compositor: compositor, into: target)
        var completed: Bool?
        container.transition(to: 1, animated: true) { completed = $0 }
        for (index, progress) in [0.0, 0.25, 0.5, 0.75, 1].enumerated() {
            try window.renderFrame(at: 0.25 * progress, compositor: compositor, into: target)
            let image = try target.readImage()
            if index == 2 {
                // Ease-in-out half way: to has entered half the width from the right.
                #expect(image[100, 60] == (try SampleImages.to(width: 160, height: 120))[20, 60])
            }
            TransitionsGoldenImage.check(image, named: "swipe-container-\(index)", maxDifference: 2, meanDifference: 0.1)
        }
        #expect(completed == true)
        #expect(container.selectedViewController === to)
        #expect(container.children.contains { $0 === to } && !container.children.contains { $0 === from })
        #expect(from.view.superview == nil && from.parent == nil)
    }
}
