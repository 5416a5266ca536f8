import SegueTiming
import SegueUIKit

/// A navigation delegate that vends fixed objects per operation: the glue of examples d and e.
@MainActor
public final class FixedNavigationDelegate: NavigationControllerDelegate {
    public var pushAnimator: (any ViewControllerAnimatedTransitioning)?
    public var popAnimator: (any ViewControllerAnimatedTransitioning)?
    /// Returns the interaction controller to use now (nil: not interactive).
    public var interaction: (@MainActor () -> (any ViewControllerInteractiveTransitioning)?)?

    public init(push: (any ViewControllerAnimatedTransitioning)?, pop: (any ViewControllerAnimatedTransitioning)?) {
        pushAnimator = push
        popAnimator = pop
    }

    public func animationController(
        for operation: NavigationOperation, from: ViewController, to: ViewController
    ) -> (any ViewControllerAnimatedTransitioning)? { operation == .push ? pushAnimator : popAnimator }

    public func interactionController(
        for animator: any ViewControllerAnimatedTransitioning
    ) -> (any ViewControllerInteractiveTransitioning)? { interaction?() }
}

extension TransitionScenario {
    /// Replaces the window's root with a navigation controller rooted at `from` and pushes `to`.
    @discardableResult
    @MainActor static func push(
        _ window: Window, _ from: ViewController, _ to: ViewController, delegate: FixedNavigationDelegate, animated: Bool = true
    ) -> NavigationController {
        let navigation = showNavigation(window, rootedAt: from, delegate: delegate)
        navigation.pushViewController(to, animated: animated)
        return navigation
    }

    /// Replaces the window's root with a navigation controller rooted at `from`, led by
    /// `delegate` (kept by the window).
    @MainActor static func showNavigation(_ window: Window, rootedAt from: ViewController, delegate: FixedNavigationDelegate) -> NavigationController {
        ScenarioRetainer.keep(delegate, with: from)
        window.rootViewController = nil
        let navigation = NavigationController(rootViewController: from)
        navigation.delegate = delegate
        window.rootViewController = navigation
        return navigation
    }

    static let cubePush = TransitionScenario(
        name: "cube-push",
        summary: "example d: navigation push as a 3D cube rotation with perspective, m34 = -0.005 (1.5 s)",
        duration: 1.5
    ) { window, from, to in
        push(window, from, to, delegate: FixedNavigationDelegate(push: CubeRotationAnimator(operation: .push), pop: CubeRotationAnimator(operation: .pop)))
    }

    static let zoomPush = TransitionScenario(
        name: "zoom-push",
        summary: "example e: navigation push, the from screen shrinks to 0.1 while the to screen fades in (0.25 s)",
        duration: 0.25, gesture: zoomPushGesture
    ) { window, from, to in
        push(window, from, to, delegate: FixedNavigationDelegate(push: ZoomPushAnimator(), pop: nil))
    }

    static let swipeContainer = TransitionScenario(
        name: "swipe-container",
        summary: "example g: a custom container builds its own context; to enters from the right as from leaves left (0.25 s)",
        duration: 0.25
    ) { window, from, to in
        window.rootViewController = nil
        let container = SwipeContainerViewController(viewControllers: [from, to], selectedIndex: 0)
        window.rootViewController = container
        container.transition(to: 1, animated: true)
    }
}
