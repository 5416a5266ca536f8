import SegueUIKit

/// Example a (Apple's "Customizing the Transition Animations", listing 10-2): the presented
/// view starts off-screen at the container's lower-right corner (its origin at the container's
/// max x / max y) and slides diagonally to its final frame; the dismissal slides it back out
/// to the same corner. One instance serves both directions: which one runs is read from the
/// context (the "to" controller's presenter is the "from" one when presenting).
///
/// Differences from the listing: the start frame keeps the final frame's size (the listing
/// starts from `initialFrame(for:)`, which is `.zero` for a presented controller), and the
/// dismissal does not move the "to" view into the container (the presenter's view is back in
/// its own superview; the container is removed when the dismissal completes).
@MainActor
public final class DiagonalPresentAnimator: ViewControllerAnimatedTransitioning {
    /// Seconds (the listing uses the animator's own duration; 0.5 here).
    public let duration: Double
    public let options: AnimationOptions

    public init(duration: Double = 0.5, options: AnimationOptions = .curveEaseInOut) {
        self.duration = max(0, duration)
        self.options = options
    }

    public func transitionDuration(using context: (any ViewControllerContextTransitioning)?) -> Double { duration }

    /// The off-screen frame for a view of `size` in `container`: its origin at the lower-right corner.
    public static func offscreenFrame(size: Size, in container: View) -> Rect {
        Rect(origin: Point(x: container.bounds.maxX, y: container.bounds.maxY), size: size)
    }

    public func animateTransition(using context: any ViewControllerContextTransitioning) {
        let container = context.containerView
        let duration = transitionDuration(using: context)
        if context.isPresentingTransition {
            guard let (toController, toView) = context.presentedControllerAndView() else { return context.completeWithoutAnimation() }
            let original = toView.frame
            let final = context.finalFrame(for: toController)
            container.addSubview(toView)
            toView.frame = Self.offscreenFrame(size: final.size, in: container)
            View.animate(withDuration: duration, options: options, animations: {
                toView.frame = final
            }, completion: { _ in
                context.endPresentation(of: toView) { toView.frame = original }
            })
        } else {
            guard let fromView = context.view(forKey: .from) else {
                return context.completeWithoutAnimation()
            }
            let start = fromView.frame
            View.animate(withDuration: duration, options: options, animations: {
                fromView.frame = Self.offscreenFrame(size: start.size, in: container)
            }, completion: { _ in
                context.endDismissal(of: fromView) { fromView.frame = start }
            })
        }
    }
}
