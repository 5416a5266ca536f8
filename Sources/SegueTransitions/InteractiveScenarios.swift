import SegueTiming
import SegueUIKit

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
    /// Whether, once nothing runs, the hierarchy is the one a finished (or a cancelled, or a
    /// never started) transition leaves, checked from the controllers' relationships. The
    /// gesture soak asks it after every sequence. By default: nothing is running.
    var isSettledCleanly: Bool { get }
}

extension ScenarioInteraction {
    public var isSettledCleanly: Bool { phase != .running }
}

extension View {
    /// Shown as laid out: opaque, untransformed, nothing animating (a settled transition's views).
    public var isAtRest: Bool { alpha == 1 && transform == .identity && presentation == model }
}

/// The interactive variant of a scenario: `prepare` sets the window up (instead of `start`) so
/// that the gesture can begin the transition, and returns what the gesture drives.
public struct ScenarioGesture: Sendable {
    public let summary: String
    /// Which way the driving drag goes: +1 to the right, -1 to the left (the gesture soak's
    /// random drags lean that way).
    public let direction: Double
    /// Where across the width (0 = left edge, 1 = right edge) a press begins the transition
    /// (the gesture soak presses there most of the time).
    public let pressRegion: ClosedRange<Double>
    /// Whether the gesture drives the timed transition backwards (preferred-zoom's drag dismisses
    /// the screen its timed push shows): its finish is the timeline's start, and its percent is
    /// shown as 1 - percent.
    public let reversesTimeline: Bool
    public let prepare: @MainActor @Sendable (_ window: Window, _ from: ViewController, _ to: ViewController) -> any ScenarioInteraction

    public init(
        summary: String, direction: Double = 1, pressRegion: ClosedRange<Double> = 0...1, reversesTimeline: Bool = false,
        prepare: @escaping @MainActor @Sendable (_ window: Window, _ from: ViewController, _ to: ViewController) -> any ScenarioInteraction
    ) {
        (self.summary, self.direction, self.pressRegion, self.prepare) = (summary, direction, pressRegion, prepare)
        self.reversesTimeline = reversesTimeline
    }
}

extension TransitionScenario {

    /// Example d's pop (timed): `to` was pushed without animation; it pops with the cube rotation.
    static let cubePop = TransitionScenario(
        name: "cube-pop",
        summary: "example d: navigation pop as the 3D cube rotation (1.5 s); interactive in a window: drag right, 200 px = done, finish if past half",
        duration: 1.5, gesture: cubePopGesture
    ) { window, from, to in
        let navigation = pushedNavigation(window, from, to)
        navigation.popViewController(animated: true)
    }

    /// A navigation controller showing `to` pushed (without animation) over `from`, with the cube animators.
    @MainActor private static func pushedNavigation(_ window: Window, _ from: ViewController, _ to: ViewController, interaction: CubePopInteraction? = nil) -> NavigationController {
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
        let driven = NavigationGesture(navigation: pushed, finishedStack: [from]) { pan, view in interaction.handle(pan, in: view) }
        return ScenarioRetainer.kept(driven, with: from)
    }

    static let zoomPushGesture = ScenarioGesture(
        summary: "drag left from the right half to push: percent = -translation.x / width; on release finish if moving left",
        direction: -1, pressRegion: 0.5...1
    ) { window, from, to in
        let delegate = FixedNavigationDelegate(push: ZoomPushAnimator(), pop: nil)
        let navigation = showNavigation(window, rootedAt: from, delegate: delegate)
        let interaction = ZoomPushInteraction { navigation.pushViewController(to, animated: true) }
        // Vended only while a pan drives the push (the seed drops it afterwards).
        delegate.interaction = { interaction.interactionController }
        let driven = NavigationGesture(navigation: navigation, finishedStack: [from, to]) { pan, view in interaction.handle(pan, in: view) }
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
    /// The stack before the gesture, and the one a finished transition leaves.
    let startStack: [ViewController]
    let finishedStack: [ViewController]
    let forward: @MainActor (PanGestureRecognizer, View) -> Void
    private var began = false

    init(navigation: NavigationController, finishedStack: [ViewController], forward: @escaping @MainActor (PanGestureRecognizer, View) -> Void) {
        self.navigation = navigation
        startStack = navigation.viewControllers
        self.finishedStack = finishedStack
        self.forward = forward
    }

    func handle(_ pan: PanGestureRecognizer, in view: View) {
        forward(pan, view)
        if pan.state == .began && navigation.isTransitioning { began = true }
    }

    var phase: ScenarioInteractionPhase {
        guard began else { return .idle }
        if navigation.isTransitioning { return .running }
        return navigation.viewControllers.count == startStack.count ? .cancelled : .finished
    }

    /// The finished or the start stack, its top's view alone in the container and at rest, the
    /// navigation controller's view alone in the window.
    var isSettledCleanly: Bool {
        let phase = phase
        guard phase != .running, let top = navigation.topViewController else { return false }
        let expected = phase == .finished ? finishedStack : startStack
        let shown = navigation.containerView.subviews
        guard let window = Window.containing(navigation.view) else { return false }
        return navigation.viewControllers.count == expected.count && zip(navigation.viewControllers, expected).allSatisfy { $0 === $1 }
            && shown.count == 1 && shown[0] === top.view && top.view.isAtRest
            && window.rootView.subviews.count == 1 && window.rootView.subviews[0] === navigation.view
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
