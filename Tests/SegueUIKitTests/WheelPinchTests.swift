import SegueUIKit
import Testing
import SegueTesting

/// Ctrl + scroll wheel as the desktop's pinch (`WheelPinch`, fed by `WindowHost`): the first
/// step puts two fingers down, each notch moves them a tenth of their start distance, and the
/// fingers lift when Ctrl is released or after a pause on the frame clock (an input here, as the
/// host's frame time is), never by a sleep.
@MainActor
@Suite("Ctrl + wheel pinch", .tags(.pure))
struct WheelPinchTests {
    final class Log {
        var states: [GestureRecognizer.State] = []
        var scales: [Double] = []
        var velocities: [Double] = []
    }

    static func scene() -> (Window, PinchGestureRecognizer, Log) {
        let window = Window(size: Size(width: 800, height: 600))
        let log = Log()
        let pinch = PinchGestureRecognizer { pinch in
            log.states.append(pinch.state)
            log.scales.append(pinch.scale)
            log.velocities.append(pinch.velocity)
        }
        window.rootView.addGestureRecognizer(pinch)
        return (window, pinch, log)
    }

    @Test func notchesDownCloseTheFingersAndReleasingCtrlLiftsThem() {
        let (window, pinch, log) = Self.scene()
        var wheel = WheelPinch()
        for (step, time) in [0.0, 0.05, 0.1].enumerated() {
            wheel.wheel(at: Point(x: 300, y: 200), notches: -1, time: time, window: window)
            #expect(abs(log.scales.last! - (1 - Double(step + 1) / 10)) < 1e-12, "n notches down: 1 - n/10")
        }
        #expect(log.states == [.began, .changed, .changed] && pinch.location(in: nil) == Point(x: 300, y: 200))
        #expect(wheel.nextDecision == 0.1 + WheelPinch.idleEnd)
        wheel.lift(time: 0.12, window: window)
        #expect(log.states.last == .ended && !window.pointerDispatcher.isPinching && wheel.nextDecision == nil)
        // At the release: 160 → 140 px of 200 over 0.05 → 0.12 s, closing (the zoom's flick is -1).
        #expect(abs(log.velocities.last! - (140.0 - 160) / 200 / 0.07) < 1e-9 && pinch.lastOutcome == .ended)
    }

    @Test func aPauseOnTheFrameClockEndsItAndTheNextStepStartsAnother() {
        let (window, _, log) = Self.scene()
        var wheel = WheelPinch()
        wheel.wheel(at: Point(x: 300, y: 200), notches: 2, time: 1, window: window)
        #expect(log.states == [.began] && abs(log.scales[0] - 1.2) < 1e-12, "notches up spread the fingers")
        wheel.advance(to: 1 + WheelPinch.idleEnd - 0.01, window: window)
        #expect(window.pointerDispatcher.isPinching, "not yet")
        wheel.advance(to: 1 + WheelPinch.idleEnd, window: window)
        #expect(log.states == [.began, .ended] && !window.pointerDispatcher.isPinching)
        wheel.wheel(at: Point(x: 100, y: 100), notches: -1, time: 2, window: window)
        #expect(log.states == [.began, .ended, .began] && abs(log.scales.last! - 0.9) < 1e-12, "a new pinch from 1")
    }

    /// Issue 41: a slow pinch. The pause is measured from the last notch: notches 0.22 s apart
    /// (the host's frame clock checking the pause every frame between them, as `WindowHost`
    /// does) are one pinch of four notches, scale 0.6, which lifts 0.3 s after the fourth;
    /// notches further apart than the pause are pinches of their own.
    @Test(arguments: [(0.22, 1), (0.29, 1), (0.31, 4)])
    func notchesApartUnderThePauseAreOnePinch(gap: Double, pinches: Int) {
        let (window, _, log) = Self.scene()
        var wheel = WheelPinch()
        var downs = 0
        var lifts: [Double] = []
        for notch in 0..<4 {
            let time = 10 + Double(notch) * gap
            if !wheel.isPinching { downs += 1 }
            wheel.wheel(at: Point(x: 300, y: 200), notches: -1, time: time, window: window)
            // Frames at 60 a second until the next notch, each letting the frame clock on.
            for frame in 1...Int((gap * 60).rounded(.down)) {
                let wasPinching = wheel.isPinching
                wheel.advance(to: time + Double(frame) / 60, window: window)
                if wasPinching && !wheel.isPinching { lifts.append(time + Double(frame) / 60) }
            }
        }
        #expect(downs == pinches, "gap \(gap): \(downs) pinches")
        if pinches == 1 {
            #expect(log.states == [.began, .changed, .changed, .changed] && abs(log.scales.last! - 0.6) < 1e-12)
            let last = 10 + 3 * gap
            #expect(wheel.nextDecision == last + WheelPinch.idleEnd, "the pause counts from the last notch")
            wheel.advance(to: last + WheelPinch.idleEnd, window: window)
            #expect(log.states.last == .ended && abs(log.scales.last! - 0.6) < 1e-12)
        } else {
            #expect(lifts.count == 4 && log.states.filter { $0 == .ended }.count == 4, "each lifted a pause after its notch: \(lifts)")
        }
    }
}
