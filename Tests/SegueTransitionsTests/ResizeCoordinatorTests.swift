import SegueTiming
import SegueImage
import SegueHeadless
import SegueUIKit
import SegueStage
import SegueTesting
import SegueTransitions
import Testing

/// Bug 5 of issue 10: a window resize hands the content containers a real coordinator. The
/// presentation controller is the seed's (001, "自定义过渡") ported line for line: its
/// `viewWillTransitionToSize` calls super and animates the dismiss view alongside the resize.
@MainActor
@Suite("Window resize coordinator (the seed's dimming presentation)", .tags(.gl))
struct ResizeCoordinatorTests {
    /// The seed's presentation controller (`dismissView` is its dimming view).
    final class SeedPresentationController: PresentationController {
        let dismissView: View = {
            let view = View(name: "dismissView")
            view.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 0.5)
            return view
        }()
        var completions = 0

        override func presentationTransitionWillBegin() {
            dismissView.frame = self.containerView!.bounds
            dismissView.alpha = 0.0

            self.containerView!.addSubview(dismissView)
            self.containerView!.addSubview(self.presentedView!)

            let transitionCoordinator = self.presentedViewController.transitionCoordinator!
            transitionCoordinator.animate(alongsideTransition: { _ in
                self.dismissView.alpha = 1.0
            }, completion: nil)
        }

        override var frameOfPresentedViewInContainerView: Rect {
            var frame = self.containerView!.bounds
            frame = frame.insetBy(dx: 50.0, dy: 200.0)
            return frame
        }

        override func viewWillTransition(to size: Size, with coordinator: TransitionCoordinator) {
            super.viewWillTransition(to: size, with: coordinator)

            coordinator.animate(alongsideTransition: { _ in
                self.dismissView.frame = self.containerView!.bounds
            }, completion: { _ in self.completions += 1 })
        }
    }

    /// A presented controller that records what it hears of the resize.
    final class Presented: ViewController {
        var sizes: [Size] = []
        var boundsWhenTold: [Size] = []
        override func viewWillTransition(to size: Size, with coordinator: TransitionCoordinator) {
            super.viewWillTransition(to: size, with: coordinator)
            sizes.append(size)
            boundsWhenTold.append(view.bounds.size)
        }
    }

    final class Delegate: ViewControllerTransitioningDelegate {
        weak var controller: SeedPresentationController?
        func presentationController(forPresented presented: ViewController, presenting: ViewController?, source: ViewController) -> PresentationController? {
            let controller = SeedPresentationController(presentedViewController: presented, presenting: presenting)
            self.controller = controller
            return controller
        }
        func animationController(forPresented presented: ViewController, presenting: ViewController, source: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
            FadePresentAnimator(duration: 0.5)
        }
    }

    @Test func alongsideAnimationsFollowTheClockAndTheCompletionRuns() throws {
        let rig = try HeadlessStage(width: 320, height: 480)
        defer { rig.release() }
        let window = Window(size: Size(width: 320, height: 480))
        window.attach(rig.compositor)
        let home = ViewController(name: "home")
        home.view.backgroundColor = .white
        window.rootViewController = home
        let detail = Presented(name: "detail")
        detail.view.backgroundColor = Color(red: 1, green: 0, blue: 0)
        let delegate = Delegate()
        detail.modalPresentationStyle = .custom
        detail.transitioningDelegate = delegate
        home.present(detail, animated: true)
        let clock = VirtualClock(step: 0.125)
        while window.transitionDriver.isTransitioning {
            try window.renderFrame(at: clock.tick(), compositor: rig.compositor, into: rig.target)
        }
        let controller = try #require(delegate.controller)
        #expect(controller.dismissView.frame == Rect(x: 0, y: 0, width: 320, height: 480))

        // A rotation-style resize over 0.5 s, smaller so that the whole window stays in the target.
        let start = clock.now
        window.resize(to: Size(width: 240, height: 440), duration: 0.5)
        #expect(detail.sizes == [Size(width: 240, height: 440)], "the presented controller is told through super")
        #expect(detail.boundsWhenTold == [Size(width: 220, height: 80)], "told before anything changed")
        #expect(controller.dismissView.frame == Rect(x: 0, y: 0, width: 240, height: 440), "the block ran with the new bounds")
        #expect(controller.completions == 0)
        // Half way on the clock: ease-in-out is at 0.5 by symmetry, so half way in size too.
        window.animationEngine.advance(to: start + 0.25)
        let half = controller.dismissView.presentation.bounds.size
        #expect(abs(half.width - 280) < 1e-9 && abs(half.height - 460) < 1e-9, "\(half)")
        #expect(abs(detail.view.presentation.bounds.width - (220 + 140) / 2) < 1e-9, "super moved the presented view alongside")
        #expect(controller.completions == 0, "the completion waits for the end of the resize")
        try window.renderFrame(at: start + 0.5, compositor: rig.compositor, into: rig.target)
        #expect(controller.completions == 1)
        #expect(controller.dismissView.presentation.bounds.size == Size(width: 240, height: 440))
        #expect(detail.view.frame == Rect(x: 50, y: 200, width: 140, height: 40))
        // The picture: white under the half-black dimming, red presented view, black beyond the window.
        let image = try rig.target.readImage()
        #expect(image[5, 5] == SIMD4(128, 128, 128, 255) || image[5, 5] == SIMD4(127, 127, 127, 255), "\(image[5, 5])")
        #expect(image[100, 220] == SIMD4(255, 0, 0, 255))
        #expect(image[300, 460] == SIMD4(0, 0, 0, 255))
        #expect(window.diagnostics.messages.isEmpty)
    }

    @Test func aLiveResizeLaysOutAtOnceAndCompletesBeforeReturning() {
        let window = Window(size: Size(width: 200, height: 100))
        let root = Presented(name: "root"), child = Presented(name: "child")
        window.rootViewController = root
        root.addChild(child)
        root.view.addSubview(child.view)
        child.didMove(toParent: root)
        var seen: (duration: Double, animated: Bool, container: Size)?
        var completed = false
        final class Observer: ViewController {
            var onResize: ((TransitionCoordinator) -> Void)?
            override func viewWillTransition(to size: Size, with coordinator: TransitionCoordinator) {
                super.viewWillTransition(to: size, with: coordinator)
                onResize?(coordinator)
            }
        }
        let observer = Observer(name: "observer")
        root.addChild(observer)
        observer.onResize = { coordinator in
            coordinator.animate(alongsideTransition: { context in
                seen = (coordinator.transitionDuration, coordinator.isAnimated, context.containerView.bounds.size)
            }, completion: { _ in completed = true })
        }
        window.resize(to: Size(width: 50, height: 80))
        #expect(root.sizes == [Size(width: 50, height: 80)] && child.sizes == [Size(width: 50, height: 80)], "forwarded to children")
        #expect(root.boundsWhenTold == [Size(width: 200, height: 100)])
        #expect(seen?.duration == 0 && seen?.animated == false && seen?.container == Size(width: 50, height: 80))
        #expect(completed)
        #expect(root.view.presentation.bounds.size == Size(width: 50, height: 80), "shown at once")
    }

    /// A full-screen presented controller hears of the resize and its view follows the window;
    /// a resize that starts while one runs stacks on it (UIKit's additive animations): the first
    /// one's completions still run, on its own time.
    @Test func presentedControllersFollowAndSupersededResizesComplete() {
        let window = Window(size: Size(width: 200, height: 100))
        let root = Presented(name: "root"), modal = Presented(name: "modal")
        window.rootViewController = root
        root.present(modal, animated: false)
        window.animationEngine.advance(to: 0.1)
        #expect(root.presentedViewController === modal)
        var completions: [String] = []
        final class Watcher: ViewController {
            var log: (String) -> Void = { _ in }
            override func viewWillTransition(to size: Size, with coordinator: TransitionCoordinator) {
                let label = "\(Int(size.width))"
                coordinator.animate(alongsideTransition: nil, completion: { [log] _ in log(label) })
            }
        }
        let watcher = Watcher(name: "watcher")
        watcher.log = { completions.append($0) }
        root.addChild(watcher)
        window.resize(to: Size(width: 300, height: 150), duration: 1)
        window.animationEngine.advance(to: 0.5)
        window.resize(to: Size(width: 120, height: 90), duration: 1)
        window.animationEngine.advance(to: 0.6)
        #expect(completions.isEmpty, "the first resize still runs")
        window.animationEngine.advance(to: 1.05)
        #expect(completions.isEmpty)
        window.animationEngine.advance(to: 1.1)
        #expect(completions == ["300"], "the first resize (from 0.1) ended on time")
        window.animationEngine.advance(to: 1.6)
        #expect(completions == ["300", "120"])
        #expect(modal.sizes == [Size(width: 300, height: 150), Size(width: 120, height: 90)])
        #expect(modal.view.frame == Rect(x: 0, y: 0, width: 120, height: 90))
        #expect(modal.view.presentation.bounds.size == Size(width: 120, height: 90))
    }

    /// As in UIKit, `transitionCoordinator` is the resize's coordinator while the resize runs
    /// (inside `viewWillTransition(to:with:)` too, for children through their parent), and nil
    /// once it ends; a controller inside a transition of its own keeps that transition's.
    @Test func transitionCoordinatorIsTheResizesWhileItRuns() throws {
        final class Asker: ViewController {
            var answers: [Bool] = []
            override func viewWillTransition(to size: Size, with coordinator: TransitionCoordinator) {
                super.viewWillTransition(to: size, with: coordinator)
                answers.append(transitionCoordinator === coordinator)
            }
        }
        let window = Window(size: Size(width: 200, height: 100))
        let root = Asker(name: "root"), child = Asker(name: "child"), modal = Asker(name: "modal")
        window.rootViewController = root
        root.addChild(child)
        root.view.addSubview(child.view)
        child.didMove(toParent: root)
        root.present(modal, animated: false)
        window.animationEngine.advance(to: 0.1)
        #expect(root.presentedViewController === modal)

        window.resize(to: Size(width: 300, height: 150), duration: 1)
        #expect(root.answers == [true] && child.answers == [true] && modal.answers == [true])
        window.animationEngine.advance(to: 0.6)
        #expect(root.transitionCoordinator != nil && modal.transitionCoordinator != nil, "still resizing")
        window.animationEngine.advance(to: 1.2)
        #expect(root.transitionCoordinator == nil && child.transitionCoordinator == nil && modal.transitionCoordinator == nil)

        // A resize that takes over from a running one: its coordinator is the one they see.
        window.resize(to: Size(width: 260, height: 140), duration: 1)
        window.animationEngine.advance(to: 1.5)
        window.resize(to: Size(width: 240, height: 130), duration: 1)
        #expect(root.answers == [true, true, true] && modal.answers == [true, true, true])
        window.animationEngine.advance(to: 1.7)
        #expect(root.transitionCoordinator != nil, "the second resize still runs")
        window.animationEngine.advance(to: 2.6)
        #expect(root.transitionCoordinator == nil)

        // A live resize: lent for the calls, taken back before it returns.
        window.resize(to: Size(width: 120, height: 90))
        #expect(root.answers == [true, true, true, true] && modal.answers == [true, true, true, true])
        #expect(root.transitionCoordinator == nil && modal.transitionCoordinator == nil)

        // In the middle of a dismissal the modal keeps the dismissal's coordinator.
        modal.dismiss(animated: true)
        window.animationEngine.advance(to: 2.65)
        let dismissal = try #require(modal.transitionCoordinator)
        window.resize(to: Size(width: 100, height: 80), duration: 0.1)
        #expect(modal.transitionCoordinator === dismissal)
        // The dismissal's animator owns the modal's frame: the resize does not cut it short.
        #expect(window.transitionDriver.isTransitioning && root.presentedViewController === modal)
        #expect(root.transitionCoordinator === dismissal, "the presenter takes part in the dismissal")
        window.animationEngine.advance(to: 4)
        #expect(modal.transitionCoordinator == nil && root.transitionCoordinator == nil)
        #expect(window.diagnostics.messages.isEmpty)
    }
}
