import SegueTiming

/// The system side of presentations (DESIGN.md §2): asks the transitioning delegate for an
/// animator (none: the standard transition), then for an interaction controller, makes the
/// context, asks for the duration, starts the animator or the interaction, and waits for
/// `completeTransition`. Only then do the completion handler and `animationEnded` run. A
/// cancelled presentation (or a completed dismissal) leaves the hierarchy exactly as before.
/// A present or dismiss made while a presentation or dismissal runs is dropped with a diagnostic,
/// as UIKit refuses it ("Attempt to present … while a presentation is in progress");
/// `queuesRequestsDuringTransition` opts in to running such requests in order after the current
/// transition instead. One made while a container transition (push, pop, tab change) runs in the
/// window waits for it, reported (ContainerTransitionGate, PortingUIKitCode.md).
@MainActor
public final class TransitionDriver {
    public unowned let window: Window
    /// Off (UIKit's behaviour): a present or dismiss requested while a transition runs is
    /// reported and dropped, its completion never runs. On: it is queued and runs once the
    /// running transition (and those queued before it) completed.
    public var queuesRequestsDuringTransition = false
    /// Seconds a transition may run before a missing `completeTransition` is reported.
    public var completionTimeout: Double = 10
    public private(set) var current: TransitionCoordinator?
    private var queue: [() -> Void] = []
    /// The container transitions running in this window, and the containers' requests waiting
    /// for this driver's transition to end.
    let containers = ContainerTransitionGate()
    private var startTime: Double = 0
    private var timeoutReported = false
    /// Presentations shown now, innermost last.
    private var presentations: [Presentation] = []
    /// The presentation whose presenting transition runs now (not yet in `presentations`).
    private var presentingNow: Presentation?

    @MainActor
    private final class Presentation {
        let presenting: ViewController
        let presented: ViewController
        let container: View
        let controller: PresentationController?
        /// Where the presenter's view was, when a full-screen presentation took it out.
        var removedPresenterView: (superview: View, index: Int)?
        /// Where the presenter's view sits during a dismissal, before the animator runs.
        var presenterHome: (superview: View, index: Int)?
        /// The presenter's view leaves the window while the presentation is shown (full screen, or
        /// a presentation controller that says so); its controller then disappears and appears
        /// again around the presentation, as UIKit calls the presenter's appearance methods then.
        var removesPresenter: Bool { presented.modalPresentationStyle == .fullScreen || controller?.shouldRemovePresentersView == true }
        init(presenting: ViewController, presented: ViewController, container: View, controller: PresentationController?) {
            self.presenting = presenting
            self.presented = presented
            self.container = container
            self.controller = controller
        }
    }

    init(window: Window) { self.window = window }

    public var isTransitioning: Bool { current != nil }

    /// Reports a transition whose animator never called `completeTransition`. `Window.renderFrame`
    /// calls it every frame; a driver that does not render calls it with its clock.
    public func check(at time: Double) {
        guard let current, !timeoutReported, time - startTime > max(completionTimeout, 4 * current.transitionDuration) else { return }
        timeoutReported = true
        window.diagnostics.report(
            "completeTransition was not called within \(completionTimeout) s of the transition's start")
    }

    /// A window resize, before any view changes size: each presentation's content container
    /// hears of it (the presentation controller, which forwards to its presented controller, or
    /// the presented controller itself), innermost last.
    func presentationsWillTransition(to size: Size, with coordinator: TransitionCoordinator) {
        for presentation in shownPresentations {
            if let controller = presentation.controller {
                controller.viewWillTransition(to: size, with: coordinator)
            } else {
                presentation.presented.viewWillTransition(to: size, with: coordinator)
            }
        }
    }

    /// The resize itself (inside the resize's animation): the containers follow the window, and
    /// so do the views of full-screen presentations that are done (a presentation controller
    /// lays out its own; a running animator owns its views' frames).
    func layOutContainers(for size: Size) {
        for presentation in shownPresentations { presentation.container.frame = Rect(origin: .zero, size: size) }
        for presentation in presentations where presentation.controller == nil && !presentation.presented.isBeingDismissed {
            presentation.presented.view.frame = Rect(origin: .zero, size: size)
        }
    }

    private var shownPresentations: [Presentation] { presentations + [presentingNow].compactMap { $0 } }

    /// The presented controllers on screen, oldest first.
    var presentedControllers: [ViewController] { shownPresentations.map(\.presented) }

    // MARK: Requests

    func present(_ presented: ViewController, from presenting: ViewController, animated: Bool, completion: (() -> Void)?) {
        enqueue("present \(presented.name) on \(presenting.name)") { [unowned self] in
            self.runPresentation(presented, from: presenting, animated: animated, completion: completion)
        }
    }

    func dismiss(_ presented: ViewController, animated: Bool, completion: (() -> Void)?) {
        enqueue("dismiss \(presented.name)") { [unowned self] in self.runDismissal(presented, animated: animated, completion: completion) }
    }

    private func enqueue(_ description: String, _ request: @escaping () -> Void) {
        guard isTransitioning || containers.running > 0 else { return request() }
        if !isTransitioning {
            window.diagnostics.report(
                "attempt to \(description) while a push, pop or tab change runs in this window; it is queued and starts when that one completes")
            queue.append(request)
        } else if queuesRequestsDuringTransition {
            window.diagnostics.report(
                "attempt to \(description) while a presentation is in progress; it is queued and starts when that one completes")
            queue.append(request)
        } else {
            window.diagnostics.report(
                "attempt to \(description) while a presentation is in progress; the request is dropped (as UIKit does)")
        }
    }

    private func finished() {
        current = nil
        drain()
    }

    /// Runs the waiting requests in order while nothing runs in the window (one that starts no
    /// transition lets the next one run), then lets the containers that waited for a presentation go on.
    func drain() {
        while current == nil, containers.running == 0, !queue.isEmpty { queue.removeFirst()() }
        if current == nil { containers.releaseWaiting() }
    }

    // MARK: Presentation

    private func runPresentation(_ presented: ViewController, from presenting: ViewController, animated: Bool, completion: (() -> Void)?) {
        guard presenting.directlyPresented == nil, presented.directPresenter == nil else {
            window.diagnostics.report("\(presenting.name) is already presenting (or \(presented.name) is presented); the request is ignored")
            return
        }
        let delegate = presented.transitioningDelegate
        let style = presented.modalPresentationStyle
        let controller = style == .custom
            ? delegate?.presentationController(forPresented: presented, presenting: presenting, source: presenting)
            : nil
        let delegated = animated ? delegate?.animationController(forPresented: presented, presenting: presenting, source: presenting) : nil
        let preferred = animated && delegated == nil ? presented.preferredTransitionAnimators(appearing: true) : nil
        let vended = delegated ?? preferred?.animator
        let interaction = delegated.flatMap { delegate?.interactionControllerForPresentation(using: $0) } ?? preferred?.interaction
        let animator: any ViewControllerAnimatedTransitioning = vended ?? StandardTransitionAnimator(animated: animated)

        let container = PresentationContainerView(frame: window.rootView.bounds, name: "transitionContainer")
        container.presentationController = controller
        window.rootView.addSubview(container)
        let presentation = Presentation(presenting: presenting, presented: presented, container: container, controller: controller)
        presentingNow = presentation
        controller?.containerView = container
        presenting.directlyPresented = presented
        presented.directPresenter = presenting
        presented.isBeingPresented = true

        let toView = controller?.presentedView ?? presented.view
        let fromView: View? = style == .custom ? nil : presenting.view
        let context = TransitionContext(
            containerView: container, from: presenting, to: presented, fromView: fromView, toView: toView,
            isAnimated: animated, isInteractive: interaction?.wantsInteractiveStart ?? false, presentationStyle: style)
        context.setFrames(for: presenting, initial: presenting.view.frame, final: presenting.view.frame)
        let finalFrame = controller?.frameOfPresentedViewInContainerView ?? container.bounds
        context.setFrames(for: presented, initial: .zero, final: finalFrame)

        context.onComplete = { [unowned self] didComplete in
            self.endPresentation(presentation, context: context, animator: animator, completed: didComplete, completion: completion)
        }
        begin(context: context, animator: animator, interaction: interaction, controllers: [presenting, presented]) {
            // The coordinator is registered by now: viewWillAppear can use it, as in UIKit.
            if presentation.removesPresenter { presenting.beginAppearanceTransition(false, animated: animated) }
            presented.beginAppearanceTransition(true, animated: animated)
            controller?.presentationTransitionWillBegin()
        }
    }

    private func endPresentation(
        _ presentation: Presentation, context: TransitionContext, animator: any ViewControllerAnimatedTransitioning,
        completed: Bool, completion: (() -> Void)?
    ) {
        let (presenting, presented) = (presentation.presenting, presentation.presented)
        presented.isBeingPresented = false
        presentingNow = nil
        if completed {
            presentations.append(presentation)
            layOutPresentedView(of: presentation)
            if presentation.removesPresenter,
                let superview = presenting.view.superview, let index = superview.subviews.firstIndex(where: { $0 === presenting.view }) {
                presentation.removedPresenterView = (superview, index)
                presenting.view.removeFromSuperview()
            }
            if presentation.removesPresenter { presenting.endAppearanceTransition() }
            presented.endAppearanceTransition()
        } else {
            // Undo what the presentation added: the hierarchy is left exactly as it was.
            presentation.container.removeFromSuperview()
            for view in presentation.container.subviews { view.removeFromSuperview() }
            presenting.directlyPresented = nil
            presented.directPresenter = nil
            presented.beginAppearanceTransition(false, animated: false)
            presented.endAppearanceTransition()
            if presentation.removesPresenter {
                presenting.beginAppearanceTransition(true, animated: false)
                presenting.endAppearanceTransition()
            }
        }
        presentation.controller?.presentationTransitionDidEnd(completed)
        end(context: context, animator: animator, completed: completed, controllers: [presenting, presented], completion: completion)
    }

    // MARK: Dismissal

    private func runDismissal(_ target: ViewController, animated: Bool, completion: (() -> Void)?) {
        guard let index = presentations.lastIndex(where: { $0.presented === target }) else {
            window.diagnostics.report("\(target.name) is not presented; dismiss ignored")
            return
        }
        if index < presentations.count - 1 { collapsePresentations(from: index) }
        let presentation = presentations[presentations.count - 1]
        let presented = presentation.presented
        let presenting = presentation.presenting
        let delegate = presented.transitioningDelegate
        let delegated = animated ? delegate?.animationController(forDismissed: presented) : nil
        let preferred = animated && delegated == nil ? presented.preferredTransitionAnimators(appearing: false) : nil
        let vended = delegated ?? preferred?.animator
        let interaction = delegated.flatMap { delegate?.interactionControllerForDismissal(using: $0) } ?? preferred?.interaction
        let animator: any ViewControllerAnimatedTransitioning = vended ?? StandardTransitionAnimator(animated: animated)
        presented.isBeingDismissed = true

        // A full-screen presenter's view comes back under the container for the dismissal.
        if let removed = presentation.removedPresenterView {
            removed.superview.insertSubview(presenting.view, at: min(removed.index, removed.superview.subviews.count))
            fitPresenterView(presenting.view)
        }
        presentation.presenterHome = presenterHome(presentation)
        let style = presented.modalPresentationStyle
        let fromView = presentation.controller?.presentedView ?? presented.view
        let toView: View? = style == .custom ? nil : presenting.view
        let context = TransitionContext(
            containerView: presentation.container, from: presented, to: presenting, fromView: fromView, toView: toView,
            isAnimated: animated, isInteractive: interaction?.wantsInteractiveStart ?? false, presentationStyle: style)
        context.setFrames(for: presented, initial: fromView.frame, final: fromView.frame)
        context.setFrames(for: presenting, initial: presenting.view.frame, final: presenting.view.frame)

        context.onComplete = { [unowned self] didComplete in
            self.endDismissal(presentation, context: context, animator: animator, completed: didComplete, completion: completion)
        }
        begin(context: context, animator: animator, interaction: interaction, controllers: [presented, presenting]) {
            presented.beginAppearanceTransition(false, animated: animated)
            if presentation.removesPresenter { presenting.beginAppearanceTransition(true, animated: animated) }
            presentation.controller?.dismissalTransitionWillBegin()
        }
    }

    private func endDismissal(
        _ presentation: Presentation, context: TransitionContext, animator: any ViewControllerAnimatedTransitioning,
        completed: Bool, completion: (() -> Void)?
    ) {
        let (presenting, presented) = (presentation.presenting, presentation.presented)
        presented.isBeingDismissed = false
        if completed {
            // Undo the presentation: the presented view and the container leave. The presenter's
            // view stays on screen even when the animator moved it into the container (Apple's
            // guide tells dismissal animators to add the "to" view there): UIKit puts it back.
            let home = presentation.presenterHome ?? presenterHome(presentation)
            for view in presentation.container.subviews { view.removeFromSuperview() }
            presentation.container.removeFromSuperview()
            if presenting.view.superview == nil || presenting.view.isDescendant(of: presentation.container) {
                home.superview.insertSubview(presenting.view, at: min(home.index, home.superview.subviews.count))
            }
            fitPresenterView(presenting.view)
            presentations.removeAll { $0 === presentation }
            presenting.directlyPresented = nil
            presented.directPresenter = nil
            presented.endAppearanceTransition()
            if presentation.removesPresenter { presenting.endAppearanceTransition() }
        } else {
            // Still presented: the hierarchy is as it was before the dismissal.
            if presentation.removedPresenterView != nil {
                presenting.view.removeFromSuperview()
            } else if presenting.view.isDescendant(of: presentation.container), let home = presentation.presenterHome {
                home.superview.insertSubview(presenting.view, at: min(home.index, home.superview.subviews.count))
            }
            let presentedView = presentation.controller?.presentedView ?? presented.view
            if presentedView.superview !== presentation.container { presentation.container.addSubview(presentedView) }
            layOutPresentedView(of: presentation)
            // The order of a cancelled interactive pop (UIKit's observed logs; its documentation
            // names none), as for every cancelled transition here: the controller that was to be
            // revealed disappears (will, did), then the one that stays appears again (will, did).
            if presentation.removesPresenter {
                presenting.beginAppearanceTransition(false, animated: false)
                presenting.endAppearanceTransition()
            }
            presented.beginAppearanceTransition(true, animated: false)
            presented.endAppearanceTransition()
        }
        presentation.controller?.dismissalTransitionDidEnd(completed)
        end(context: context, animator: animator, completed: completed, controllers: [presented, presenting], completion: completion)
    }

    /// What UIKit does when a presentation's transition ends with the presented controller on
    /// screen (a presentation completed, a dismissal cancelled): the container fills the window
    /// and the presented view takes its final frame (the presentation controller's
    /// `frameOfPresentedViewInContainerView`, else the container's bounds), whatever frame the
    /// animator left: a window resized while the transition ran (the animator took its frames at
    /// the old size, and the resize left the view alone while the animator owned it) shows the
    /// screen at the new size.
    private func layOutPresentedView(of presentation: Presentation) {
        let container = presentation.container
        let view = presentation.controller?.presentedView ?? presentation.presented.view
        View.performWithoutAnimation {
            container.frame = window.rootView.bounds
            guard view.isDescendant(of: container) else { return }
            view.frame = presentation.controller?.frameOfPresentedViewInContainerView ?? container.bounds
        }
    }

    /// A presenter's view back in the hierarchy after the window may have been resized while it
    /// was out of it (a full-screen presentation removes it): the root controller's view fills
    /// the window, a view that fills its superview fills it again.
    private func fitPresenterView(_ view: View) {
        guard let superview = view.superview else { return }
        if view === window.rootViewController?.view || view.autoresizesToFillSuperview {
            View.performWithoutAnimation { view.frame = superview.bounds }
        }
    }

    /// UIKit dismisses a controller low in a stack of presentations together with every one
    /// above it, only the topmost animated: the intermediate ones leave at once (their
    /// containers go, their links are cut), and the topmost becomes a presentation of the
    /// bottom one's presenter, which the dismissal then reveals.
    private func collapsePresentations(from index: Int) {
        let bottom = presentations[index], top = presentations[presentations.count - 1]
        for presentation in presentations[index..<(presentations.count - 1)].reversed() {
            let presented = presentation.presented
            let wasShown = presented.appearanceState == .appeared
            if wasShown { presented.beginAppearanceTransition(false, animated: false) }
            for view in presentation.container.subviews { view.removeFromSuperview() }
            presentation.container.removeFromSuperview()
            presented.directlyPresented = nil
            presented.directPresenter = nil
            if wasShown { presented.endAppearanceTransition() }
        }
        let merged = Presentation(presenting: bottom.presenting, presented: top.presented, container: top.container, controller: top.controller)
        merged.removedPresenterView = bottom.removedPresenterView
        bottom.presenting.directlyPresented = top.presented
        top.presented.directPresenter = bottom.presenting
        presentations.removeSubrange(index...)
        presentations.append(merged)
    }

    /// Where the presenter's view belongs once a dismissal completes: where a full-screen
    /// presentation took it from, else where it is now (a custom presentation leaves it there),
    /// else under the container in the window.
    private func presenterHome(_ presentation: Presentation) -> (superview: View, index: Int) {
        if let removed = presentation.removedPresenterView { return removed }
        let view = presentation.presenting.view
        if let superview = view.superview, !view.isDescendant(of: presentation.container),
            let index = superview.subviews.firstIndex(where: { $0 === view }) {
            return (superview, index)
        }
        let root = window.rootView
        return (root, root.subviews.firstIndex(where: { $0 === presentation.container }) ?? 0)
    }

    // MARK: Shared steps

    private func begin(
        context: TransitionContext, animator: any ViewControllerAnimatedTransitioning,
        interaction: (any ViewControllerInteractiveTransitioning)?, controllers: [ViewController], willBegin: () -> Void
    ) {
        let duration = animator.transitionDuration(using: context)
        let coordinator = TransitionCoordinator(
            context: context, duration: duration, curve: interaction?.completionCurve ?? .easeInOut)
        current = coordinator
        startTime = window.animationEngine.now
        timeoutReported = false
        TransitionRegistry.set(coordinator, for: controllers)
        willBegin()
        TransitionStart.start(context: context, animator: animator, interaction: interaction, coordinator: coordinator)
        coordinator.start()
    }

    private func end(
        context: TransitionContext, animator: any ViewControllerAnimatedTransitioning, completed: Bool,
        controllers: [ViewController], completion: (() -> Void)?
    ) {
        current?.finish()
        TransitionRegistry.set(nil, for: controllers)
        if completed { completion?() }
        animator.animationEnded(completed)
        finished()
    }
}
