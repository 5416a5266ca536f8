import SegueUIKit

/// What the animators here read from the context and how they end, shared so each keeps
/// UIKit's rule the same way: a cancelled presentation, or a completed dismissal, leaves the
/// hierarchy as it was.
extension ViewControllerContextTransitioning {
    /// Both controllers and the leaving view: the context's, else the "from" controller's own (a
    /// custom container's context may name no views). Nil when a controller is missing.
    func controllersAndLeavingView() -> (from: ViewController, to: ViewController, fromView: View)? {
        guard let from = viewController(forKey: .from), let to = viewController(forKey: .to) else { return nil }
        return (from, to, view(forKey: .from) ?? from.view)
    }

    /// The presented controller and its view (the "to" side of a presentation). Nil when either
    /// is missing: the view is nil when the presentation controller keeps it out of the transition.
    func presentedControllerAndView() -> (controller: ViewController, view: View)? {
        guard let controller = viewController(forKey: .to), let view = view(forKey: .to) else { return nil }
        return (controller, view)
    }

    /// The end of a presentation's animation: when it was cancelled, `restore` puts back what the
    /// animator changed on the presented view and the view leaves the container again; then the
    /// transition completes.
    func endPresentation(of presentedView: View, restore: () -> Void) {
        let success = !transitionWasCancelled
        if !success {
            restore()
            presentedView.removeFromSuperview()
        }
        completeTransition(success)
    }

    /// The end of a dismissal's animation: completed, the dismissed view leaves the container;
    /// cancelled, `restore` puts back what the animator changed. Then the transition completes.
    func endDismissal(of dismissedView: View, restore: () -> Void) {
        let success = !transitionWasCancelled
        if success { dismissedView.removeFromSuperview() } else { restore() }
        completeTransition(success)
    }

    /// Completes at once, without animating: the context lacks a controller or view the
    /// animator needs.
    func completeWithoutAnimation() {
        completeTransition(!transitionWasCancelled)
    }
}
