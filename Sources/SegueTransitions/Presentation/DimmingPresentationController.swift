import SegueUIKit

/// Example f (the seed's `CustomPresentationController`): a custom presentation whose
/// presented view sits in the container's bounds inset by (50, 200) over a black dimming view.
/// The dimming view is added in `presentationTransitionWillBegin` and fades from alpha 0 to
/// 0.5 alongside the presentation (through the transition coordinator), fades out alongside
/// the dismissal, and is removed when the presentation is cancelled or the dismissal
/// completes. A window resize re-lays out both alongside the resize (its coordinator).
///
/// The presented controller's `modalPresentationStyle` must be `.custom` (see
/// `DimmingTransitioningDelegate.prepare(_:)`).
@MainActor
public final class DimmingPresentationController: PresentationController {
    /// The chrome behind the presented view (black; its alpha animates).
    public let dimmingView: View
    /// The presented view's inset from the container's bounds (the seed's `CGRectInset(frame, 50, 200)`).
    public let inset: (dx: Double, dy: Double)
    /// When set, the inset is instead this fraction of the container's width and height, so
    /// the presented view keeps the container's aspect ratio at any size (and through resizes).
    public let insetFraction: (dx: Double, dy: Double)?
    /// The dimming view's alpha while presented.
    public let dimmedAlpha: Double

    public init(
        presentedViewController: ViewController, presenting: ViewController?,
        inset: (dx: Double, dy: Double) = (50, 200), insetFraction: (dx: Double, dy: Double)? = nil, dimmedAlpha: Double = 0.5
    ) {
        self.inset = inset
        self.insetFraction = insetFraction
        self.dimmedAlpha = dimmedAlpha
        dimmingView = View(name: "dimmingView")
        dimmingView.backgroundColor = .black
        dimmingView.alpha = 0
        super.init(presentedViewController: presentedViewController, presenting: presenting)
    }

    /// The presented view's frame in a container of `size`.
    public func frameOfPresentedView(inContainerOfSize size: Size) -> Rect {
        let inset = insetFraction.map { (dx: $0.dx * size.width, dy: $0.dy * size.height) } ?? self.inset
        return Rect(origin: .zero, size: size).insetBy(dx: inset.dx, dy: inset.dy)
    }

    public override var frameOfPresentedViewInContainerView: Rect {
        frameOfPresentedView(inContainerOfSize: containerView?.bounds.size ?? .zero)
    }

    public override func presentationTransitionWillBegin() {
        guard let containerView else { return }
        let dimmingView = self.dimmingView, dimmedAlpha = self.dimmedAlpha
        dimmingView.frame = containerView.bounds
        dimmingView.alpha = 0
        // Below everything the animator adds.
        containerView.insertSubview(dimmingView, at: 0)
        if let coordinator = presentedViewController.transitionCoordinator {
            coordinator.animate(alongsideTransition: { _ in dimmingView.alpha = dimmedAlpha })
        } else {
            dimmingView.alpha = dimmedAlpha
        }
    }

    public override func presentationTransitionDidEnd(_ completed: Bool) {
        if !completed { dimmingView.removeFromSuperview() }
    }

    public override func dismissalTransitionWillBegin() {
        let dimmingView = self.dimmingView
        if let coordinator = presentedViewController.transitionCoordinator {
            coordinator.animate(alongsideTransition: { _ in dimmingView.alpha = 0 })
        } else {
            dimmingView.alpha = 0
        }
    }

    public override func dismissalTransitionDidEnd(_ completed: Bool) {
        if completed {
            dimmingView.removeFromSuperview()
        } else {
            // Still presented: the dimming is back where it was.
            dimmingView.alpha = dimmedAlpha
        }
    }

    /// The seed's `viewWillTransitionToSize`: `super` lays out the presented view, the dimming
    /// view follows the container's new bounds alongside the resize.
    public override func viewWillTransition(to size: Size, with coordinator: TransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
        coordinator.animate(alongsideTransition: { [dimmingView, weak self] _ in
            dimmingView.frame = self?.containerView?.bounds ?? Rect(origin: .zero, size: size)
        })
    }
}

/// Vends example f's objects: a `DimmingPresentationController`, a `FadePresentAnimator` for
/// both directions and, for one transition each, an interaction controller.
@MainActor
public final class DimmingTransitioningDelegate: OneShotInteractionVending {
    public let animator: FadePresentAnimator
    public let inset: (dx: Double, dy: Double)
    public let insetFraction: (dx: Double, dy: Double)?
    public let dimmedAlpha: Double
    /// Vended for the next presentation only.
    public var presentationInteraction: (any ViewControllerInteractiveTransitioning)?
    /// Vended for the next dismissal only.
    public var dismissalInteraction: (any ViewControllerInteractiveTransitioning)?
    /// The presentation controller of the last presentation.
    public private(set) weak var presentationController: DimmingPresentationController?

    public init(
        animator: FadePresentAnimator = FadePresentAnimator(), inset: (dx: Double, dy: Double) = (50, 200),
        insetFraction: (dx: Double, dy: Double)? = nil, dimmedAlpha: Double = 0.5
    ) {
        self.animator = animator
        self.inset = inset
        self.insetFraction = insetFraction
        self.dimmedAlpha = dimmedAlpha
    }

    /// Makes `presented` use this delegate: `.custom` style (required for a presentation
    /// controller) and `transitioningDelegate` (weak: keep the delegate alive).
    public func prepare(_ presented: ViewController) {
        presented.modalPresentationStyle = .custom
        presented.transitioningDelegate = self
    }

    public func presentationController(
        forPresented presented: ViewController, presenting: ViewController?, source: ViewController
    ) -> PresentationController? {
        let controller = DimmingPresentationController(
            presentedViewController: presented, presenting: presenting, inset: inset, insetFraction: insetFraction,
            dimmedAlpha: dimmedAlpha)
        presentationController = controller
        return controller
    }

    public func animationController(
        forPresented presented: ViewController, presenting: ViewController, source: ViewController
    ) -> (any ViewControllerAnimatedTransitioning)? { animator }

    public func animationController(forDismissed dismissed: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
        animator
    }

}

/// A plain fade for presented views (example f's animator): presenting, the "to" view is put
/// at its final frame and fades from alpha 0 to 1; dismissing, the "from" view fades to 0.
/// Ease-in-out, like the coordinator's alongside animations, so chrome and view keep pace.
@MainActor
public final class FadePresentAnimator: ViewControllerAnimatedTransitioning {
    public let duration: Double

    public init(duration: Double = 0.5) { self.duration = max(0, duration) }

    public func transitionDuration(using context: (any ViewControllerContextTransitioning)?) -> Double { duration }

    public func animateTransition(using context: any ViewControllerContextTransitioning) {
        let container = context.containerView
        let duration = transitionDuration(using: context)
        if context.isPresentingTransition {
            guard let (toController, toView) = context.presentedControllerAndView() else { return context.completeWithoutAnimation() }
            let originalFrame = toView.frame, originalAlpha = toView.alpha
            container.addSubview(toView)
            toView.frame = context.finalFrame(for: toController)
            toView.alpha = 0
            View.animate(withDuration: duration, options: .curveEaseInOut, animations: {
                toView.alpha = originalAlpha
            }, completion: { _ in
                context.endPresentation(of: toView) {
                    toView.alpha = originalAlpha
                    toView.frame = originalFrame
                }
            })
        } else {
            guard let fromView = context.view(forKey: .from) else {
                return context.completeWithoutAnimation()
            }
            let originalAlpha = fromView.alpha
            View.animate(withDuration: duration, options: .curveEaseInOut, animations: {
                fromView.alpha = 0
            }, completion: { _ in
                // Restored either way: removed views keep their alpha for the next presentation.
                fromView.alpha = originalAlpha
                context.endDismissal(of: fromView) {}
            })
        }
    }
}
