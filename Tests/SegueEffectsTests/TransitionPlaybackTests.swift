import SegueEffects
import Testing

/// Pure logic: time is an input, stepped here by hand.
@Suite struct TransitionPlaybackTests {
    @Test func onceRunsFromZeroToOneAndHolds() {
        var playback = TransitionPlayback(duration: 2, start: 10)
        #expect(playback.advance(to: 9) == 0)
        #expect(playback.advance(to: 11) == 0.5)
        #expect(playback.advance(to: 12) == 1)
        #expect(playback.advance(to: 50) == 1)
        #expect(playback.isFinished)
    }

    @Test func pingPongReturns() {
        var playback = TransitionPlayback(duration: 1, repeatMode: .pingPong)
        #expect(playback.advance(to: 0.25) == 0.25)
        #expect(playback.advance(to: 1.25) == 0.75)
        #expect(playback.advance(to: 2.5) == 0.5)
        #expect(!playback.isFinished)
    }

    @Test func loopWraps() {
        var playback = TransitionPlayback(duration: 2, repeatMode: .loop)
        #expect(playback.advance(to: 5) == 0.5)
    }

    @Test func scrubIsPausePlusOffset() {
        var playback = TransitionPlayback(duration: 4, repeatMode: .once)
        playback.advance(to: 1)
        playback.scrub(to: 0.8)
        #expect(playback.advance(to: 3) == 0.8, "paused while scrubbing")
        playback.scrub(to: 1.7)
        #expect(playback.progress == 1, "clamped")
        playback.scrub(to: 0.5)
        playback.resume(at: 100)
        #expect(playback.advance(to: 100) == 0.5, "continues from the scrubbed progress")
        #expect(playback.advance(to: 101) == 0.75)
    }
}
