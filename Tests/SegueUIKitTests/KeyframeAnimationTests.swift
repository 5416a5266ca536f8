import SegueTiming
import SegueUIKit
import SegueTesting
import Testing

/// `View.animateKeyframes` sampled against UIKit's and Core Animation's documented semantics of
/// each calculation mode (linear, discrete, paced, cubic, cubic paced), on a virtual clock.
@MainActor
@Suite("Keyframe animations (virtual clock)", .tags(.pure))
struct KeyframeAnimationTests {
    let window = Window(size: Size(width: 400, height: 400))
    /// The whole animation on a linear curve, so a time is the keyframes' relative time.
    let linear = AnimationOptions.curveLinear.rawValue

    private func box() -> View {
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        view.center = Point(x: 0, y: 0)
        window.rootView.addSubview(view)
        return view
    }

    private func x(_ view: View, at time: Double) -> Double {
        window.animationEngine.advance(to: time)
        return view.presentation.center.x
    }

    @Test func linearModeMovesDuringEachKeyframeAndHoldsBetween() {
        let view = box()
        var finished: [Bool] = []
        View.animateKeyframes(withDuration: 1, options: KeyframeAnimationOptions(rawValue: linear), animations: {
            View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.25) { view.center.x = 100 }
            // Nothing from 0.25 to 0.5: the value holds.
            View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { view.center.x = 300 }
            View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.25) { view.alpha = 0 }
        }, completion: { finished.append($0) })
        // The model takes the last keyframe's values at once, as in UIKit.
        #expect(view.center.x == 300 && view.alpha == 0)
        #expect(x(view, at: 0) == 0)
        #expect(abs(x(view, at: 0.125) - 50) < 1e-9)
        #expect(abs(x(view, at: 0.25) - 100) < 1e-9)
        #expect(abs(x(view, at: 0.4) - 100) < 1e-9, "held between keyframes")
        #expect(view.presentation.alpha == 1, "alpha waits for its keyframe")
        #expect(abs(x(view, at: 0.625) - 150) < 1e-9)
        #expect(abs(view.presentation.alpha - 0.5) < 1e-9)
        #expect(abs(x(view, at: 0.875) - 250) < 1e-9)
        #expect(view.presentation.alpha == 0, "alpha's keyframe ended at 0.75")
        #expect(finished.isEmpty)
        #expect(x(view, at: 1) == 300)
        #expect(finished == [true])
        #expect(view.presentation == view.model)
    }

    @Test func discreteModeJumpsToEachValueAtItsKeyframesStart() {
        let view = box()
        View.animateKeyframes(withDuration: 1, options: [.calculationModeDiscrete, KeyframeAnimationOptions(rawValue: linear)], animations: {
            View.addKeyframe(withRelativeStartTime: 0.25, relativeDuration: 0.25) { view.center.x = 100 }
            View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { view.center.x = 300 }
        })
        #expect(x(view, at: 0.1) == 0)
        #expect(x(view, at: 0.25) == 100, "no interpolated values: the value jumps")
        #expect(x(view, at: 0.49) == 100)
        #expect(x(view, at: 0.5) == 300)
        #expect(x(view, at: 0.9) == 300)
    }

    @Test func pacedModeIgnoresKeyTimesForAnEvenPace() {
        let view = box()
        View.animateKeyframes(withDuration: 1, options: [.calculationModePaced, KeyframeAnimationOptions(rawValue: linear)], animations: {
            View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.1) { view.center.x = 100 }
            View.addKeyframe(withRelativeStartTime: 0.1, relativeDuration: 0.9) { view.center.x = 300 }
        })
        // 300 points at an even pace: 300 × t, whatever the keyframes' times (linear would give
        // 100 at 0.1 and 188.9 at 0.5).
        for time in stride(from: 0.0, through: 1.0, by: 0.1) {
            #expect(abs(x(view, at: time) - 300 * time) < 1e-9, "at \(time)")
        }
    }

    @Test func cubicModePassesThroughTheKeyValuesWithAContinuousVelocity() {
        let view = box()
        View.animateKeyframes(withDuration: 1, options: [.calculationModeCubic, KeyframeAnimationOptions(rawValue: linear)], animations: {
            View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { view.center.x = 100 }
            View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { view.center.x = 40 }
        })
        #expect(abs(x(view, at: 0.5) - 100) < 1e-9, "through the keyframe's value at its time")
        let h = 1e-3
        let before = (x(view, at: 0.5 - h) - x(view, at: 0.5)) / -h
        let after = (x(view, at: 0.5 + h) - x(view, at: 0.5)) / h
        // Linear keyframes turn sharply here (slopes +200 and −120); the spline does not.
        #expect(abs(before - after) < 1, "velocity \(before) then \(after)")
        // Smooth, so not the straight line: 50 at 0.25 linearly.
        #expect(abs(x(view, at: 0.25) - 50) > 1)
        #expect(x(view, at: 1) == 40)
    }

    @Test func cubicPacedModeMovesAtConstantSpeedAlongTheSpline() {
        let view = box()
        View.animateKeyframes(
            withDuration: 1, options: [.calculationModeCubicPaced, KeyframeAnimationOptions(rawValue: linear)],
            animations: {
                View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.9) { view.center = Point(x: 100, y: 0) }
                View.addKeyframe(withRelativeStartTime: 0.9, relativeDuration: 0.1) { view.center = Point(x: 100, y: 100) }
            })
        var points: [Point] = []
        for step in 0...20 {
            window.animationEngine.advance(to: Double(step) / 20)
            points.append(view.presentation.center)
        }
        let steps = zip(points, points.dropFirst()).map { a, b in ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() }
        let mean = steps.reduce(0, +) / Double(steps.count)
        for (index, length) in steps.enumerated() { #expect(abs(length - mean) < 0.02 * mean, "step \(index): \(length) vs \(mean)") }
        #expect(points.first == Point(x: 0, y: 0) && points.last == Point(x: 100, y: 100))
    }

    @Test func theWholeAnimationEasesInAndOutByDefault() {
        let view = box()
        View.animateKeyframes(withDuration: 2, delay: 0.5, animations: {
            View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.center.x = 100 }
        })
        #expect(x(view, at: 0.5) == 0, "the delay")
        let expected = 100 * TimingCurve.easeInOut.value(at: 0.25)
        #expect(abs(x(view, at: 1) - expected) < 1e-9)
    }

    /// The Core Animation keyframe animation UIKit makes for this block, as logged on iOS:
    /// keyTimes (0, 0.1, 1), values (1, 0, 0), linear calculation, ease-in-ease-out timing over
    /// 10 s — so the fade takes longer than 1 s of real time.
    @Test func aShortKeyframeOfALongAnimationMatchesTheAnimationUIKitLogs() {
        let view = box()
        View.animateKeyframes(withDuration: 10, animations: {
            View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.1) { view.alpha = 0 }
        })
        for time in [0.5, 1.0, 2.0, 2.5, 5.0] {
            window.animationEngine.advance(to: time)
            let keyTime = TimingCurve.easeInOut.value(at: time / 10)
            let expected = keyTime < 0.1 ? 1 - keyTime / 0.1 : 0
            #expect(abs(view.presentation.alpha - expected) < 1e-9, "at \(time) s")
            if time == 1 { #expect(view.presentation.alpha > 0, "still fading after 1 s, as reported on iOS") }
        }
    }

    @Test func changesOutsideKeyframesSpanTheAnimationAndAddKeyframeAloneAppliesAtOnce() {
        let view = box()
        View.animateKeyframes(withDuration: 1, options: KeyframeAnimationOptions(rawValue: linear), animations: {
            view.alpha = 0
        })
        window.animationEngine.advance(to: 0.5)
        #expect(abs(view.presentation.alpha - 0.5) < 1e-9)
        let other = box()
        View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { other.center.x = 70 }
        #expect(other.presentation.center.x == 70)
    }
}
