// Seed 004 (a custom container view controller's transitions, translated), ported line for
// line from its Swift 2: the container's two swipe implementations — the iOS 5
// `transitionFromViewController` one and the one with its own transition context and animator.
// The container sends no appearance callbacks itself: UIKit (and Segue) forward them when
// the children's views enter and leave the container's view.
import SegueUIKit

@MainActor
final class ContainerViewController: ViewController, ViewControllerTransitioningDelegate {
    enum Orientation { case Left, Right }

    /// The seed's ContainerView: the children's views are shown in it.
    let container = View(name: "containerView")
    let viewControllersToShow: [ViewController]
    private(set) var selectedIndex = 0

    init(viewControllers: [ViewController]) {
        viewControllersToShow = viewControllers
        super.init(name: "container")
    }

    override func loadView() {
        view = .seedScreen(name: "container.view")
        container.frame = view.bounds
        container.autoresizesToFillSuperview = true
        view.addSubview(container)
    }

    // From the seed's previous article: the first child is added in viewDidLoad.
    override func viewDidLoad() {
        super.viewDidLoad()
        let first = viewControllersToShow[0]
        addChild(first)
        first.view.frame = container.bounds
        first.view.autoresizesToFillSuperview = true  // UIKit's flexible width and height
        container.addSubview(first.view)
        first.didMove(toParent: self)
    }

    /// Swipe to the next (`.Left`) or previous (`.Right`) child; `usingAnimator` picks the
    /// seed's new implementation (its own context and animator) or the old one.
    func swipe(_ orientation: Orientation, usingAnimator: Bool) {
        let next = orientation == .Left ? selectedIndex + 1 : selectedIndex - 1
        guard viewControllersToShow.indices.contains(next) else { return }
        let from = viewControllersToShow[selectedIndex], to = viewControllersToShow[next]
        selectedIndex = next
        if usingAnimator {
            swipeFromViewController(fromViewController: from, ToViewController: to, WithOrientation: orientation)
        } else {
            swipeWithTransitionFrom(fromViewController: from, toViewController: to, orientation: orientation)
        }
    }

    /// The old implementation, with `transition(from:to:duration:options:animations:completion:)`.
    func swipeWithTransitionFrom(fromViewController: ViewController, toViewController: ViewController, orientation: Orientation) {
        fromViewController.willMove(toParent: nil)
        self.addChild(toViewController)
        toViewController.view.bounds = container.bounds
        let endCenter: Point
        fromViewController.transitioningDelegate = self
        if orientation == Orientation.Left {
            toViewController.view.center = Point(x: self.view.bounds.size.width + toViewController.view.bounds.size.width / 2, y: self.view.bounds.size.height / 2)
            endCenter = Point(x: -self.view.bounds.size.width - toViewController.view.bounds.size.width / 2, y: self.view.bounds.size.height / 2)
        } else {
            toViewController.view.center = Point(x: -self.view.bounds.size.width - toViewController.view.bounds.size.width / 2, y: self.view.bounds.size.height / 2)
            endCenter = Point(x: self.view.bounds.size.width + toViewController.view.bounds.size.width / 2, y: self.view.bounds.size.height / 2)
        }
        self.transition(from: fromViewController, to: toViewController, duration: 0.25, options: AnimationOptions.curveEaseInOut, animations: { () -> Void in
            toViewController.view.frame = fromViewController.view.frame
            fromViewController.view.center = endCenter
        }) { (completion) -> Void in
            toViewController.didMove(toParent: self)
            fromViewController.removeFromParent()
        }
    }

    /// The new implementation: the container makes its own context and calls the animator.
    func swipeFromViewController(fromViewController: ViewController, ToViewController toViewController: ViewController, WithOrientation orientation: Orientation) {
        // Step 1: before the transition, set up the parent/child relationships.
        fromViewController.willMove(toParent: nil)
        self.addChild(toViewController)
        // Step 2: a custom container provides the transition context itself.
        let context = CustomTransitionContext(containerView: container, toViewController: toViewController, fromViewController: fromViewController)
        // Step 3: once the transition completes, a closure rebuilds the relationships.
        context.completeHandle = {
            (isComplete: Bool) -> Void in
            toViewController.didMove(toParent: self)
            fromViewController.removeFromParent()
        }
        let animator = CustomTransitionAnimtor(context: context)
        animator.orientaion = orientation
        animator.animateTransition(using: context)
    }
}

/// "CustomTransitionContext": the container's own context (the seed's Objective-C-style
/// getters become the protocol's properties).
@MainActor
final class CustomTransitionContext: ViewControllerContextTransitioning {
    weak var customContainerView: View?
    private weak var toViewController: ViewController?
    private weak var fromViewController: ViewController?
    var completeHandle: ((_ isComplete: Bool) -> Void)?
    var animating: Bool = true
    var isAnimated: Bool {
        return animating
    }
    var isInteractive: Bool {
        return false
    }
    var transitionWasCancelled: Bool {
        return false
    }
    var presentationStyle: PresentationStyle {
        return PresentationStyle.custom
    }
    // What to do once the transition completed.
    func completeTransition(_ didComplete: Bool) {
        if let handler = completeHandle {
            animating = false
            handler(didComplete)
        }
    }
    func updateInteractiveTransition(_ percentComplete: Double) {
    }
    func finishInteractiveTransition() {
    }
    func cancelInteractiveTransition() {
    }
    func pauseInteractiveTransition() {
    }
    // The from and to view controllers the context provides.
    func viewController(forKey key: TransitionKey) -> ViewController? {
        switch key {
        case .from:
            return fromViewController
        case .to:
            return toViewController
        }
    }

    func view(forKey key: TransitionKey) -> View? {
        switch key {
        case .from:
            return fromViewController?.view
        case .to:
            return toViewController?.view
        }
    }

    func finalFrame(for vc: ViewController) -> Rect {
        return Rect.zero
    }

    func initialFrame(for vc: ViewController) -> Rect {
        return Rect.zero
    }
    var containerView: View {
        return self.customContainerView!
    }

    // A convenience initializer with the view controllers and the container view.
    init(containerView: View?, toViewController: ViewController, fromViewController: ViewController) {
        self.toViewController = toViewController
        self.fromViewController = fromViewController
        self.customContainerView = containerView
    }

    var targetTransform: Transform3D {
        return Transform3D.identity
    }
}

/// "CustomTransitionAnimtor" (sic): slides the new child in from the side of the orientation.
@MainActor
final class CustomTransitionAnimtor: ViewControllerAnimatedTransitioning {
    var orientaion: ContainerViewController.Orientation = ContainerViewController.Orientation.Left
    var toViewController: ViewController?
    var fromViewController: ViewController?
    var privateContext: CustomTransitionContext
    // The transition's duration.
    func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?) -> Double {
        return 0.25
    }
    // A custom initializer that takes the custom context.
    init(context: CustomTransitionContext) {
        privateContext = context
    }
    // The animation.
    func animateTransition(using transitionContext: any ViewControllerContextTransitioning) {
        // The container view.
        let containerView: View? = privateContext.containerView
        // The view controllers, from the custom context.
        let toViewController = privateContext.viewController(forKey: .to)
        let fromViewController = privateContext.viewController(forKey: .from)
        // Their views' size, and adding to / removing from the container.
        toViewController?.view.bounds = (fromViewController?.view.bounds)!
        var endCenter: Point
        if orientaion == ContainerViewController.Orientation.Left {
            endCenter = Point(x: -(fromViewController?.view.bounds.size.width)!, y: (containerView?.bounds.size.height)! / 2)
            toViewController?.view.center = Point(x: (containerView?.bounds.size.width)! + (toViewController?.view.bounds.width)! / 2, y: (containerView?.bounds.height)! / 2)
        } else {
            endCenter = Point(x: (containerView?.bounds.size.width)! + (fromViewController?.view.bounds.size.width)! / 2, y: (containerView?.bounds.size.height)! / 2)
            toViewController?.view.center = Point(x: -(containerView?.bounds.size.width)! - (toViewController?.view.bounds.width)! / 2, y: (containerView?.bounds.height)! / 2)
        }
        containerView?.addSubview((toViewController?.view)!)

        // Animate as planned.
        View.animate(withDuration: self.transitionDuration(using: privateContext), animations: { () -> Void in
            toViewController?.view.center = (fromViewController?.view.center)!
            fromViewController?.view.center = endCenter
        }) { (isComplection) -> Void in
            fromViewController?.view.removeFromSuperview()
            self.animationEnded(true)
        }
    }
    // When the animation ends, tell the custom context the transition completed.
    func animationEnded(_ transitionCompleted: Bool) {
        self.privateContext.completeTransition(true)
    }
}
