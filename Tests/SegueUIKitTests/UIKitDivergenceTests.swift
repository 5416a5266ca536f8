import SegueTiming
import SegueUIKit
import Testing
import SegueTesting

/// Issue 28, defects 7 and 8: old code that compiles keeps working (a display link added to the
/// process default engine, a handler on the shared diagnostics), and what UIKit does where Segue
/// differed: alongside blocks of a transition that is not animated, a cancelled dismissal's
/// appearance callbacks.
@MainActor
@Suite("UIKit divergences and old API (issue 28)", .serialized, .tags(.pure))
struct UIKitDivergenceTests {
    /// A presentation controller that fades a dimming view in alongside the presentation, as
    /// Apple's sample does, and records what `animate(alongsideTransition:)` answered.
    final class Dimming: PresentationController {
        let dimming = View(name: "dimming")
        var queued: [Bool] = []
        var completions = 0
        var coordinator: TransitionCoordinator?  // kept past its transition on purpose
        override func presentationTransitionWillBegin() {
            dimming.alpha = 0
            containerView?.addSubview(dimming)
            coordinator = presentedViewController.transitionCoordinator
            queued.append(coordinator?.animate(alongsideTransition: { _ in self.dimming.alpha = 1 }, completion: { _ in
                self.completions += 1
            }) ?? false)
        }
    }

    final class Delegate: ViewControllerTransitioningDelegate {
        var controller: Dimming?
        func presentationController(forPresented presented: ViewController, presenting: ViewController?, source: ViewController) -> PresentationController? {
            let controller = Dimming(presentedViewController: presented, presenting: presenting)
            self.controller = controller
            return controller
        }
    }

    /// UIKit runs the alongside blocks of a transition that is not animated, without animation,
    /// before their completions; `animate(alongsideTransition:)` answers true (queued). Once
    /// the transition is over the coordinator queues nothing and answers false.
    @Test func aPresentationThatIsNotAnimatedRunsItsAlongsideBlocks() throws {
        let window = Window(size: Size(width: 320, height: 480))
        let home = ViewController(name: "home")
        window.rootViewController = home
        let detail = ViewController(name: "detail")
        let delegate = Delegate()
        detail.modalPresentationStyle = .custom
        detail.transitioningDelegate = delegate
        var presented = false
        home.present(detail, animated: false) { presented = true }
        let controller = try #require(delegate.controller)
        #expect(presented)
        #expect(controller.queued == [true])
        #expect(controller.dimming.alpha == 1 && controller.dimming.presentation.alpha == 1, "the dimming view shows")
        #expect(controller.completions == 1)
        var ranLate = false
        #expect(controller.coordinator?.animate(alongsideTransition: { _ in ranLate = true }) == false)
        #expect(!ranLate)
    }

    /// A cancelled interactive dismissal (full screen) sends the appearance callbacks in the
    /// order UIKit's logs show for a cancelled interactive pop (ContainerTests checks the pop):
    /// the controller that was to be revealed disappears (will, did), then the presented one
    /// appears again (will, did).
    @Test func aCancelledDismissalSendsTheCallbacksInTheCancelledPopsOrder() {
        let tracer = ContainerTests.Tracer()
        let window = Window(size: Size(width: 320, height: 480))
        let home = ContainerTests.Logged("home", tracer)
        window.rootViewController = home
        let detail = ContainerTests.Logged("detail", tracer)
        let delegate = TransitionTests.Delegate(tracer: TransitionTests.Tracer())
        detail.transitioningDelegate = delegate
        home.present(detail, animated: false)
        let interaction = PercentDrivenInteractiveTransition()
        delegate.interaction = interaction
        tracer.calls.removeAll()
        detail.dismiss(animated: true)
        interaction.update(0.4)
        window.animationEngine.advance(to: 0.1)
        interaction.cancel()
        for step in 2...10 { window.animationEngine.advance(to: Double(step) / 10) }
        #expect(home.presentedViewController === detail, "still presented")
        #expect(tracer.calls.filter { $0.contains(".view") } == [
            "detail.viewWillDisappear(true)", "home.viewWillAppear(true)",
            "home.viewWillDisappear(false)", "home.viewDidDisappear(false)", "detail.viewWillAppear(false)", "detail.viewDidAppear(false)",
        ])
    }

    /// Code from before engines were per window adds its display link to `AnimationEngine.main`:
    /// with a window on screen it ticks with that window's frames (as a CADisplayLink on the main
    /// run loop ticks with the screen), and the first such link is reported.
    @Test func aDisplayLinkOnTheMainEngineTicksWithTheWindow() {
        let window = Window(size: Size(width: 320, height: 480))
        window.makeKey()
        window.rootViewController = ViewController(name: "home")
        var ticks: [Double] = []
        let link = AnimationEngine.main.addDisplayLink { ticks.append($0) }
        defer { link.invalidate() }
        window.animationEngine.advance(to: 0.5)
        window.animationEngine.advance(to: 1)
        #expect(ticks == [0.5, 1], "the window's frames tick it")
        #expect(window.animationEngine.hasDisplayLinks, "a host keeps drawing for it")
        // Reported once a process: this test may not be the first to add such a link.
        #expect(TransitionDiagnostics.shared.messages.allSatisfy { !$0.contains("AnimationEngine.main.addDisplayLink") })
    }

    /// A handler on `TransitionDiagnostics.shared` (old code listening there) hears what a
    /// window reports too.
    @Test func theSharedDiagnosticsHandlerHearsWindows() {
        let window = Window(size: Size(width: 320, height: 480))
        var heard: [String] = []
        let previous = TransitionDiagnostics.shared.handler
        TransitionDiagnostics.shared.handler = { heard.append($0.message) }
        defer { TransitionDiagnostics.shared.handler = previous }
        window.diagnostics.report("issue 28 probe")
        #expect(heard.contains("issue 28 probe"))
        #expect(!TransitionDiagnostics.shared.messages.contains("issue 28 probe"), "kept by the window's diagnostics only")
    }

    /// UIKit resets a recognizer to `.possible` once its gesture is over (after its actions ran):
    /// a pan that ended, a tap that was recognized, a pan that failed (a click) and a pan that
    /// was cancelled all read `.possible` between presses, while each action saw its own state.
    @Test func recognizersReadPossibleRightAfterTheirGestureEnds() {
        let window = Window(size: Size(width: 200, height: 200))
        var seen: [GestureRecognizer.State] = []
        let pan = PanGestureRecognizer(minimumDistance: 5) { pan in seen.append(pan.state) }
        window.rootView.addGestureRecognizer(pan)
        window.pointerDown(at: Point(x: 10, y: 10), time: 0)
        window.pointerMoved(to: Point(x: 40, y: 10), time: 0.1)
        window.pointerUp(at: Point(x: 40, y: 10), time: 0.2)
        #expect(seen == [.began, .ended], "the action saw the end")
        #expect(pan.state == .possible, "a pan that ended still reads \(pan.state)")
        window.pointerDown(at: Point(x: 10, y: 10), time: 1)
        window.pointerUp(at: Point(x: 11, y: 10), time: 1.1)
        #expect(pan.state == .possible, "a pan that failed still reads \(pan.state)")
        window.pointerDown(at: Point(x: 10, y: 10), time: 2)
        window.pointerMoved(to: Point(x: 40, y: 10), time: 2.1)
        window.pointerCancelled(time: 2.2)
        #expect(seen.last == .cancelled && pan.state == .possible, "a cancelled pan still reads \(pan.state)")
        pan.view = nil

        var tapped = 0
        let tap = TapGestureRecognizer { tap in if tap.state == .recognized { tapped += 1 } }
        window.rootView.addGestureRecognizer(tap)
        window.pointerDown(at: Point(x: 10, y: 10), time: 3)
        window.pointerUp(at: Point(x: 10, y: 10), time: 3.05)
        #expect(tapped == 1 && tap.state == .possible, "a recognized tap still reads \(tap.state)")
    }
}
