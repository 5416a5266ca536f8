import SegueTiming
import SegueUIKit
import Testing
import SegueTesting

/// Navigation, tab bar and custom-container transitions, traced call by call on a virtual clock.
@MainActor
@Suite("Container transitions", .tags(.pure))
struct ContainerTests {
    final class Tracer { var calls: [String] = [] }

    /// Logs containment and appearance calls into the tracer.
    final class Logged: ViewController {
        let tracer: Tracer
        init(_ name: String, _ tracer: Tracer) { self.tracer = tracer; super.init(name: name) }
        override func viewDidLoad() { tracer.calls.append("\(name).viewDidLoad") }
        override func willMove(toParent parent: ViewController?) {
            super.willMove(toParent: parent)
            tracer.calls.append("\(name).willMove(\(parent?.name ?? "nil"))")
        }
        override func didMove(toParent parent: ViewController?) {
            super.didMove(toParent: parent)
            tracer.calls.append("\(name).didMove(\(parent?.name ?? "nil"))")
        }
        override func viewWillAppear(_ animated: Bool) { tracer.calls.append("\(name).viewWillAppear(\(animated))") }
        override func viewDidAppear(_ animated: Bool) { tracer.calls.append("\(name).viewDidAppear(\(animated))") }
        override func viewWillDisappear(_ animated: Bool) { tracer.calls.append("\(name).viewWillDisappear(\(animated))") }
        override func viewDidDisappear(_ animated: Bool) { tracer.calls.append("\(name).viewDidDisappear(\(animated))") }
    }

    /// A linear 1 s slide: a new view (not yet in the container) comes in from the right; a
    /// view already in the container (a pop) is uncovered by the from-view leaving to the right.
    final class SlideAnimator: ViewControllerAnimatedTransitioning {
        let tracer: Tracer
        init(tracer: Tracer) { self.tracer = tracer }

        func transitionDuration(using context: (any ViewControllerContextTransitioning)?) -> Double {
            tracer.calls.append("animator.transitionDuration")
            return 1
        }

        func animateTransition(using context: any ViewControllerContextTransitioning) {
            tracer.calls.append("animator.animateTransition")
            let container = context.containerView
            guard let to = context.viewController(forKey: .to), let toView = context.view(forKey: .to),
                let fromView = context.view(forKey: .from) else { return }
            let final = context.finalFrame(for: to)
            let start = fromView.frame
            let width = container.bounds.width
            let uncovering = toView.superview === container
            if !uncovering {
                container.addSubview(toView)
                toView.frame = final.offsetBy(dx: width, dy: 0)
            }
            View.animate(withDuration: 1, options: .curveLinear, animations: {
                if uncovering { fromView.frame = start.offsetBy(dx: width, dy: 0) } else { toView.frame = final }
            }, completion: { _ in
                self.tracer.calls.append("animation.completion")
                fromView.frame = start
                context.completeTransition(!context.transitionWasCancelled)
            })
        }

        func animationEnded(_ transitionCompleted: Bool) { tracer.calls.append("animator.animationEnded(\(transitionCompleted))") }
    }

    /// Keeps the context and never completes on its own.
    final class ManualAnimator: ViewControllerAnimatedTransitioning {
        let tracer: Tracer
        var context: (any ViewControllerContextTransitioning)?
        init(tracer: Tracer) { self.tracer = tracer }
        func transitionDuration(using context: (any ViewControllerContextTransitioning)?) -> Double { 0.5 }
        func animateTransition(using context: any ViewControllerContextTransitioning) {
            if let toView = context.view(forKey: .to), toView.superview !== context.containerView {
                context.containerView.addSubview(toView)
            }
            self.context = context
        }
        func animationEnded(_ transitionCompleted: Bool) { tracer.calls.append("animator.animationEnded(\(transitionCompleted))") }
    }

    final class NavDelegate: NavigationControllerDelegate {
        let tracer: Tracer
        var animator: (any ViewControllerAnimatedTransitioning)?
        var interaction: PercentDrivenInteractiveTransition?
        init(tracer: Tracer) { self.tracer = tracer; animator = SlideAnimator(tracer: tracer) }
        func animationController(for operation: NavigationOperation, from: ViewController, to: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
            tracer.calls.append("delegate.animationController(\(operation), \(from.name)→\(to.name))")
            return animator
        }
        func interactionController(for animator: any ViewControllerAnimatedTransitioning) -> (any ViewControllerInteractiveTransitioning)? {
            tracer.calls.append("delegate.interactionController")
            return interaction
        }
        func willShow(_ viewController: ViewController, animated: Bool) { tracer.calls.append("delegate.willShow(\(viewController.name))") }
        func didShow(_ viewController: ViewController, animated: Bool) { tracer.calls.append("delegate.didShow(\(viewController.name))") }
    }

    final class TabDelegate: TabBarControllerDelegate {
        let tracer: Tracer
        let animator: SlideAnimator
        var interaction: PercentDrivenInteractiveTransition?
        init(tracer: Tracer) { self.tracer = tracer; animator = SlideAnimator(tracer: tracer) }
        func animationController(forTransitionFrom from: ViewController, to: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
            tracer.calls.append("delegate.animationController(\(from.name)→\(to.name))")
            return animator
        }
        func interactionController(for animator: any ViewControllerAnimatedTransitioning) -> (any ViewControllerInteractiveTransitioning)? {
            tracer.calls.append("delegate.interactionController")
            return interaction
        }
    }

    /// Views (with frames), controllers (children, appearance states), parents and the stack or
    /// selection, as text: any lost, duplicated or orphaned view or relationship changes it.
    static func describe(_ window: Window, _ controllers: [ViewController], extra: String = "") -> String {
        func tree(_ view: View, _ indent: String) -> [String] {
            [indent + view.name + " \(view.frame)"] + view.subviews.flatMap { tree($0, indent + "  ") }
        }
        let root = window.rootViewController
        let parents = controllers.map { "\($0.name).parent=\($0.parent?.name ?? "nil") \($0.appearanceState)" }
        return (tree(window.rootView, "") + [root?.hierarchyDescription() ?? "", extra] + parents).joined(separator: "\n")
    }

    static func stack(_ nav: NavigationController) -> String { "stack: " + nav.viewControllers.map(\.name).joined(separator: ",") }

    @MainActor
    struct NavScene {
        let window: Window
        let nav: NavigationController
        let a: Logged, b: Logged, c: Logged, d: Logged
        let tracer: Tracer
        let delegate: NavDelegate
        let clock = VirtualClock(step: 0.25)
        var all: [ViewController] { [a, b, c, d] }
        func describe() -> String { ContainerTests.describe(window, all, extra: ContainerTests.stack(nav)) }
        func tick(_ count: Int = 1) { for _ in 0..<count { window.animationEngine.advance(to: clock.tick()) } }
    }

    static func makeNav() -> NavScene {
        let tracer = Tracer()
        let window = Window(size: Size(width: 320, height: 480))
        let a = Logged("A", tracer), b = Logged("B", tracer), c = Logged("C", tracer), d = Logged("D", tracer)
        let nav = NavigationController(rootViewController: a, name: "nav")
        let delegate = NavDelegate(tracer: tracer)
        nav.delegate = delegate
        window.rootViewController = nav
        tracer.calls.removeAll()
        return NavScene(window: window, nav: nav, a: a, b: b, c: c, d: d, tracer: tracer, delegate: delegate)
    }

    nonisolated static let percents = [0.05, 0.1, 0.2, 0.3, 0.45, 0.5, 0.55, 0.7, 0.85, 0.95]

    // MARK: - Navigation

    @Test func pushAndPopFollowTheSequence() {
        let s = Self.makeNav()
        s.nav.pushViewController(s.b, animated: true)
        #expect(s.tracer.calls == [
            // UIKit loads the pushed controller's view before telling the delegate (issue 19).
            "B.willMove(nav)", "B.viewDidLoad", "delegate.willShow(B)", "delegate.animationController(push, A→B)", "delegate.interactionController",
            // The duration is asked first: the coordinator (which carries it) exists in viewWillAppear.
            "animator.transitionDuration", "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
            "animator.animateTransition",
        ])
        #expect(s.nav.transitionCoordinator != nil && s.b.transitionCoordinator != nil, "the coordinator exists during the push")
        #expect(s.nav.topViewController === s.b, "the stack changes when the push starts")
        s.tick(3)
        #expect(s.tracer.calls.count == 9, "nothing ends before completeTransition")
        #expect(s.b.isMovingToParent && s.a.appearanceState == .disappearing)
        s.tick()
        #expect(Array(s.tracer.calls.dropFirst(9)) == [
            "animation.completion", "A.viewDidDisappear(true)", "B.viewDidAppear(true)", "B.didMove(nav)",
            "delegate.didShow(B)", "animator.animationEnded(true)",
        ])
        #expect(s.nav.transitionCoordinator == nil)
        #expect(s.nav.containerView.subviews.map(\.name) == ["B.view"] && s.a.view.superview == nil)
        #expect(s.nav.children.map(\.name) == ["A", "B"] && s.b.parent === s.nav)
        #expect(s.b.view.frame == Rect(x: 0, y: 0, width: 320, height: 480))

        s.tracer.calls.removeAll()
        let popped = s.nav.popViewController(animated: true)
        #expect(popped === s.b)
        #expect(s.tracer.calls == [
            "B.willMove(nil)", "delegate.willShow(A)", "delegate.animationController(pop, B→A)", "delegate.interactionController",
            "animator.transitionDuration", "B.viewWillDisappear(true)", "A.viewWillAppear(true)", "animator.animateTransition",
        ])
        #expect(s.nav.containerView.subviews.map(\.name) == ["A.view", "B.view"], "the view below is inserted under the popped one")
        s.tick(3)
        #expect(s.tracer.calls.count == 8, "nothing ends before completeTransition")
        #expect(s.b.parent === s.nav)
        s.tick()
        #expect(Array(s.tracer.calls.dropFirst(8)) == [
            "animation.completion", "B.viewDidDisappear(true)", "A.viewDidAppear(true)", "B.didMove(nil)",
            "delegate.didShow(A)", "animator.animationEnded(true)",
        ])
        #expect(s.b.parent == nil && s.b.view.superview == nil && s.nav.children.map(\.name) == ["A"])
        #expect(s.window.diagnostics.messages.isEmpty)
    }

    @Test func nothingEndsBeforeCompleteTransition() {
        let s = Self.makeNav()
        let manual = ManualAnimator(tracer: s.tracer)
        s.delegate.animator = manual
        s.nav.pushViewController(s.b, animated: true)
        s.tick(40)
        #expect(!s.tracer.calls.contains("B.didMove(nav)") && !s.tracer.calls.contains("delegate.didShow(B)"))
        #expect(!s.tracer.calls.contains { $0.hasPrefix("animator.animationEnded") })
        #expect(s.a.appearanceState == .disappearing && s.b.appearanceState == .appearing)
        #expect(s.a.view.superview === s.nav.containerView && s.nav.isTransitioning)
        manual.context?.completeTransition(true)
        #expect(Array(s.tracer.calls.suffix(5)) == [
            "A.viewDidDisappear(true)", "B.viewDidAppear(true)", "B.didMove(nav)", "delegate.didShow(B)", "animator.animationEnded(true)",
        ])
        #expect(!s.nav.isTransitioning && s.a.view.superview == nil)
    }

    @Test(arguments: percents)
    func cancelledInteractivePopRestoresEverything(percent: Double) {
        let s = Self.makeNav()
        s.nav.pushViewController(s.b, animated: false)
        let before = s.describe()
        let interaction = PercentDrivenInteractiveTransition()
        s.delegate.interaction = interaction
        s.tracer.calls.removeAll()
        #expect(s.nav.popViewController(animated: true) === s.b)
        interaction.update(percent)
        s.tick()
        #expect(abs(s.b.view.presentation.center.x - (160 + 320 * percent)) < 1e-6, "the pop shows the percent")
        #expect(s.nav.viewControllers.count == 1)
        interaction.cancel()
        s.tick(8)
        #expect(s.describe() == before)
        #expect(s.nav.viewControllers.map(\.name) == ["A", "B"] && s.nav.children.map(\.name) == ["A", "B"])
        #expect(s.a.appearanceState == .disappeared && s.b.appearanceState == .appeared)
        #expect(s.tracer.calls.last == "animator.animationEnded(false)")
        // UIKit's observed order for a cancelled interactive pop (issue 19, defect 6): the
        // popped controller got viewWillDisappear at the start and viewWillAppear/viewDidAppear
        // after the cancel; the revealed one disappears again (will, did) before that.
        #expect(s.tracer.calls.filter { $0.contains(".view") && !$0.contains("DidLoad") } == [
            "B.viewWillDisappear(true)", "A.viewWillAppear(true)",
            "A.viewWillDisappear(false)", "A.viewDidDisappear(false)", "B.viewWillAppear(false)", "B.viewDidAppear(false)",
        ])
        #expect(!s.tracer.calls.contains("delegate.didShow(A)") && s.tracer.calls.contains("B.didMove(nav)"))
        #expect(s.nav.transitionCoordinator == nil && !s.nav.isTransitioning)
        #expect(s.window.diagnostics.messages.isEmpty)
    }

    @Test func finishedInteractivePopRemovesThePoppedController() {
        let s = Self.makeNav()
        let expected = s.describe()
        s.nav.pushViewController(s.b, animated: false)
        let interaction = PercentDrivenInteractiveTransition()
        s.delegate.interaction = interaction
        s.nav.popViewController(animated: true)
        interaction.update(0.6)
        s.tick()
        interaction.finish()
        s.tick(4)
        #expect(s.describe() == expected)
        #expect(s.b.parent == nil && s.b.view.superview == nil && s.nav.children.map(\.name) == ["A"])
        #expect(s.tracer.calls.last == "animator.animationEnded(true)")
        #expect(s.a.view.frame == Rect(x: 0, y: 0, width: 320, height: 480))
    }

    @Test(arguments: percents)
    func cancelledInteractivePushRestoresEverything(percent: Double) {
        let s = Self.makeNav()
        let before = s.describe()
        let interaction = PercentDrivenInteractiveTransition()
        s.delegate.interaction = interaction
        s.nav.pushViewController(s.b, animated: true)
        interaction.update(percent)
        s.tick()
        #expect(abs(s.b.view.presentation.center.x - (160 + 320 * (1 - percent))) < 1e-6, "the push shows the percent")
        interaction.cancel()
        s.tick(8)
        #expect(s.describe() == before)
        #expect(s.b.parent == nil && s.b.view.superview == nil && s.nav.viewControllers.map(\.name) == ["A"])
        let completion = s.tracer.calls.firstIndex(of: "animation.completion") ?? 0
        #expect(Array(s.tracer.calls[completion...]) == [
            // UIKit's order for a cancelled interaction: the arriving controller leaves (will,
            // did), then the one that stays appears again (will, did).
            "animation.completion", "B.viewWillDisappear(false)", "B.viewDidDisappear(false)", "A.viewWillAppear(false)",
            "A.viewDidAppear(false)", "B.willMove(nil)", "B.didMove(nil)", "animator.animationEnded(false)",
        ])
        #expect(s.window.diagnostics.messages.isEmpty)
    }

    @Test func popToRootRemovesEveryPushedController() {
        let s = Self.makeNav()
        s.nav.delegate = nil
        let expected = s.describe()
        for controller in [s.b, s.c, s.d] { s.nav.pushViewController(controller, animated: false) }
        #expect(s.nav.viewControllers.map(\.name) == ["A", "B", "C", "D"] && s.nav.containerView.subviews.map(\.name) == ["D.view"])
        #expect(s.d.appearanceState == .appeared && s.b.appearanceState == .disappeared && s.c.parent === s.nav)
        s.tracer.calls.removeAll()
        let clock = VirtualClock(step: 0.1)
        let popped = s.nav.popToRootViewController(animated: true)
        #expect(popped?.map(\.name) == ["B", "C", "D"])
        #expect(s.nav.viewControllers.map(\.name) == ["A"])
        s.window.animationEngine.advance(to: clock.tick())
        s.window.animationEngine.advance(to: clock.tick())
        // The standard pop: D slides right, A comes from 30 % to the left.
        #expect(s.d.view.presentation.center.x > 160 && s.a.view.presentation.center.x < 160)
        #expect(s.b.parent === s.nav, "nothing ends before completeTransition")
        for _ in 0..<3 { s.window.animationEngine.advance(to: clock.tick()) }
        #expect(s.describe() == expected)
        #expect(s.tracer.calls == [
            "B.willMove(nil)", "C.willMove(nil)", "D.willMove(nil)", "D.viewWillDisappear(true)", "A.viewWillAppear(true)",
            "D.viewDidDisappear(true)", "A.viewDidAppear(true)", "B.didMove(nil)", "C.didMove(nil)", "D.didMove(nil)",
        ])
        #expect(s.nav.popToRootViewController(animated: true) == nil, "nothing left to pop")
    }

    @Test func setViewControllersReplacesTheStack() {
        let s = Self.makeNav()
        s.nav.setViewControllers([s.a, s.c, s.d], animated: false)
        #expect(s.tracer.calls == [
            "C.willMove(nav)", "D.willMove(nav)", "delegate.willShow(D)", "D.viewDidLoad",
            "A.viewWillDisappear(false)", "D.viewWillAppear(false)", "A.viewDidDisappear(false)", "D.viewDidAppear(false)",
            "C.didMove(nav)", "D.didMove(nav)", "delegate.didShow(D)",
        ])
        #expect(s.nav.viewControllers.map(\.name) == ["A", "C", "D"] && s.nav.children.map(\.name) == ["A", "C", "D"])
        #expect(s.nav.containerView.subviews.map(\.name) == ["D.view"] && !s.c.isViewLoaded)
        s.tracer.calls.removeAll()
        s.nav.setViewControllers([s.b], animated: false)
        #expect(s.nav.children.map(\.name) == ["B"] && s.nav.viewControllers.map(\.name) == ["B"])
        #expect(s.a.parent == nil && s.c.parent == nil && s.d.parent == nil && s.d.view.superview == nil)
        #expect(s.b.appearanceState == .appeared && s.d.appearanceState == .disappeared)
        #expect(s.tracer.calls.filter { $0.contains("didMove") } == ["A.didMove(nil)", "C.didMove(nil)", "D.didMove(nil)", "B.didMove(nav)"])
        s.nav.setViewControllers([], animated: false)
        #expect(s.nav.viewControllers.map(\.name) == ["B"] && s.window.diagnostics.messages.count == 1)
    }

    @Test func aPushDuringAPushIsQueued() {
        let s = Self.makeNav()
        s.nav.pushViewController(s.b, animated: true)
        s.nav.pushViewController(s.c, animated: true)
        #expect(s.window.diagnostics.messages.count == 1 && s.window.diagnostics.messages[0].contains("queued"))
        #expect(s.nav.viewControllers.map(\.name) == ["A", "B"] && s.c.parent == nil)
        #expect(s.nav.popViewController(animated: true) == nil, "a queued pop does not know what it pops yet")
        s.tick(4)
        #expect(s.nav.viewControllers.map(\.name) == ["A", "B", "C"] && s.nav.isTransitioning, "C's push started after B's")
        #expect(s.b.appearanceState == .disappearing && s.c.appearanceState == .appearing)
        s.tick(4)
        #expect(s.nav.viewControllers.map(\.name) == ["A", "B"], "then the queued pop started")
        s.tick(4)
        #expect(!s.nav.isTransitioning && s.c.parent == nil && s.nav.containerView.subviews.map(\.name) == ["B.view"])
        #expect(s.tracer.calls.filter { $0.hasPrefix("animator.animationEnded") }.count == 3)
        #expect(s.b.appearanceState == .appeared && s.a.appearanceState == .disappeared)
    }

    // MARK: - Tab bar

    @MainActor
    struct TabScene {
        let window: Window
        let tab: TabBarController
        let a: Logged, b: Logged, c: Logged
        let tracer: Tracer
        let delegate: TabDelegate
        let clock = VirtualClock(step: 0.25)
        func describe() -> String { ContainerTests.describe(window, [a, b, c], extra: "selected: \(tab.selectedIndex)") }
        func tick(_ count: Int = 1) { for _ in 0..<count { window.animationEngine.advance(to: clock.tick()) } }
    }

    static func makeTab() -> TabScene {
        let tracer = Tracer()
        let window = Window(size: Size(width: 320, height: 480))
        let a = Logged("A", tracer), b = Logged("B", tracer), c = Logged("C", tracer)
        let tab = TabBarController(viewControllers: [a, b, c], name: "tab")
        let delegate = TabDelegate(tracer: tracer)
        tab.delegate = delegate
        window.rootViewController = tab
        tracer.calls.removeAll()
        return TabScene(window: window, tab: tab, a: a, b: b, c: c, tracer: tracer, delegate: delegate)
    }

    @Test func tabSelectFollowsTheSequence() {
        let s = Self.makeTab()
        #expect(s.tab.children.map(\.name) == ["A", "B", "C"] && s.a.appearanceState == .appeared && !s.b.isViewLoaded)
        s.tab.select(index: 1, animated: true)
        #expect(s.tracer.calls == [
            "delegate.animationController(A→B)", "delegate.interactionController", "B.viewDidLoad",
            "animator.transitionDuration", "A.viewWillDisappear(true)", "B.viewWillAppear(true)", "animator.animateTransition",
        ])
        #expect(s.tab.transitionCoordinator != nil)
        s.tick(3)
        #expect(s.tracer.calls.count == 7, "nothing ends before completeTransition")
        s.tick()
        #expect(Array(s.tracer.calls.dropFirst(7)) == [
            "animation.completion", "A.viewDidDisappear(true)", "B.viewDidAppear(true)", "animator.animationEnded(true)",
        ])
        #expect(s.tab.selectedViewController === s.b && s.tab.containerView.subviews.map(\.name) == ["B.view"])
        #expect(s.tab.children.map(\.name) == ["A", "B", "C"] && s.tab.transitionCoordinator == nil)
        // Without an animator (not animated) the change is immediate.
        s.tab.select(index: 2, animated: false)
        #expect(s.tab.selectedIndex == 2 && s.c.appearanceState == .appeared && s.b.appearanceState == .disappeared)
        #expect(s.tab.containerView.subviews.map(\.name) == ["C.view"] && !s.tab.isTransitioning)
    }

    @Test(arguments: percents)
    func cancelledInteractiveTabSwitchKeepsTheSelection(percent: Double) {
        let s = Self.makeTab()
        s.c.loadViewIfNeeded()  // loading is the one change a cancel cannot undo
        let before = s.describe()
        let interaction = PercentDrivenInteractiveTransition()
        s.delegate.interaction = interaction
        s.tab.select(index: 2, animated: true)
        interaction.update(percent)
        s.tick()
        #expect(abs(s.c.view.presentation.center.x - (160 + 320 * (1 - percent))) < 1e-6)
        interaction.cancel()
        s.tick(8)
        #expect(s.describe() == before)
        #expect(s.tab.selectedIndex == 0 && s.tab.containerView.subviews.map(\.name) == ["A.view"])
        #expect(s.a.appearanceState == .appeared && s.c.appearanceState == .disappeared)
        #expect(s.tracer.calls.last == "animator.animationEnded(false)")
        #expect(s.window.diagnostics.messages.isEmpty)
    }

    // MARK: - Custom container (seed g)

    static func makeSwipe(tracer: Tracer) -> (Window, SwipeContainerViewController, [Logged]) {
        let window = Window(size: Size(width: 320, height: 480))
        let controllers = ["A", "B", "C"].map { Logged($0, tracer) }
        let container = SwipeContainerViewController(viewControllers: controllers, name: "swipe")
        window.rootViewController = container
        tracer.calls.removeAll()
        return (window, container, controllers)
    }

    @Test func swipeContainerRunsItsOwnTransition() {
        let tracer = Tracer()
        let (window, container, vcs) = Self.makeSwipe(tracer: tracer)
        container.animator = SlideAnimator(tracer: tracer)
        let clock = VirtualClock(step: 0.25)
        container.transition(to: 2, animated: true) { tracer.calls.append("completion(\($0))") }
        #expect(tracer.calls == [
            "A.willMove(nil)", "C.willMove(swipe)", "C.viewDidLoad", "A.viewWillDisappear(true)", "C.viewWillAppear(true)",
            "animator.transitionDuration", "animator.animateTransition",
        ])
        #expect(container.transitionCoordinator == nil, "no system: no coordinator")
        for _ in 0..<3 { window.animationEngine.advance(to: clock.tick()) }
        #expect(tracer.calls.count == 7 && vcs[0].parent === container, "nothing ends before completeTransition")
        window.animationEngine.advance(to: clock.tick())
        #expect(Array(tracer.calls.dropFirst(7)) == [
            "animation.completion", "A.viewDidDisappear(true)", "C.viewDidAppear(true)", "A.didMove(nil)", "C.didMove(swipe)",
            "completion(true)", "animator.animationEnded(true)",
        ])
        #expect(container.children.map(\.name) == ["C"] && vcs[0].parent == nil && vcs[0].view.superview == nil)
        #expect(container.selectedIndex == 2 && container.containerView.subviews.map(\.name) == ["C.view"])
    }

    @Test func swipeAnimatorEntersFromTheSideOfTheIndex() {
        let tracer = Tracer()
        let (window, container, vcs) = Self.makeSwipe(tracer: tracer)
        let clock = VirtualClock(step: 0.1)
        var results: [Bool] = []
        container.transition(to: 1, animated: true) { results.append($0) }
        container.transition(to: 2, animated: true) { results.append($0) }
        #expect(results == [false] && window.diagnostics.messages.count == 1, "a second request is refused")
        window.animationEngine.advance(to: clock.tick())
        #expect(vcs[1].view.presentation.center.x > 160 && vcs[0].view.presentation.center.x < 160, "to a higher index: from the right")
        for _ in 0..<2 { window.animationEngine.advance(to: clock.tick()) }
        #expect(results == [false, true] && container.selectedViewController === vcs[1])
        #expect(vcs[1].view.frame == Rect(x: 0, y: 0, width: 320, height: 480) && vcs[0].view.frame == vcs[1].view.frame)

        container.transition(to: 0, animated: true) { results.append($0) }
        window.animationEngine.advance(to: clock.tick())
        #expect(vcs[0].view.presentation.center.x < 160 && vcs[1].view.presentation.center.x > 160, "to a lower index: from the left")
        for _ in 0..<2 { window.animationEngine.advance(to: clock.tick()) }
        #expect(results == [false, true, true] && container.children.map(\.name) == ["A"])

        container.transition(to: 2, animated: false) { results.append($0) }
        #expect(results.last == true && container.children.map(\.name) == ["C"], "not animated: at once")
        #expect(container.containerView.subviews.map(\.name) == ["C.view"] && vcs[2].appearanceState == .appeared)
    }

    @Test(arguments: percents)
    func cancelledInteractiveSwipeRestoresEverything(percent: Double) {
        let tracer = Tracer()
        let (window, container, vcs) = Self.makeSwipe(tracer: tracer)
        let before = Self.describe(window, vcs, extra: "selected: \(container.selectedIndex)")
        let interaction = PercentDrivenInteractiveTransition()
        container.interactionController = interaction
        var result: Bool?
        container.transition(to: 1, animated: true) { result = $0 }
        interaction.update(percent)
        interaction.cancel()
        let clock = VirtualClock(step: 0.1)
        for _ in 0..<5 { window.animationEngine.advance(to: clock.tick()) }
        #expect(result == false)
        #expect(Self.describe(window, vcs, extra: "selected: \(container.selectedIndex)") == before)
        #expect(vcs[1].parent == nil && container.children.map(\.name) == ["A"])
    }
}
