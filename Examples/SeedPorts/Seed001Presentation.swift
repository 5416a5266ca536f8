// Seed 001 (a presentation controller with a dimming view, translated), ported line for line
// from its Swift 2: `presentedView()` → `presentedView`, `transitionCoordinator()!` →
// `transitionCoordinator!`, `CGRectInset` → `insetBy`. The seed does not list the body of its
// `CustomAnimationController(isPresenting:)`; Apple's listing 10-2 (`MyAnimator`) is an
// animator of exactly that shape and stands in for it.
import SeedPalette
import SegueUIKit

@MainActor
final class CustomPresentationController: PresentationController {
    /// The semi-transparent black mask between the presenter and the presented view.
    let dismissView: View = {
        let view = View(name: "dismissView")
        view.backgroundColor = Color(white: 0, alpha: 0.5)
        return view
    }()
    /// The sizes `viewWillTransition(to:with:)` was told of (with the resize's coordinator).
    private(set) var sizeChanges: [Size] = []

    // When a view controller is about to be presented, UIKit calls the presentation controller's presentationTransitionWillBegin() method.
    override func presentationTransitionWillBegin() {
        dismissView.frame = self.containerView!.bounds
        dismissView.alpha = 0.0

        self.containerView!.addSubview(dismissView)
        self.containerView!.addSubview(self.presentedView!)

        let transitionCoordinator = self.presentedViewController.transitionCoordinator!
        transitionCoordinator.animate(alongsideTransition: { (context: TransitionContext) in
            self.dismissView.alpha = 1.0
        }, completion: nil)
    }

    // At the end of the presentation phase, UIKit calls the presentationTransitionDidEnd(_:) method to let you know that the transition finished.
    override func presentationTransitionDidEnd(_ completed: Bool) {
        if !completed {
            dismissView.removeFromSuperview()
        }
    }

    override func dismissalTransitionWillBegin() {
        let transitionCoordinator = self.presentedViewController.transitionCoordinator!
        transitionCoordinator.animate(alongsideTransition: { (context: TransitionContext) in
            self.dismissView.alpha = 0.0
        }, completion: nil)
    }

    override func dismissalTransitionDidEnd(_ completed: Bool) {
        if completed {
            dismissView.removeFromSuperview()
        }
    }

    override var frameOfPresentedViewInContainerView: Rect {
        var frame = self.containerView!.bounds
        frame = frame.insetBy(dx: 50.0, dy: 200.0)

        return frame
    }

    // As in UIKit, a size change always comes with a coordinator (a window resize makes one).
    override func viewWillTransition(to size: Size, with coordinator: TransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
        sizeChanges.append(size)

        coordinator.animate(alongsideTransition: { (context: TransitionContext) in
            self.dismissView.frame = self.containerView!.bounds
        }, completion: nil)
    }
}

/// The seed's "CustomAnimationController(isPresenting:)".
@MainActor
final class CustomAnimationController: MyAnimator {
    init(isPresenting: Bool) {
        super.init()
        presenting = isPresenting
    }
}

/// "MessageViewController": the presented controller, its own transitioning delegate.
@MainActor
final class MessageViewController: ViewController, ViewControllerTransitioningDelegate {
    weak var madePresentationController: CustomPresentationController?

    init() {
        super.init(name: "message")
        modalPresentationStyle = .custom
        transitioningDelegate = self
    }

    override func loadView() {
        view = .seedScreen(name: "message.view", colour: Palette.message)
    }

    func presentationController(forPresented presented: ViewController, presenting: ViewController?, source: ViewController) -> PresentationController? {
        if presented == self {
            // presented: MessageViewController source: ViewController
            print("presented: \(presented.name),source:\(source.name)")

            let controller = CustomPresentationController(presentedViewController: presented, presenting: presenting)
            madePresentationController = controller  // kept for the scenario's measurements
            return controller
        } else {
            return nil
        }
    }

    func animationController(forPresented presented: ViewController, presenting: ViewController, source: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
        if source == presenting {
            print("equal")
        }
        if presented == self {
            print("presented: \(presented.name)),presenting: \(presenting.name) source:\(source.name)")

            return CustomAnimationController(isPresenting: true)
        } else {
            return nil
        }
    }

    func animationController(forDismissed dismissed: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
        if dismissed == self {
            // dismissed: MessageViewController
            print("dismissed: \(dismissed.name)")

            return CustomAnimationController(isPresenting: false)
        } else {
            return nil
        }
    }
}
