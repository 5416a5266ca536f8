import Foundation
import SegueGLFW
import SeguePlayer
import Testing
import SegueTesting

/// Issue 18, the demo window's state on a virtual clock, without a window: N/P keep the paused
/// frame, Enter replays a finished `once` run, a seek on the bar, the keys' actions, the
/// `--stats` segments and measured vsync.
@Suite("Demo window state: switching, replay, seek, keys, stats", .tags(.pure))
struct DemoPlayerStateTests {
    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    /// N/P used to unpause and restart the next show from 0; it takes over where the last one is.
    @Test func anotherShowContinuesAtTheSameFramePausedOrNot() {
        var current = PlayerTimeline(duration: 2, loopMode: .pingPong)
        current.speed = 0.5
        current.advance(by: 1.8)  // 0.45 at ½×
        current.togglePause()
        var next = PlayerTimeline(duration: 1.5, loopMode: .loop)
        next.continueFrom(current)
        #expect(next.isPaused)
        #expect(Self.close(next.progress, 0.45))
        #expect(next.speed == 0.5)
        #expect(next.duration == 1.5 && next.loopMode == .loop, "the next show keeps its own length and repeat mode")
        next.advance(by: 1)
        #expect(Self.close(next.progress, 0.45), "paused: still")
        current.togglePause()
        current.reverse()
        var playing = PlayerTimeline(duration: 1, loopMode: .loop)
        playing.continueFrom(current)
        #expect(!playing.isPaused && playing.direction < 0)
        playing.advance(by: 0.1)
        #expect(Self.close(playing.progress, 0.4), "plays on backwards at ½×")
    }

    /// A `once` run that finished stays on its last frame; Enter plays it again from the start.
    @Test func enterReplaysAFinishedOnceRun() {
        var timeline = PlayerTimeline(duration: 1, loopMode: .once)
        timeline.advance(by: 2)
        #expect(timeline.isStopped && timeline.progress == 1)
        timeline.replay()
        #expect(!timeline.isStopped && timeline.progress == 0)
        timeline.advance(by: 0.25)
        #expect(Self.close(timeline.progress, 0.25))
        timeline.togglePause()
        timeline.replay()
        #expect(!timeline.isPaused && timeline.progress == 0, "replay also resumes")
    }

    /// A seek holds the progress while the bar is pressed; released, it stays there (no settle
    /// to an end, as a scrub's release would) and playback goes on from it.
    @Test func aSeekStaysWhereItWasReleased() {
        var timeline = PlayerTimeline(duration: 2, loopMode: .pingPong)
        timeline.hold(at: 0.7)
        timeline.advance(by: 1)
        #expect(Self.close(timeline.progress, 0.7), "held")
        timeline.endSeek()
        timeline.advance(by: 0.2)
        #expect(Self.close(timeline.progress, 0.8), "plays on from the seek")
    }

    @Test func keysMapToTheirActions() {
        func action(_ key: KeyEvent.Key, repeated: Bool = false) -> PlayerAction? {
            PlayerAction.action(for: key, isRepeat: repeated)
        }
        #expect(action(.character("F")) == .toggleFullscreen)
        #expect(action(.character("S")) == .screenshot)
        #expect(action(.enter) == .replay)
        #expect(action(.character("N")) == .switchShow(1) && action(.character("P")) == .switchShow(-1))
        #expect(action(.character("3")) == .speed(2))
        #expect(action(.escape) == .quit && action(.character("Q")) == .quit)
        #expect(action(.space, repeated: true) == nil, "a held space does not toggle again and again")
        #expect(action(.right, repeated: true) == .step(1), "a held arrow keeps stepping")
        #expect(action(.character("Z")) == nil)
    }

    /// `--stats` kept the last effect and size for every frame; now each (effect, size) the run
    /// showed is a segment with its own frames, and the frames add up to the run's.
    @Test func statsRecordEverySegment() {
        var stats = FrameStats()
        var now = 0.0
        func frames(_ count: Int, _ seconds: Double) {
            for _ in 0..<count {
                now += seconds
                stats.record(frameSeconds: seconds, endingAt: now)
            }
        }
        stats.show(effect: "pixel-dissolve", width: 960, height: 540)
        frames(30, 0.004)
        stats.show(effect: "wipetr", width: 960, height: 540)
        frames(20, 0.008)
        stats.show(effect: "wipetr", width: 960, height: 540)  // the same: no new segment
        stats.show(effect: "wipetr", width: 1280, height: 720)
        frames(10, 0.012)
        let summary = stats.summary(vsyncRequested: true, refreshHz: 60, warmup: 0)
        #expect(summary.segments.map(\.effect) == ["pixel-dissolve", "wipetr", "wipetr"])
        #expect(summary.segments.map(\.width) == [960, 960, 1280])
        #expect(summary.segments.map(\.framesDrawn) == [30, 20, 10])
        #expect(summary.segments.map(\.framesDrawn).reduce(0, +) == summary.framesDrawn)
        #expect(Self.close(summary.segments[1].p50Milliseconds, 8))
        // 60 frames in 0.36 s: 167 fps against a 60 Hz display — vsync cannot have held.
        #expect(summary.vsyncRequested && summary.vsyncInEffect == false)
    }

    /// Vsync is judged from the frames: paced at the refresh it held, far faster it did not,
    /// slower (a loaded machine) or with no refresh rate it cannot be told.
    @Test func vsyncIsMeasuredNotTakenFromTheRequest() {
        func summary(_ seconds: Double, requested: Bool, refresh: Double?) -> FrameStats.Summary {
            var stats = FrameStats()
            stats.show(effect: "x", width: 1, height: 1)
            for index in 0..<100 { stats.record(frameSeconds: seconds, endingAt: Double(index) * seconds) }
            return stats.summary(vsyncRequested: requested, refreshHz: refresh, warmup: 0)
        }
        #expect(summary(1.0 / 340, requested: true, refresh: 60).vsyncInEffect == false)
        #expect(summary(1.0 / 60, requested: true, refresh: 60).vsyncInEffect == true)
        #expect(summary(1.0 / 20, requested: true, refresh: 60).vsyncInEffect == nil)
        #expect(summary(1.0 / 340, requested: false, refresh: nil).vsyncInEffect == nil)
        let json = String(decoding: try! JSONEncoder().encode(summary(1.0 / 340, requested: true, refresh: 60)), as: UTF8.self)
        #expect(json.contains("\"vsyncRequested\":true") && json.contains("\"vsyncInEffect\":false"), "\(json)")
        #expect(!json.contains("\"vsync\":"), "no field that reads as if vsync happened")
    }
}
