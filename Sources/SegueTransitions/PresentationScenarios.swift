import SegueTiming
import SegueUIKit

extension TransitionScenario {
    /// Presents `to` over `from` with `animator`, which also dismisses it unless `dismissing` is false.
    @MainActor static func present(
        _ from: ViewController, _ to: ViewController, animator: any ViewControllerAnimatedTransitioning, dismissing: Bool = true
    ) {
        present(from, to, with: FixedTransitioningDelegate(present: animator, dismiss: dismissing ? animator : nil))
    }

    /// Presents `to` over `from` through `delegate`, kept by the window.
    @MainActor static func present(_ from: ViewController, _ to: ViewController, with delegate: FixedTransitioningDelegate, animated: Bool = true) {
        ScenarioRetainer.keep(delegate, with: from)
        to.transitioningDelegate = delegate
        from.present(to, animated: animated)
    }

    static let diagonal = TransitionScenario(
        name: "diagonal-present",
        summary: "example a: the presented screen slides in from the bottom-right corner (0.5 s)",
        duration: 0.5
    ) { _, from, to in present(from, to, animator: DiagonalPresentAnimator()) }

    static let slideUpSpring = TransitionScenario(
        name: "slide-up-spring",
        summary: "example b: the presented screen springs up from below (2.5 s, damping 0.5), the presenter dims to 0.5",
        duration: 2.5
    ) { _, from, to in present(from, to, animator: SlideUpSpringPresentAnimator()) }

    static let slideDownSpring = TransitionScenario(
        name: "slide-down-spring",
        summary: "example b, variant: the presented screen springs down from above",
        duration: 2.5
    ) { _, from, to in present(from, to, animator: SlideUpSpringPresentAnimator(fromAbove: true)) }

    static let dimming = TransitionScenario(
        name: "dimming-presentation",
        summary: "example f: custom presentation inset by the seed's 50/320 of each side (the picture keeps its aspect) over a dimming view (0.5 s)",
        duration: 0.5,
        // The fade animates alpha only; the presentation controller lays out the rest.
        resizeFidelity: .always
    ) { _, from, to in
        // The seed's inset (50, 200) is for a 320x480 portrait phone; applied to a landscape
        // window it squashes the presented picture into a strip. Its side margin, 50/320 of the
        // width, is used on all four sides instead, as a fraction of the container's size, so
        // the presented view keeps the window's (and the fitted picture's) aspect ratio at any
        // size, through resizes too.
        let margin = 50.0 / 320
        let delegate = DimmingTransitioningDelegate(insetFraction: (dx: margin, dy: margin))
        ScenarioRetainer.keep(delegate, with: from)
        delegate.prepare(to)
        from.present(to, animated: true)
    }

    static let dropDownMenu = TransitionScenario(
        name: "drop-down-menu",
        summary: "example i: a snapshot of the screen slides down to reveal the menu behind it (0.5 s)",
        duration: 0.5,
        resizeFidelity: .never  // the snapshot stays on screen after the transition
    ) { _, from, to in
        let transition = DropDownMenuTransition()
        ScenarioRetainer.keep(transition, with: from)
        transition.prepare(to)
        from.present(to, animated: true)
    }
}
