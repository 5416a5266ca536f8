/// UITabBarControllerDelegate's transition questions. The interaction controller is asked for
/// only when an animator was vended; neither is asked for a selection that is not animated.
@MainActor
public protocol TabBarControllerDelegate: AnyObject {
    func animationController(
        forTransitionFrom from: ViewController, to: ViewController
    ) -> (any ViewControllerAnimatedTransitioning)?
    func interactionController(
        for animator: any ViewControllerAnimatedTransitioning
    ) -> (any ViewControllerInteractiveTransitioning)?
}

extension TabBarControllerDelegate {
    public func animationController(
        forTransitionFrom from: ViewController, to: ViewController
    ) -> (any ViewControllerAnimatedTransitioning)? { nil }
    public func interactionController(
        for animator: any ViewControllerAnimatedTransitioning
    ) -> (any ViewControllerInteractiveTransitioning)? { nil }
}

/// UITabBarController without a tab bar: every controller is a child, the selected one's view
/// is shown in `containerView`. Without a vended animator a selection changes at once (UIKit's
/// tabs do not animate). `selectedIndex` changes when the transition starts and goes back when
/// it is cancelled. Selections made while a transition runs (the container's own, or a
/// presentation in its window) are queued (and reported) and run when it completes.
@MainActor
open class TabBarController: ViewController {
    public private(set) var viewControllers: [ViewController] = []
    /// 0 when there are no controllers (then `selectedViewController` is nil).
    public private(set) var selectedIndex = 0
    public weak var delegate: (any TabBarControllerDelegate)?
    /// Holds the selected controller's view; the container view of every tab transition.
    public let containerView: View
    private let runner = ContainerTransitionRunner()

    public init(viewControllers: [ViewController] = [], name: String = "tabBarController") {
        containerView = View(name: "\(name).container")
        containerView.autoresizesToFillSuperview = true
        super.init(name: name)
        replaceControllers(with: viewControllers)
    }

    public var isTransitioning: Bool { runner.isTransitioning }

    public var selectedViewController: ViewController? {
        viewControllers.indices.contains(selectedIndex) ? viewControllers[selectedIndex] : nil
    }

    override var drivesChildAppearance: Bool { true }
    override var shownChildForKeys: ViewController? { selectedViewController }

    /// Open, as in UIKit: an override calls `super` to get the container's view, then adds to it.
    open override func loadView() {
        view = makeContainerRootView(containerView: containerView, showing: selectedViewController)
    }

    /// Replaces the controllers at once; the selection stays on the same controller when it
    /// is kept, otherwise it goes to the same index (clamped).
    open func setViewControllers(_ controllers: [ViewController], animated: Bool) {
        runner.perform("setViewControllers", in: self) { [unowned self] in self.replaceControllers(with: controllers) }
    }

    open func select(index: Int, animated: Bool) {
        runner.perform("select(index: \(index))", in: self) { [unowned self] in self.runSelect(index, animated: animated) }
    }

    // MARK: Selection

    private func runSelect(_ index: Int, animated: Bool) {
        guard viewControllers.indices.contains(index) else {
            transitionDiagnostics.report("\(name) has no tab \(index); select ignored")
            return
        }
        guard index != selectedIndex else { return }
        guard let from = selectedViewController, isViewLoaded else {
            selectedIndex = index
            return
        }
        let to = viewControllers[index]
        let previous = selectedIndex
        containerView.frame = view.bounds
        let vended = animated ? delegate?.animationController(forTransitionFrom: from, to: to) : nil
        let interaction = vended.flatMap { delegate?.interactionController(for: $0) }
        let animator = vended ?? ImmediateTabTransition()
        selectedIndex = index
        let context = TransitionContext.containerTransition(
            in: containerView, from: from, to: to, animated: animated, interaction: interaction)
        let appearance = ContainerAppearance(container: self, from: from, to: to, animated: animated)
        context.onComplete = { [unowned self] completed in
            let (shown, hidden) = completed ? (to, from) : (from, to)
            hidden.view.removeFromSuperview()
            if shown.view.superview !== self.containerView { self.containerView.addSubview(shown.view) }
            self.containerView.layOutAfterTransition(filling: self.view, showing: shown.view)
            if !completed { self.selectedIndex = previous }
            appearance.end(completed: completed)
            self.runner.end(animator: animator, completed: completed) {}
        }
        runner.begin(context: context, animator: animator, interaction: interaction, controllers: [self, from, to]) {
            appearance.begin()
        }
    }

    private func replaceControllers(with controllers: [ViewController]) {
        var seen = Set<ObjectIdentifier>()
        guard controllers.allSatisfy({ seen.insert(ObjectIdentifier($0)).inserted }) else {
            transitionDiagnostics.report("\(name): setViewControllers with duplicates ignored")
            return
        }
        let oldSelected = selectedViewController
        let removed = viewControllers.filter { old in !controllers.contains { $0 === old } }
        let added = controllers.filter { new in !viewControllers.contains { $0 === new } }
        for controller in removed { controller.willMove(toParent: nil) }
        for controller in added { addChild(controller) }
        viewControllers = controllers
        selectedIndex = oldSelected.flatMap { old in controllers.firstIndex { $0 === old } }
            ?? min(selectedIndex, max(controllers.count - 1, 0))
        let newSelected = selectedViewController
        if isViewLoaded, oldSelected !== newSelected {
            newSelected?.loadViewIfNeeded()  // viewDidLoad before viewWillAppear
            let visible = appearanceState == .appeared
            if visible {
                oldSelected?.beginAppearanceTransition(false, animated: false)
                newSelected?.beginAppearanceTransition(true, animated: false)
            }
            oldSelected?.view.removeFromSuperview()
            if let newSelected {
                newSelected.view.frame = containerView.bounds
                newSelected.view.autoresizesToFillSuperview = true
                containerView.addSubview(newSelected.view)
            }
            if visible {
                oldSelected?.endAppearanceTransition()
                newSelected?.endAppearanceTransition()
            }
        }
        for controller in removed {
            controller.viewIfLoaded?.removeFromSuperview()
            controller.removeFromParent()
        }
        for controller in added { controller.didMove(toParent: self) }
    }
}

/// A tab change without a vended animator: the new view is in place at once.
@MainActor
final class ImmediateTabTransition: ViewControllerAnimatedTransitioning {
    func transitionDuration(using context: (any ViewControllerContextTransitioning)?) -> Double { 0 }

    func animateTransition(using context: any ViewControllerContextTransitioning) {
        if let to = context.viewController(forKey: .to), let toView = context.view(forKey: .to) {
            toView.frame = context.finalFrame(for: to)
            context.containerView.addSubview(toView)
        }
        context.completeTransition(true)
    }
}
