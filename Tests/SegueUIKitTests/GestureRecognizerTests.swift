import SegueUIKit
import Testing
import SegueTesting

/// Each recognizer's state machine fed directly (GL-free), against UIKit's documented
/// behaviour: discrete recognizers go possible → recognized (ended) or failed with one action,
/// continuous ones possible → began → changed → ended; time decides where nothing moves.
@MainActor
@Suite("Gesture recognizers (tap, long press, swipe, screen-edge pan, a user subclass)", .tags(.pure))
struct GestureRecognizerTests {
    typealias State = GestureRecognizer.State

    /// A 400 × 300 window-sized root with the recognizer's view filling it.
    static func rooted(_ recognizer: GestureRecognizer) -> View {
        AnimationEngine.main.reset(to: 0)
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 300), name: "root")
        root.addGestureRecognizer(recognizer)
        return root
    }

    // MARK: - Tap

    @Test func singleTapIsRecognizedOnTheReleaseWithOneAction() {
        var states: [State] = []
        let tap = TapGestureRecognizer { states.append($0.state) }
        tap.pointerDown(at: Point(x: 50, y: 60), time: 0)
        #expect(tap.state == .possible && tap.numberOfTouches == 1)
        tap.pointerMoved(to: Point(x: 60, y: 70), time: 0.05)  // 14 px: within the tolerance
        #expect(tap.state == .possible && states.isEmpty)
        tap.pointerUp(at: Point(x: 60, y: 70), time: 0.1)
        #expect(tap.state == .recognized && states == [.ended] && tap.tapCount == 1 && tap.numberOfTouches == 0)
        #expect(tap.location(in: nil) == Point(x: 50, y: 60), "UIKit reports the first tap's location")

        // Too much movement, or held too long: failed, no action.
        tap.pointerDown(at: Point(x: 50, y: 60), time: 1)
        tap.pointerMoved(to: Point(x: 50, y: 106), time: 1.05)
        #expect(tap.state == .failed)
        tap.pointerUp(at: Point(x: 50, y: 106), time: 1.1)
        tap.pointerDown(at: Point(x: 50, y: 60), time: 2)
        tap.advance(to: 2.7)
        #expect(tap.state == .possible)
        tap.advance(to: 2.8)
        #expect(tap.state == .failed)
        #expect(states == [.ended])
    }

    @Test func doubleTapNeedsTheSecondPressWithinTheInterval() {
        var count = 0
        let double = TapGestureRecognizer(numberOfTapsRequired: 2) { _ in count += 1 }
        double.pointerDown(at: Point(x: 10, y: 10), time: 0)
        double.pointerUp(at: Point(x: 10, y: 10), time: 0.08)
        #expect(double.state == .possible && double.tapCount == 1)
        double.advance(to: 0.3)
        double.pointerDown(at: Point(x: 14, y: 12), time: 0.3)
        double.pointerUp(at: Point(x: 14, y: 12), time: 0.38)
        #expect(double.state == .recognized && count == 1 && double.tapCount == 2)

        // The interval passes with nothing pressed: it fails as time passes, not at the next press.
        double.pointerDown(at: Point(x: 10, y: 10), time: 1)
        double.pointerUp(at: Point(x: 10, y: 10), time: 1.05)
        double.advance(to: 1.39)
        #expect(double.state == .possible)
        double.advance(to: 1.41)
        #expect(double.state == .failed && count == 1)

        // A second press too far from the first fails it.
        double.pointerDown(at: Point(x: 10, y: 10), time: 2)
        double.pointerUp(at: Point(x: 10, y: 10), time: 2.05)
        double.pointerDown(at: Point(x: 100, y: 10), time: 2.2)
        #expect(double.state == .failed && count == 1)
    }

    // MARK: - Long press

    @Test func longPressBeginsAfterTheDurationAtRestThenFollowsMoves() {
        var log: [State] = []
        let press = LongPressGestureRecognizer { log.append($0.state) }
        #expect(press.minimumPressDuration == 0.5 && press.allowableMovement == 10)
        press.pointerDown(at: Point(x: 100, y: 100), time: 0)
        press.pointerMoved(to: Point(x: 106, y: 106), time: 0.2)  // 8.5 px: allowed
        press.advance(to: 0.49)
        #expect(press.state == .possible && log.isEmpty)
        press.advance(to: 0.5)
        #expect(press.state == .began && log == [.began])
        press.pointerMoved(to: Point(x: 200, y: 100), time: 0.6)  // free to move once begun
        press.pointerUp(at: Point(x: 200, y: 100), time: 0.7)
        #expect(log == [.began, .changed, .ended])
        #expect(press.location(in: nil) == Point(x: 200, y: 100))

        // An event after the duration begins it first (the time passes before the move).
        log = []
        press.pointerDown(at: .zero, time: 1)
        press.pointerMoved(to: Point(x: 3, y: 0), time: 1.6)
        #expect(log == [.began, .changed])
        press.pointerCancelled(time: 1.7)
        #expect(log == [.began, .changed, .cancelled])
    }

    @Test func longPressFailsOnMovementOrAnEarlyRelease() {
        var calls = 0
        let press = LongPressGestureRecognizer { _ in calls += 1 }
        press.pointerDown(at: .zero, time: 0)
        press.pointerMoved(to: Point(x: 11, y: 0), time: 0.1)
        #expect(press.state == .failed)
        press.advance(to: 1)
        #expect(press.state == .failed)
        press.pointerDown(at: .zero, time: 2)
        press.pointerUp(at: .zero, time: 2.4)
        #expect(press.state == .failed && calls == 0)
    }

    // MARK: - Swipe

    @Test func swipeRecognizesAFastMoveInAnAllowedDirection() {
        var directions: [SwipeGestureRecognizer.Direction] = []
        let swipe = SwipeGestureRecognizer { directions.append($0.recognizedDirection) }
        #expect(swipe.direction == .right)
        // 15 px per frame: 50 px after 4 frames (0.067 s), far above 200 px/s.
        swipe.pointerDown(at: Point(x: 100, y: 100), time: 0)
        for k in 1...3 { swipe.pointerMoved(to: Point(x: 100 + 15 * Double(k), y: 101), time: Double(k) / 60) }
        #expect(swipe.state == .possible)
        swipe.pointerMoved(to: Point(x: 160, y: 102), time: 4 / 60)
        #expect(swipe.state == .recognized && directions == [.right], "recognized during the move, not at the release")

        // The wrong way, too slow, or too crooked: failed.
        swipe.pointerDown(at: Point(x: 100, y: 100), time: 1)
        swipe.pointerMoved(to: Point(x: 40, y: 100), time: 1.05)
        #expect(swipe.state == .failed)
        swipe.pointerDown(at: Point(x: 100, y: 100), time: 2)
        swipe.pointerMoved(to: Point(x: 130, y: 100), time: 2.2)
        swipe.advance(to: 2.26)  // 50 px at 200 px/s takes 0.25 s
        #expect(swipe.state == .failed)
        swipe.pointerDown(at: Point(x: 100, y: 100), time: 3)
        swipe.pointerMoved(to: Point(x: 160, y: 135), time: 3.05)
        #expect(swipe.state == .failed)

        // Several directions: up counts.
        swipe.direction = [.left, .up]
        swipe.pointerDown(at: Point(x: 100, y: 100), time: 4)
        swipe.pointerMoved(to: Point(x: 95, y: 40), time: 4.05)
        #expect(swipe.state == .recognized && directions == [.right, .up])
    }

    // MARK: - Screen-edge pan

    @Test func screenEdgePanBeginsOnlyFromTheEdgeMovingAway() {
        var states: [State] = []
        let edge = ScreenEdgePanGestureRecognizer(edges: .left) { states.append($0.state) }
        let root = Self.rooted(edge)  // the view (weak in the recognizer) must outlive the test
        edge.pointerDown(at: Point(x: 5, y: 150), time: 0)
        edge.pointerMoved(to: Point(x: 25, y: 152), time: 0.05)
        #expect(edge.state == .began && edge.translation(in: nil) == Point(x: 20, y: 2))
        edge.pointerUp(at: Point(x: 60, y: 150), time: 0.1)
        #expect(states == [.began, .ended])

        // Away from the edge region: failed at the press, before any move.
        edge.pointerDown(at: Point(x: 21, y: 150), time: 1)
        #expect(edge.state == .failed)
        // From the edge, but along it: failed once it has moved far enough.
        edge.pointerDown(at: Point(x: 2, y: 150), time: 2)
        edge.pointerMoved(to: Point(x: 5, y: 130), time: 2.05)
        #expect(edge.state == .failed)
        // The right edge, moving left.
        edge.edges = [.left, .right]
        edge.pointerDown(at: Point(x: 395, y: 10), time: 3)
        edge.pointerMoved(to: Point(x: 380, y: 12), time: 3.05)
        #expect(edge.state == .began && states == [.began, .ended, .began] && edge.view === root)
        // No view: no window to have edges.
        let loose = ScreenEdgePanGestureRecognizer(edges: .all)
        loose.pointerDown(at: .zero, time: 0)
        #expect(loose.state == .failed)
    }

    // MARK: - The subclass contract

    /// A recognizer written only against the public API, as an app would: recognized when the
    /// pointer reverses its horizontal direction `turnsRequired` times, each leg at least 20 px.
    final class ZigZagGestureRecognizer: GestureRecognizer {
        var turnsRequired = 3
        private(set) var turns = 0
        private var legStart: Double?
        private var lastX: Double?
        private var goingRight: Bool?
        private(set) var resets = 0

        override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
            guard let touch = touches.first else { return }
            legStart = touch.location(in: nil).x
            lastX = legStart
        }

        override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
            guard let touch = touches.first, let start = legStart, let last = lastX else { return }
            let x = touch.location(in: nil).x
            guard x != last else { return }
            let right = x > last
            if let goingRight, right != goingRight {
                // A turn: the leg that ended must have been long enough.
                guard abs(last - start) >= 20 else { state = .failed; return }
                turns += 1
                legStart = last
                if turns >= turnsRequired { state = .recognized; return }
            }
            goingRight = right
            lastX = x
        }

        override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) { state = .failed }

        override func reset() {
            super.reset()
            resets += 1
            turns = 0
            legStart = nil
            lastX = nil
            goingRight = nil
        }
    }

    @Test func aUserWrittenRecognizerFollowsTheSameRules() {
        let zigzag = ZigZagGestureRecognizer()
        var states: [State] = []
        zigzag.addAction { states.append($0.state) }
        let xs: [Double] = [0, 30, 60, 30, 0, 30, 60, 30]
        zigzag.pointerDown(at: Point(x: 100, y: 0), time: 0)
        for (k, x) in xs.enumerated() { zigzag.pointerMoved(to: Point(x: 100 + x, y: 0), time: Double(k + 1) / 60) }
        #expect(zigzag.state == .recognized && zigzag.turns == 3 && states == [.ended])
        // Finished: events are no longer delivered, and setting a state now is refused.
        zigzag.pointerMoved(to: Point(x: 0, y: 0), time: 1)
        zigzag.state = .changed
        #expect(zigzag.state == .ended && states == [.ended])

        // The next press resets it first; a short leg fails it without an action.
        zigzag.pointerDown(at: Point(x: 100, y: 0), time: 2)
        #expect(zigzag.resets == 1 && zigzag.state == .possible)
        for (k, x) in [0.0, 10, 0].enumerated() { zigzag.pointerMoved(to: Point(x: 100 + x, y: 0), time: 2 + Double(k + 1) / 60) }
        #expect(zigzag.state == .failed && states == [.ended])

        // Invalid transitions from .possible are ignored (UIKit asserts); valid ones go through.
        zigzag.reset()
        zigzag.state = .changed
        zigzag.state = .cancelled
        #expect(zigzag.state == .possible)
        zigzag.state = .began
        zigzag.state = .changed
        zigzag.state = .changed
        zigzag.state = .cancelled
        #expect(states == [.ended, .began, .changed, .changed, .cancelled])

        // Actions can be removed; the typed one reads subclass fields without a cast.
        zigzag.reset()
        var typed = 0
        let token = zigzag.addAction { (recognizer: ZigZagGestureRecognizer) in typed += recognizer.turnsRequired }
        zigzag.state = .began
        zigzag.removeAction(token)
        zigzag.state = .ended
        #expect(typed == 3 && states.suffix(2) == [.began, .ended])
    }

    // MARK: - Buttons and modifiers

    @Test func recognizersFollowThePrimaryButtonUnlessToldOtherwise() {
        var states: [State] = []
        let pan = PanGestureRecognizer { states.append($0.state) }
        pan.pointerDown(at: .zero, time: 0, button: .secondary)
        pan.pointerMoved(to: Point(x: 30, y: 0), time: 0.1)
        pan.pointerUp(at: Point(x: 30, y: 0), time: 0.2)
        #expect(states.isEmpty && pan.button == nil)

        pan.allowedButtons = [.secondary, .other(4)]
        pan.pointerDown(at: .zero, time: 1, button: .other(4), modifiers: [.shift])
        #expect(pan.button == .other(4) && pan.modifierFlags == [.shift])
        pan.pointerMoved(to: Point(x: 30, y: 0), time: 1.1, modifiers: [.shift, .command])
        #expect(pan.modifierFlags == [.shift, .command] && states == [.began])
        pan.pointerUp(at: Point(x: 30, y: 0), time: 1.2)
        #expect(pan.modifierFlags.isEmpty && states == [.began, .ended])
    }
}
