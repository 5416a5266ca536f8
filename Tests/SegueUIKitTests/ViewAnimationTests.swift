import SegueTiming
import SegueUIKit
import Testing
import SegueTesting

/// Implicit animations and the property animator, stepped by a virtual clock.
@MainActor
@Suite("View animations (virtual clock)", .tags(.pure))
struct ViewAnimationTests {
    let clock = VirtualClock(step: 0.25)
    // The engine is shared; each test body (atomic on the main actor) starts from a reset
    // one, since other suites' tests may run between a suite's init and its body.

    /// Each test has a window of its own: its engine, its clock.
    let window = Window(size: Size(width: 200, height: 200))
    private func tick() { window.animationEngine.advance(to: clock.tick()) }
    private func shown(_ view: View) -> View {
        window.rootView.addSubview(view)
        return view
    }

    @Test func animateRecordsChangesAndInterpolatesPresentation() {
        let view = shown(View(frame: Rect(x: 0, y: 0, width: 100, height: 100)))
        var log: [String] = []
        View.animate(withDuration: 1, options: .curveLinear, animations: {
            view.alpha = 0
            view.center = Point(x: 150, y: 50)
        }, completion: { finished in log.append("completion \(finished)") })
        // The model changes at once; the presentation starts where it was.
        #expect(view.alpha == 0)
        #expect(view.presentation.alpha == 1)
        tick()  // t = 0.25
        #expect(abs(view.presentation.alpha - 0.75) < 1e-12)
        #expect(abs(view.presentation.center.x - 75) < 1e-9)
        tick(); tick()
        #expect(log.isEmpty, "nothing ends before the duration")
        tick()  // t = 1
        #expect(view.presentation.alpha == 0)
        #expect(view.presentation == view.model)
        #expect(log == ["completion true"])
        tick()
        #expect(log == ["completion true"], "the completion runs once")
    }

    @Test func easeInOutDelayAndCurves() {
        let view = shown(View(frame: Rect(x: 0, y: 0, width: 10, height: 10)))
        View.animate(withDuration: 1, delay: 0.5, options: .curveEaseInOut, animations: { view.alpha = 0 })
        tick()  // 0.25: still in the delay
        #expect(view.presentation.alpha == 1)
        tick(); tick()  // 0.75: 0.25 into the animation
        #expect(abs(view.presentation.alpha - (1 - TimingCurve.easeInOut.value(at: 0.25))) < 1e-12)
    }

    @Test func springOvershootsAndSettles() {
        let view = shown(View(frame: Rect(x: 0, y: 0, width: 10, height: 10)))
        var finished = false
        View.animate(withDuration: 2.5, usingSpringWithDamping: 0.5, initialSpringVelocity: 0, animations: {
            view.center = Point(x: 105, y: 5)
        }, completion: { _ in finished = true })
        var maxX = 0.0
        for _ in 0..<10 { tick(); maxX = max(maxX, view.presentation.center.x) }
        #expect(maxX > 105, "a 0.5-damped spring overshoots")
        #expect(view.presentation.center.x == 105)
        #expect(finished)
    }

    /// UIKit's additive model (iOS 8+): shown = model + Σ (animation's value now − its end
    /// value). The older animation keeps its timing and completes with `finished == true`.
    @Test func newerAnimationStacksAdditivelyOnTheRunningOne() {
        let view = shown(View(frame: Rect(x: 0, y: 0, width: 10, height: 10)))
        var log: [String] = []
        View.animate(withDuration: 1, options: .curveLinear, animations: { view.alpha = 0 }, completion: { log.append("first \($0)") })
        tick(); tick()  // t = 0.5, shown 0.5
        View.animate(withDuration: 1, options: .curveLinear, animations: { view.alpha = 1 }, completion: { log.append("second \($0)") })
        #expect(abs(view.presentation.alpha - 0.5) < 1e-12, "nothing jumps")
        #expect(log.isEmpty)
        tick()  // 0.75: 1 + (0.25 − 0) + (0.25 − 1)
        #expect(abs(view.presentation.alpha - 0.5) < 1e-12)
        tick()  // 1.0: the first ends on time; 1 + (0.5 − 1)
        #expect(log == ["first true"])
        #expect(abs(view.presentation.alpha - 0.5) < 1e-12)
        tick(); tick()  // 1.5
        #expect(log == ["first true", "second true"])
        #expect(view.presentation.alpha == 1)
    }

    /// A change made outside an animation block while one runs: Core Animation keeps the
    /// (additive) animation, now displacing the new model value, so it still ends on time, where
    /// the new value is.
    @Test func changeOutsideAnimationKeepsTheRunningAdditiveOne() {
        let view = shown(View(frame: Rect(x: 0, y: 0, width: 10, height: 10)))
        var log: [Bool] = []
        View.animate(withDuration: 1, options: .curveLinear, animations: { view.center = Point(x: 105, y: 5) }, completion: { log.append($0) })
        tick(); tick()  // 0.5: x = 55
        view.center = Point(x: 205, y: 5)
        #expect(abs(view.presentation.center.x - 155) < 1e-12, "model 205 + (55 − 105)")
        tick()
        #expect(abs(view.presentation.center.x - 180) < 1e-12)
        tick()
        #expect(log == [true])
        #expect(view.presentation.center.x == 205)
    }

    /// The background colour is not additive in UIKit: a newer animation replaces the running
    /// one (whose completion runs with `finished == false`) and starts from what is on screen.
    @Test func newerColourAnimationSupersedesAndStartsFromPresentation() {
        let view = shown(View(frame: Rect(x: 0, y: 0, width: 10, height: 10)))
        view.backgroundColor = .black
        var log: [String] = []
        View.animate(withDuration: 1, options: .curveLinear, animations: { view.backgroundColor = .white }, completion: { log.append("first \($0)") })
        tick(); tick()  // shown grey 0.5
        View.animate(withDuration: 1, options: .curveLinear, animations: { view.backgroundColor = .black }, completion: { log.append("second \($0)") })
        #expect(log == ["first false"])
        tick()  // 0.25 into the second: from 0.5 towards 0
        #expect(abs(view.presentation.backgroundColor.red - 0.375) < 1e-9)
        for _ in 0..<3 { tick() }
        #expect(log == ["first false", "second true"])
    }

    @Test func changesOutsideAnimationShowAtOnce() {
        let view = shown(View(frame: Rect(x: 0, y: 0, width: 10, height: 10)))
        view.alpha = 0.3
        #expect(view.presentation.alpha == 0.3)
        View.performWithoutAnimation {}
        var ran = false
        View.animate(withDuration: 1, animations: { View.performWithoutAnimation { view.alpha = 0.6 } }, completion: { _ in ran = true })
        #expect(view.presentation.alpha == 0.6)
        for _ in 0..<4 { tick() }
        #expect(ran, "an animation with nothing to animate still completes after its duration")
    }

    @Test func propertyAnimatorScrubPauseReverseFinish() {
        let view = shown(View(frame: Rect(x: 0, y: 0, width: 10, height: 10)))
        var positions: [PropertyAnimator.Position] = []
        let animator = PropertyAnimator(duration: 1, curve: .linear) { view.alpha = 0 }
        animator.addCompletion { positions.append($0) }
        #expect(animator.state == .inactive)
        animator.fractionComplete = 0.4  // activates, paused, scrubbed
        #expect(animator.state == .active && !animator.isRunning)
        #expect(abs(view.presentation.alpha - 0.6) < 1e-12)
        animator.startAnimation()
        tick()  // 0.25 s of the remaining 0.6 s at the original rate
        #expect(abs(animator.fractionComplete - 0.65) < 1e-9)
        #expect(abs(view.presentation.alpha - 0.35) < 1e-9)
        animator.isReversed = true  // turns round: back towards the start
        tick()
        #expect(abs(animator.fractionComplete - 0.4) < 1e-9)
        tick(); tick()
        #expect(positions == [.start])
        #expect(view.alpha == 1, "finishing at the start restores the start values")
        #expect(animator.state == .inactive)
    }

    @Test func propertyAnimatorStopAndFinishAtCurrent() {
        let view = shown(View(frame: Rect(x: 0, y: 0, width: 10, height: 10)))
        var positions: [PropertyAnimator.Position] = []
        let animator = PropertyAnimator(duration: 1, curve: .linear) { view.alpha = 0 }
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        tick(); tick()
        animator.stopAnimation(false)
        #expect(animator.state == .stopped)
        tick()
        #expect(abs(view.presentation.alpha - 0.5) < 1e-9, "stopped animators do not move")
        animator.finishAnimation(at: .current)
        #expect(abs(view.alpha - 0.5) < 1e-9)
        #expect(positions == [.current])

        // Stopping without finishing: values stay, no completion.
        let second = PropertyAnimator(duration: 1, curve: .linear) { view.alpha = 1 }
        second.addCompletion { positions.append($0) }
        second.startAnimation()
        tick()
        second.stopAnimation(true)
        #expect(second.state == .inactive)
        #expect(abs(view.alpha - 0.625) < 1e-9)
        #expect(positions == [.current])
    }

    @Test func propertyAnimatorContinueWithNewTimingAndDurationFactor() {
        let view = shown(View(frame: Rect(x: 0, y: 0, width: 10, height: 10)))
        var done = false
        let animator = PropertyAnimator(duration: 2, curve: .easeIn) { view.alpha = 0 }
        animator.addCompletion { position in done = position == .end }
        animator.pauseAnimation()
        animator.fractionComplete = 0.5
        #expect(abs(view.presentation.alpha - 0.5) < 1e-12, "scrubbing is linear by default")
        animator.continueAnimation(withTimingParameters: .curve(.linear, duration: 1), durationFactor: 0.5)
        tick()  // 0.25 of the remaining 1 s
        #expect(abs(view.presentation.alpha - 0.375) < 1e-9, "continues from what was on screen")
        for _ in 0..<3 { tick() }
        #expect(done && view.alpha == 0)
    }

    @Test func addAnimationsWhileRunningCoversTheRest() {
        let view = shown(View(frame: Rect(x: 0, y: 0, width: 10, height: 10)))
        let animator = PropertyAnimator(duration: 1, curve: .linear) { view.alpha = 0 }
        animator.startAnimation()
        tick(); tick()  // half way
        animator.addAnimations { view.center = Point(x: 105, y: 5) }
        #expect(view.presentation.center.x == 5, "starts where it is")
        tick()
        #expect(abs(view.presentation.center.x - 55) < 1e-9, "and covers the remaining half")
        tick()
        #expect(view.presentation.center.x == 105)
    }
}
