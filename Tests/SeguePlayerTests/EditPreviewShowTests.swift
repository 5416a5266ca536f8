import SegueGL
import SegueHeadless
import SegueImage
import SeguePlayer
import SegueText
import SegueUIKit
import Testing
import SegueTesting

/// Issue 41, the edit's preview (`segue play edit.json`, a `FrameSequenceShow`): the step keys
/// moved 1/60 s, half a frame of a 30 fps edit, and the overlay said 0–1 where an editor says a
/// time. The reference is the edit's own numbering: `segue edit` writes frame k for time k / fps.
@MainActor
@Suite("Edit preview: frame steps, time and frame on the overlay", .serialized, .tags(.gl))
struct EditPreviewShowTests {
    /// 45 frames of an edit at 30 fps (1.5 s), each a grey of its own number, shown at 32×18.
    static func show(frames count: Int = 45, stride: Int = 1, sourceFrames: Int = 45, _ body: (FrameSequenceShow) throws -> Void) throws {
        let frames = try (0..<count).map { try RGBAImage(width: 32, height: 18, fill: SIMD4(UInt8($0), 0, 0, 255)) }
        try HeadlessEGLContext.withDevice { device in
            let show = try FrameSequenceShow(
                name: "edit.json", frames: frames, sourceFramesPerSecond: 30, stride: stride, sourceFrames: sourceFrames,
                device: device, size: (32, 18), trace: { _ in })
            defer { show.release() }
            try body(show)
        }
    }

    @Test func eachStepMovesOneFrameOfTheEditWhateverTheSpeed() throws {
        try Self.show { show in
            show.timeline.togglePause()
            for expected in 1...10 {
                #expect(show.step(ownFrames: 1))
                #expect(show.shownSourceFrame == expected, "step \(expected)")
            }
            show.timeline.speed = 0.25
            #expect(show.step(ownFrames: -1) && show.shownSourceFrame == 9, "a quarter speed still steps a whole frame")
            #expect(show.positionText == "00:00.30 / 00:01.50  frame 9")
            for _ in 0..<60 { _ = show.step(ownFrames: 1) }
            #expect(show.shownSourceFrame == 44 && show.timeline.progress == 1, "the last frame, and no further")
        }
    }

    /// A preview that kept every third frame (its memory budget) steps a kept frame, three of
    /// the edit's, and names the edit's frame and time.
    @Test func aPreviewOfEveryThirdFrameStepsThreeFramesOfTheEdit() throws {
        try Self.show(frames: 15, stride: 3, sourceFrames: 45) { show in
            show.timeline.togglePause()
            _ = show.step(ownFrames: 1)
            _ = show.step(ownFrames: 1)
            #expect(show.shownSourceFrame == 6 && show.positionText == "00:00.20 / 00:01.50  frame 6")
            #expect(abs(show.timeline.duration - 1.4) < 1e-9, "14 intervals of 0.1 s: the edit's speed")
        }
    }

    /// Playing, the overlay's time follows the frame on screen (the nearest to the timeline's time).
    @Test func thePositionIsTheTimeOfTheFrameOnScreen() throws {
        try Self.show { show in
            show.timeline.advance(by: 0.5)  // 15 frames in at 30 fps
            #expect(show.shownSourceFrame == 15 && show.positionText == "00:00.50 / 00:01.50  frame 15")
        }
    }

    @Test func clockTimes() {
        #expect(FrameSequenceShow.clock(104.0 / 30) == "00:03.47")
        #expect(FrameSequenceShow.clock(10) == "00:10.00")
        #expect(FrameSequenceShow.clock(59.999) == "01:00.00")
        #expect(FrameSequenceShow.clock(3723.5) == "1:02:03.50")
        #expect(FrameSequenceShow.clock(-1) == "00:00.00" && FrameSequenceShow.clock(.nan) == "00:00.00")
    }

    /// The status says the position instead of the progress; one show has no "1/1".
    @Test func theStatusShowsThePositionAndNoCounterForOneShow() {
        var status = PlayerStatus(index: 0, count: 1, name: "edit.json", state: .paused, speed: "1×", loop: "loop", progress: 0.5)
        status.position = "00:03.47 / 00:10.00  frame 104"
        let text = status.lines(1)[0].text
        #expect(text.contains("00:03.47 / 00:10.00  frame 104") && !text.contains("0.50") && !text.contains("1/1"), "\(text)")
        status.count = 3
        #expect(status.lines(1)[0].text.contains("1/3"))
    }

    /// N/P switch shows: with one (an edit's preview) the key line does not offer them.
    @Test func oneShowIsNotOfferedNP() throws {
        let size = Size(width: 960, height: 540)
        let one = PlayerOverlay(longestName: "edit.json", showCount: 1), many = PlayerOverlay(longestName: "edit.json", showCount: 2)
        one.layout(in: size)
        many.layout(in: size)
        #expect(!one.keysText.contains("N/P") && one.keysText.contains("step"), "\(one.keysText)")
        #expect(many.keysText.contains("N/P"), "\(many.keysText)")
    }
}
