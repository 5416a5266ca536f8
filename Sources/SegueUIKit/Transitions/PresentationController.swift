/// UIPresentationController: owns the chrome of a custom presentation (a dimming view, say)
/// and the presented view's frame. Subclass it and override the hooks.
@MainActor
open class PresentationController {
    public let presentedViewController: ViewController
    public private(set) weak var presentingViewController: ViewController?
    /// The transition's container while a presentation is shown.
    public internal(set) var containerView: View?

    public init(presentedViewController: ViewController, presenting: ViewController?) {
        self.presentedViewController = presentedViewController
        self.presentingViewController = presenting
    }

    /// The view that is animated and shown (the presented controller's view by default).
    open var presentedView: View? { presentedViewController.view }

    /// Where the presented view sits when the presentation is done (the whole container by default).
    open var frameOfPresentedViewInContainerView: Rect { containerView?.bounds ?? .zero }

    /// Whether the presenting view leaves the hierarchy when the presentation is done.
    open var shouldRemovePresentersView: Bool { false }

    /// UIKit: the container view is about to lay out its subviews (when it is first shown, after
    /// a window resize, after `setNeedsLayout()`). Place custom chrome here. Does nothing by default.
    open func containerViewWillLayoutSubviews() {}
    /// UIKit: the container view laid out its subviews. Does nothing by default.
    open func containerViewDidLayoutSubviews() {}

    open func presentationTransitionWillBegin() {}
    open func presentationTransitionDidEnd(_ completed: Bool) {}
    open func dismissalTransitionWillBegin() {}
    open func dismissalTransitionDidEnd(_ completed: Bool) {}

    /// UIContentContainer: the container is about to change to `size` (a window resize); no view
    /// has changed yet. Add the new layout with `coordinator.animate(alongsideTransition:)`: the
    /// blocks run once the container has its new size, animated with the resize. This default
    /// moves the presented view to `frameOfPresentedViewInContainerView` and forwards the call to
    /// the presented controller; overrides should call `super`, as in UIKit. While a dismissal
    /// runs, its animator owns the presented view's frame (a layout stacked on its slide-out
    /// would pull the view back): a cancelled dismissal lays the view out when it ends.
    open func viewWillTransition(to size: Size, with coordinator: TransitionCoordinator) {
        coordinator.animate(alongsideTransition: { [weak self] _ in
            guard let self, !self.presentedViewController.isBeingDismissed else { return }
            self.presentedView?.frame = self.frameOfPresentedViewInContainerView
        })
        presentedViewController.viewWillTransition(to: size, with: coordinator)
    }
}
