import SegueUIKit
import Testing
import SegueTesting

/// `nextTimedDecision`: when a gesture needs time to pass with no event, so that a host sleeping
/// while nothing moves wakes exactly then (and draws nothing while a press rests under a pan).
@MainActor
@Suite("Timed gesture decisions", .tags(.pure))
struct TimedGestureDecisionTests {
    typealias Arbitration = GestureArbitrationTests

    /// A recognizer of a user's that acts on time without saying when.
    final class TimeWatcher: GestureRecognizer {
        var ticks = 0
        override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {}
        override func timeDidAdvance(to time: Double) { ticks += 1 }
    }

    @Test func aPressRestingUnderAPanNeedsNoTime() {
        let (dispatcher, _, view) = Arbitration.scene()
        let pan = PanGestureRecognizer { _ in }
        view.addGestureRecognizer(pan)
        #expect(dispatcher.nextTimedDecision == nil)
        dispatcher.pointerDown(at: Point(x: 150, y: 150), time: 2)
        #expect(dispatcher.isFollowingGesture && dispatcher.nextTimedDecision == nil, "only a move or the release moves a pan on")
    }

    @Test func aLongPressDecidesWhenItsDurationHasPassed() {
        let (dispatcher, _, view) = Arbitration.scene()
        var began = 0
        let press = LongPressGestureRecognizer(minimumPressDuration: 0.5) { if $0.state == .began { began += 1 } }
        view.addGestureRecognizer(press)
        view.addGestureRecognizer(PanGestureRecognizer { _ in })
        dispatcher.pointerDown(at: Point(x: 150, y: 150), time: 2)
        #expect(dispatcher.nextTimedDecision == 2.5)
        // Woken then, with no event in between, it begins; after that only events move it on.
        dispatcher.advance(to: 2.5)
        #expect(began == 1 && press.state == .began)
        #expect(dispatcher.nextTimedDecision == nil)
    }

    @Test func aTapWaitingForADoubleTapDecidesJustPastTheInterval() throws {
        let (dispatcher, _, view) = Arbitration.scene()
        var singles = 0
        let single = TapGestureRecognizer { _ in singles += 1 }
        let double = TapGestureRecognizer(numberOfTapsRequired: 2) { _ in }
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        single.require(toFail: double)
        dispatcher.pointerDown(at: Point(x: 150, y: 150), time: 1)
        // A press held longer than a tap may last fails the taps: that is the first deadline.
        let held = try #require(dispatcher.nextTimedDecision)
        #expect(held > 1 + double.maximumTapDuration && held < 1 + double.maximumTapDuration + 0.001)
        dispatcher.pointerUp(at: Point(x: 150, y: 150), time: 1.05)
        let waiting = try #require(dispatcher.nextTimedDecision)
        #expect(waiting > 1.05 + double.maximumIntervalBetweenSuccessiveTaps && waiting < 1.05 + double.maximumIntervalBetweenSuccessiveTaps + 0.001)
        // One wake-up at that moment decides it: the double tap fails, the single tap goes through.
        dispatcher.advance(to: waiting)
        #expect(double.lastOutcome == .failed && singles == 1)
        #expect(dispatcher.nextTimedDecision == nil && !dispatcher.isFollowingGesture)
    }

    @Test func aSlowSwipeFailsWhenItCanNoLongerBeFastEnough() throws {
        let (dispatcher, _, view) = Arbitration.scene()
        let swipe = SwipeGestureRecognizer(direction: .right) { _ in }
        view.addGestureRecognizer(swipe)
        dispatcher.pointerDown(at: Point(x: 150, y: 150), time: 0)
        let deadline = try #require(dispatcher.nextTimedDecision)
        #expect(abs(deadline - swipe.minimumDistance / swipe.minimumVelocity) < 0.001)
        dispatcher.advance(to: deadline)
        #expect(swipe.state == .failed)
    }

    @Test func aUsersRecognizerThatActsOnTimeGetsEveryFrameByDefault() {
        let (dispatcher, _, view) = Arbitration.scene()
        let watcher = TimeWatcher()
        view.addGestureRecognizer(watcher)
        dispatcher.pointerDown(at: Point(x: 150, y: 150), time: 3)
        // Due now, and again after each advance: a host draws frames for it as it always did.
        #expect(dispatcher.nextTimedDecision == 3)
        let ticks = watcher.ticks
        dispatcher.advance(to: 3.016)
        #expect(dispatcher.nextTimedDecision == 3.016 && watcher.ticks == ticks + 1)
    }
}
