/// A custom container (seed g) that shows one of its controllers and moves to another with a
/// transition it runs itself: it builds its own `TransitionContext` and calls the animator
/// directly, without the system's driver or coordinator. Only the shown controller is a child.
///
/// The context's frames say the direction: going to a higher index the new view starts one
/// width to the right and the old one ends one width to the left; to a lower index, the mirror.
@MainActor
open class SwipeContainerViewController: ViewController {
    public private(set) var viewControllers: [ViewController]
    public private(set) var selectedIndex: Int
    /// Nil: a `SwipeTransitionAnimator`.
    public var animator: (any ViewControllerAnimatedTransitioning)?
    /// Drives the next transitions when it wants an interactive start (nil: not interactive).
    public var interactionController: (any ViewControllerInteractiveTransitioning)?
    /// Holds the shown controller's view; the container view of the transitions.
    public let containerView: View
    public private(set) var isTransitioning = false

    public init(viewControllers: [ViewController], selectedIndex: Int = 0, name: String = "swipeContainer") {
        self.viewControllers = viewControllers
        self.selectedIndex = viewControllers.indices.contains(selectedIndex) ? selectedIndex : 0
        containerView = View(name: "\(name).container")
        containerView.autoresizesToFillSuperview = true
        super.init(name: name)
        if let shown = selectedViewController {
            addChild(shown)
            shown.didMove(toParent: self)
        }
    }

    public var selectedViewController: ViewController? {
        viewControllers.indices.contains(selectedIndex) ? viewControllers[selectedIndex] : nil
    }

    override var drivesChildAppearance: Bool { true }
    override var shownChildForKeys: ViewController? { selectedViewController }

    /// Open, as in UIKit: an override calls `super` to get the container's view, then adds to it.
    open override func loadView() {
        view = makeContainerRootView(containerView: containerView, showing: selectedViewController)
    }

    /// Shows `viewControllers[index]`. `completion(false)` when the transition was cancelled, or
    /// refused (bad index, or another transition runs: reported, not queued).
    open func transition(to index: Int, animated: Bool, completion: ((Bool) -> Void)? = nil) {
        guard viewControllers.indices.contains(index), !isTransitioning, let from = selectedViewController else {
            transitionDiagnostics.report(isTransitioning
                ? "\(name): transition(to: \(index)) while another runs; ignored"
                : "\(name) has no controller \(index); transition ignored")
            completion?(false)
            return
        }
        let to = viewControllers[index]
        guard to !== from else {
            completion?(true)
            return
        }
        from.willMove(toParent: nil)
        addChild(to)
        guard isViewLoaded else {
            // Nothing on screen: only the relationships change.
            from.removeFromParent()
            to.didMove(toParent: self)
            selectedIndex = index
            completion?(true)
            return
        }
        isTransitioning = true
        containerView.frame = view.bounds
        let bounds = containerView.bounds
        let travel = index > selectedIndex ? bounds.width : -bounds.width
        let animator = self.animator ?? SwipeTransitionAnimator()
        let interaction = animated ? interactionController : nil
        let appearance = ContainerAppearance(container: self, from: from, to: to, animated: animated)
        let context = TransitionContext(
            containerView: containerView, from: from, to: to, fromView: from.view, toView: to.view,
            isAnimated: animated, isInteractive: interaction?.wantsInteractiveStart ?? false
        ) { [unowned self] completed in
            self.finishTransition(appearance: appearance, index: index, completed: completed)
            completion?(completed)
            animator.animationEnded(completed)
        }
        context.setFrames(for: from, initial: bounds, final: bounds.offsetBy(dx: -travel, dy: 0))
        context.setFrames(for: to, initial: bounds.offsetBy(dx: travel, dy: 0), final: bounds)
        appearance.begin()
        _ = animator.transitionDuration(using: context)
        TransitionStart.start(context: context, animator: animator, interaction: interaction, coordinator: nil)
    }

    /// Fixes the parent/child relationships (and undoes them after a cancel).
    private func finishTransition(appearance: ContainerAppearance, index: Int, completed: Bool) {
        let (from, to) = (appearance.from, appearance.to)
        let (shown, hidden) = completed ? (to, from) : (from, to)
        hidden.view.removeFromSuperview()
        // Whoever added it (the animator, usually), the shown view fills the container from
        // now on, through resizes too.
        shown.view.autoresizesToFillSuperview = true
        if shown.view.superview !== containerView { containerView.addSubview(shown.view) }
        containerView.layOutAfterTransition(filling: view, showing: shown.view)
        appearance.end(completed: completed)
        if completed {
            from.removeFromParent()
            to.didMove(toParent: self)
            selectedIndex = index
        } else {
            to.willMove(toParent: nil)
            to.removeFromParent()
            from.didMove(toParent: self)
        }
        isTransitioning = false
    }
}

/// Seed g's animator: the new view enters from the side the context's frames say (from the
/// right by default) while the old one leaves the other way; 0.25 s, ease-in-out.
@MainActor
public final class SwipeTransitionAnimator: ViewControllerAnimatedTransitioning {
    public var duration: Double

    public init(duration: Double = 0.25) { self.duration = duration }

    public func transitionDuration(using context: (any ViewControllerContextTransitioning)?) -> Double {
        context?.isAnimated == false ? 0 : duration
    }

    public func animateTransition(using context: any ViewControllerContextTransitioning) {
        guard let from = context.viewController(forKey: .from), let to = context.viewController(forKey: .to),
            let fromView = context.view(forKey: .from), let toView = context.view(forKey: .to)
        else { return context.completeTransition(!context.transitionWasCancelled) }
        let width = context.containerView.bounds.width
        let toFinal = context.finalFrame(for: to)
        // A container that sets no frames (.zero) gets the default: in from the right.
        var toStart = context.initialFrame(for: to)
        if toStart == .zero { toStart = toFinal.offsetBy(dx: width, dy: 0) }
        let fromStart = fromView.frame
        var fromFinal = context.finalFrame(for: from)
        if fromFinal == .zero { fromFinal = fromStart.offsetBy(dx: toFinal.minX - toStart.minX, dy: 0) }

        context.containerView.addSubview(toView)
        guard context.isAnimated else {
            toView.frame = toFinal
            return context.completeTransition(true)
        }
        toView.frame = toStart
        View.animate(withDuration: duration, options: .curveEaseInOut, animations: {
            toView.frame = toFinal
            fromView.frame = fromFinal
        }, completion: { _ in
            // The old view is shown again after a cancel, and in place for its next showing.
            fromView.frame = fromStart
            context.completeTransition(!context.transitionWasCancelled)
        })
    }
}
