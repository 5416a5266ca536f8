import SegueTiming
import SegueUIKit
import SegueTesting
import Testing

/// UIKit API a port needs, checked against UIKit's documentation: overridable hit testing used
/// by the pointer dispatcher, intrinsic content sizes, the presentation controller's container
/// layout hooks, and UIViewPropertyAnimator's subclassing, delayed blocks, `pausesOnCompletion`
/// and `scrubsLinearly`.
@MainActor
@Suite("UIKit additions: hit testing, intrinsic size, container layout, property animator", .tags(.pure))
struct UIKitAdditionsTests {
    /// A 20×20 button whose touch area is 44×44 (Apple's minimum target), by `point(inside:with:)`.
    final class SmallButton: View {
        override func point(inside point: Point, with event: TouchEvent?) -> Bool {
            bounds.insetBy(dx: -12, dy: -12).contains(point)
        }
    }

    /// A container that lets touches through where it has no subview (a pass-through overlay).
    final class PassThrough: View {
        override func hitTest(_ point: Point, with event: TouchEvent?) -> View? {
            let hit = super.hitTest(point, with: event)
            return hit === self ? nil : hit
        }
    }

    final class Recorder: View {
        var began = 0
        override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) { began += 1 }
    }

    @Test func pointInsideEnlargesTheTouchAreaForTheDispatcher() {
        let window = Window(size: Size(width: 200, height: 200))
        let button = SmallButton(frame: Rect(x: 100, y: 100, width: 20, height: 20))
        window.rootView.addSubview(button)
        // 10 points outside the bounds, inside the 44-point area.
        #expect(window.pointerDispatcher.hitTest(Point(x: 95, y: 95)) === button)
        #expect(window.pointerDispatcher.hitTest(Point(x: 85, y: 85)) === window.rootView)
        #expect(button.hitTest(Point(x: -5, y: -5), with: nil) === button)
    }

    @Test func aHitTestOverrideLetsPressesThroughToTheViewBehind() {
        let window = Window(size: Size(width: 200, height: 200))
        let behind = Recorder(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let overlay = PassThrough(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let badge = Recorder(frame: Rect(x: 10, y: 10, width: 30, height: 30))
        overlay.addSubview(badge)
        window.rootView.addSubview(behind)
        window.rootView.addSubview(overlay)
        window.pointerDispatcher.pointerDown(at: Point(x: 100, y: 100), time: 0)
        window.pointerDispatcher.pointerUp(at: Point(x: 100, y: 100), time: 0.1)
        #expect(behind.began == 1, "the overlay answered nil: the press reached the view behind")
        window.pointerDispatcher.pointerDown(at: Point(x: 20, y: 20), time: 1)
        window.pointerDispatcher.pointerUp(at: Point(x: 20, y: 20), time: 1.1)
        #expect(badge.began == 1 && behind.began == 1, "the overlay's subview still takes presses")
    }

    @Test func hitTestDefaultsFollowUIKitsRules() {
        let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let child = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        root.addSubview(child)
        #expect(root.hitTest(Point(x: 15, y: 15), with: nil) === child)
        child.alpha = 0.005
        #expect(root.hitTest(Point(x: 15, y: 15), with: nil) === root, "alpha below 0.01 is not hit")
        child.alpha = 1
        child.isHidden = true
        #expect(root.hitTest(Point(x: 15, y: 15), with: nil) === root)
        child.isHidden = false
        child.isUserInteractionEnabled = false
        #expect(root.hitTest(Point(x: 15, y: 15), with: nil) === root)
        #expect(root.hitTest(Point(x: 150, y: 15), with: nil) == nil, "outside the bounds")
    }

    /// A badge whose size comes from its text; its superview lays it out from that size.
    final class Badge: View {
        var characters = 1 { didSet { invalidateIntrinsicContentSize() } }
        override var intrinsicContentSize: Size { Size(width: Double(characters) * 8 + 10, height: View.noIntrinsicMetric) }
    }

    final class Row: View {
        let badge = Badge()
        var layouts = 0
        override func layoutSubviews() {
            layouts += 1
            badge.frame = Rect(x: 0, y: 0, width: badge.intrinsicContentSize.width, height: bounds.height)
        }
    }

    @Test func invalidatingTheIntrinsicSizeLaysOutTheSuperviewAgain() {
        #expect(View().intrinsicContentSize == Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric))
        #expect(View.noIntrinsicMetric == -1)
        let row = Row(frame: Rect(x: 0, y: 0, width: 200, height: 30))
        row.addSubview(row.badge)
        row.setNeedsLayout()
        row.layoutIfNeeded()
        #expect(row.badge.frame.width == 18)
        row.badge.characters = 3
        #expect(row.needsLayout, "the superview is marked")
        row.layoutIfNeeded()
        #expect(row.badge.frame.width == 34)
        #expect(row.layouts == 2)
    }

    final class LoggingPresentationController: PresentationController {
        var log: [String] = []
        override func containerViewWillLayoutSubviews() { log.append("will \(Int(containerView?.bounds.width ?? 0))") }
        override func containerViewDidLayoutSubviews() { log.append("did \(Int(containerView?.bounds.width ?? 0))") }
        override func presentationTransitionWillBegin() {
            if let view = presentedView { containerView?.addSubview(view) }
        }
    }

    final class Delegate: ViewControllerTransitioningDelegate {
        var controller: LoggingPresentationController?
        func presentationController(forPresented presented: ViewController, presenting: ViewController?, source: ViewController) -> PresentationController? {
            let made = LoggingPresentationController(presentedViewController: presented, presenting: presenting)
            controller = made
            return made
        }
    }

    @Test func theContainersLayoutCallsThePresentationControllerOnAResize() throws {
        let window = Window(size: Size(width: 400, height: 300))
        let root = ViewController(name: "root")
        window.rootViewController = root
        let delegate = Delegate()
        let card = ViewController(name: "card")
        card.modalPresentationStyle = .custom
        card.transitioningDelegate = delegate
        root.present(card, animated: false)
        window.rootView.layoutIfNeeded()
        let controller = try #require(delegate.controller)
        #expect(controller.log == ["will 400", "did 400"], "the container's first layout")
        controller.log.removeAll()
        window.rootView.layoutIfNeeded()
        #expect(controller.log.isEmpty, "no layout, no call")
        window.resize(to: Size(width: 640, height: 480))
        window.rootView.layoutIfNeeded()
        #expect(controller.log == ["will 640", "did 640"], "the resize's layout pass, at the new size")
    }

    /// UIViewPropertyAnimator is open: a subclass overrides its control methods.
    final class CountingAnimator: PropertyAnimator {
        var starts = 0
        override func startAnimation(afterDelay delay: Double = 0) {
            starts += 1
            super.startAnimation(afterDelay: delay)
        }
    }

    @Test func aPropertyAnimatorSubclassRunsItsOverrides() {
        let window = Window(size: Size(width: 200, height: 200))
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        window.rootView.addSubview(view)
        let animator = CountingAnimator(duration: 1, curve: .linear) { view.alpha = 0 }
        animator.startAnimation()
        window.animationEngine.advance(to: 0.5)
        #expect(animator.starts == 1)
        #expect(abs(view.presentation.alpha - 0.5) < 1e-9)
    }

    @Test func aDelayFactorDelaysByThatShareOfTheRemainingDuration() {
        let window = Window(size: Size(width: 200, height: 200))
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        window.rootView.addSubview(view)
        // Apple's example: a factor 0.5 of a 2 s animator delays the block by 1 s.
        let animator = PropertyAnimator(duration: 2, curve: .linear)
        animator.addAnimations({ view.alpha = 0 }, delayFactor: 0.5)
        animator.addAnimations { view.center.x = 205 }
        animator.startAnimation()
        window.animationEngine.advance(to: 0.5)
        #expect(view.presentation.alpha == 1, "in the delay")
        #expect(abs(view.presentation.center.x - 55) < 1e-9, "the other block runs")
        window.animationEngine.advance(to: 1)
        #expect(view.presentation.alpha == 1)
        window.animationEngine.advance(to: 1.5)
        #expect(abs(view.presentation.alpha - 0.5) < 1e-9, "the block ends with the animator")
        // Added mid-run: 0.5 × the remaining 0.5 s = 0.25 s of delay, then to the end.
        let other = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        window.rootView.addSubview(other)
        animator.addAnimations({ other.alpha = 0 }, delayFactor: 0.5)
        window.animationEngine.advance(to: 1.75)
        #expect(other.presentation.alpha == 1)
        window.animationEngine.advance(to: 1.875)
        #expect(abs(other.presentation.alpha - 0.5) < 1e-9)
        window.animationEngine.advance(to: 2)
        #expect(view.presentation.alpha == 0 && other.presentation.alpha == 0)
        #expect(animator.state == .inactive)
    }

    @Test func pausesOnCompletionStaysActiveWithoutCompletionsAndCanReverse() {
        let window = Window(size: Size(width: 200, height: 200))
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        window.rootView.addSubview(view)
        let animator = PropertyAnimator(duration: 1, curve: .linear) { view.alpha = 0 }
        animator.pausesOnCompletion = true
        var completions: [PropertyAnimator.Position] = []
        animator.addCompletion { completions.append($0) }
        animator.startAnimation()
        window.animationEngine.advance(to: 1)
        window.animationEngine.advance(to: 1.5)
        #expect(animator.state == .active, "still active at the end")
        #expect(!animator.isRunning)
        #expect(completions.isEmpty, "no completion handler runs")
        #expect(view.presentation.alpha == 0 && animator.fractionComplete == 1)
        // Still active, so it can be reversed after finishing.
        animator.isReversed = true
        animator.startAnimation()
        window.animationEngine.advance(to: 2)
        #expect(abs(view.presentation.alpha - 0.5) < 1e-9)
        animator.pausesOnCompletion = false
        window.animationEngine.advance(to: 2.5)
        #expect(completions == [.start])
        #expect(animator.state == .inactive)
        #expect(view.alpha == 1, "ended at the start")
    }

    @Test func scrubbingIsLinearOnlyWhenScrubsLinearlyIsOn() {
        let window = Window(size: Size(width: 200, height: 200))
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        window.rootView.addSubview(view)
        let linear = PropertyAnimator(duration: 1, curve: .easeIn) { view.center.x = 105 }
        #expect(linear.scrubsLinearly, "on by default, as in UIKit")
        linear.fractionComplete = 0.25
        #expect(abs(view.presentation.center.x - 30) < 1e-9)
        linear.stopAnimation(true)
        #expect(view.center.x == 30, "stopped without finishing: the view keeps what it showed")
        let curved = PropertyAnimator(duration: 1, curve: .easeIn) { view.center.x = 130 }
        curved.scrubsLinearly = false
        curved.fractionComplete = 0.25
        let expected = 30 + 100 * TimingCurve.easeIn.value(at: 0.25)
        #expect(abs(view.presentation.center.x - expected) < 1e-9, "through the curve")
    }
}
