// The interruptible photo zoom of Apple's iOS 10 sample ("Advances in UIKit Animations and
// Transitions", WWDC 2016): one object is the navigation transition's animator and its
// interaction controller; a transition driver runs it with two property animators — the
// transition animator (the fades, vended as the interruptible animator) and the item frame
// animator (the photo's frame, a spring). A pan grabs the photo mid-flight: the transition
// pauses, the photo follows the finger, and on release both animators continue towards the
// end or back to the start. Ported to Segue's API; the structure follows the sample. The
// SeedPorts example plays it headlessly; `segue bench --sections soak` stresses its gestures.
import SegueTiming
import SegueUIKit

/// A screen of the photo zoom: one photo, in the sample's orange, on a background.
@MainActor
public class PhotoScreenViewController: ViewController {
    public static let photoColor = Color(red: 1, green: 0.55, blue: 0)
    let photoView: View
    private let background: Color

    init(name: String, background: Color, photoFrame: Rect, photoName: String) {
        photoView = View(frame: photoFrame, name: photoName)
        self.background = background
        super.init(name: name)
    }

    public override func viewDidLoad() {
        view.backgroundColor = background
        photoView.backgroundColor = Self.photoColor
        view.addSubview(photoView)
    }
}

/// The grid: one photo tile on a background.
@MainActor
public final class PhotoGridViewController: PhotoScreenViewController {
    public static let tileFrame = Rect(x: 20, y: 40, width: 40, height: 40)
    public var tile: View { photoView }

    public init(name: String = "grid", background: Color = Color(red: 0.1, green: 0.3, blue: 0.9)) {
        super.init(name: name, background: background, photoFrame: Self.tileFrame, photoName: "tile")
    }
}

/// The photo on its own, full width.
@MainActor
public final class PhotoDetailViewController: PhotoScreenViewController {
    public static let photoFrame = Rect(x: 0, y: 60, width: 160, height: 120)
    public var photo: View { photoView }

    public init(name: String = "detail", background: Color = Color(red: 0.1, green: 0.75, blue: 0.3)) {
        super.init(name: name, background: background, photoFrame: Self.photoFrame, photoName: "photo")
    }
}

/// Runs one push or pop: the animators, the moving photo, the interaction.
@MainActor
public final class PhotoZoomTransitionDriver {
    let context: any ViewControllerContextTransitioning
    let operation: NavigationOperation
    public let transitionAnimator: PropertyAnimator
    private(set) var itemFrameAnimator: PropertyAnimator?
    public let transitionImageView = View(name: "transitionImageView")
    private let gridTile: View, detailPhoto: View
    private let tileFrame: Rect, photoFrame: Rect
    public static let duration = 0.5

    init(operation: NavigationOperation, context: any ViewControllerContextTransitioning, interactive: Bool) {
        self.context = context
        self.operation = operation
        let fromVC = context.viewController(forKey: .from)!, toVC = context.viewController(forKey: .to)!
        let grid = (operation == .push ? fromVC : toVC) as! PhotoGridViewController
        let detail = (operation == .push ? toVC : fromVC) as! PhotoDetailViewController
        gridTile = grid.tile
        detailPhoto = detail.photo
        let container = context.containerView
        tileFrame = grid.tile.convert(grid.tile.bounds, to: container) ?? PhotoGridViewController.tileFrame
        photoFrame = PhotoDetailViewController.photoFrame

        // The arriving view goes in; the detail view fades in on a push, out on a pop.
        let toView = context.view(forKey: .to)!, fromView = context.view(forKey: .from)!
        if operation == .push {
            container.addSubview(toView)
            toView.alpha = 0
        } else {
            container.insertSubview(toView, at: 0)
        }
        transitionImageView.backgroundColor = PhotoGridViewController.photoColor
        transitionImageView.frame = operation == .push ? tileFrame : photoFrame
        container.addSubview(transitionImageView)
        gridTile.isHidden = true
        detailPhoto.isHidden = true

        transitionAnimator = PropertyAnimator(duration: Self.duration, curve: .easeOut) {
            if operation == .push { toView.alpha = 1 } else { fromView.alpha = 0 }
        }
        transitionAnimator.addCompletion { [unowned self] position in
            self.transitionImageView.removeFromSuperview()
            self.gridTile.isHidden = false
            self.detailPhoto.isHidden = false
            fromView.alpha = 1
            toView.alpha = 1
            context.completeTransition(position == .end)
        }
        if interactive {
            transitionAnimator.pauseAnimation()
        } else {
            animate(to: .end)
        }
    }

    var isRunning: Bool { transitionAnimator.isRunning }

    /// The grab: both animators stop where they are; the transition is interactive again.
    func pauseAnimation() {
        itemFrameAnimator?.stopAnimation(true)
        transitionAnimator.pauseAnimation()
        context.pauseInteractiveTransition()
    }

    /// The photo follows the finger; the fades follow the vertical travel (down undoes a push
    /// and advances a pop).
    func updateInteraction(translation: Point) {
        transitionImageView.center = Point(x: transitionImageView.center.x + translation.x, y: transitionImageView.center.y + translation.y)
        let step = translation.y / context.containerView.bounds.height * (operation == .push ? -1 : 1)
        transitionAnimator.fractionComplete = min(max(transitionAnimator.fractionComplete + step, 0), 1)
    }

    /// The release: on past half-way (or flung that way) it finishes, else it goes back.
    func endInteraction(velocity: Point) {
        let flungForward = operation == .push ? velocity.y < -300 : velocity.y > 300
        let flungBack = operation == .push ? velocity.y > 300 : velocity.y < -300
        let forward = flungForward || (!flungBack && transitionAnimator.fractionComplete > 0.5)
        if forward { context.finishInteractiveTransition() } else { context.cancelInteractiveTransition() }
        animate(to: forward ? .end : .start)
    }

    /// Both animators towards `position`: the fades continue (reversed to go back), the photo
    /// springs to the tile's or the photo's frame.
    private func animate(to position: PropertyAnimator.Position) {
        let toEnd = position == .end
        let target = (operation == .push) == toEnd ? photoFrame : tileFrame
        let remaining = toEnd ? 1 - transitionAnimator.fractionComplete : transitionAnimator.fractionComplete
        let frameAnimator = PropertyAnimator(duration: max(0.05, remaining * Self.duration), dampingRatio: 0.75) { [transitionImageView] in
            transitionImageView.frame = target
        }
        itemFrameAnimator = frameAnimator
        frameAnimator.startAnimation()
        transitionAnimator.isReversed = !toEnd
        if transitionAnimator.state == .inactive {
            transitionAnimator.startAnimation()
        } else {
            transitionAnimator.continueAnimation(withTimingParameters: nil, durationFactor: remaining)
        }
    }
}

/// The sample's transition controller: animator and interaction controller at once.
@MainActor
public final class PhotoZoomTransitionController: ViewControllerAnimatedTransitioning, ViewControllerInteractiveTransitioning {
    public var operation: NavigationOperation = .push
    public var initiallyInteractive = false
    public private(set) var driver: PhotoZoomTransitionDriver?
    /// Transitions started so far (pushes and pops, timed or interactive).
    public private(set) var transitionsStarted = 0

    public init() {}

    public var wantsInteractiveStart: Bool { initiallyInteractive }

    public func transitionDuration(using context: (any ViewControllerContextTransitioning)?) -> Double { PhotoZoomTransitionDriver.duration }

    /// Segue calls this for a start that is not interactive (UIKit would call
    /// `startInteractiveTransition` on the interaction controller either way).
    public func animateTransition(using context: any ViewControllerContextTransitioning) {
        transitionsStarted += 1
        driver = PhotoZoomTransitionDriver(operation: operation, context: context, interactive: false)
    }

    public func startInteractiveTransition(_ context: any ViewControllerContextTransitioning) {
        transitionsStarted += 1
        driver = PhotoZoomTransitionDriver(operation: operation, context: context, interactive: true)
    }

    public func interruptibleAnimator(using context: any ViewControllerContextTransitioning) -> PropertyAnimator? {
        driver?.transitionAnimator
    }

    public func animationEnded(_ transitionCompleted: Bool) {
        driver = nil
        initiallyInteractive = false
    }
}

/// The navigation controller's delegate: the zoom for pushes and pops, and a pan on the
/// navigation controller's view that grabs a running transition or starts an interactive pop.
@MainActor
public final class PhotoZoomNavigationDelegate: NavigationControllerDelegate {
    public let transitionController = PhotoZoomTransitionController()
    public unowned let navigation: NavigationController
    private var grabbed = false

    public init(navigation: NavigationController) {
        self.navigation = navigation
        navigation.view.addGestureRecognizer(PanGestureRecognizer(minimumDistance: 1) { [unowned self] in self.handlePan($0) })
    }

    public func animationController(for operation: NavigationOperation, from: ViewController, to: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
        transitionController.operation = operation
        return transitionController
    }

    public func interactionController(for animator: any ViewControllerAnimatedTransitioning) -> (any ViewControllerInteractiveTransitioning)? {
        transitionController
    }

    private func handlePan(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            if let driver = transitionController.driver {
                driver.pauseAnimation()
                grabbed = true
            } else if navigation.viewControllers.count > 1, !navigation.isTransitioning {
                transitionController.initiallyInteractive = true
                navigation.popViewController(animated: true)
                grabbed = transitionController.driver != nil
            }
        case .changed:
            guard grabbed, let driver = transitionController.driver else { return }
            driver.updateInteraction(translation: pan.translation(in: navigation.view))
            pan.setTranslation(.zero, in: navigation.view)
        case .ended, .cancelled:
            guard grabbed else { return }
            grabbed = false
            let velocity = pan.state == .cancelled ? Point(x: 0, y: 0) : pan.velocity(in: navigation.view)
            transitionController.driver?.endInteraction(velocity: velocity)
        default:
            break
        }
    }
}
