import SegueTiming
import SegueUIKit

/// A built-in transition as something `segue render --effect NAME` can play between two
/// screens: it gets a window showing the "from" screen and the "to" controller, starts the
/// transition, and says how long it takes. Each scenario uses the public API an app would.
/// A value, readable off the main actor; only starting it needs the main actor. Registered in a
/// `TransitionCatalog` (the built-ins in `TransitionCatalog.builtIn`).
public struct TransitionScenario: Sendable {
    public let name: String
    public let summary: String
    /// Seconds the transition takes (frames are spread over it).
    public let duration: Double
    /// Sets up and starts the transition. `from` is the window's root controller.
    public let start: @MainActor @Sendable (_ window: Window, _ from: ViewController, _ to: ViewController) -> Void
    /// How a drag drives it in a window (`segue play`, the gesture soak), where it has a gesture.
    public let gesture: ScenarioGesture?
    /// When a `Window.resize(to:)` lays the scene out as a scene started at the new size is.
    public let resizeFidelity: ResizeFidelity

    public enum ResizeFidelity: Sendable {
        /// At any time: the animator animates nothing the size decides (the layout is a
        /// presentation controller's, which follows `viewWillTransition(to:with:)`).
        case always
        /// Once the transition is done (containers and presentations follow the window); in the
        /// middle of it the animator holds frames or snapshots computed at the start size.
        case whenDone
        /// Never: what stays on screen is a snapshot taken at the start size.
        case never
    }

    public init(
        name: String, summary: String, duration: Double, resizeFidelity: ResizeFidelity = .whenDone,
        gesture: ScenarioGesture? = nil,
        start: @escaping @MainActor @Sendable (_ window: Window, _ from: ViewController, _ to: ViewController) -> Void
    ) {
        self.name = name
        self.summary = summary
        self.duration = duration
        self.resizeFidelity = resizeFidelity
        self.gesture = gesture
        self.start = start
    }
}

/// A transitioning delegate that vends fixed objects: the glue a scenario needs.
@MainActor
public final class FixedTransitioningDelegate: ViewControllerTransitioningDelegate {
    public var presentAnimator: (any ViewControllerAnimatedTransitioning)?
    public var dismissAnimator: (any ViewControllerAnimatedTransitioning)?
    public var presentInteraction: (any ViewControllerInteractiveTransitioning)?
    public var dismissInteraction: (any ViewControllerInteractiveTransitioning)?
    public var makePresentationController: (@MainActor (ViewController, ViewController?) -> PresentationController?)?

    public init(
        present: (any ViewControllerAnimatedTransitioning)? = nil, dismiss: (any ViewControllerAnimatedTransitioning)? = nil
    ) {
        presentAnimator = present
        dismissAnimator = dismiss
    }

    public func animationController(
        forPresented presented: ViewController, presenting: ViewController, source: ViewController
    ) -> (any ViewControllerAnimatedTransitioning)? { presentAnimator }
    public func animationController(forDismissed dismissed: ViewController) -> (any ViewControllerAnimatedTransitioning)? { dismissAnimator }
    public func interactionControllerForPresentation(
        using animator: any ViewControllerAnimatedTransitioning
    ) -> (any ViewControllerInteractiveTransitioning)? { presentInteraction }
    public func interactionControllerForDismissal(
        using animator: any ViewControllerAnimatedTransitioning
    ) -> (any ViewControllerInteractiveTransitioning)? { dismissInteraction }
    public func presentationController(
        forPresented presented: ViewController, presenting: ViewController?, source: ViewController
    ) -> PresentationController? { makePresentationController?(presented, presenting) }
}

/// Keeps delegates alive for the length of a scenario (controllers hold them weakly): the window
/// the scenario runs in holds them (`Window.retain`), so whoever runs the scenario owns them.
@MainActor
enum ScenarioRetainer {
    /// Kept by the window of `controller`'s view (a scenario's controllers are in its window).
    static func keep(_ object: AnyObject, with controller: ViewController) {
        guard let window = Window.containing(controller.view) else {
            return controller.transitionDiagnostics.report("scenario: \(controller.name) is in no window; \(type(of: object)) not kept")
        }
        window.retain(object)
    }

    /// `object`, kept as `keep` does: for a scenario that hands back what it made.
    static func kept<Object: AnyObject>(_ object: Object, with controller: ViewController) -> Object {
        keep(object, with: controller)
        return object
    }
}

extension TransitionScenario {
    /// Every built-in transition scenario, in the catalog's order (`TransitionCatalog.builtIn`).
    public static var all: [TransitionScenario] { TransitionCatalog.builtIn.entries.compactMap(\.scenario) }

    /// The built-in scenario called `name` (`TransitionCatalog.builtIn`'s).
    public static func named(_ name: String) -> TransitionScenario? { TransitionCatalog.builtIn.entry(named: name)?.scenario }

    /// Lets go of the delegates that scenarios started so far in `window` keep alive (before
    /// replaying one there).
    @MainActor public static func releaseRetainedObjects(in window: Window) { window.releaseRetainedObjects() }

    /// Example h: objc.io's GPU animator as a presentation.
    static let pixelDissolvePresent = TransitionScenario(
        name: "pixel-dissolve-present",
        summary: "example h: present with objc.io's GPU animator (snapshots pixellate and dissolve, 1 s)",
        duration: 1, gesture: pixelDissolveGesture
    ) { _, from, to in present(from, to, animator: PixelDissolveTransitionAnimator(duration: 1), dismissing: false) }

    /// Example c: the to screen is presented at once, then dismissed by a shrinking snapshot
    /// (so frames show "to" shrinking away to reveal "from").
    static let shrinkDismiss = TransitionScenario(
        name: "shrink-dismiss",
        summary: "example c: dismiss with a snapshot shrinking to its centre while the screen behind fades in (2 s)",
        duration: 2
    ) { window, from, to in
        present(from, to, with: FixedTransitioningDelegate(dismiss: ShrinkDismissAnimator()), animated: false)
        // A non-animated presentation completes on the engine's next frame: run it now.
        window.animationEngine.advance(to: window.animationEngine.now)
        to.dismiss(animated: true)
    }
}
