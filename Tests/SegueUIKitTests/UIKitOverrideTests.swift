import SegueTiming
import SegueUIKit
import Testing
import SegueTesting

/// Issue 19, defects 3 and 4: overrides UIKit code makes compile and take effect, and a
/// dismissal asked of the bottom of a stack of presentations dismisses the whole stack (UIKit's
/// documented behaviour for `dismiss(animated:completion:)`: the immediate child and every
/// controller above it, only the topmost animated).
@MainActor
@Suite("UIKit overrides and stacked dismissal", .tags(.pure))
struct UIKitOverrideTests {
    /// Seed 002's interaction controller meant `completionSpeed = 1 − percentComplete`.
    final class SlowingInteraction: PercentDrivenInteractiveTransition {
        var log: [String] = []
        override var completionSpeed: Double {
            get { 1 - percentComplete }
            set {}
        }
        override var completionCurve: TimingCurve {
            get { .linear }
            set {}
        }
        override func update(_ percent: Double) { log.append("update"); super.update(percent) }
        override func finish() { log.append("finish"); super.finish() }
        override func cancel() { log.append("cancel"); super.cancel() }
    }

    final class Presenter: ViewController {
        var log: [String] = []
        override func present(_ viewController: ViewController, animated: Bool, completion: (() -> Void)? = nil) {
            log.append("present \(viewController.name)")
            super.present(viewController, animated: animated, completion: completion)
        }
        override func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
            log.append("dismiss")
            super.dismiss(animated: animated, completion: completion)
        }
    }

    final class BadgedNavigation: NavigationController {
        let badge = View(frame: Rect(x: 0, y: 0, width: 20, height: 20), name: "badge")
        override func loadView() {
            super.loadView()
            view.addSubview(badge)
        }
    }

    final class Fade: ViewControllerAnimatedTransitioning {
        func transitionDuration(using context: (any ViewControllerContextTransitioning)?) -> Double { 1 }
        func animateTransition(using context: any ViewControllerContextTransitioning) {
            let view = context.view(forKey: .from)!
            View.animate(withDuration: 1, options: .curveLinear, animations: { view.alpha = 0 }) { _ in
                if context.transitionWasCancelled { view.alpha = 1 }
                context.completeTransition(!context.transitionWasCancelled)
            }
        }
    }

    final class Delegate: ViewControllerTransitioningDelegate {
        let animator = Fade()
        var interaction: PercentDrivenInteractiveTransition?
        func animationController(forDismissed dismissed: ViewController) -> (any ViewControllerAnimatedTransitioning)? { animator }
        func interactionControllerForDismissal(using animator: any ViewControllerAnimatedTransitioning) -> (any ViewControllerInteractiveTransitioning)? { interaction }
    }

    @Test func overriddenCompletionSpeedAndMethodsAreUsed() {
        let window = Window(size: Size(width: 100, height: 100))
        let root = Presenter(name: "root"), modal = ViewController(name: "modal")
        window.rootViewController = root
        root.present(modal, animated: false)
        #expect(root.log == ["present modal"])
        let delegate = Delegate()
        let interaction = SlowingInteraction()
        delegate.interaction = interaction
        modal.transitioningDelegate = delegate
        var dismissed = false
        root.dismiss(animated: true) { dismissed = true }
        #expect(root.log == ["present modal", "dismiss"])
        interaction.update(0.75)
        interaction.finish()
        #expect(interaction.log == ["update", "finish"])
        // The rest, 0.25 × 1 s, plays at speed 1 − 0.75 = 0.25: over 1 s, linearly.
        window.animationEngine.advance(to: 0.5)
        #expect(abs(modal.view.presentation.alpha - 0.125) < 1e-9)
        window.animationEngine.advance(to: 0.95)
        #expect(!dismissed)
        window.animationEngine.advance(to: 1.0)
        #expect(dismissed)
        #expect(window.diagnostics.messages.isEmpty)
    }

    @Test func navigationControllerLoadViewCanBeOverridden() {
        let navigation = BadgedNavigation(rootViewController: ViewController(name: "home"))
        #expect(navigation.view.subviews.contains { $0 === navigation.badge })
        #expect(navigation.view.subviews.contains { $0 === navigation.containerView })
    }

    /// A presents B, B presents C (full screen); A.dismiss dismisses both, the topmost animated,
    /// revealing A; one completion.
    @Test(arguments: [false, true])
    func dismissingFromTheBottomOfAStackDismissesItAll(_ animated: Bool) {
        let window = Window(size: Size(width: 100, height: 100))
        let a = ViewController(name: "A"), b = ViewController(name: "B"), c = ViewController(name: "C")
        window.rootViewController = a
        a.present(b, animated: false)
        b.present(c, animated: false)
        #expect(window.rootView.subviews.count == 2, "A's and B's views left; B's container and C's remain")
        var completions = 0
        a.dismiss(animated: animated) { completions += 1 }
        #expect(window.diagnostics.messages.isEmpty, "\(window.diagnostics.messages)")
        if animated {
            #expect(window.transitionDriver.isTransitioning)
            #expect(a.transitionCoordinator?.viewController(forKey: .from) === c)
            #expect(a.transitionCoordinator?.viewController(forKey: .to) === a)
        }
        for step in 1...30 { window.animationEngine.advance(to: Double(step) * 0.05) }
        #expect(completions == 1)
        #expect(a.presentedViewController == nil && b.presentingViewController == nil && c.presentingViewController == nil)
        #expect(b.presentedViewController == nil)
        #expect(window.rootView.subviews.map(\.name) == [a.view.name], "only A's view is on screen")
        #expect(a.appearanceState == .appeared)
        #expect(b.appearanceState == .disappeared && c.appearanceState == .disappeared)
        #expect(!window.transitionDriver.isTransitioning)
        #expect(window.diagnostics.messages.isEmpty)
    }
}
