import SeguePlayer
import Testing
import SegueTesting

/// The window's playback state on a virtual clock: speeds, reversing, the three repeat modes,
/// single-frame steps, drags and the settle after a release, and the frame-time statistics.
@Suite("Player timeline and frame statistics", .tags(.pure))
struct PlayerTimelineTests {
    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    @Test func speedScalesDisplayTime() {
        var timeline = PlayerTimeline(duration: 2, loopMode: .once)
        timeline.speed = PlayerTimeline.speeds[0]  // 1/4x
        timeline.advance(by: 1)
        #expect(Self.close(timeline.progress, 0.125))
        timeline.speed = 4
        timeline.advance(by: 0.25)
        #expect(Self.close(timeline.progress, 0.625))
    }

    @Test func onceStopsAtTheEndAndSpaceStartsOver() {
        var timeline = PlayerTimeline(duration: 1, loopMode: .once)
        timeline.advance(by: 5)
        #expect(timeline.progress == 1)
        timeline.togglePause()
        timeline.togglePause()
        #expect(timeline.progress == 0, "resuming a finished run starts over")
    }

    @Test func loopHoldsTheEndThenWraps() {
        var timeline = PlayerTimeline(duration: 1, loopMode: .loop)
        timeline.advance(by: 1)
        #expect(timeline.progress == 1)
        timeline.advance(by: PlayerTimeline.endHold / 2)
        #expect(timeline.progress == 1, "the end stays a moment")
        timeline.advance(by: PlayerTimeline.endHold / 2 + 0.25)
        #expect(Self.close(timeline.progress, 0.25))
    }

    @Test func pingPongAndReverseChangeDirection() {
        var timeline = PlayerTimeline(duration: 1, loopMode: .pingPong)
        timeline.advance(by: 1)
        timeline.advance(by: PlayerTimeline.endHold + 0.25)
        #expect(Self.close(timeline.progress, 0.75), "coming back")
        timeline.reverse()
        timeline.advance(by: 0.125)
        #expect(Self.close(timeline.progress, 0.875))
    }

    @Test func stepMovesOneFrameOnlyWhilePaused() {
        var timeline = PlayerTimeline(duration: 2, loopMode: .pingPong)
        timeline.step(1, frameSeconds: 1.0 / 60)
        #expect(timeline.progress == 0, "playing: no step")
        timeline.togglePause()
        timeline.step(1, frameSeconds: 1.0 / 60)
        #expect(Self.close(timeline.progress, 1.0 / 120))
        timeline.advance(by: 10)
        #expect(Self.close(timeline.progress, 1.0 / 120), "paused: time does not move it")
        timeline.step(-1, frameSeconds: 1.0 / 60)
        #expect(timeline.progress == 0)
    }

    @Test func releaseSettlesOverTheRemainingDistance() {
        var timeline = PlayerTimeline(duration: 2, loopMode: .once)
        timeline.hold(at: 0.75)
        timeline.advance(by: 1)
        #expect(timeline.progress == 0.75, "held by the drag")
        timeline.release(settlingTo: 1)
        timeline.advance(by: 0.25)  // 0.25 of the 0.5 s the last quarter takes
        #expect(Self.close(timeline.progress, 0.875))
        timeline.advance(by: 0.25)
        #expect(timeline.progress == 1 && !timeline.isSettling)
        timeline.advance(by: 5)
        #expect(timeline.progress == 1, "once: stays finished")

        timeline.hold(at: 0.25)
        timeline.release(settlingTo: 0)
        timeline.advance(by: 0.5)
        #expect(timeline.progress == 0, "cancelled back to the start")
        timeline.advance(by: 5)
        #expect(timeline.progress == 0, "once: a cancelled run stays cancelled")
    }

    @Test func aStoppedOnceRunRestartsForwardsOrPlaysBackWhenReversed() {
        var timeline = PlayerTimeline(duration: 1, loopMode: .once)
        timeline.land(at: 0)  // a cancelled gesture
        timeline.advance(by: 1)
        #expect(timeline.progress == 0, "stays cancelled")
        timeline.togglePause()
        timeline.togglePause()
        timeline.advance(by: 0.25)
        #expect(Self.close(timeline.progress, 0.25), "resumed: starts over forwards")
        timeline.advance(by: 1)
        #expect(timeline.progress == 1)
        timeline.reverse()
        timeline.advance(by: 0.25)
        #expect(Self.close(timeline.progress, 0.75), "reversed: plays back")
        timeline.advance(by: 1)
        timeline.loopMode = .loop
        timeline.advance(by: 0.01)  // at the end: the hold starts
        timeline.advance(by: PlayerTimeline.endHold + 0.25)
        #expect(Self.close(timeline.progress, 0.75), "switched to loop: wraps to 1 and goes on backwards")
    }

    @Test func frameStatisticsUseTheLastSecond() {
        var stats = FrameStats()
        var now = 0.0
        for index in 0..<250 {
            let seconds = index < 100 ? 0.05 : 0.01  // 5 s slow, then 1.5 s fast
            now += seconds
            stats.record(frameSeconds: seconds, endingAt: now)
        }
        let last = stats.lastSecond
        #expect(Self.close(last.p50, 10) && Self.close(last.p99, 10), "only the fast second: \(last)")
        #expect(abs(last.fps - 100) < 1e-6)
        let summary = stats.summary(vsyncRequested: false, refreshHz: nil, warmup: 0)
        #expect(summary.framesDrawn == 250 && Self.close(summary.maxMilliseconds, 50) && Self.close(summary.p50Milliseconds, 10))
        #expect(Self.close(summary.p99Milliseconds, 50), "100 of 250 frames were slow")
    }
}
