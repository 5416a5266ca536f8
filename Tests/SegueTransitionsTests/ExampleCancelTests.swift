import SegueTiming
import SegueGL
import SegueImage
import SegueHeadless
import SegueUIKit
import SegueStage
import SegueTransitions
import SegueTesting
import Testing

/// Every example (a–i), cancelled interactively at 10 different percents: the view and
/// view-controller hierarchy is exactly what it was before; finished, it is what it should be.
@MainActor
@Suite("Examples a–i: cancel and finish (headless GL)", .tags(.gl))
struct ExampleCancelTests {
    static let percents = [0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.95]

    /// Starts an example interactively; returns what drives it (update, finish, cancel).
    typealias Start = @MainActor (_ window: Window, _ from: ViewController, _ to: ViewController) -> Driver
    /// Puts the window in the state the example starts from (a navigation controller, a
    /// presentation to dismiss...). The hierarchy is compared with the state after this.
    typealias Setup = @MainActor (_ window: Window, _ from: ViewController, _ to: ViewController) -> Void

    struct Driver {
        let update: @MainActor (Double) -> Void
        let finish: @MainActor () -> Void
        let cancel: @MainActor () -> Void
    }

    static func percentDriven(_ interaction: PercentDrivenInteractiveTransition) -> Driver {
        Driver(update: { interaction.update($0) }, finish: { interaction.finish() }, cancel: { interaction.cancel() })
    }

    static func presenting(_ animator: any ViewControllerAnimatedTransitioning, keep: inout [AnyObject]) -> Start {
        { _, from, to in
            let interaction = PercentDrivenInteractiveTransition()
            let delegate = FixedTransitioningDelegate(present: animator, dismiss: animator)
            delegate.presentInteraction = interaction
            Retained.objects.append(delegate)
            to.transitioningDelegate = delegate
            from.present(to, animated: true)
            return percentDriven(interaction)
        }
    }

    static let inNavigation: Setup = { window, from, _ in
        window.rootViewController = NavigationController(rootViewController: from)
        settle(window)
    }

    static func pushing(_ animator: any ViewControllerAnimatedTransitioning) -> Start {
        { window, _, to in
            let interaction = PercentDrivenInteractiveTransition()
            let delegate = FixedNavigationDelegate(push: animator, pop: animator)
            delegate.interaction = { interaction }
            Retained.objects.append(delegate)
            let navigation = window.rootViewController as! NavigationController
            navigation.delegate = delegate
            navigation.pushViewController(to, animated: true)
            return percentDriven(interaction)
        }
    }

    static let nothing: Setup = { _, _, _ in }

    @MainActor enum Retained { static var objects: [AnyObject] = [] }

    /// Runs pending zero-length work (non-animated steps complete on the engine's next frame).
    static func settle(_ window: Window) { window.animationEngine.advance(to: window.animationEngine.now) }

    static var examples: [(String, Setup, Start)] {
        var keep: [AnyObject] = []
        return [
            ("a diagonal", nothing, presenting(DiagonalPresentAnimator(), keep: &keep)),
            ("b slide-up spring", nothing, presenting(SlideUpSpringPresentAnimator(), keep: &keep)),
            ("c shrink dismiss", { window, from, to in
                from.present(to, animated: false)
                settle(window)
            }, { _, _, to in
                let interaction = PercentDrivenInteractiveTransition()
                let delegate = FixedTransitioningDelegate(dismiss: ShrinkDismissAnimator())
                delegate.dismissInteraction = interaction
                Retained.objects.append(delegate)
                to.transitioningDelegate = delegate
                to.dismiss(animated: true)
                return percentDriven(interaction)
            }),
            ("d cube push", inNavigation, pushing(CubeRotationAnimator(operation: .push))),
            ("e zoom push", inNavigation, pushing(ZoomPushAnimator())),
            ("f dimming presentation", nothing, { _, from, to in
                let delegate = DimmingTransitioningDelegate()
                let interaction = PercentDrivenInteractiveTransition()
                delegate.presentationInteraction = interaction
                Retained.objects.append(delegate)
                delegate.prepare(to)
                from.present(to, animated: true)
                return percentDriven(interaction)
            }),
            ("g swipe container", { window, from, to in
                window.rootViewController = SwipeContainerViewController(viewControllers: [from, to], selectedIndex: 0)
                settle(window)
            }, { window, _, _ in
                let container = window.rootViewController as! SwipeContainerViewController
                let interaction = PercentDrivenInteractiveTransition()
                container.interactionController = interaction
                container.transition(to: 1, animated: true)
                return percentDriven(interaction)
            }),
            ("h pixel dissolve (GPU)", nothing, { _, from, to in
                let animator = PixelDissolveTransitionAnimator(duration: 1)
                animator.isInteractive = true
                let delegate = FixedTransitioningDelegate(present: animator)
                delegate.presentInteraction = animator
                Retained.objects.append(delegate)
                to.transitioningDelegate = delegate
                from.present(to, animated: true)
                return Driver(update: { animator.update($0) }, finish: { animator.finish() }, cancel: { animator.cancel() })
            }),
            ("i drop-down menu", nothing, { _, from, to in
                let transition = DropDownMenuTransition()
                let interaction = PercentDrivenInteractiveTransition()
                transition.presentationInteraction = interaction
                Retained.objects.append(transition)
                transition.prepare(to)
                from.present(to, animated: true)
                return percentDriven(interaction)
            }),
        ]
    }

    /// Views (name, hidden, alpha) and, for every controller reachable from the window, its
    /// children and what it presents.
    static func describe(_ root: View) -> String {
        func views(_ view: View, _ indent: String) -> String {
            let line = indent + view.name + (view.isHidden ? " hidden" : "") + (view.alpha != 1 ? " alpha \(view.alpha)" : "")
            return ([line] + view.subviews.map { views($0, indent + "  ") }).joined(separator: "\n")
        }
        return views(root, "")
    }

    static func controllers(_ controller: ViewController?) -> String {
        guard let controller else { return "none" }
        let children = controller.children.map { controllers($0) }.joined(separator: ",")
        return "\(controller.name)[\(children)]" + (controller.presentedViewController.map { " presents " + controllers($0) } ?? "")
    }

    @Test(arguments: 0..<9)
    func cancelAtTenPercentsRestoresTheHierarchy(example index: Int) throws {
        let (name, setup, start) = Self.examples[index]
        let rig = try HeadlessStage(width: 64, height: 96)
        defer { rig.release() }
        let (compositor, target) = (rig.compositor, rig.target)
        for percent in Self.percents + [-1] {  // -1: finish instead of cancel
            Retained.objects.removeAll()
            let window = Window(size: Size(width: 64, height: 96))
            window.attach(compositor)
            let from = ViewController(name: "from"), to = ViewController(name: "to")
            from.view.name = "from.view"
            from.view.backgroundColor = .red
            to.view.name = "to.view"
            to.view.backgroundColor = .blue
            to.view.addSubview(View(frame: Rect(x: 4, y: 4, width: 8, height: 8), name: "to.badge"))
            window.rootViewController = from
            let clock = VirtualClock(step: 0.25)
            try window.renderFrame(at: clock.now, compositor: compositor, into: target)
            setup(window, from, to)
            try window.renderFrame(at: clock.tick(), compositor: compositor, into: target)
            let viewsBefore = Self.describe(window.rootView)
            let controllersBefore = Self.controllers(window.rootViewController)
            let driver = start(window, from, to)
            driver.update(max(percent, 0.5))
            try window.renderFrame(at: clock.tick(), compositor: compositor, into: target)
            if percent >= 0 { driver.update(percent) }
            try window.renderFrame(at: clock.tick(), compositor: compositor, into: target)
            if percent >= 0 { driver.cancel() } else { driver.finish() }
            for _ in 0..<24 { try window.renderFrame(at: clock.tick(), compositor: compositor, into: target) }
            let label = "\(name) at \(percent)"
            #expect(window.diagnostics.messages.isEmpty, "\(label): \(window.diagnostics.messages)")
            if percent >= 0 {
                #expect(Self.describe(window.rootView) == viewsBefore, "\(label): views")
                #expect(Self.controllers(window.rootViewController) == controllersBefore, "\(label): controllers")
            } else {
                #expect(Self.describe(window.rootView) != viewsBefore, "\(label): finishing changes the hierarchy")
                let after = Self.describe(window.rootView)
                if index == 2 {
                    // A finished dismissal removes the presented view and its container.
                    #expect(!after.contains("to.view") && !after.contains("transitionContainer"), "\(label): \(after)")
                    #expect(from.presentedViewController == nil)
                } else {
                    #expect(after.components(separatedBy: "to.view").count == 2, "\(label): one to.view, shown")
                    #expect(!after.contains("to.view hidden"), "\(label): to.view visible")
                }
            }
        }
    }
}
