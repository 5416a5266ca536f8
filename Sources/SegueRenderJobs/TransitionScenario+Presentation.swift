import SegueUIKit
import SegueTransitions

extension TransitionScenario {
    /// A presentation with one's own animator, for `TransitionRenderer`: the to-screen is
    /// presented from the from-screen with `animator` (through a transitioning delegate this
    /// scenario keeps alive), over the animator's duration.
    @MainActor public static func presentation(
        named name: String, animator: any ViewControllerAnimatedTransitioning, summary: String = "a presentation"
    ) -> TransitionScenario {
        let delegate = FixedTransitioningDelegate(present: animator)
        return TransitionScenario(name: name, summary: summary, duration: animator.transitionDuration(using: nil)) { _, from, to in
            to.transitioningDelegate = delegate  // weak: the scenario's closure holds it
            from.present(to, animated: true)
        }
    }
}
