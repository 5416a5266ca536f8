import SegueUIKit

/// The pixel dissolve driven by a horizontal pan (example h, interactive): percent =
/// translation.x / width from where the press began; on release it finishes or cancels by
/// `shouldFinish` — a flick decides by its direction, a slow release by the position.
@MainActor
public final class PixelDissolvePanInteraction: ScenarioInteraction {
    /// Widths per second above which a release is a flick (its direction decides).
    public nonisolated static let flickSpeed = 0.5

    /// The release rule, shared with `segue play`'s effect windows.
    public nonisolated static func shouldFinish(percent: Double, velocity: Double) -> Bool {
        if abs(velocity) >= flickSpeed { return velocity > 0 }
        return percent > 0.5
    }

    private let animator: PixelDissolveTransitionAnimator
    private let presenting: ViewController
    private let presented: ViewController
    private var began = false

    /// `animator` must be interactive and vended for `presented`'s presentation by `presenting`.
    public init(animator: PixelDissolveTransitionAnimator, presenting: ViewController, presented: ViewController) {
        self.animator = animator
        self.presenting = presenting
        self.presented = presented
    }

    public func handle(_ pan: PanGestureRecognizer, in view: View) {
        let width = max(1, view.bounds.width)
        switch pan.state {
        case .began:
            began = true
            presenting.present(presented, animated: true)
            animator.update(pan.translation(in: view).x / width)
        case .changed:
            animator.update(pan.translation(in: view).x / width)
        case .ended, .cancelled:
            let velocity = pan.velocity(in: view).x / width
            if pan.state == .ended && Self.shouldFinish(percent: animator.progress, velocity: velocity) {
                animator.finish()
            } else {
                animator.cancel()
            }
        default:
            break
        }
    }

    public var phase: ScenarioInteractionPhase {
        guard began else { return .idle }
        if let window = Window.containing(presenting.view), window.transitionDriver.isTransitioning { return .running }
        return presenting.presentedViewController === presented ? .finished : .cancelled
    }

    /// The animator's own progress as drawn (the drag, then its settle): after the release the
    /// transition is no longer interactive, and the coordinator's percent would count time.
    public var percentComplete: Double {
        switch phase {
        case .idle, .cancelled: 0
        case .finished: 1
        case .running: animator.progress
        }
    }

    /// Finished: `presented` presented by `presenting`, whose view left the window, its view
    /// alone in the window's one container and at rest. Otherwise `presenting`'s view alone in
    /// the window, presenting nothing.
    public var isSettledCleanly: Bool {
        let phase = phase
        guard phase != .running else { return false }
        guard phase == .finished else {
            guard let window = Window.containing(presenting.view) else { return false }
            let rootViews = window.rootView.subviews
            return rootViews.count == 1 && rootViews[0] === presenting.view && presenting.presentedViewController == nil
        }
        guard let window = Window.containing(presented.view) else { return false }
        let rootViews = window.rootView.subviews
        return presenting.presentedViewController === presented && presenting.view.superview == nil && rootViews.count == 1
            && rootViews[0].subviews.count == 1 && rootViews[0].subviews[0] === presented.view && presented.view.isAtRest
    }
}
