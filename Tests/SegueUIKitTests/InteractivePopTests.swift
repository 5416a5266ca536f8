import SegueUIKit
import Testing
import SegueTesting

/// UINavigationController's interactive pop (GL-free): a screen-edge pan from the left edge
/// drives the standard pop slide through a percent-driven interaction; released past half-way
/// or flicked right it finishes, otherwise it cancels. Presses away from the edge, a stack of
/// one, and a delegate with its own pop animator leave it alone.
@MainActor
@Suite("Navigation's interactive pop (screen-edge pan)", .serialized, .tags(.pure))
struct InteractivePopTests {
    final class QuickAnimator: ViewControllerAnimatedTransitioning {
        func transitionDuration(using context: (any ViewControllerContextTransitioning)?) -> Double { 0.1 }
        func animateTransition(using context: any ViewControllerContextTransitioning) {
            if let toView = context.view(forKey: .to), toView.superview == nil { context.containerView.addSubview(toView) }
            context.completeTransition(true)
        }
    }

    final class AnimatingDelegate: NavigationControllerDelegate {
        func animationController(for operation: NavigationOperation, from: ViewController, to: ViewController)
            -> (any ViewControllerAnimatedTransitioning)? { QuickAnimator() }
    }

    /// A 320 × 480 window showing `detail` pushed over `root`.
    static func scene() -> (Window, NavigationController, ViewController) {
        let window = Window(size: Size(width: 320, height: 480))
        let root = ViewController(name: "root")
        let detail = ViewController(name: "detail")
        let navigation = NavigationController(rootViewController: root)
        window.rootViewController = navigation
        navigation.pushViewController(detail, animated: false)
        run(window, 0.1)
        return (window, navigation, detail)
    }

    /// Advances `window`'s engine by `seconds` in 60 Hz frames.
    static func run(_ window: Window, _ seconds: Double) {
        let engine = window.animationEngine
        let end = engine.now + seconds
        while engine.now < end - 1e-9 { engine.advance(to: engine.now + 1.0 / 60) }
    }

    /// Presses at `x`, moves right by `step` each frame (the engine follows), and releases after `pause` seconds at rest.
    static func drag(_ window: Window, fromX x: Double, step: Double, frames: Int, pause: Double) {
        var t = window.animationEngine.now
        window.pointerDown(at: Point(x: x, y: 240), time: t)
        for k in 1...frames {
            t += 1.0 / 60
            window.animationEngine.advance(to: t)
            window.pointerMoved(to: Point(x: x + Double(k) * step, y: 240), time: t)
        }
        if pause > 0 {
            t += pause
            window.animationEngine.advance(to: t)
            window.pointerMoved(to: Point(x: x + Double(frames) * step, y: 240), time: t)
        }
        window.pointerUp(at: Point(x: x + Double(frames) * step, y: 240), time: t)
    }

    @Test func anEdgeDragPastHalfWayPopsAndAShortOneCancels() {
        let (window, navigation, detail) = Self.scene()
        #expect(navigation.viewControllers.count == 2 && navigation.interactivePopGestureRecognizer.view === navigation.view)

        // 120 px (37.5 %), then at rest: cancelled, the detail stays.
        Self.drag(window, fromX: 4, step: 10, frames: 12, pause: 0.2)
        #expect(navigation.isTransitioning, "the cancellation plays the rest back")
        Self.run(window, 1)
        #expect(!navigation.isTransitioning && navigation.viewControllers.count == 2 && navigation.topViewController === detail)
        #expect(detail.view.superview != nil && detail.view.frame == Rect(x: 0, y: 0, width: 320, height: 480))

        // 200 px (62.5 %), at rest: finished.
        var t = window.animationEngine.now
        window.pointerDown(at: Point(x: 4, y: 240), time: t)
        for k in 1...20 {
            t += 1.0 / 60
            window.animationEngine.advance(to: t)
            window.pointerMoved(to: Point(x: 4 + Double(k) * 10, y: 240), time: t)
            if k == 10 {
                // Following the finger: the detail has moved right, but not all the way.
                #expect(navigation.isTransitioning)
                #expect(detail.view.presentation.center.x > 160 && detail.view.presentation.center.x < 160 + 320)
            }
        }
        t += 0.2
        window.pointerMoved(to: Point(x: 204, y: 240), time: t)
        window.pointerUp(at: Point(x: 204, y: 240), time: t)
        Self.run(window, 1)
        #expect(!navigation.isTransitioning && navigation.viewControllers.count == 1 && detail.view.superview == nil)
    }

    /// Issue 28, defect 5: the popped screen's left edge stays under the finger through the drag
    /// (UIKit's interactive pop is linear in the percent: an ease-in-out slide put the edge at
    /// 195 px under a finger at 303 px, and past it further on).
    @Test(arguments: [40.0, 100.0, 180.0, 260.0])
    func theEdgeDragFollowsTheFinger(distance: Double) {
        let (window, navigation, detail) = Self.scene()
        var t = window.animationEngine.now
        window.pointerDown(at: Point(x: 4, y: 240), time: t)
        for k in 1...10 {
            t += 1.0 / 60
            window.animationEngine.advance(to: t)
            window.pointerMoved(to: Point(x: 4 + distance * Double(k) / 10, y: 240), time: t)
        }
        window.animationEngine.advance(to: t + 1.0 / 60)
        #expect(navigation.isTransitioning)
        let edge = detail.view.presentation.center.x - 160
        #expect(abs(edge - distance) < 1, "the screen's edge at \(edge) px under a finger \(distance) px from the press")
        window.pointerCancelled(time: t + 0.1)
        Self.run(window, 1)
    }

    @Test func aFlickPopsFromAShortDrag() {
        let (window, navigation, _) = Self.scene()
        // 20 px per frame (1,200 px/s) for 4 frames: 80 px, released moving.
        Self.drag(window, fromX: 2, step: 20, frames: 4, pause: 0)
        Self.run(window, 1)
        #expect(navigation.viewControllers.count == 1)
    }

    @Test func awayFromTheEdgeAtTheRootOrWithACustomAnimatorNothingPops() {
        let (window, navigation, _) = Self.scene()
        Self.drag(window, fromX: 40, step: 10, frames: 25, pause: 0)
        Self.run(window, 1)
        #expect(navigation.viewControllers.count == 2 && navigation.interactivePopGestureRecognizer.lastOutcome == .failed)

        let delegate = AnimatingDelegate()
        navigation.delegate = delegate
        Self.drag(window, fromX: 4, step: 10, frames: 25, pause: 0)
        Self.run(window, 1)
        #expect(navigation.viewControllers.count == 2 && navigation.interactivePopGestureRecognizer.lastOutcome == .failed)
        navigation.delegate = nil

        navigation.popViewController(animated: false)
        Self.run(window, 0.1)
        #expect(navigation.viewControllers.count == 1)
        Self.drag(window, fromX: 4, step: 10, frames: 25, pause: 0)
        Self.run(window, 1)
        #expect(navigation.viewControllers.count == 1 && !navigation.isTransitioning)
        #expect(navigation.interactivePopGestureRecognizer.lastOutcome == .failed)
    }
}
