/// The direction of a navigation transition.
public enum NavigationOperation: Sendable, Equatable { case push, pop }

/// UINavigationControllerDelegate: vends the animator and interaction controller of a push or
/// pop and hears when a controller is shown. The interaction controller is asked for only when
/// an animator was vended; neither is asked for a transition that is not animated.
@MainActor
public protocol NavigationControllerDelegate: AnyObject {
    func animationController(
        for operation: NavigationOperation, from: ViewController, to: ViewController
    ) -> (any ViewControllerAnimatedTransitioning)?
    func interactionController(
        for animator: any ViewControllerAnimatedTransitioning
    ) -> (any ViewControllerInteractiveTransitioning)?
    /// Before the transition to `viewController` starts.
    func willShow(_ viewController: ViewController, animated: Bool)
    /// After it completed (not after a cancelled one).
    func didShow(_ viewController: ViewController, animated: Bool)
}

extension NavigationControllerDelegate {
    public func animationController(
        for operation: NavigationOperation, from: ViewController, to: ViewController
    ) -> (any ViewControllerAnimatedTransitioning)? { nil }
    public func interactionController(
        for animator: any ViewControllerAnimatedTransitioning
    ) -> (any ViewControllerInteractiveTransitioning)? { nil }
    public func willShow(_ viewController: ViewController, animated: Bool) {}
    public func didShow(_ viewController: ViewController, animated: Bool) {}
}

/// UINavigationController without a navigation bar: a stack of child controllers, the top
/// one's view shown in `containerView`, push and pop as custom-transition-capable transitions.
///
/// `viewControllers` changes when a transition starts (as in UIKit) and goes back when it is
/// cancelled. Requests made while a transition runs (the container's own, or a presentation in
/// its window, as UIKit defers a push then) are queued (and reported); a queued pop returns nil
/// because what it will pop is not known yet.
@MainActor
open class NavigationController: ViewController {
    public private(set) var viewControllers: [ViewController] = []
    public var topViewController: ViewController? { viewControllers.last }
    public weak var delegate: (any NavigationControllerDelegate)?
    /// Holds the top controller's view; the container view of every push and pop.
    public let containerView: View
    private let runner = ContainerTransitionRunner()
    /// UIKit's `interactivePopGestureRecognizer`: a left-edge pan on the controller's view that
    /// pops the top controller with the standard slide, following the finger
    /// (NavigationController+InteractivePop.swift).
    public let interactivePopGestureRecognizer = ScreenEdgePanGestureRecognizer(edges: .left)
    /// Offered by the edge pan to the pop it starts; taken by that pop when it uses the standard slide.
    var edgePopOffered: PercentDrivenInteractiveTransition?
    /// The interaction the edge pan is driving.
    var edgePopDriving: PercentDrivenInteractiveTransition?

    public init(rootViewController: ViewController, name: String = "navigationController") {
        containerView = View(name: "\(name).container")
        containerView.autoresizesToFillSuperview = true
        super.init(name: name)
        viewControllers = [rootViewController]
        addChild(rootViewController)
        rootViewController.didMove(toParent: self)
        configureInteractivePop()
    }

    public var isTransitioning: Bool { runner.isTransitioning }

    override var drivesChildAppearance: Bool { true }
    override var shownChildForKeys: ViewController? { topViewController }

    /// Open, as in UIKit: an override calls `super` to get the container's view, then adds to it.
    open override func loadView() {
        view = makeContainerRootView(containerView: containerView, showing: topViewController)
        view.addGestureRecognizer(interactivePopGestureRecognizer)
    }

    // MARK: Requests

    open func pushViewController(_ viewController: ViewController, animated: Bool) {
        runner.perform("push(\(viewController.name))", in: self) { [unowned self] in self.runPush(viewController, animated: animated) }
    }

    @discardableResult
    open func popViewController(animated: Bool) -> ViewController? {
        var popped: [ViewController] = []
        runner.perform("pop", in: self) { [unowned self] in popped = self.runPop(to: self.viewControllers.count - 2, animated: animated) }
        return popped.last
    }

    /// The popped controllers, bottom to top; nil when none (or the request was queued).
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [ViewController]? {
        var popped: [ViewController] = []
        runner.perform("popToRoot", in: self) { [unowned self] in popped = self.runPop(to: 0, animated: animated) }
        return popped.isEmpty ? nil : popped
    }

    /// Replaces the stack at once; `animated` is not supported (the change is immediate).
    open func setViewControllers(_ controllers: [ViewController], animated: Bool) {
        runner.perform("setViewControllers", in: self) { [unowned self] in self.replaceStack(with: controllers) }
    }

    // MARK: Push and pop

    private func runPush(_ to: ViewController, animated: Bool) {
        guard !viewControllers.contains(where: { $0 === to }) else {
            transitionDiagnostics.report("\(to.name) is already in \(name)'s stack; push ignored")
            return
        }
        addChild(to)
        viewControllers.append(to)
        guard let from = viewControllers.dropLast().last, isViewLoaded else {
            // Nothing on screen yet: the view shows the new top when it loads.
            to.didMove(toParent: self)
            return
        }
        to.loadViewIfNeeded()  // UIKit: the pushed controller's viewDidLoad, then willShow
        delegate?.willShow(to, animated: animated)
        runTransition(.push, from: from, to: to, popped: [], previous: Array(viewControllers.dropLast()), animated: animated)
    }

    /// Pops everything above `index`; returns what it pops.
    private func runPop(to index: Int, animated: Bool) -> [ViewController] {
        guard index >= 0, index < viewControllers.count - 1, let from = topViewController else { return [] }
        let previous = viewControllers
        let to = previous[index]
        let popped = Array(previous[(index + 1)...])
        viewControllers = Array(previous[...index])
        // As in UIKit, willMove(nil) comes first: isMovingFromParent is true in viewWillDisappear.
        for controller in popped { controller.willMove(toParent: nil) }
        guard isViewLoaded else {
            for controller in popped { controller.removeFromParent() }
            return popped
        }
        to.loadViewIfNeeded()
        delegate?.willShow(to, animated: animated)
        runTransition(.pop, from: from, to: to, popped: popped, previous: previous, animated: animated)
        return popped
    }

    private func runTransition(
        _ operation: NavigationOperation, from: ViewController, to: ViewController, popped: [ViewController],
        previous: [ViewController], animated: Bool
    ) {
        containerView.frame = view.bounds
        let bounds = containerView.bounds
        let delegated = animated ? delegate?.animationController(for: operation, from: from, to: to) : nil
        // Without a delegate's animator, the zoomed controller's preferred zoom (iOS 18).
        let preferred = animated && delegated == nil
            ? (operation == .push ? to : from).preferredTransitionAnimators(appearing: operation == .push) : nil
        let vended = delegated ?? preferred?.animator
        // The edge pan drives only the standard slide, as UIKit's interactive pop does.
        let edgePop = operation == .pop && animated && vended == nil ? edgePopOffered : nil
        edgePopDriving = edgePop
        let interaction = delegated.flatMap { delegate?.interactionController(for: $0) } ?? preferred?.interaction ?? edgePop
        let animator = vended ?? NavigationTransitionAnimator(operation: operation, animated: animated)
        // As in UIKit, the arriving view already has its final size when the animator runs
        // (animators such as the seeds' cube never set it).
        to.view.frame = bounds
        if operation == .pop {
            // The controller below comes back under the popped one before the animator runs.
            to.view.autoresizesToFillSuperview = true
            containerView.insertSubview(to.view, belowSubview: from.view)
        }
        to.view.autoresizesToFillSuperview = true  // shown full-size from now on
        let context = TransitionContext.containerTransition(
            in: containerView, from: from, to: to, animated: animated, interaction: interaction)
        let appearance = ContainerAppearance(container: self, from: from, to: to, animated: animated)
        context.onComplete = { [unowned self] completed in
            self.endTransition(operation, appearance: appearance, popped: popped, previous: previous, completed: completed)
            self.runner.end(animator: animator, completed: completed) {
                if completed { self.delegate?.didShow(to, animated: animated) }
            }
        }
        runner.begin(context: context, animator: animator, interaction: interaction, controllers: [self, from, to]) {
            appearance.begin()
        }
    }

    private func endTransition(
        _ operation: NavigationOperation, appearance: ContainerAppearance, popped: [ViewController],
        previous: [ViewController], completed: Bool
    ) {
        let (from, to) = (appearance.from, appearance.to)
        // The controller that stays on screen has its view in the container, the other none.
        let shown = completed ? to : from
        let hidden = completed ? from : to
        hidden.view.removeFromSuperview()
        shown.view.autoresizesToFillSuperview = true
        if shown.view.superview !== containerView { containerView.addSubview(shown.view) }
        containerView.layOutAfterTransition(filling: view, showing: shown.view)
        appearance.end(completed: completed)
        switch (operation, completed) {
        case (.push, true):
            to.didMove(toParent: self)
        case (.push, false):
            viewControllers = previous
            to.willMove(toParent: nil)
            to.removeFromParent()
        case (.pop, true):
            for controller in popped { controller.removeFromParent() }
        case (.pop, false):
            viewControllers = previous
            // Undoes the willMove(nil) of the start, as UIKit does.
            for controller in popped { controller.didMove(toParent: self) }
        }
    }

    // MARK: Replacing the stack

    private func replaceStack(with controllers: [ViewController]) {
        var seen = Set<ObjectIdentifier>()
        guard !controllers.isEmpty, controllers.allSatisfy({ seen.insert(ObjectIdentifier($0)).inserted }) else {
            transitionDiagnostics.report("setViewControllers needs a non-empty stack without duplicates; ignored")
            return
        }
        let oldTop = topViewController
        let removed = viewControllers.filter { old in !controllers.contains { $0 === old } }
        let added = controllers.filter { new in !viewControllers.contains { $0 === new } }
        let newTop = controllers[controllers.count - 1]
        for controller in removed { controller.willMove(toParent: nil) }
        for controller in added { addChild(controller) }
        viewControllers = controllers
        let topChanged = oldTop !== newTop
        if topChanged { delegate?.willShow(newTop, animated: false) }
        if topChanged, isViewLoaded {
            newTop.loadViewIfNeeded()  // viewDidLoad before viewWillAppear
            let appearance = oldTop.map { ContainerAppearance(container: self, from: $0, to: newTop, animated: false) }
            appearance?.begin()
            oldTop?.view.removeFromSuperview()
            newTop.view.frame = containerView.bounds
            newTop.view.autoresizesToFillSuperview = true
            containerView.addSubview(newTop.view)
            appearance?.end(completed: true)
        }
        for controller in removed {
            controller.viewIfLoaded?.removeFromSuperview()
            controller.removeFromParent()
        }
        for controller in added { controller.didMove(toParent: self) }
        if topChanged { delegate?.didShow(newTop, animated: false) }
    }
}
