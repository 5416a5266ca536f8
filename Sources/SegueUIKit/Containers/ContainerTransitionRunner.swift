/// The system side of a container's transitions (navigation and tab bar), shaped like
/// `TransitionDriver`: one transition at a time; a request made while one runs in this container,
/// or while a presentation or dismissal runs in its window, is deferred (reported) and runs when
/// that ends, as UIKit defers a push then; a coordinator that exists while the transition runs;
/// the animator or the interaction controller started, and `animationEnded` called only after
/// the container fixed its hierarchy. The window's driver counts the running transition, so a
/// present made meanwhile waits for it (ContainerTransitionGate).
@MainActor
final class ContainerTransitionRunner {
    private(set) var current: TransitionCoordinator?
    private var registered: [ViewController] = []
    private var queue: [() -> Void] = []
    /// The driver of the window the running transition is counted in.
    private weak var countedIn: TransitionDriver?
    /// Whether the queue waits for a driver's presentation or dismissal to end.
    private var waitsForPresentation = false

    var isTransitioning: Bool { current != nil }

    /// Runs `request` now, or defers it (and reports it) while a transition runs in this
    /// container or a presentation or dismissal runs in `container`'s window. Returns whether it ran now.
    @discardableResult
    func perform(_ description: String, in container: ViewController, _ request: @escaping () -> Void) -> Bool {
        var outermost = container
        while let parent = outermost.parent { outermost = parent }  // presentations are the outermost's
        let driver = outermost.presentationWindow?.transitionDriver
        let presenting = driver?.isTransitioning ?? false
        guard isTransitioning || presenting || !queue.isEmpty else {
            request()
            return true
        }
        // The window's, even while a full-screen presentation keeps the container's view out of it.
        let diagnostics = current?.containerView.transitionDiagnostics ?? driver?.window.diagnostics ?? container.transitionDiagnostics
        if isTransitioning || !queue.isEmpty {
            diagnostics.report("\(description) was requested while another transition runs; it is queued and starts when that one completes")
        } else {
            diagnostics.report(
                "\(description) was requested while a presentation or dismissal runs; it is queued and starts when that one completes")
        }
        queue.append(request)
        if let driver, presenting, !isTransitioning { wait(for: driver) }
        return false
    }

    private func wait(for driver: TransitionDriver) {
        guard !waitsForPresentation else { return }
        waitsForPresentation = true
        driver.containers.wait { [weak self, weak driver] in
            self?.waitsForPresentation = false
            self?.drain(driver)
        }
    }

    /// Runs the deferred requests in order while nothing runs (one that starts no transition,
    /// nothing to pop..., lets the next one run).
    private func drain(_ driver: TransitionDriver?) {
        while current == nil, !queue.isEmpty {
            if let driver, driver.isTransitioning { return wait(for: driver) }
            queue.removeFirst()()
        }
    }

    /// Asks the duration, makes and registers the coordinator, runs `willStart` (the appearance
    /// callbacks) and starts the interaction (when it wants an interactive start) or the
    /// animator. The context's `onComplete` must end with `end`.
    func begin(
        context: TransitionContext, animator: any ViewControllerAnimatedTransitioning,
        interaction: (any ViewControllerInteractiveTransitioning)?, controllers: [ViewController],
        willStart: () -> Void = {}
    ) {
        let duration = animator.transitionDuration(using: context)
        let coordinator = TransitionCoordinator(
            context: context, duration: duration, curve: interaction?.completionCurve ?? .easeInOut)
        current = coordinator
        registered = controllers
        countedIn = Window.containing(context.containerView)?.transitionDriver
        countedIn?.containers.began()
        TransitionRegistry.set(coordinator, for: controllers)
        // The appearance callbacks run here, where `transitionCoordinator` already answers.
        willStart()
        TransitionStart.start(context: context, animator: animator, interaction: interaction, coordinator: coordinator)
        // A transition that completed at once (not animated) has already ended.
        if current === coordinator { coordinator.start() }
    }

    /// After the container fixed its hierarchy: the coordinator's completions, `notify` (the
    /// delegate's "did" callback), `animationEnded`, then the next queued request.
    func end(animator: any ViewControllerAnimatedTransitioning, completed: Bool, notify: () -> Void) {
        current?.finish()
        TransitionRegistry.set(nil, for: registered)
        registered = []
        notify()
        animator.animationEnded(completed)
        current = nil
        let driver = countedIn
        countedIn = nil
        driver?.containers.ended()
        drain(driver)
        // A present or dismiss that waited for this transition goes on once none runs.
        driver?.drain()
    }
}

extension TransitionContext {
    /// The context of a navigation or tab bar transition: both controllers' views, and UIKit's
    /// convention for frames: a view that leaves ends at `.zero`, one that comes starts at
    /// `.zero`, both at the container's bounds otherwise.
    static func containerTransition(
        in containerView: View, from: ViewController, to: ViewController, animated: Bool,
        interaction: (any ViewControllerInteractiveTransitioning)?
    ) -> TransitionContext {
        let bounds = containerView.bounds
        let context = TransitionContext(
            containerView: containerView, from: from, to: to, fromView: from.view, toView: to.view,
            isAnimated: animated, isInteractive: interaction?.wantsInteractiveStart ?? false)
        context.setFrames(for: from, initial: bounds, final: .zero)
        context.setFrames(for: to, initial: .zero, final: bounds)
        return context
    }
}

/// Appearance callbacks of the two controllers of a container transition. Only a container
/// that is on screen (appeared) sends them, as UIKit sends none to a hidden hierarchy.
@MainActor
struct ContainerAppearance {
    let from: ViewController
    let to: ViewController
    let animated: Bool
    let enabled: Bool

    init(container: ViewController, from: ViewController, to: ViewController, animated: Bool) {
        self.from = from
        self.to = to
        self.animated = animated
        enabled = container.appearanceState == .appeared
    }

    func begin() {
        guard enabled else { return }
        from.beginAppearanceTransition(false, animated: animated)
        to.beginAppearanceTransition(true, animated: animated)
    }

    /// Completed: both did-callbacks. Cancelled: each controller goes back where it was, in
    /// UIKit's observed order for a cancelled interactive pop: the controller that was to be
    /// revealed disappears (will, did), then the one that stays appears again (will, did).
    func end(completed: Bool) {
        guard enabled else { return }
        if completed {
            from.endAppearanceTransition()
            to.endAppearanceTransition()
        } else {
            to.beginAppearanceTransition(false, animated: false)
            to.endAppearanceTransition()
            from.beginAppearanceTransition(true, animated: false)
            from.endAppearanceTransition()
        }
    }
}

extension View {
    /// What UIKit's containers do when a transition ends: the container view fills `root` (the
    /// container controller's view) again and `shown` fills the container, whatever size the
    /// animator gave them, so a window resized while the transition ran shows the screen at
    /// its new size (the animator's frames were taken at the old one). Not animated. `shown` is
    /// marked for layout, so its controller gets `viewWillLayoutSubviews`/`viewDidLayoutSubviews`.
    func layOutAfterTransition(filling root: View, showing shown: View) {
        View.performWithoutAnimation {
            bounds.origin = .zero
            frame = root.bounds
            shown.frame = bounds
        }
        // Laid out at its size before the next frame even when the size did not change, as
        // UIKit's containers do: the shown controller gets its layout hooks after the transition.
        shown.setNeedsLayout()
    }
}

extension ViewController {
    /// A container controller's root view: `containerView` filling it, with `shown`'s view
    /// filling that (both follow later size changes).
    func makeContainerRootView(containerView: View, showing shown: ViewController?) -> View {
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 480), name: "\(name).view")
        containerView.frame = root.bounds
        root.addSubview(containerView)
        if let shown {
            shown.view.frame = containerView.bounds
            shown.view.autoresizesToFillSuperview = true
            containerView.addSubview(shown.view)
        }
        return root
    }
}
