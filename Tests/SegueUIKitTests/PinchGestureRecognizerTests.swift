import SegueUIKit
import Testing
import SegueTesting

/// `PinchGestureRecognizer` against UIPinchGestureRecognizer's documented semantics: `scale` is
/// the fingers' distance over their distance when they went down (settable, rebasing later
/// values), `velocity` is scale per second, `.began` once the fingers moved enough, `.changed`
/// per move, `.ended` when they lift, `.cancelled`/`.failed` as UIKit's state machine says, and
/// failure requirements through `PointerDispatcher`. Expected values are computed here from the
/// finger positions, not read back from the recognizer.
@MainActor
@Suite("Pinch gesture recognizer (UIPinchGestureRecognizer)", .tags(.pure))
struct PinchGestureRecognizerTests {
    typealias State = GestureRecognizer.State

    /// Fingers on a horizontal line through (200, 150), `distance` apart.
    static func fingers(_ distance: Double) -> (Point, Point) {
        (Point(x: 200 - distance / 2, y: 150), Point(x: 200 + distance / 2, y: 150))
    }

    final class Log {
        var states: [State] = []
        var scales: [Double] = []
    }

    static func pinch(_ log: Log) -> PinchGestureRecognizer {
        PinchGestureRecognizer { pinch in
            log.states.append(pinch.state)
            log.scales.append(pinch.scale)
        }
    }

    @Test func scaleIsTheDistanceOverTheStartDistanceAndTheStatesFollowUIKit() {
        let log = Log(), pinch = Self.pinch(log)
        let (a0, b0) = Self.fingers(100)
        pinch.pinchDown(at: a0, b0, time: 0)
        #expect(pinch.state == .possible && pinch.numberOfTouches == 2 && pinch.scale == 1)
        // 5 px is under the hysteresis: still possible, no action.
        let (a1, b1) = Self.fingers(95)
        pinch.pinchMoved(to: a1, b1, time: 0.02)
        #expect(pinch.state == .possible && log.states.isEmpty)
        // 80 px apart: began, its scale already the full 0.8 (relative to the touch-down distance).
        let (a2, b2) = Self.fingers(80)
        pinch.pinchMoved(to: a2, b2, time: 0.04)
        #expect(log.states == [.began] && abs(log.scales[0] - 0.8) < 1e-12)
        // The midpoint is the location; a move of both fingers changes it, not the scale.
        pinch.pinchMoved(to: Point(x: a2.x + 10, y: 170), Point(x: b2.x + 10, y: 170), time: 0.06)
        #expect(log.states == [.began, .changed] && abs(log.scales[1] - 0.8) < 1e-12)
        #expect(pinch.location(in: nil) == Point(x: 210, y: 170))
        // A diagonal spread: the Euclidean distance counts.
        pinch.pinchMoved(to: Point(x: 170, y: 110), Point(x: 230, y: 190), time: 0.08)
        #expect(abs(pinch.scale - 100.0 / 100) < 1e-12, "60 × 80 apart is 100 px")
        pinch.pinchUp(time: 0.1)
        #expect(log.states == [.began, .changed, .changed, .ended] && pinch.state == .ended)
    }

    @Test func velocityIsScalePerSecondAndSettingTheScaleRebasesIt() {
        let pinch = PinchGestureRecognizer()
        let start = Self.fingers(200)
        pinch.pinchDown(at: start.0, start.1, time: 1)
        for (distance, time) in [(180.0, 1.02), (160, 1.04), (140, 1.06)] {
            let f = Self.fingers(distance)
            pinch.pinchMoved(to: f.0, f.1, time: time)
        }
        // Closing 60 px of 200 in 0.06 s: -0.3 / 0.06 = -5 scale per second.
        #expect(abs(pinch.velocity - -5) < 1e-9, "\(pinch.velocity)")
        #expect(abs(pinch.scale - 0.7) < 1e-12)
        // UIKit's idiom: reset the scale to 1, later moves scale from the current distance.
        pinch.scale = 1
        let f = Self.fingers(175)
        pinch.pinchMoved(to: f.0, f.1, time: 1.08)
        #expect(abs(pinch.scale - 1.25) < 1e-12)
        // Setting the scale restarts the velocity too (as the pan's setTranslation): 35 px of 140 in 0.02 s.
        #expect(abs(pinch.velocity - (35.0 / 140) / 0.02) < 1e-9, "\(pinch.velocity)")
        // Fingers resting: the last two instants have the same distance.
        pinch.pinchMoved(to: f.0, f.1, time: 1.5)
        #expect(pinch.velocity == 0)
    }

    @Test func liftingBeforeTheHysteresisFailsAndDisablingCancels() {
        let log = Log(), pinch = Self.pinch(log)
        let f = Self.fingers(100), g = Self.fingers(104)
        pinch.pinchDown(at: f.0, f.1, time: 0)
        pinch.pinchMoved(to: g.0, g.1, time: 0.1)
        pinch.pinchUp(time: 0.2)
        #expect(pinch.state == .failed && log.states.isEmpty, "no action for .failed")
        // A new press resets it; disabling a pinch under way cancels it (the action runs).
        let h = Self.fingers(150)
        pinch.pinchDown(at: f.0, f.1, time: 1)
        pinch.pinchMoved(to: h.0, h.1, time: 1.1)
        #expect(pinch.state == .began)
        pinch.isEnabled = false
        #expect(log.states == [.began, .cancelled] && pinch.state == .cancelled)
    }

    /// root 400 × 300 with `view` filling its centre, for the dispatcher.
    static func scene() -> (PointerDispatcher, View) {
        AnimationEngine.main.reset(to: 0)
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 300), name: "root")
        let view = View(frame: Rect(x: 50, y: 50, width: 300, height: 200), name: "view")
        root.addSubview(view)
        return (PointerDispatcher(root: root), view)
    }

    @Test func throughADispatcherItEndsThenResetsAndAPressCancelsIt() {
        let (dispatcher, view) = Self.scene()
        let log = Log(), pinch = Self.pinch(log)
        view.addGestureRecognizer(pinch)
        let f = Self.fingers(100), g = Self.fingers(60)
        dispatcher.pinchDown(at: f.0, f.1, time: 0)
        dispatcher.pinchMoved(to: g.0, g.1, time: 0.1)
        #expect(dispatcher.isPinching && pinch.state == .began)
        dispatcher.pinchUp(time: 0.2)
        // UIKit resets a recognizer to .possible once the gesture is over, after its actions ran.
        #expect(log.states == [.began, .ended] && pinch.state == .possible && pinch.lastOutcome == .ended)
        // A pointer press while two fingers pinch cancels the pinch.
        dispatcher.pinchDown(at: f.0, f.1, time: 1)
        dispatcher.pinchMoved(to: g.0, g.1, time: 1.1)
        dispatcher.pointerDown(at: Point(x: 100, y: 100), time: 1.2)
        #expect(log.states == [.began, .ended, .began, .cancelled] && !dispatcher.isPinching)
    }

    @Test func aOneFingerPressFailsThePinchAtTheReleaseAndATapWaitingForItGoesThen() {
        let (dispatcher, view) = Self.scene()
        let log = Log(), pinch = Self.pinch(log)
        var taps = 0
        let tap = TapGestureRecognizer { _ in taps += 1 }
        tap.require(toFail: pinch)
        view.addGestureRecognizer(tap)
        view.addGestureRecognizer(pinch)
        dispatcher.pointerDown(at: Point(x: 200, y: 150), time: 0)
        #expect(pinch.state == .possible)
        dispatcher.pointerUp(at: Point(x: 200, y: 150), time: 0.05)
        // The pinch failed when the finger lifted (one finger is no pinch); the tap then recognized.
        #expect(pinch.lastOutcome == .failed && taps == 1 && log.states.isEmpty)
    }

    @Test func aPinchRequiredToFailHoldsAnotherAndItsRecognitionFailsIt() {
        let (dispatcher, view) = Self.scene()
        let innerLog = Log(), outerLog = Log()
        let inner = Self.pinch(innerLog), outer = Self.pinch(outerLog)
        outer.require(toFail: inner)
        view.addGestureRecognizer(inner)
        view.superview!.addGestureRecognizer(outer)
        let f = Self.fingers(100), g = Self.fingers(140)
        dispatcher.pinchDown(at: f.0, f.1, time: 0)
        dispatcher.pinchMoved(to: g.0, g.1, time: 0.1)
        #expect(innerLog.states == [.began] && outer.state == .failed, "the inner pinch recognized: the outer fails")
        dispatcher.pinchUp(time: 0.2)
        // The inner one vetoed by its delegate: the outer one, which waited for it, begins.
        let veto = Veto()
        inner.delegate = veto
        dispatcher.pinchDown(at: f.0, f.1, time: 1)
        dispatcher.pinchMoved(to: g.0, g.1, time: 1.1)
        #expect(inner.state == .failed && outerLog.states == [.began] && abs(outer.scale - 1.4) < 1e-12)
        dispatcher.pinchUp(time: 1.2)
        #expect(outerLog.states == [.began, .ended])
    }

    final class Veto: GestureRecognizerDelegate {
        func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { false }
    }
}
