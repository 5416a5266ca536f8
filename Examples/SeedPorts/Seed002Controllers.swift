// Seed 002's interaction controller and view controllers, ported line for line. The
// storyboard's segue becomes `showAction()`; target/action becomes a closure.
import SeedPalette
import Foundation
import SegueUIKit

/// "CustomInteractionController": one object for the list controller's whole life. Each push
/// attaches a pan to the pushed controller's view; dragging right pops interactively, past
/// 100 points (half of 200) it finishes, otherwise it cancels.
@MainActor
final class CustomInteractionController: PercentDrivenInteractiveTransition {
    var navigationController: NavigationController!
    var shouldCompleteTransition = false
    var transitionInProgress = false
    var completionSeed: Double {
        return 1 - percentComplete
    }

    func attachToViewController(viewController: ViewController) {
        navigationController = viewController.navigationController
        setupGestureRecognizer(view: viewController.view)
    }

    private func setupGestureRecognizer(view: View) {
        view.addGestureRecognizer(PanGestureRecognizer { [unowned self] in self.handlePanGesture(gestureRecognizer: $0) })
    }

    func handlePanGesture(gestureRecognizer: PanGestureRecognizer) {
        let viewTranslation = gestureRecognizer.translation(in: gestureRecognizer.view!.superview!)
        switch gestureRecognizer.state {
        case .began:
            transitionInProgress = true
            navigationController.popViewController(animated: true)
        case .changed:
            let const = Double(fminf(fmaxf(Float(viewTranslation.x / 200.0), 0.0), 1.0))
            shouldCompleteTransition = const > 0.5
            update(const)
        case .cancelled, .ended:
            transitionInProgress = false
            if !shouldCompleteTransition || gestureRecognizer.state == .cancelled {
                cancel()
            } else {
                finish()
            }
        default:
            print("Swift switch must be exhaustive, thus the default")
        }
    }
}

/// "ItemsTableViewController": the list inside the navigation controller. It is the
/// transitioning delegate of the modal it shows and the navigation controller's delegate.
@MainActor
final class ItemsTableViewController: ViewController, ViewControllerTransitioningDelegate, NavigationControllerDelegate {
    let customPresentAnimationController = CustomPresentAnimationController()
    var customDismissAnimationController: any ViewControllerAnimatedTransitioning = CustomDismissAnimationController()
    let customNavigationAnimationController = CustomNavigationAnimationController()
    let customInteractionController = CustomInteractionController()

    init() { super.init(name: "items") }

    override func loadView() {
        view = .seedScreen(name: "items.view", colour: Palette.items)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        navigationController?.delegate = self
    }

    /// The storyboard's "showAction" segue: `prepareForSegue` sets the delegate, UIKit presents.
    func showAction(_ toViewController: ViewController = ActionViewController()) {
        toViewController.transitioningDelegate = self
        present(toViewController, animated: true)
    }

    func animationController(forPresented presented: ViewController, presenting: ViewController, source: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
        return customPresentAnimationController
    }

    func animationController(forDismissed dismissed: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
        return customDismissAnimationController
    }

    func animationController(for operation: NavigationOperation, from fromVC: ViewController, to toVC: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
        if operation == .push {
            customInteractionController.attachToViewController(viewController: toVC)
        }
        customNavigationAnimationController.reverse = operation == .pop
        return customNavigationAnimationController
    }

    func interactionController(for animationController: any ViewControllerAnimatedTransitioning) -> (any ViewControllerInteractiveTransitioning)? {
        return customInteractionController.transitionInProgress ? customInteractionController : nil
    }
}

/// The modal "Action" screen: orange, with a white image view in its top-left quarter (the
/// subview that must shrink with the snapshot). Its Dismiss button calls `dismiss`.
@MainActor
final class ActionViewController: ViewController {
    init() { super.init(name: "action") }

    override func loadView() {
        view = .seedScreen(name: "action.view", colour: Palette.action)
        let imageView = View(frame: Rect(x: 0, y: 0, width: 80, height: 120), name: "action.imageView")
        imageView.backgroundColor = Palette.badge
        view.addSubview(imageView)
    }
}

/// A pushed item's screen: green, with a white strip along its left edge so the cube's faces
/// can be told apart.
@MainActor
final class ItemDetailViewController: ViewController {
    override init(name: String) { super.init(name: name) }

    override func loadView() {
        view = .seedScreen(name: "\(name).view", colour: Palette.detail)
        let strip = View(frame: Rect(x: 0, y: 0, width: 16, height: 480), name: "\(name).strip")
        strip.backgroundColor = Palette.badge
        view.addSubview(strip)
    }
}
