import Segue

/// Slides a sheet up from the bottom edge of the container when it is presented, and back down
/// when it is dismissed. One class serves both directions; the transitioning delegate says which.
@MainActor
public final class SheetAnimator: ViewControllerAnimatedTransitioning {
    public let isPresenting: Bool
    public let duration: Double

    public init(presenting: Bool, duration: Double = 0.4) {
        isPresenting = presenting
        self.duration = duration
    }

    public func transitionDuration(using context: (any ViewControllerContextTransitioning)?) -> Double {
        duration
    }

    public func animateTransition(using context: any ViewControllerContextTransitioning) {
        let container = context.containerView
        // The sheet is the "to" view of a presentation and the "from" view of a dismissal.
        let key: TransitionKey = isPresenting ? .to : .from
        guard let sheetController = context.viewController(forKey: key), let sheet = context.view(forKey: key) else {
            return context.completeTransition(false)
        }
        // Where the sheet rests, and the same frame pushed just below the container's bottom edge.
        let shown = isPresenting ? context.finalFrame(for: sheetController) : sheet.frame
        let hidden = shown.offsetBy(dx: 0, dy: container.bounds.height - shown.minY)
        if isPresenting {
            // The animator adds the presented view to the container itself.
            container.addSubview(sheet)
            sheet.frame = hidden
        }
        View.animate(withDuration: duration, options: .curveEaseInOut, animations: {
            sheet.frame = self.isPresenting ? shown : hidden
        }, completion: { _ in
            let completed = !context.transitionWasCancelled
            if !completed {
                // Cancelled: leave the views as they were before the transition.
                if self.isPresenting { sheet.removeFromSuperview() } else { sheet.frame = shown }
            }
            context.completeTransition(completed)
        })
    }

    /// Called after the completion handler of `present` or `dismiss`; nothing to clean up here.
    public func animationEnded(_ transitionCompleted: Bool) {}
}
