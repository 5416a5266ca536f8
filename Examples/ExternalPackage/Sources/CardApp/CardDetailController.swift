import Segue

/// A card's full-screen detail: its colour with a white badge. A pan from the left edge
/// dismisses it interactively, as UIKit apps do: the dismissal follows the finger, and on release
/// it finishes past half the width or on a flick to the right, and is cancelled otherwise.
@MainActor
public final class CardDetailController: ViewController {
    /// Points a second to the right that count as a flick.
    public static let flickVelocity = 600.0
    public let color: Color
    private let transitions: CardTransitioningDelegate

    public init(color: Color, transitions: CardTransitioningDelegate) {
        self.color = color
        self.transitions = transitions
        super.init(name: "card detail")
    }

    public override func loadView() {
        view = View(name: "card detail")
        view.backgroundColor = color
        let badge = View(frame: Rect(x: 24, y: 24, width: 64, height: 40), name: "badge")
        badge.backgroundColor = .white
        view.addSubview(badge)
        view.addGestureRecognizer(ScreenEdgePanGestureRecognizer(edges: .left) { [weak self] pan in self?.edgePanned(pan) })
    }

    private func edgePanned(_ pan: ScreenEdgePanGestureRecognizer) {
        // Measured in the container: the card itself shrinks while the dismissal runs.
        let container = view.superview
        let percent = pan.translation(in: container).x / max(container?.bounds.width ?? view.bounds.width, 1)
        switch pan.state {
        case .began:
            // The delegate vends this interaction for the dismissal it is asked about next.
            transitions.dismissalInteraction = PercentDrivenInteractiveTransition()
            dismiss(animated: true)
        case .changed:
            transitions.dismissalInteraction?.update(percent)
        case .ended:
            let interaction = transitions.dismissalInteraction
            transitions.dismissalInteraction = nil
            if percent > 0.5 || pan.velocity(in: container).x > Self.flickVelocity { interaction?.finish() } else { interaction?.cancel() }
        case .cancelled, .failed:
            transitions.dismissalInteraction?.cancel()
            transitions.dismissalInteraction = nil
        default: break
        }
    }
}
