import SegueTiming

/// The context the system (or a custom container) makes for one transition.
@MainActor
public final class TransitionContext: ViewControllerContextTransitioning {
    public let containerView: View
    public let isAnimated: Bool
    public internal(set) var isInteractive: Bool
    public private(set) var transitionWasCancelled = false
    public let presentationStyle: PresentationStyle
    public var targetTransform: Transform3D = .identity
    /// The last percent reported through `updateInteractiveTransition`.
    public private(set) var percentComplete: Double = 0
    /// True once `completeTransition` was called.
    public private(set) var isCompleted = false

    private let viewControllers: [TransitionKey: ViewController]
    private let views: [TransitionKey: View]
    private var frames: [ObjectIdentifier: (initial: Rect, final: Rect)] = [:]
    /// Called once, by `completeTransition`.
    var onComplete: ((Bool) -> Void)?
    /// Called when the interaction ends (finish or cancel), for the coordinator.
    var onInteractionEnd: ((_ cancelled: Bool) -> Void)?

    /// For custom containers: the context to hand to an animator directly.
    public init(
        containerView: View, from: ViewController, to: ViewController, fromView: View?, toView: View?,
        isAnimated: Bool = true, isInteractive: Bool = false, presentationStyle: PresentationStyle = .fullScreen,
        completion: ((Bool) -> Void)? = nil
    ) {
        self.containerView = containerView
        self.isAnimated = isAnimated
        self.isInteractive = isInteractive
        self.presentationStyle = presentationStyle
        viewControllers = [.from: from, .to: to]
        var views: [TransitionKey: View] = [:]
        views[.from] = fromView
        views[.to] = toView
        self.views = views
        onComplete = completion
    }

    /// The context of a size transition (a window resize): no view controllers or views
    /// change places; `containerView` is the window's root view.
    init(sizeTransitionIn containerView: View, isAnimated: Bool) {
        self.containerView = containerView
        self.isAnimated = isAnimated
        isInteractive = false
        presentationStyle = .fullScreen
        viewControllers = [:]
        views = [:]
    }

    public func viewController(forKey key: TransitionKey) -> ViewController? { viewControllers[key] }
    public func view(forKey key: TransitionKey) -> View? { views[key] }

    public func setFrames(for viewController: ViewController, initial: Rect, final: Rect) {
        frames[ObjectIdentifier(viewController)] = (initial, final)
    }
    /// `.zero` for a controller whose frame is not known (UIKit's convention).
    public func initialFrame(for viewController: ViewController) -> Rect { frames[ObjectIdentifier(viewController)]?.initial ?? .zero }
    public func finalFrame(for viewController: ViewController) -> Rect { frames[ObjectIdentifier(viewController)]?.final ?? .zero }

    public func completeTransition(_ didComplete: Bool) {
        guard !isCompleted else {
            containerView.transitionDiagnostics.report("completeTransition(\(didComplete)) called again after the transition completed; ignored")
            return
        }
        isCompleted = true
        let completion = onComplete
        onComplete = nil
        completion?(didComplete)
    }

    public func updateInteractiveTransition(_ percentComplete: Double) {
        self.percentComplete = min(max(percentComplete.isNaN ? 0 : percentComplete, 0), 1)
    }

    public func finishInteractiveTransition() {
        guard isInteractive else { return }
        isInteractive = false
        // A transition grabbed again while cancelling (pause) and then finished is not cancelled.
        transitionWasCancelled = false
        onInteractionEnd?(false)
    }

    public func cancelInteractiveTransition() {
        guard isInteractive else { return }
        transitionWasCancelled = true
        isInteractive = false
        onInteractionEnd?(true)
    }

    public func pauseInteractiveTransition() { isInteractive = true }
}
