import SegueTiming

/// The two view controllers (and views) of a transition. "from" is on screen at the start,
/// "to" at the end: they swap between presentation and dismissal.
public enum TransitionKey: Sendable { case from, to }

/// How a presented view controller is shown.
public enum PresentationStyle: Sendable {
    /// Covers the presenter; the presenter's view leaves the hierarchy when done.
    case fullScreen
    /// A presentation controller decides the frame and chrome; the presenter's view stays.
    case custom
}

/// UIViewControllerAnimatedTransitioning: performs the animations of one transition.
/// It must read views, controllers and frames from the context, never from cached state, and
/// must call `context.completeTransition(_:)` when its animations end.
@MainActor
public protocol ViewControllerAnimatedTransitioning: AnyObject {
    func transitionDuration(using context: (any ViewControllerContextTransitioning)?) -> Double
    func animateTransition(using context: any ViewControllerContextTransitioning)
    func animationEnded(_ transitionCompleted: Bool)
    /// An interruptible animator for the transition, if it has one (nil by default).
    func interruptibleAnimator(using context: any ViewControllerContextTransitioning) -> PropertyAnimator?
}

extension ViewControllerAnimatedTransitioning {
    public func animationEnded(_ transitionCompleted: Bool) {}
    public func interruptibleAnimator(using context: any ViewControllerContextTransitioning) -> PropertyAnimator? { nil }
}

/// UIViewControllerInteractiveTransitioning: drives a transition from user input.
@MainActor
public protocol ViewControllerInteractiveTransitioning: AnyObject {
    func startInteractiveTransition(_ context: any ViewControllerContextTransitioning)
    /// > 0; the rest of the transition plays at this speed after finish or cancel.
    var completionSpeed: Double { get }
    var completionCurve: TimingCurve { get }
    var wantsInteractiveStart: Bool { get }
}

extension ViewControllerInteractiveTransitioning {
    public var completionSpeed: Double { 1 }
    public var completionCurve: TimingCurve { .easeInOut }
    public var wantsInteractiveStart: Bool { true }
}

/// UIViewControllerTransitioningDelegate: vends the objects of a presentation and dismissal.
/// Interaction controllers are asked for only when an animator was vended.
@MainActor
public protocol ViewControllerTransitioningDelegate: AnyObject {
    func animationController(
        forPresented presented: ViewController, presenting: ViewController, source: ViewController
    ) -> (any ViewControllerAnimatedTransitioning)?
    func animationController(forDismissed dismissed: ViewController) -> (any ViewControllerAnimatedTransitioning)?
    func interactionControllerForPresentation(
        using animator: any ViewControllerAnimatedTransitioning
    ) -> (any ViewControllerInteractiveTransitioning)?
    func interactionControllerForDismissal(
        using animator: any ViewControllerAnimatedTransitioning
    ) -> (any ViewControllerInteractiveTransitioning)?
    func presentationController(
        forPresented presented: ViewController, presenting: ViewController?, source: ViewController
    ) -> PresentationController?
}

extension ViewControllerTransitioningDelegate {
    public func animationController(
        forPresented presented: ViewController, presenting: ViewController, source: ViewController
    ) -> (any ViewControllerAnimatedTransitioning)? { nil }
    public func animationController(forDismissed dismissed: ViewController) -> (any ViewControllerAnimatedTransitioning)? { nil }
    public func interactionControllerForPresentation(
        using animator: any ViewControllerAnimatedTransitioning
    ) -> (any ViewControllerInteractiveTransitioning)? { nil }
    public func interactionControllerForDismissal(
        using animator: any ViewControllerAnimatedTransitioning
    ) -> (any ViewControllerInteractiveTransitioning)? { nil }
    public func presentationController(
        forPresented presented: ViewController, presenting: ViewController?, source: ViewController
    ) -> PresentationController? { nil }
}

/// UIViewControllerContextTransitioning: what an animator reads and calls during a transition.
@MainActor
public protocol ViewControllerContextTransitioning: AnyObject {
    var containerView: View { get }
    var isAnimated: Bool { get }
    var isInteractive: Bool { get }
    var transitionWasCancelled: Bool { get }
    var presentationStyle: PresentationStyle { get }
    var targetTransform: Transform3D { get }
    func viewController(forKey key: TransitionKey) -> ViewController?
    /// Nil when the view is not part of the transition (a presentation controller owns it, or
    /// the presenter's view stays in a custom presentation).
    func view(forKey key: TransitionKey) -> View?
    func initialFrame(for viewController: ViewController) -> Rect
    func finalFrame(for viewController: ViewController) -> Rect
    func completeTransition(_ didComplete: Bool)
    func updateInteractiveTransition(_ percentComplete: Double)
    func finishInteractiveTransition()
    func cancelInteractiveTransition()
    func pauseInteractiveTransition()
}
