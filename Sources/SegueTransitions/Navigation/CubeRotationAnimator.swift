import SegueTiming
import SegueUIKit

/// Example d: a 3D cube rotation for push and pop (1.5 s). The two views share an edge: the
/// leaving view turns away about it while the arriving view turns in, both with perspective
/// (m34 = −0.005), and the container slides so the cube turns in place. Pop mirrors push.
/// (The seed slides the container from +½ to −½ width, which starts the from screen half a
/// width off; sliding by one whole width from 0 keeps progress 0 and 1 exactly on the screens.)
///
/// The seed sets m34 on the rotation matrix itself, which leaves flat views without any
/// perspective; here the perspective is applied after the rotation (as
/// `CATransform3DRotate(perspective, …)` does), and the signs make both faces recede, as on a
/// cube seen from outside (the seed's signs would swing them through the eye).
@MainActor
public final class CubeRotationAnimator: ViewControllerAnimatedTransitioning {
    public enum Operation: Sendable { case push, pop }

    public var operation: Operation
    public let duration: Double
    public static let m34 = -0.005

    public init(operation: Operation = .push, duration: Double = 1.5) {
        self.operation = operation
        self.duration = duration
    }

    public func transitionDuration(using context: (any ViewControllerContextTransitioning)?) -> Double { duration }

    public func animateTransition(using context: any ViewControllerContextTransitioning) {
        let container = context.containerView
        guard let (_, toController, fromView) = context.controllersAndLeavingView() else { return context.completeTransition(false) }
        let toView = context.view(forKey: .to) ?? toController.view
        let direction: Double = operation == .push ? 1 : -1
        let width = container.bounds.width
        let perspective = Transform3D.perspective(m34: Self.m34)
        let finalFrame = context.finalFrame(for: toController)
        let fromFrame = fromView.frame
        let toFrame = finalFrame == .zero ? container.bounds : finalFrame

        // The arriving face sits beside the leaving one (right of it on a push), sharing an
        // edge; each is anchored on that edge. Sliding the container's bounds by one width
        // turns the cube in place: at 0 the from screen is where it was, at 1 the to screen is.
        fromView.anchorPoint = Point(x: direction == 1 ? 1 : 0, y: 0.5)
        fromView.frame = fromFrame
        toView.anchorPoint = Point(x: direction == 1 ? 0 : 1, y: 0.5)
        toView.frame = toFrame.offsetBy(dx: direction * width, dy: 0)
        toView.transform = perspective.rotated(by: direction * .pi / 2, x: 0, y: 1, z: 0)
        container.addSubview(toView)
        let originalBounds = container.bounds
        // A window resized mid-turn: the faces take the new size and keep sharing an edge, and
        // the slide ends one new width along (its running animation is additive: it carries on
        // from what is on screen to the new end, with no black frame).
        let follower = ContainerSizeFollower(in: container) { size in
            View.performWithoutAnimation {
                container.bounds.origin.x = originalBounds.origin.x + direction * size.width
                for view in [fromView, toView] {
                    view.bounds.size = size
                    view.center = Point(x: originalBounds.origin.x + (direction == 1 ? size.width : 0), y: originalBounds.origin.y + size.height / 2)
                }
            }
        }

        View.animate(withDuration: duration, options: .curveEaseInOut, animations: {
            container.bounds.origin = Point(x: originalBounds.origin.x + direction * width, y: originalBounds.origin.y)
            fromView.transform = perspective.rotated(by: -direction * .pi / 2, x: 0, y: 1, z: 0)
            toView.transform = perspective
        }, completion: { _ in
            follower.removeFromSuperview()
            View.performWithoutAnimation {
                // The origin only: the container may have been resized since the start.
                container.bounds.origin = originalBounds.origin
                for (view, frame) in [(fromView, fromFrame), (toView, toFrame)] {
                    view.transform = .identity
                    view.anchorPoint = Point(x: 0.5, y: 0.5)
                    view.frame = frame
                }
            }
            if context.transitionWasCancelled { toView.removeFromSuperview() } else { fromView.removeFromSuperview() }
            context.completeTransition(!context.transitionWasCancelled)
        })
    }
}

/// Example d's interactive pop: a horizontal pan drives the pop; percent =
/// clamp(translation.x / 200, 0, 1); on release it finishes if percent > 0.5, else cancels.
@MainActor
public final class CubePopInteraction {
    public let interaction = PercentDrivenInteractiveTransition()
    public private(set) var isInteracting = false
    public static let distance = 200.0
    private var shouldComplete = false
    private let beginPop: @MainActor () -> Void

    /// `beginPop` starts the (animated) pop that this interaction then drives.
    public init(beginPop: @escaping @MainActor () -> Void) { self.beginPop = beginPop }

    /// UIKit's way to start an interactive pop: a `ScreenEdgePanGestureRecognizer` from the
    /// left edge, attached to `view` (the navigation controller's view), feeding `handle`. The
    /// seed's own way, a plain horizontal pan anywhere, stays available: feed `handle` from a
    /// `PanGestureRecognizer`.
    @discardableResult
    public func addScreenEdgePan(to view: View) -> ScreenEdgePanGestureRecognizer {
        let edgePan = ScreenEdgePanGestureRecognizer(edges: .left) { [weak self, weak view] pan in self?.handle(pan, in: view) }
        view.addGestureRecognizer(edgePan)
        return edgePan
    }

    /// Feed from a pan recognizer's action.
    public func handle(_ pan: PanGestureRecognizer, in view: View?) {
        switch pan.state {
        case .began:
            isInteracting = true
            beginPop()
        case .changed:
            let percent = min(max(pan.translation(in: view).x / Self.distance, 0), 1)
            shouldComplete = percent > 0.5
            interaction.update(percent)
        case .ended, .cancelled:
            isInteracting = false
            if pan.state == .cancelled || !shouldComplete { interaction.cancel() } else { interaction.finish() }
        default:
            break
        }
    }
}
