import SegueTiming
import SegueGL
import SegueUIKit
import SegueCompositor
import SegueCompositorTestSupport
import Testing
import SegueTesting

/// Issue 10, "long-session leaks and misuse": what a long session leaves behind stays flat, and
/// bad input is refused with a typed error or a diagnostic instead of a trap or a hang.
@MainActor
@Suite("Long sessions: flat counts and refused misuse", .tags(.gl))
struct LongSessionTests {
    /// The seeds make a new interaction controller per gesture: each one's time domain must go
    /// when its transition ends, finished, cancelled, or interrupted (finish, grabbed again
    /// while settling, then cancelled).
    @Test func percentDrivenTimeDomainsGoWhenTheirTransitionEnds() {
        let s = TransitionTests.makeScene()
        let engine = s.window.animationEngine
        #expect(engine.timeDomainCount == 0)
        for round in 0..<30 {
            let interaction = PercentDrivenInteractiveTransition()
            s.delegate.interaction = interaction
            s.home.present(s.detail, animated: true)
            interaction.update(0.4)
            engine.advance(to: s.clock.tick())
            #expect(engine.timeDomainCount == 1, "the interaction's domain runs while the transition does")
            switch round % 3 {
            case 0: interaction.finish()
            case 1: interaction.cancel()
            default:
                interaction.finish()
                engine.advance(to: s.clock.now + 0.1)
                interaction.pause()
                interaction.update(0.3)
                interaction.cancel()
            }
            for _ in 0..<12 where s.window.transitionDriver.isTransitioning { engine.advance(to: s.clock.tick()) }
            #expect(!s.window.transitionDriver.isTransitioning)
            #expect((s.home.presentedViewController != nil) == (round % 3 == 0), "round \(round)")
            #expect(engine.timeDomainCount == 0, "round \(round): the domain is dropped")
            #expect(engine.animationGroupCount == 0, "round \(round)")
            if s.home.presentedViewController != nil {
                s.delegate.interaction = nil
                s.detail.dismiss(animated: true)
                for _ in 0..<8 { engine.advance(to: s.clock.tick()) }
            }
        }
        #expect(s.window.diagnostics.messages.isEmpty, "\(s.window.diagnostics.messages)")
    }

    /// An animator that completes while its animations are still paused on the interaction's
    /// timeline (here: as soon as the gesture passes half way) leaves nothing behind.
    final class EarlyCompletingAnimator: ViewControllerAnimatedTransitioning {
        var context: (any ViewControllerContextTransitioning)?
        func transitionDuration(using context: (any ViewControllerContextTransitioning)?) -> Double { 1 }
        func animateTransition(using context: any ViewControllerContextTransitioning) {
            self.context = context
            guard let toView = context.view(forKey: .to) else { return }
            context.containerView.addSubview(toView)
            toView.alpha = 0
            View.animate(withDuration: 1, animations: { toView.alpha = 1 })
        }
    }

    final class EarlyDelegate: ViewControllerTransitioningDelegate {
        let animator = EarlyCompletingAnimator()
        let interaction = PercentDrivenInteractiveTransition()
        func animationController(forPresented presented: ViewController, presenting: ViewController, source: ViewController) -> (any ViewControllerAnimatedTransitioning)? { animator }
        func interactionControllerForPresentation(using animator: any ViewControllerAnimatedTransitioning) -> (any ViewControllerInteractiveTransitioning)? { interaction }
    }

    @Test func aTransitionEndingWithPausedAnimationsEndsThem() {
        let s = TransitionTests.makeScene()
        let delegate = EarlyDelegate()
        s.detail.transitioningDelegate = delegate
        s.home.present(s.detail, animated: true)
        delegate.interaction.update(0.5)
        s.window.animationEngine.advance(to: s.clock.tick())
        #expect(s.window.animationEngine.timeDomainCount == 1 && s.window.animationEngine.animationGroupCount == 1)
        #expect(abs(s.detail.view.presentation.alpha - 0.5) < 0.2)
        delegate.animator.context?.completeTransition(true)
        #expect(!s.window.transitionDriver.isTransitioning && s.home.presentedViewController === s.detail)
        #expect(s.window.animationEngine.timeDomainCount == 0 && s.window.animationEngine.animationGroupCount == 0)
        #expect(s.detail.view.presentation.alpha == 1, "shown at its model value")
    }

    /// A domain dropped while idle is taken up again by a new run or capture.
    @Test func anIdleDomainComesBackWhenUsedAgain() {
        let engine = AnimationEngine()  // an engine of its own: the domain runs on whatever engine uses it
        let domain = AnimationTimeDomain()
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        engine.withTimeDomain(domain) { View.animate(withDuration: 1, options: .curveLinear, animations: { view.alpha = 0 }) }
        domain.run(to: 1, over: 0.5, curve: .linear, from: 0)
        engine.advance(to: 0.5)
        #expect(view.presentation.alpha == 0 && engine.timeDomainCount == 0, "arrived and its animation ended")
        engine.removeTimeDomain(domain)
        domain.setTime(0)
        engine.withTimeDomain(domain) { View.animate(withDuration: 1, options: .curveLinear, animations: { view.alpha = 1 }) }
        #expect(engine.timeDomainCount == 1)
        domain.run(to: 0.5, over: 1, curve: .linear, from: engine.now)
        engine.advance(to: 1)
        #expect(abs(view.presentation.alpha - 0.25) < 1e-12, "still advanced: half way to local time 0.5")
        engine.advance(to: 2)
        #expect(abs(view.presentation.alpha - 0.5) < 1e-12)
        #expect(engine.timeDomainCount == 1, "paused with an animation on it: kept")
    }

    @Test func diagnosticsKeepTheLastEntriesAndCallTheHandler() {
        let log = TransitionDiagnostics(capacity: 4)
        var seen: [TransitionDiagnostics.Entry] = []
        log.handler = { seen.append($0) }
        for i in 1...10 { log.report("problem \(i)") }
        #expect(log.messages == ["problem 7", "problem 8", "problem 9", "problem 10"])
        #expect(log.totalReported == 10 && log.droppedCount == 6)
        #expect(seen.map(\.message) == (1...10).map { "problem \($0)" })
        #expect(seen.map(\.sequence) == Array(1...10))
        log.capacity = 2
        #expect(log.messages == ["problem 9", "problem 10"])
        #expect(log.droppedCount == 8, "a lower capacity drops the oldest two more")
        log.clear()
        #expect(log.messages.isEmpty && log.droppedCount == 10)
        log.report("after clear")
        #expect(log.entries.map(\.sequence) == [11] && seen.count == 11, "the handler and the count stay")
        log.capacity = 0
        #expect(log.capacity == 1)
    }

    @Test func sharedDiagnosticsAreBounded() {
        let shared = TransitionDiagnostics.shared
        shared.clear()
        defer { shared.clear() }
        for i in 0..<(shared.capacity * 3) { shared.report("message \(i)") }
        #expect(shared.messages.count == shared.capacity)
        #expect(shared.messages.last == "message \(shared.capacity * 3 - 1)")
    }

    /// No static table keeps windows: a released window is gone, its views find no window.
    @Test func windowsAreNotKeptByTheirViews() {
        weak var released: Window?
        var rootView: View?
        do {
            let window = Window(size: Size(width: 10, height: 10))
            let child = View(name: "child")
            window.rootView.addSubview(child)
            #expect(Window.containing(child) === window)
            rootView = window.rootView
            released = window
        }
        #expect(released == nil)
        #expect(rootView.map { Window.containing($0) == nil } == true)
    }

    /// UIKit raises on a cycle; here it is refused with a diagnostic and the tree is unchanged
    /// (see `View.insertSubview(_:at:)` for why not a trap or a throwing method).
    @Test func subviewCyclesAreRefused() {
        // Views in no window report to the shared diagnostics (this test runs without suspending).
        TransitionDiagnostics.shared.clear()
        defer { TransitionDiagnostics.shared.clear() }
        let a = View(name: "a"), b = View(name: "b"), c = View(name: "c")
        a.addSubview(b)
        b.addSubview(c)
        b.addSubview(a)
        c.insertSubview(a, at: 0)
        c.insertSubview(b, aboveSubview: c)
        a.addSubview(a)
        #expect(a.superview == nil && b.superview === a && c.superview === b)
        #expect(a.subviews.map(\.name) == ["b"] && b.subviews.map(\.name) == ["c"] && c.subviews.isEmpty)
        #expect(c.root === a, "root returns")
        #expect(TransitionDiagnostics.shared.messages.count == 4)
        #expect(TransitionDiagnostics.shared.messages.first?.contains("cycle") == true)
        #expect(TransitionDiagnostics.shared.messages.last?.contains("its own subview") == true)
        // Moving a subtree elsewhere (not into itself) still works.
        let d = View(name: "d")
        d.addSubview(c)
        #expect(c.superview === d && b.subviews.isEmpty)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func snapshotsOfNonFiniteSizesThrow(side: Double) throws {
        try withCompositor(width: 8, height: 8) { compositor, _ in
            let view = View(frame: Rect(x: 0, y: 0, width: 4, height: 4))
            view.bounds = Rect(x: 0, y: 0, width: side, height: 4)
            #expect(throws: GLError.self) { try compositor.snapshot(of: view) }
            do {
                _ = try compositor.snapshot(of: view)
            } catch let error as GLError {
                guard case let .invalidSize(_, _, reason) = error else { Issue.record("\(error)"); return }
                #expect(reason.contains("not finite"))
            }
            // Huge but finite: the device's own size check, not a trap in Int(_:).
            view.bounds = Rect(x: 0, y: 0, width: 1e300, height: 4)
            #expect(throws: GLError.self) { try compositor.snapshot(of: view) }
            #expect(compositor.cachedTextureCount == 0)
        }
    }
}
