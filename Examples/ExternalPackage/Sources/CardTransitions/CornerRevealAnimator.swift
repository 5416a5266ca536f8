import Segue

/// A presentation that grows the presented card out of the container's top-left corner while it
/// fades in; the dismissal shrinks it back into the corner. Written as one writes a
/// UIViewControllerAnimatedTransitioning: everything is read from the context.
@MainActor
public final class CornerRevealAnimator: ViewControllerAnimatedTransitioning {
    public let duration: Double

    public init(duration: Double = 0.4) { self.duration = duration }

    public func transitionDuration(using context: (any ViewControllerContextTransitioning)?) -> Double { duration }

    /// The corner frame a card of the final frame starts from (and a dismissed one ends at).
    public static func cornerFrame(for final: Rect) -> Rect {
        Rect(x: 0, y: 0, width: final.width * 0.1, height: final.height * 0.1)
    }

    public func animateTransition(using context: any ViewControllerContextTransitioning) {
        let container = context.containerView
        // Presenting when the "from" controller presented the "to" one; else dismissing.
        let isPresenting = context.viewController(forKey: .to)?.presentingViewController === context.viewController(forKey: .from)
        if isPresenting {
            guard let controller = context.viewController(forKey: .to), let card = context.view(forKey: .to) else {
                return context.completeTransition(!context.transitionWasCancelled)
            }
            let final = context.finalFrame(for: controller)
            container.addSubview(card)
            card.frame = Self.cornerFrame(for: final)
            card.alpha = 0
            View.animate(withDuration: duration, options: .curveEaseOut, animations: {
                card.frame = final
                card.alpha = 1
            }, completion: { _ in
                let completed = !context.transitionWasCancelled
                if !completed { card.removeFromSuperview() }  // a cancelled presentation leaves nothing behind
                context.completeTransition(completed)
            })
        } else {
            guard let card = context.view(forKey: .from) else {
                return context.completeTransition(!context.transitionWasCancelled)
            }
            let start = card.frame
            View.animate(withDuration: duration, options: .curveEaseIn, animations: {
                card.frame = Self.cornerFrame(for: start)
                card.alpha = 0
            }, completion: { _ in
                let completed = !context.transitionWasCancelled
                if !completed { (card.frame, card.alpha) = (start, 1) }
                context.completeTransition(completed)
            })
        }
    }
}
