import SegueTiming
import SegueUIKit
import Testing
import SegueTesting

/// Issue 19, defect 1: UIKit's interruptible-transition contract (iOS 10, WWDC 2016 "Advances
/// in UIKit Animations and Transitions"). A percent-driven interaction drives the animator's
/// interruptible animator: paused while interactive, `fractionComplete` = the last `update`,
/// continued forwards on `finish`, reversed on `cancel`; `wantsInteractiveStart == false` starts
/// it running and `pause()` grabs it where it is. Expected positions are the documented
/// arithmetic (linear slide of 320 px over 1 s), not values read back from Segue.
@MainActor
@Suite("Interruptible transitions (virtual clock)", .tags(.pure))
struct InterruptibleTransitionTests {
    /// Slides the dismissed view 320 px to the right with an interruptible animator made on
    /// demand, as Apple's guide recommends; `animateTransition` just starts it.
    final class InterruptibleSlide: ViewControllerAnimatedTransitioning {
        var animator: PropertyAnimator?
        var vended = 0
        var animateTransitionCalls = 0

        func transitionDuration(using context: (any ViewControllerContextTransitioning)?) -> Double { 1 }

        func animateTransition(using context: any ViewControllerContextTransitioning) {
            animateTransitionCalls += 1
            interruptibleAnimator(using: context)?.startAnimation()
        }

        func interruptibleAnimator(using context: any ViewControllerContextTransitioning) -> PropertyAnimator? {
            vended += 1
            if let animator { return animator }
            let view = context.view(forKey: .from)!
            let start = view.frame
            let animator = PropertyAnimator(duration: 1, curve: .linear) { view.frame = start.offsetBy(dx: 320, dy: 0) }
            animator.addCompletion { position in
                if position == .start { view.frame = start }
                context.completeTransition(!context.transitionWasCancelled)
                self.animator = nil
            }
            self.animator = animator
            return animator
        }
    }

    /// The same slide with a block animation (the time-domain path).
    final class TimedSlide: ViewControllerAnimatedTransitioning {
        func transitionDuration(using context: (any ViewControllerContextTransitioning)?) -> Double { 1 }
        func animateTransition(using context: any ViewControllerContextTransitioning) {
            let view = context.view(forKey: .from)!
            let start = view.frame
            View.animate(withDuration: 1, options: .curveLinear, animations: { view.frame = start.offsetBy(dx: 320, dy: 0) }) { _ in
                if context.transitionWasCancelled { view.frame = start }
                context.completeTransition(!context.transitionWasCancelled)
            }
        }
    }

    final class Delegate: ViewControllerTransitioningDelegate {
        let animator: any ViewControllerAnimatedTransitioning
        var interaction: PercentDrivenInteractiveTransition?
        init(animator: any ViewControllerAnimatedTransitioning) { self.animator = animator }
        func animationController(forDismissed dismissed: ViewController) -> (any ViewControllerAnimatedTransitioning)? { animator }
        func interactionControllerForDismissal(using animator: any ViewControllerAnimatedTransitioning) -> (any ViewControllerInteractiveTransitioning)? { interaction }
    }

    @MainActor struct Rig {
        let window = Window(size: Size(width: 320, height: 480))
        let root = ViewController(name: "root")
        let modal = ViewController(name: "modal")
        var now = 0.0

        init(delegate: Delegate) {
            window.rootViewController = root
            root.present(modal, animated: false)
            modal.transitioningDelegate = delegate
        }

        /// Steps the clock by 0.05 s for `seconds`.
        mutating func run(_ seconds: Double) {
            let end = now + seconds
            while now < end - 1e-9 {
                now = min(end, now + 0.05)
                window.animationEngine.advance(to: now)
            }
        }

        var slid: Double { modal.view.presentation.center.x - 160 }
    }

    @Test func heldAtAPercentTheAnimatorStaysThereAndCancelReturns() {
        let slide = InterruptibleSlide()
        let delegate = Delegate(animator: slide)
        let interaction = PercentDrivenInteractiveTransition()
        delegate.interaction = interaction
        var rig = Rig(delegate: delegate)
        var dismissed = 0
        rig.modal.dismiss(animated: true) { dismissed += 1 }
        #expect(slide.vended >= 1, "the system asked for the interruptible animator")
        #expect(slide.animateTransitionCalls == 0, "an interactive start does not call animateTransition")
        interaction.update(0.3)
        rig.run(0.5)
        #expect(abs((slide.animator?.fractionComplete ?? -1) - 0.3) < 1e-12)
        #expect(abs(rig.slid - 96) < 1e-9, "0.3 of 320 px, held while the finger is down")
        #expect(rig.root.presentedViewController === rig.modal, "nothing completes with the finger down")
        #expect(abs((rig.root.transitionCoordinator?.percentComplete ?? -1) - 0.3) < 1e-12)
        interaction.cancel()
        rig.run(0.25)
        #expect(rig.root.presentedViewController === rig.modal)
        rig.run(0.1)  // the rest: 0.3 × 1 s
        #expect(rig.root.presentedViewController === rig.modal, "cancelled: still presented")
        #expect(rig.root.transitionCoordinator == nil, "the transition ended")
        #expect(dismissed == 0)
        #expect(rig.slid == 0)
        #expect(rig.modal.view.superview != nil)
        #expect(rig.window.diagnostics.messages.isEmpty)
    }

    @Test func finishContinuesForwardsOverTheRest() {
        let slide = InterruptibleSlide()
        let delegate = Delegate(animator: slide)
        let interaction = PercentDrivenInteractiveTransition()
        interaction.completionCurve = .linear
        interaction.completionSpeed = 2
        delegate.interaction = interaction
        var rig = Rig(delegate: delegate)
        var dismissed = 0
        rig.modal.dismiss(animated: true) { dismissed += 1 }
        interaction.update(0.6)
        interaction.finish()
        #expect(rig.root.transitionCoordinator?.completionVelocity == 2)
        rig.run(0.1)  // the rest: 0.4 × 1 s / 2 = 0.2 s, linear: half of it
        #expect(abs(rig.slid - 256) < 1e-9)
        rig.run(0.1)
        #expect(dismissed == 1)
        #expect(rig.root.presentedViewController == nil)
        #expect(rig.modal.view.superview == nil)
        #expect(rig.window.diagnostics.messages.isEmpty)
    }

    /// `wantsInteractiveStart == false`: the transition runs; `pause()` stops it where it is and
    /// makes it interactive; `update` then moves it; `cancel` plays it back. Both paths.
    @Test(arguments: [true, false])
    func pauseTurnsARunningTransitionInteractive(_ interruptible: Bool) {
        let animator: any ViewControllerAnimatedTransitioning = interruptible ? InterruptibleSlide() : TimedSlide()
        let delegate = Delegate(animator: animator)
        let interaction = PercentDrivenInteractiveTransition()
        interaction.wantsInteractiveStart = false
        delegate.interaction = interaction
        var rig = Rig(delegate: delegate)
        var dismissed = 0
        rig.modal.dismiss(animated: true) { dismissed += 1 }
        #expect(rig.root.transitionCoordinator?.isInteractive == false)
        rig.run(0.25)
        #expect(abs(rig.slid - 80) < 1e-9, "running: 0.25 s of a linear 1 s slide")
        #expect(abs((rig.root.transitionCoordinator?.percentComplete ?? -1) - 0.25) < 1e-9)
        interaction.pause()
        #expect(rig.root.transitionCoordinator?.isInteractive == true)
        #expect(abs(interaction.percentComplete - 0.25) < 1e-9)
        rig.run(0.5)
        #expect(abs(rig.slid - 80) < 1e-9, "paused: it stays")
        interaction.update(0.1)
        rig.run(0.05)  // shown on the next frame
        #expect(abs(rig.slid - 32) < 1e-9)
        interaction.cancel()
        rig.run(0.15)
        #expect(dismissed == 0)
        #expect(rig.root.presentedViewController === rig.modal)
        #expect(rig.slid == 0)
        #expect(rig.root.transitionCoordinator == nil)
        #expect(rig.window.diagnostics.messages.isEmpty)
    }

    /// A spring as the timing of the rest (UIKit's `timingCurve`): it overshoots, then the
    /// transition completes at the end.
    @Test func springTimingParametersForTheRest() {
        let slide = InterruptibleSlide()
        let delegate = Delegate(animator: slide)
        let interaction = PercentDrivenInteractiveTransition()
        interaction.timingCurve = .spring(Spring(dampingRatio: 0.4, duration: 1), duration: 1)
        delegate.interaction = interaction
        var rig = Rig(delegate: delegate)
        var dismissed = 0
        rig.modal.dismiss(animated: true) { dismissed += 1 }
        interaction.update(0.5)
        interaction.finish()
        var furthest = 0.0
        for _ in 0..<12 {
            rig.run(0.05)
            furthest = max(furthest, rig.slid)
        }
        #expect(furthest > 320, "an underdamped spring overshoots the end")
        #expect(dismissed == 1)
        #expect(rig.modal.view.superview == nil)
    }

    /// The coordinator's alongside animations join the interruptible animator: they hold at the
    /// percent with it.
    @Test func alongsideAnimationsJoinTheInterruptibleAnimator() {
        final class Modal: ViewController {
            let badge = View(frame: Rect(x: 0, y: 0, width: 10, height: 10), name: "badge")
            override func viewWillDisappear(_ animated: Bool) {
                super.viewWillDisappear(animated)
                transitionCoordinator?.animate(alongsideTransition: { _ in self.badge.alpha = 0 })
            }
        }
        let slide = InterruptibleSlide()
        let delegate = Delegate(animator: slide)
        let interaction = PercentDrivenInteractiveTransition()
        delegate.interaction = interaction
        let window = Window(size: Size(width: 320, height: 480))
        let root = ViewController(name: "root"), modal = Modal(name: "modal")
        window.rootViewController = root
        root.present(modal, animated: false)
        modal.view.addSubview(modal.badge)
        modal.transitioningDelegate = delegate
        modal.dismiss(animated: true)
        interaction.update(0.3)
        window.animationEngine.advance(to: 0.5)
        #expect(abs(modal.badge.presentation.alpha - 0.7) < 1e-12)
        interaction.cancel()
        window.animationEngine.advance(to: 1)
        #expect(modal.badge.presentation.alpha == 1)
        #expect(root.presentedViewController === modal)
    }

    /// Found by the gesture stress: a new gesture's `update` while the last one's finish plays
    /// out must not take the timeline over (it used to hold it for good: the transition never
    /// ended). Without `pause()` the transition plays on and completes.
    @Test func anUpdateDuringTheSettleDoesNotFreezeIt() {
        let delegate = Delegate(animator: TimedSlide())
        let interaction = PercentDrivenInteractiveTransition()
        delegate.interaction = interaction
        var rig = Rig(delegate: delegate)
        var dismissed = 0
        rig.modal.dismiss(animated: true) { dismissed += 1 }
        interaction.update(0.6)
        interaction.finish()
        rig.run(0.1)
        interaction.update(0.2)  // a second finger, while the rest plays
        interaction.cancel()     // its release: nothing interactive to cancel (reported)
        rig.run(1)
        #expect(dismissed == 1)
        #expect(rig.root.presentedViewController == nil)
        #expect(rig.window.diagnostics.messages.count == 1)
    }

    /// Defect 5: `animateAlongsideTransition(in:)` animates a view outside the container on
    /// the transition's timeline; UIKit requires the view: nil registers nothing (reported).
    @Test func alongsideInAViewOutsideTheContainer() {
        final class Modal: ViewController {
            var badge: View?
            var acceptedNil: Bool?
            override func viewWillDisappear(_ animated: Bool) {
                super.viewWillDisappear(animated)
                guard let badge, let coordinator = transitionCoordinator else { return }
                coordinator.animateAlongsideTransition(in: badge.superview, animation: { _ in badge.alpha = 0 })
                acceptedNil = coordinator.animateAlongsideTransition(in: nil, animation: { _ in badge.alpha = 0.25 })
            }
        }
        let delegate = Delegate(animator: TimedSlide())
        let interaction = PercentDrivenInteractiveTransition()
        delegate.interaction = interaction
        let window = Window(size: Size(width: 320, height: 480))
        let root = ViewController(name: "root"), modal = Modal(name: "modal")
        window.rootViewController = root
        let badge = View(frame: Rect(x: 0, y: 0, width: 10, height: 10), name: "badge")
        window.rootView.addSubview(badge)  // outside every transition container
        modal.badge = badge
        root.present(modal, animated: false)
        modal.transitioningDelegate = delegate
        modal.dismiss(animated: true)
        interaction.update(0.5)
        window.animationEngine.advance(to: 0.2)
        // Ease-in-out at half the duration is half-way.
        #expect(abs(badge.presentation.alpha - 0.5) < 1e-9)
        #expect(modal.acceptedNil == false)
        #expect(window.diagnostics.messages.count == 1)
        interaction.cancel()
        window.animationEngine.advance(to: 1)
        // As in UIKit, the block's model value stays after a cancel (restoring it is the
        // completion's job); the animation ended with the transition.
        #expect(badge.alpha == 0 && badge.presentation.alpha == 0)
        #expect(window.animationEngine.animationGroupCount == 0)
    }

    /// Defect 5: `percentComplete` follows a timed (not interactive) transition.
    @Test func coordinatorPercentFollowsATimedTransition() {
        let delegate = Delegate(animator: TimedSlide())
        var rig = Rig(delegate: delegate)
        rig.modal.dismiss(animated: true)
        rig.run(0.4)
        #expect(abs((rig.root.transitionCoordinator?.percentComplete ?? -1) - 0.4) < 1e-9)
        #expect(rig.root.transitionCoordinator?.completionVelocity == 1)
    }
}
