// Seed 002 (AppCoda's custom transitions, translated): the three animators, ported line for
// line from the Swift of the seed (UIKit 8 names → Segue's: UIView → View, CGRectOffset →
// offsetBy, CATransform3D → Transform3D, view.layer.x → view.x, UIScreen.mainScreen() →
// Screen.main); the seed's two dismissals share their first lines (`placeViewBehind`). Nothing
// here uses Segue's built-in animators.
import SegueUIKit

/// "CustomPresentAnimationController": the target slides up from below the screen with a
/// spring (damping 0.5, so it overshoots) while the source fades to half.
@MainActor
final class CustomPresentAnimationController: ViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?) -> Double {
        return 2.5
    }

    func animateTransition(using transitionContext: any ViewControllerContextTransitioning) {
        let fromViewController = transitionContext.viewController(forKey: .from)!
        let toViewController = transitionContext.viewController(forKey: .to)!
        let finalFrameForVC = transitionContext.finalFrame(for: toViewController)
        let containerView = transitionContext.containerView
        let bounds = Screen.main.bounds
        toViewController.view.frame = finalFrameForVC.offsetBy(dx: 0, dy: bounds.size.height)
        containerView.addSubview(toViewController.view)

        View.animate(withDuration: transitionDuration(using: transitionContext), delay: 0.0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0.0, options: .curveLinear, animations: {
            fromViewController.view.alpha = 0.5
            toViewController.view.frame = finalFrameForVC
        }, completion: { finished in
            transitionContext.completeTransition(true)
            fromViewController.view.alpha = 1.0
        })
    }
}

/// "CustomDismissAnimationController", the seed's second version: a snapshot of the leaving
/// view shrinks to its centre (its subviews with it) while the view behind fades back in. The
/// view behind is added to the container and sent to the back, as Apple's guide says.
@MainActor
final class CustomDismissAnimationController: ViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?) -> Double {
        return 2
    }

    func animateTransition(using transitionContext: any ViewControllerContextTransitioning) {
        let (fromViewController, toViewController, containerView) = placeViewBehind(transitionContext)

        let snapshotView = fromViewController.view.snapshotView(afterScreenUpdates: false)!
        snapshotView.frame = fromViewController.view.frame
        containerView.addSubview(snapshotView)

        fromViewController.view.removeFromSuperview()

        View.animate(withDuration: transitionDuration(using: transitionContext), animations: {
            snapshotView.frame = fromViewController.view.frame.insetBy(dx: fromViewController.view.frame.size.width / 2, dy: fromViewController.view.frame.size.height / 2)
            toViewController.view.alpha = 1.0
        }, completion: { finished in
            snapshotView.removeFromSuperview()
            transitionContext.completeTransition(true)
        })
    }
}

/// The seed's first dismissal (before the snapshot fix): the view itself shrinks, and its
/// subviews keep their size — the "small bug" the seed shows.
@MainActor
final class CustomDismissWithoutSnapshotAnimationController: ViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?) -> Double {
        return 2
    }

    func animateTransition(using transitionContext: any ViewControllerContextTransitioning) {
        let (fromViewController, toViewController, _) = placeViewBehind(transitionContext)

        View.animate(withDuration: transitionDuration(using: transitionContext), animations: {
            fromViewController.view.frame = fromViewController.view.frame.insetBy(dx: fromViewController.view.frame.size.width / 2, dy: fromViewController.view.frame.size.height / 2)
            toViewController.view.alpha = 1.0
        }, completion: { finished in
            transitionContext.completeTransition(true)
        })
    }
}

/// "CustomNavigationAnimationController": the open-source cube rotation for push (`reverse`
/// false) and pop. As in the seed, m34 is set on the rotation matrix itself (so flat views
/// get no perspective) and the container slides by half a width each way.
@MainActor
final class CustomNavigationAnimationController: ViewControllerAnimatedTransitioning {
    var reverse: Bool = false

    func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?) -> Double {
        return 1.5
    }

    func animateTransition(using transitionContext: any ViewControllerContextTransitioning) {
        let containerView = transitionContext.containerView
        let toViewController = transitionContext.viewController(forKey: .to)!
        let fromViewController = transitionContext.viewController(forKey: .from)!
        let toView = toViewController.view
        let fromView = fromViewController.view
        let direction: Double = reverse ? -1 : 1
        let const: Double = -0.005

        toView.anchorPoint = Point(x: direction == 1 ? 0 : 1, y: 0.5)
        fromView.anchorPoint = Point(x: direction == 1 ? 1 : 0, y: 0.5)

        var viewFromTransform: Transform3D = Transform3D(rotationAngle: direction * Double.pi / 2, x: 0.0, y: 1.0, z: 0.0)
        var viewToTransform: Transform3D = Transform3D(rotationAngle: -direction * Double.pi / 2, x: 0.0, y: 1.0, z: 0.0)
        viewFromTransform.m34 = const
        viewToTransform.m34 = const

        containerView.transform = Transform3D(translationX: direction * containerView.frame.size.width / 2.0, y: 0, z: 0)
        toView.transform = viewToTransform
        containerView.addSubview(toView)

        View.animate(withDuration: transitionDuration(using: transitionContext), animations: {
            containerView.transform = Transform3D(translationX: -direction * containerView.frame.size.width / 2.0, y: 0, z: 0)
            fromView.transform = viewFromTransform
            toView.transform = Transform3D.identity
        }, completion: { finished in
            containerView.transform = Transform3D.identity
            fromView.transform = Transform3D.identity
            toView.transform = Transform3D.identity
            fromView.anchorPoint = Point(x: 0.5, y: 0.5)
            toView.anchorPoint = Point(x: 0.5, y: 0.5)

            if transitionContext.transitionWasCancelled {
                toView.removeFromSuperview()
            } else {
                fromView.removeFromSuperview()
            }
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}

/// How both of the seed's dismissals begin: the view behind at its final frame, half faded in,
/// added to the container and sent to the back (as Apple's guide says).
@MainActor
private func placeViewBehind(
    _ transitionContext: any ViewControllerContextTransitioning
) -> (from: ViewController, to: ViewController, container: View) {
        let fromViewController = transitionContext.viewController(forKey: .from)!
        let toViewController = transitionContext.viewController(forKey: .to)!
        let finalFrameForVC = transitionContext.finalFrame(for: toViewController)
        let containerView = transitionContext.containerView
        toViewController.view.frame = finalFrameForVC
        toViewController.view.alpha = 0.5
        containerView.addSubview(toViewController.view)
        containerView.sendSubviewToBack(toViewController.view)
        return (fromViewController, toViewController, containerView)
}
