import SegueTiming
import SegueUIKit
import Testing
import SegueTesting

/// The presentation sequence of DESIGN.md §2, traced call by call, on a virtual clock.
@MainActor
@Suite("Transitions: present and dismiss", .tags(.pure))
struct TransitionTests {
    final class Tracer { var calls: [String] = [] }

    /// A plain animator: slides the presented view in from the right and out again.
    final class SlideAnimator: ViewControllerAnimatedTransitioning {
        let tracer: Tracer
        let duration: Double
        init(tracer: Tracer, duration: Double = 1) { self.tracer = tracer; self.duration = duration }

        func transitionDuration(using context: (any ViewControllerContextTransitioning)?) -> Double {
            tracer.calls.append("animator.transitionDuration")
            return duration
        }

        func animateTransition(using context: any ViewControllerContextTransitioning) {
            tracer.calls.append("animator.animateTransition")
            let container = context.containerView
            guard let to = context.viewController(forKey: .to), let from = context.viewController(forKey: .from) else { return }
            if let toView = context.view(forKey: .to), to.presentingViewController === from {
                let final = context.finalFrame(for: to)
                container.addSubview(toView)
                toView.frame = final.offsetBy(dx: container.bounds.width, dy: 0)
                View.animate(withDuration: duration, options: .curveLinear, animations: { toView.frame = final }, completion: { _ in
                    self.tracer.calls.append("animation.completion")
                    context.completeTransition(!context.transitionWasCancelled)
                })
            } else if let fromView = context.view(forKey: .from) {
                let start = fromView.frame
                View.animate(withDuration: duration, options: .curveLinear, animations: {
                    fromView.frame = start.offsetBy(dx: container.bounds.width, dy: 0)
                }, completion: { _ in
                    self.tracer.calls.append("animation.completion")
                    // Animators restore what they changed when cancelled.
                    if context.transitionWasCancelled { fromView.frame = start }
                    context.completeTransition(!context.transitionWasCancelled)
                })
            }
        }

        func animationEnded(_ transitionCompleted: Bool) { tracer.calls.append("animator.animationEnded(\(transitionCompleted))") }
    }

    final class Delegate: ViewControllerTransitioningDelegate {
        let tracer: Tracer
        let animator: SlideAnimator
        var interaction: PercentDrivenInteractiveTransition?
        init(tracer: Tracer) { self.tracer = tracer; animator = SlideAnimator(tracer: tracer) }

        func animationController(forPresented presented: ViewController, presenting: ViewController, source: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
            tracer.calls.append("delegate.animationController(forPresented)")
            return animator
        }
        func animationController(forDismissed dismissed: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
            tracer.calls.append("delegate.animationController(forDismissed)")
            return animator
        }
        func interactionControllerForPresentation(using animator: any ViewControllerAnimatedTransitioning) -> (any ViewControllerInteractiveTransitioning)? {
            tracer.calls.append("delegate.interactionControllerForPresentation")
            return interaction
        }
        func interactionControllerForDismissal(using animator: any ViewControllerAnimatedTransitioning) -> (any ViewControllerInteractiveTransitioning)? {
            tracer.calls.append("delegate.interactionControllerForDismissal")
            return interaction
        }
    }

    /// The view and controller hierarchy as text: any lost, duplicated or orphaned view or
    /// relationship changes it.
    static func hierarchy(_ window: Window) -> String {
        func describe(_ view: View, _ indent: String) -> String {
            ([indent + view.name] + view.subviews.map { describe($0, indent + "  ") }).joined(separator: "\n")
        }
        let root = window.rootViewController
        return describe(window.rootView, "") + "\npresented: " + (root?.presentedViewController?.name ?? "none")
    }

    struct Scene {
        let window: Window
        let home: ViewController
        let detail: ViewController
        let tracer: Tracer
        let delegate: Delegate
        let clock: VirtualClock
    }

    static func makeScene() -> Scene {
        let window = Window(size: Size(width: 320, height: 480))
        let home = ViewController(name: "home")
        home.view.name = "home.view"
        window.rootViewController = home
        let detail = ViewController(name: "detail")
        detail.view.name = "detail.view"
        let tracer = Tracer()
        let delegate = Delegate(tracer: tracer)
        detail.transitioningDelegate = delegate
        return Scene(window: window, home: home, detail: detail, tracer: tracer, delegate: delegate, clock: VirtualClock(step: 0.25))
    }

    @Test func presentFollowsTheSequenceAndNothingEndsBeforeCompleteTransition() {
        let s = Self.makeScene()
        let before = Self.hierarchy(s.window)
        s.home.present(s.detail, animated: true) { s.tracer.calls.append("present.completion") }
        #expect(s.tracer.calls == [
            "delegate.animationController(forPresented)", "delegate.interactionControllerForPresentation",
            "animator.transitionDuration", "animator.animateTransition",
        ])
        #expect(s.home.transitionCoordinator != nil, "the coordinator exists while the transition runs")
        for _ in 0..<3 { s.window.animationEngine.advance(to: s.clock.tick()) }
        #expect(!s.tracer.calls.contains("present.completion"), "nothing ends before completeTransition")
        s.window.animationEngine.advance(to: s.clock.tick())
        #expect(Array(s.tracer.calls.suffix(3)) == ["animation.completion", "present.completion", "animator.animationEnded(true)"])
        #expect(s.home.transitionCoordinator == nil)
        #expect(s.home.presentedViewController === s.detail && s.detail.presentingViewController === s.home)
        #expect(s.detail.view.frame == Rect(x: 0, y: 0, width: 320, height: 480))
        #expect(s.home.view.superview == nil, "a full-screen presenter's view leaves the hierarchy")
        #expect(s.detail.appearanceState == .appeared && s.home.appearanceState == .disappeared)

        s.tracer.calls.removeAll()
        s.detail.dismiss(animated: true) { s.tracer.calls.append("dismiss.completion") }
        #expect(s.tracer.calls == [
            "delegate.animationController(forDismissed)", "delegate.interactionControllerForDismissal",
            "animator.transitionDuration", "animator.animateTransition",
        ])
        #expect(s.home.view.superview === s.window.rootView, "the presenter's view is back for the dismissal")
        for _ in 0..<4 { s.window.animationEngine.advance(to: s.clock.tick()) }
        #expect(Array(s.tracer.calls.suffix(3)) == ["animation.completion", "dismiss.completion", "animator.animationEnded(true)"])
        #expect(Self.hierarchy(s.window) == before, "a completed dismissal leaves the hierarchy as before the presentation")
        #expect(s.home.appearanceState == .appeared && s.detail.appearanceState == .disappeared)
    }

    @Test(arguments: [0.05, 0.1, 0.2, 0.3, 0.45, 0.5, 0.55, 0.7, 0.85, 0.95])
    func cancelledInteractivePresentationRestoresTheHierarchy(percent: Double) {
        let s = Self.makeScene()
        let interaction = PercentDrivenInteractiveTransition()
        s.delegate.interaction = interaction
        let before = Self.hierarchy(s.window)
        var completed = false
        s.home.present(s.detail, animated: true) { completed = true }
        #expect(s.tracer.calls.last == "animator.animateTransition", "the percent-driven controller runs the animator")
        interaction.update(percent)
        s.window.animationEngine.advance(to: s.clock.tick())
        #expect(abs(s.detail.view.presentation.center.x - (160 + 320 * (1 - percent))) < 1e-6, "the animation shows the percent")
        interaction.cancel()
        for _ in 0..<8 { s.window.animationEngine.advance(to: s.clock.tick()) }
        #expect(Self.hierarchy(s.window) == before)
        #expect(!completed, "a cancelled presentation does not run the present completion")
        #expect(s.tracer.calls.last == "animator.animationEnded(false)")
        #expect(s.home.presentedViewController == nil && s.detail.presentingViewController == nil)
        #expect(s.home.appearanceState == .appeared)
        #expect(s.window.diagnostics.messages.isEmpty)
    }

    @Test func finishedInteractivePresentationPlaysTheRestWithCompletionSpeed() {
        let s = Self.makeScene()
        let interaction = PercentDrivenInteractiveTransition()
        interaction.completionSpeed = 2
        interaction.completionCurve = .linear
        s.delegate.interaction = interaction
        s.home.present(s.detail, animated: true)
        interaction.update(0.5)
        interaction.finish()
        // The rest (0.5 of 1 s) plays at speed 2: 0.25 s.
        s.window.animationEngine.advance(to: s.clock.tick())
        #expect(s.tracer.calls.last == "animator.animationEnded(true)")
        #expect(s.home.presentedViewController === s.detail)
        #expect(s.detail.view.frame == Rect(x: 0, y: 0, width: 320, height: 480))
    }

    @Test func completeTransitionTwiceOrNeverIsReported() {
        let s = Self.makeScene()
        final class Careless: ViewControllerAnimatedTransitioning {
            var context: (any ViewControllerContextTransitioning)?
            func transitionDuration(using context: (any ViewControllerContextTransitioning)?) -> Double { 0.5 }
            func animateTransition(using context: any ViewControllerContextTransitioning) { self.context = context }
        }
        final class CarelessDelegate: ViewControllerTransitioningDelegate {
            let animator = Careless()
            func animationController(forPresented presented: ViewController, presenting: ViewController, source: ViewController) -> (any ViewControllerAnimatedTransitioning)? { animator }
        }
        let delegate = CarelessDelegate()
        s.detail.transitioningDelegate = delegate
        s.home.present(s.detail, animated: true)
        s.window.transitionDriver.check(at: 5)
        #expect(s.window.diagnostics.messages.isEmpty)
        s.window.transitionDriver.check(at: 11)
        #expect(s.window.diagnostics.messages.count == 1)
        #expect(s.window.diagnostics.messages.first?.contains("completeTransition was not called") == true)
        #expect(s.window.transitionDriver.isTransitioning)
        delegate.animator.context?.completeTransition(true)
        delegate.animator.context?.completeTransition(true)
        #expect(s.window.diagnostics.messages.count == 2)
        #expect(s.window.diagnostics.messages.last?.contains("called again") == true)
        #expect(!s.window.transitionDriver.isTransitioning)
    }

    /// One interaction controller for many transitions: a transition starts at 0, not where the
    /// last one ended — but a percent set while its own transition still waits in the queue (the
    /// gesture moved on during the previous transition) is where it starts.
    @Test func aPercentSetWhileTheTransitionIsQueuedIsWhereItStarts() {
        let s = Self.makeScene()
        s.window.transitionDriver.queuesRequestsDuringTransition = true
        s.home.present(s.detail, animated: true)  // timed, 1 s
        let interaction = PercentDrivenInteractiveTransition()
        s.delegate.interaction = interaction
        s.detail.dismiss(animated: true)  // queued behind the presentation
        interaction.update(0.5)
        for _ in 0..<4 { s.window.animationEngine.advance(to: s.clock.tick()) }
        #expect(s.window.transitionDriver.isTransitioning, "the dismissal started, interactively")
        #expect(interaction.percentComplete == 0.5)
        s.window.animationEngine.advance(to: s.clock.tick())  // a frame: the paused domain stays at 0.5
        // SlideAnimator slides the dismissed view out to the right: half-way at 0.5.
        #expect(abs(s.detail.view.presentation.center.x - (160 + 320 * 0.5)) < 1e-6, "\(s.detail.view.presentation.center.x)")
        interaction.cancel()
        for _ in 0..<4 { s.window.animationEngine.advance(to: s.clock.tick()) }
        #expect(s.home.presentedViewController === s.detail, "cancelled")

        // The next dismissal with the same controller starts at 0 (the cancelled one ended at 0.5).
        interaction.update(0.5)
        s.detail.dismiss(animated: true)
        #expect(interaction.percentComplete == 0.5, "set while no transition ran: carried to the start")
        interaction.cancel()
        for _ in 0..<4 { s.window.animationEngine.advance(to: s.clock.tick()) }
        s.detail.dismiss(animated: true)
        #expect(interaction.percentComplete == 0, "the last transition's percent is not carried over")
        interaction.cancel()
        for _ in 0..<4 { s.window.animationEngine.advance(to: s.clock.tick()) }
        #expect(s.window.diagnostics.messages.filter { !$0.contains("queued") }.isEmpty, "\(s.window.diagnostics.messages)")
    }

    /// Issue 19, defect 7: UIKit refuses a present or dismiss while a presentation is in
    /// progress (a warning, the request dropped, its completion never run).
    @Test func aRequestDuringATransitionIsDroppedWithADiagnostic() {
        let s = Self.makeScene()
        s.home.present(s.detail, animated: true)
        var dismissed = false
        s.detail.dismiss(animated: true) { dismissed = true }
        let other = ViewController(name: "other")
        var presentedOther = false
        s.home.present(other, animated: true) { presentedOther = true }
        #expect(s.window.diagnostics.messages.count == 2)
        #expect(s.window.diagnostics.messages.allSatisfy { $0.contains("while a presentation is in progress") && $0.contains("dropped") })
        for _ in 0..<12 { s.window.animationEngine.advance(to: s.clock.tick()) }
        #expect(s.home.presentedViewController === s.detail, "the presentation completed; nothing else ran")
        #expect(!dismissed && !presentedOther)
        #expect(other.view.superview == nil)
    }

    @Test func aRequestDuringATransitionIsQueuedWhenOptedIn() {
        let s = Self.makeScene()
        s.window.transitionDriver.queuesRequestsDuringTransition = true
        s.home.present(s.detail, animated: true)
        var dismissed = false
        s.detail.dismiss(animated: true) { dismissed = true }
        #expect(s.window.diagnostics.messages.first?.contains("queued") == true)
        for _ in 0..<4 { s.window.animationEngine.advance(to: s.clock.tick()) }
        #expect(s.home.presentedViewController === s.detail, "the presentation completed first")
        for _ in 0..<4 { s.window.animationEngine.advance(to: s.clock.tick()) }
        #expect(dismissed && s.home.presentedViewController == nil)
    }

    @Test func noAnimatorMeansTheStandardTransition() {
        let s = Self.makeScene()
        s.detail.transitioningDelegate = nil
        var presented = false
        s.home.present(s.detail, animated: true) { presented = true }
        s.window.animationEngine.advance(to: s.clock.tick())
        #expect(s.detail.view.presentation.center.y > 240, "sliding up from the bottom")
        s.window.animationEngine.advance(to: s.clock.tick())
        #expect(presented && s.detail.view.frame == Rect(x: 0, y: 0, width: 320, height: 480))
    }
}
