import SeguePlayer
import SegueUIKit
import Testing

/// Issue 28, defect 4: what the player's overlay says. The status line used to be remade four
/// times a second whatever happened, so the last refresh before the window went idle could be
/// skipped (a `--loop once` run left on `0.92 PLAY` instead of `DONE`, a click on the bar while
/// paused left on `DRAG`) and its number lagged the bar; a paused window showed a frame rate.
@Suite("Player status line", .tags(.pure))
struct PlayerStatusTests {
    static func status(_ state: PlayerStatus.State, progress: Double = 0.5, fps: Double = 60) -> PlayerStatus {
        PlayerStatus(index: 0, count: 1, name: "dissolve", state: state, speed: "1×", loop: "once", progress: progress,
                     fps: fps, p50: 16.6, p99: 17)
    }

    @Test func aChangeOfStateShowsAtOnceSoTheLastFrameBeforeIdlingSaysWhereTheShowIs() {
        let playing = Self.status(.play, progress: 0.92)
        #expect(PlayerStatus.needsRefresh(from: playing, to: Self.status(.done, progress: 1), secondsSinceRefresh: 0.01))
        #expect(PlayerStatus.needsRefresh(from: Self.status(.drag), to: Self.status(.paused), secondsSinceRefresh: 0.01))
    }

    @Test func theNumberFollowsTheBarAndTheFrameTimesWaitAQuarterSecond() {
        let shown = Self.status(.play, progress: 0.50)
        #expect(PlayerStatus.needsRefresh(from: shown, to: Self.status(.play, progress: 0.52), secondsSinceRefresh: 0.016))
        #expect(!PlayerStatus.needsRefresh(from: shown, to: Self.status(.play, progress: 0.5, fps: 58), secondsSinceRefresh: 0.1))
        #expect(PlayerStatus.needsRefresh(from: shown, to: Self.status(.play, progress: 0.5, fps: 58), secondsSinceRefresh: 0.25))
        #expect(!PlayerStatus.needsRefresh(from: shown, to: shown, secondsSinceRefresh: 5))
        #expect(PlayerStatus.needsRefresh(from: nil, to: shown, secondsSinceRefresh: 0))
    }

    @Test func aStillWindowShowsNoFrameRate() {
        for state in [PlayerStatus.State.paused, .done] {
            let text = Self.status(state).lines(1).flatMap(\.parts).map(\.text).joined(separator: " ")
            #expect(!text.contains("fps") && !text.contains("p99"), "\(state): \(text)")
        }
        let playing = Self.status(.play).lines(1).flatMap(\.parts).map(\.text).joined(separator: " ")
        #expect(playing.contains("60 fps"))
    }

    @Test func theStateOfAShow() {
        typealias State = PlayerStatus.State
        #expect(State.of(settling: true, dragging: false, paused: false, stopped: false, direction: -1) == .settle)
        #expect(State.of(settling: false, dragging: true, paused: true, stopped: false, direction: 1) == .drag)
        #expect(State.of(settling: false, dragging: false, paused: true, stopped: false, direction: 1) == .paused)
        #expect(State.of(settling: false, dragging: false, paused: false, stopped: true, direction: 1) == .done)
        #expect(State.of(settling: false, dragging: false, paused: false, stopped: false, direction: -1) == .reverse)
    }

    @Test func f11TogglesFullscreenAsFDoes() {
        #expect(PlayerAction.action(for: .function(11), isRepeat: false) == .toggleFullscreen)
        #expect(PlayerAction.action(for: .function(11), isRepeat: true) == nil)
    }
}
