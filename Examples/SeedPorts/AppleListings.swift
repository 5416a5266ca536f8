// Apple's "Customizing the Transition Animations" (seed 000, translated), listings 10-1 to
// 10-4, ported line for line from Objective-C. Messages to nil do nothing in Objective-C, so
// `toView`/`fromView` (nil in a custom presentation) are optionals used with `?.`.
import Foundation
import SegueUIKit

/// Listing 10-2: "Animations for implementing a diagonal presentation and dismissal". The
/// listing does not show `transitionDuration`; one second is used.
@MainActor
class MyAnimator: ViewControllerAnimatedTransitioning {
    /// The animator's own property, set by the transitioning delegate when it makes it.
    var presenting = false

    func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?) -> Double { 1.0 }

    func animateTransition(using transitionContext: any ViewControllerContextTransitioning) {
        // Get the set of relevant objects.
        let containerView = transitionContext.containerView
        let fromVC = transitionContext.viewController(forKey: .from)!
        let toVC = transitionContext.viewController(forKey: .to)!

        let toView = transitionContext.view(forKey: .to)
        let fromView = transitionContext.view(forKey: .from)

        // Set up some variables for the animation.
        let containerFrame = containerView.frame
        var toViewStartFrame = transitionContext.initialFrame(for: toVC)
        let toViewFinalFrame = transitionContext.finalFrame(for: toVC)
        var fromViewFinalFrame = transitionContext.finalFrame(for: fromVC)

        // Set up the animation parameters.
        if self.presenting {
            // Modify the frame of the presented view so that it starts
            // offscreen at the lower-right corner of the container.
            toViewStartFrame.origin.x = containerFrame.size.width
            toViewStartFrame.origin.y = containerFrame.size.height
        } else {
            // Modify the frame of the dismissed view so it ends in
            // the lower-right corner of the container view.
            fromViewFinalFrame = Rect(x: containerFrame.size.width,
                                      y: containerFrame.size.height,
                                      width: toView?.frame.size.width ?? 0,
                                      height: toView?.frame.size.height ?? 0)
        }

        // Always add the "to" view to the container.
        // And it doesn't hurt to set its start frame.
        if let toView { containerView.addSubview(toView) }
        toView?.frame = toViewStartFrame

        // Animate using the animator's own duration value.
        View.animate(withDuration: self.transitionDuration(using: transitionContext),
                     animations: {
                         if self.presenting {
                             // Move the presented view into position.
                             toView?.frame = toViewFinalFrame
                         } else {
                             // Move the dismissed view offscreen.
                             fromView?.frame = fromViewFinalFrame
                         }
                     },
                     completion: { finished in
                         let success = !transitionContext.transitionWasCancelled

                         // After a failed presentation or successful dismissal, remove the view.
                         if (self.presenting && !success) || (!self.presenting && success) {
                             toView?.removeFromSuperview()
                         }

                         // Notify UIKit that the transition has finished
                         transitionContext.completeTransition(success)
                     })
    }
}

/// Listings 10-3 and 10-4: "Configuring a percent-driven interactive animator" and "Using
/// events to update the animation progress". The pan lives on the container view; the
/// vertical travel over the container's height is the percent; the end of the pan finishes.
@MainActor
final class MyInteractiveTransition: PercentDrivenInteractiveTransition {
    var contextData: (any ViewControllerContextTransitioning)?
    var panGesture: PanGestureRecognizer!

    override func startInteractiveTransition(_ transitionContext: any ViewControllerContextTransitioning) {
        // Always call super first.
        super.startInteractiveTransition(transitionContext)

        // Save the transition context for future reference.
        self.contextData = transitionContext

        // Create a pan gesture recognizer to monitor events.
        self.panGesture = PanGestureRecognizer { [unowned self] in self.handleSwipeUpdate($0) }
        self.panGesture.maximumNumberOfTouches = 1

        // Add the gesture recognizer to the container view.
        let container = transitionContext.containerView
        container.addGestureRecognizer(self.panGesture)
    }

    func handleSwipeUpdate(_ gestureRecognizer: PanGestureRecognizer) {
        let container = self.contextData!.containerView

        if gestureRecognizer.state == .began {
            // Reset the translation value at the beginning of the gesture.
            self.panGesture.setTranslation(Point(x: 0, y: 0), in: container)
        } else if gestureRecognizer.state == .changed {
            // Get the current translation value.
            let translation = self.panGesture.translation(in: container)

            // Compute how far the gesture has travelled vertically,
            //  relative to the height of the container view.
            let percentage = fabs(translation.y / container.bounds.height)

            // Use the translation value to update the interactive animator.
            self.update(percentage)
        } else if gestureRecognizer.state >= .ended {
            // Finish the transition and remove the gesture recognizer.
            self.finish()
            self.contextData!.containerView.removeGestureRecognizer(self.panGesture)
        }
    }
}

/// Listing 10-1's delegate ("Creating an animator object"), with the presenting flag the text
/// asks for and the interactive animator of listing 10-3 for dismissals when `interactive`.
@MainActor
final class MyTransitioningDelegate: ViewControllerTransitioningDelegate {
    var interactive = false
    let interactionController = MyInteractiveTransition()

    func animationController(forPresented presented: ViewController, presenting: ViewController, source: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
        let animator = MyAnimator()
        animator.presenting = true
        return animator
    }

    func animationController(forDismissed dismissed: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
        let animator = MyAnimator()
        return animator
    }

    func interactionControllerForDismissal(using animator: any ViewControllerAnimatedTransitioning) -> (any ViewControllerInteractiveTransitioning)? {
        return interactive ? interactionController : nil
    }
}
