import SegueAnimation
import SegueScene

/// Where a gesture-driven transition is.
public enum ScenarioInteractionPhase: Sendable, Equatable {
    /// No transition was started by the gesture (yet, or the press was not where it starts one).
    case idle
    case running
    case finished
    case cancelled
}

/// A scene set up for one of the seeds' gestures: a window feeds it pan events (through a
/// `PanGestureRecognizer` on `view`), and it reports when the transition it drives completed.
@MainActor
public protocol ScenarioInteraction: AnyObject {
    func handle(_ pan: PanGestureRecognizer, in view: View)
    var phase: ScenarioInteractionPhase { get }
    /// How far the driven transition is as last drawn, 0...1: the gesture's percent while it
    /// drives, then the settle after the release, and the end it reached once done (0 when idle).
    var percentComplete: Double { get }
}

/// The interactive variant of a scenario: `prepare` sets the window up (instead of `start`) so
/// that the gesture can begin the transition, and returns what the gesture drives.
@MainActor
public struct ScenarioGesture {
    public let summary: String
    public let prepare: @MainActor (_ window: Window, _ from: ViewController, _ to: ViewController) -> any ScenarioInteraction
}

extension TransitionScenario {
    /// The gesture of `name`'s scenario, if the seeds give it one.
    public static func gesture(named name: String) -> ScenarioGesture? {
        switch name {
        case cubePop.name: return cubePopGesture
        case zoomPush.name: return zoomPushGesture
        case pixelDissolvePresent.name: return pixelDissolveGesture
        default: return nil
        }
    }

    /// Example d's pop (timed): `to` was pushed without animation; it pops with the cube rotation.
    static let cubePop = TransitionScenario(
        name: "cube-pop",
        summary: "example d: navigation pop as the 3D cube rotation (1.5 s); interactive in a window: drag right, 200 px = done, finish if past half",
        duration: 1.5
    ) { window, from, to in
        let navigation = pushedNavigation(window, from, to)
        navigation.popViewController(animated: true)
    }

    /// A navigation controller showing `to` pushed (without animation) over `from`, with the cube animators.
    private static func pushedNavigation(_ window: Window, _ from: ViewController, _ to: ViewController, interaction: CubePopInteraction? = nil) -> NavigationController {
        let delegate = FixedNavigationDelegate(push: CubeRotationAnimator(operation: .push), pop: CubeRotationAnimator(operation: .pop))
        if let interaction { delegate.interaction = { interaction.isInteracting ? interaction.interaction : nil } }
        let navigation = push(window, from, to, delegate: delegate, animated: false)
        // A non-animated push completes on the engine's next frame: run it now.
        window.animationEngine.advance(to: window.animationEngine.now)
        return navigation
    }

    static let cubePopGesture = ScenarioGesture(
        summary: "drag right to pop: percent = translation.x / 200; on release finish if percent > 0.5, else cancel"
    ) { window, from, to in
        var navigation: NavigationController?
        let interaction = CubePopInteraction { navigation?.popViewController(animated: true) }
        let pushed = pushedNavigation(window, from, to, interaction: interaction)
        navigation = pushed
        let driven = NavigationGesture(navigation: pushed, stackAtStart: 2) { pan, view in interaction.handle(pan, in: view) }
        return ScenarioRetainer.kept(driven, with: from)
    }

    static let zoomPushGesture = ScenarioGesture(
        summary: "drag left from the right half to push: percent = -translation.x / width; on release finish if moving left"
    ) { window, from, to in
        let delegate = FixedNavigationDelegate(push: ZoomPushAnimator(), pop: nil)
        let navigation = showNavigation(window, rootedAt: from, delegate: delegate)
        let interaction = ZoomPushInteraction { navigation.pushViewController(to, animated: true) }
        // Vended only while a pan drives the push (the seed drops it afterwards).
        delegate.interaction = { interaction.interactionController }
        let driven = NavigationGesture(navigation: navigation, stackAtStart: 1) { pan, view in interaction.handle(pan, in: view) }
        return ScenarioRetainer.kept(driven, with: from)
    }

    static let pixelDissolveGesture = ScenarioGesture(
        summary: "drag to present: percent = translation.x / width; on release finish by velocity, else by position"
    ) { _, from, to in
        let animator = PixelDissolveTransitionAnimator(duration: 1)
        animator.isInteractive = true
        let delegate = FixedTransitioningDelegate(present: animator)
        delegate.presentInteraction = animator
        ScenarioRetainer.keep(delegate, with: from)
        to.transitioningDelegate = delegate
        return ScenarioRetainer.kept(PixelDissolvePanInteraction(animator: animator, presenting: from, presented: to), with: from)
    }
}

/// A navigation transition driven by a pan: running from the first move until the navigation
/// controller is no longer transitioning; finished when the stack changed.
@MainActor
final class NavigationGesture: ScenarioInteraction {
    let navigation: NavigationController
    let stackAtStart: Int
    let forward: @MainActor (PanGestureRecognizer, View) -> Void
    private var began = false

    init(navigation: NavigationController, stackAtStart: Int, forward: @escaping @MainActor (PanGestureRecognizer, View) -> Void) {
        self.navigation = navigation
        self.stackAtStart = stackAtStart
        self.forward = forward
    }

    func handle(_ pan: PanGestureRecognizer, in view: View) {
        forward(pan, view)
        if pan.state == .began && navigation.isTransitioning { began = true }
    }

    var phase: ScenarioInteractionPhase {
        guard began else { return .idle }
        if navigation.isTransitioning { return .running }
        return navigation.viewControllers.count == stackAtStart ? .cancelled : .finished
    }

    /// The coordinator's percent while the push or pop runs (the percent-driven timeline: the
    /// drag, then the settle), the end once it is over.
    var percentComplete: Double {
        switch phase {
        case .idle, .cancelled: 0
        case .finished: 1
        case .running: navigation.transitionCoordinator?.percentComplete ?? 0
        }
    }
}
