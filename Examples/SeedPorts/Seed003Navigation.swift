// Seed 003's other listings, ported line for line from Objective-C: the zoom `Animator`, the
// navigation controller delegate that vends it (or the GPU animator), and the pan handler
// that starts an interactive push from the right half of the screen.
import SeedPalette
import SegueUIKit

/// "Animator": the old view zooms away to a tenth while the new one fades in, 0.25 s.
@MainActor
final class Animator: ViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?) -> Double {
        return 0.25
    }

    func animateTransition(using transitionContext: any ViewControllerContextTransitioning) {
        let toViewController = transitionContext.viewController(forKey: .to)!
        let fromViewController = transitionContext.viewController(forKey: .from)!
        transitionContext.containerView.addSubview(toViewController.view)
        toViewController.view.alpha = 0

        View.animate(withDuration: self.transitionDuration(using: transitionContext), animations: {
            fromViewController.view.transform = Transform3D(scaleX: 0.1, y: 0.1, z: 1)
            toViewController.view.alpha = 1
        }, completion: { finished in
            fromViewController.view.transform = Transform3D.identity
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}

/// The sample's navigation controller delegate: an animator for pushes only, and whatever
/// interaction controller the pan handler set.
@MainActor
final class ObjcioNavigationControllerDelegate: NavigationControllerDelegate {
    var animator: any ViewControllerAnimatedTransitioning = Animator()
    var interactionController: (any ViewControllerInteractiveTransitioning)?

    func animationController(for operation: NavigationOperation, from fromVC: ViewController, to toVC: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
        if operation == .push {
            return self.animator
        }
        return nil
    }

    func interactionController(for animationController: any ViewControllerAnimatedTransitioning) -> (any ViewControllerInteractiveTransitioning)? {
        return self.interactionController
    }
}

/// The sample's first screen: a pan on its view pushes the next screen interactively.
@MainActor
final class ObjcioListViewController: ViewController {
    let navigationControllerDelegate = ObjcioNavigationControllerDelegate()
    /// The seed's GPU variant uses the GPU animator as its own interaction controller.
    var useGPUAnimator = false
    private(set) var pushed = 0

    init() { super.init(name: "list") }

    override func loadView() {
        view = .seedScreen(name: "list.view", colour: Palette.items)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        navigationController?.delegate = navigationControllerDelegate
        view.addGestureRecognizer(PanGestureRecognizer { [unowned self] in self.didPan($0) })
    }

    /// The storyboard's push segue.
    func performPushSegue() {
        pushed += 1
        navigationController?.pushViewController(ItemDetailViewController(name: "next\(pushed)"), animated: true)
    }

    func didPan(_ panGestureRecognizer: PanGestureRecognizer) {
        // The seed does not show where `view` comes from; this screen's own view zooms away
        // during the push, so the navigation controller's (which stays put) measures the finger.
        let view = navigationController!.view
        let location = panGestureRecognizer.location(in: view)
        let translation = panGestureRecognizer.translation(in: view)
        let interactionController = navigationControllerDelegate.interactionController

        if panGestureRecognizer.state == .began {
            if location.x > view.bounds.midX {
                if useGPUAnimator, let gpu = navigationControllerDelegate.animator as? GPUImageAnimator {
                    gpu.interactive = true
                    navigationControllerDelegate.interactionController = gpu
                } else {
                    navigationControllerDelegate.interactionController = PercentDrivenInteractiveTransition()
                }
                performPushSegue()
            }
        } else if panGestureRecognizer.state == .changed {
            let d = (translation.x / view.bounds.width) * -1
            (interactionController as? PercentDrivenInteractiveTransition)?.update(d)
            (interactionController as? GPUImageAnimator)?.updateInteractiveTransition(d)
        } else if panGestureRecognizer.state == .ended {
            if panGestureRecognizer.velocity(in: view).x < 0 {
                (interactionController as? PercentDrivenInteractiveTransition)?.finish()
                (interactionController as? GPUImageAnimator)?.finishInteractiveTransition()
            } else {
                (interactionController as? PercentDrivenInteractiveTransition)?.cancel()
                (interactionController as? GPUImageAnimator)?.cancelInteractiveTransition()
            }
            navigationControllerDelegate.interactionController = nil
        }
    }
}
