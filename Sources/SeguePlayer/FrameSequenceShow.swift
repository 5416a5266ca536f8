import Foundation
import SegueEffects
import SegueGL
import SegueGLFW
import SegueImage
import SegueUIKit

/// Frames made beforehand (an edit's preview: `segue play edit.json`) played as a show: the
/// timeline runs over the whole sequence at its own rate, a drag scrubs it (one stage width is
/// the whole sequence) and leaves it where it is let go, and every key works as for a
/// transition (pause, reverse, speeds, repeat modes, screenshots), except that the step keys move
/// one of the sequence's frames and the overlay says the time and the frame number in the
/// sequence's source (an edit: its own rate) instead of the progress. The frame on screen is
/// the one nearest the timeline's time, fitted to the stage whole (contain).
@MainActor
public final class FrameSequenceShow: PlayerShow {
    public let name: String
    public var timeline: PlayerTimeline
    public var directTarget: DefaultFramebufferTarget?
    private let frames: [RGBAImage]
    /// The source's rate, how many of its frames each kept frame stands for, and its length
    /// (set by `init(name:frames:sourceFramesPerSecond:stride:sourceFrames:device:size:trace:)`).
    private var sourceFramesPerSecond: Double
    private var stride = 1
    private var sourceFrames: Int
    private let lazyStage: LazyStage
    private let texture: Texture
    private let effect: GLTransitionEffect
    private var uploaded = 0
    private var scrub: TimelineScrub!
    private let trace: (String) -> Void
    public let inputView = StageInputView(name: "frames.input")
    private var pan: GrabbingPanGestureRecognizer!
    public var pointerChanged: (@MainActor () -> Void)?

    /// `frames` (all of one size, at least one) shown `framesPerSecond` a second, on a stage of
    /// `size`; `trace` hears what the pointer did (`scrub`, `release`).
    public init(name: String, frames: [RGBAImage], framesPerSecond: Double, device: GLDevice, size: (width: Int, height: Int),
                trace: @escaping (String) -> Void) throws {
        guard let first = frames.first else { throw PlayerWindowError.unknownShow(name + " (no frames)") }
        (self.name, self.frames, self.trace) = (name, frames, trace)
        (sourceFramesPerSecond, sourceFrames) = (framesPerSecond, frames.count)
        // The last frame is shown at progress 1: the timeline spans the frames' intervals.
        timeline = PlayerTimeline(duration: max(Double(frames.count - 1), 1) / framesPerSecond, loopMode: .loop)
        texture = try device.makeTexture(image: first, filter: .linear)
        do {
            let show = try GLTransitionSource.parse("vec4 transition(vec2 uv) { return getFromColor(uv); }\n", name: "frame")
            effect = try GLTransitionEffect(device: device, source: show, from: texture, to: texture, resizeMode: .contain)
        } catch {
            texture.release()
            throw error
        }
        lazyStage = LazyStage(device: device, size: size, stencil: false)
        scrub = TimelineScrub(
            progress: { [unowned self] in timeline.progress },
            apply: { [unowned self] change in self.apply(change) })
        pan = addScrubbingPan(scrub, trace: trace)
    }

    /// Every `stride`-th frame of a source of `sourceFrames` frames at `sourceFramesPerSecond`
    /// (an edit's preview that kept every `stride`-th frame within its memory budget): played at
    /// the source's speed, its times and frame numbers the source's.
    public convenience init(
        name: String, frames: [RGBAImage], sourceFramesPerSecond: Double, stride: Int, sourceFrames: Int, device: GLDevice,
        size: (width: Int, height: Int), trace: @escaping (String) -> Void
    ) throws {
        guard sourceFramesPerSecond.isFinite, sourceFramesPerSecond > 0, stride >= 1 else {
            throw PlayerWindowError.unknownShow(name + " (no frame rate)")
        }
        try self.init(
            name: name, frames: frames, framesPerSecond: sourceFramesPerSecond / Double(stride), device: device, size: size, trace: trace)
        (self.sourceFramesPerSecond, self.stride) = (sourceFramesPerSecond, stride)
        self.sourceFrames = max(sourceFrames, (frames.count - 1) * stride + 1)
    }

    /// The index of the frame shown at `progress`: the nearest.
    nonisolated public static func frameIndex(progress: Double, count: Int) -> Int {
        min(max(Int((progress * Double(count - 1)).rounded()), 0), count - 1)
    }

    public var isInteracting: Bool { scrub.isDragging }
    public var shownProgress: Double { timeline.progress }
    public var stageSize: (width: Int, height: Int) { lazyStage.size }
    public var stage: OffscreenTarget { get throws { try lazyStage.target } }

    public func windowResized(width: Int, height: Int) throws {}

    /// The source's frame shown now (0 is the first), and its time.
    public var shownSourceFrame: Int {
        min(Self.frameIndex(progress: timeline.progress, count: frames.count) * stride, sourceFrames - 1)
    }

    /// "00:03.47 / 00:10.00  frame 104": the shown frame's time in the source, the source's
    /// length, and the frame's number (counted from 0, as `segue edit` numbers a frame folder).
    public var positionText: String? {
        let time = Double(shownSourceFrame) / sourceFramesPerSecond, length = Double(sourceFrames) / sourceFramesPerSecond
        return "\(Self.clock(time)) / \(Self.clock(length))  frame \(shownSourceFrame)"
    }

    /// Seconds as minutes, seconds and hundredths ("03:07.25"; "1:02:03.00" past an hour).
    nonisolated public static func clock(_ seconds: Double) -> String {
        let hundredths = Int((max(0, seconds.isFinite ? seconds : 0) * 100).rounded())
        let (hours, minutes) = (hundredths / 360_000, hundredths / 6000 % 60)
        let rest = String(format: "%02d.%02d", hundredths / 100 % 60, hundredths % 100)
        return hours > 0 ? String(format: "%d:%02d:", hours, minutes) + rest : String(format: "%02d:", minutes) + rest
    }

    /// One kept frame per step, from the frame on screen (a timeline between two frames, after
    /// playing, steps from the one shown).
    public func step(ownFrames count: Int) -> Bool {
        guard timeline.isPaused else { return true }
        let index = Self.frameIndex(progress: timeline.progress, count: frames.count)
        let target = min(max(index + count, 0), frames.count - 1)
        timeline.step(toProgress: frames.count > 1 ? Double(target) / Double(frames.count - 1) : 0)
        return true
    }

    /// A drag holds the sequence where the pointer is; letting go leaves it there (an edit has
    /// no end to finish to), and playback, unless paused, goes on from there.
    private func apply(_ change: TimelineScrub.Change) {
        switch change {
        case .hold: trace(TimelineScrub.apply(change, to: &timeline))
        case .release:
            timeline.endSeek()
            trace("release \(timeline.progress)")
        }
    }

    public func draw(advancing seconds: Double) throws {
        timeline.advance(by: seconds)
        let index = Self.frameIndex(progress: timeline.progress, count: frames.count)
        if index != uploaded {
            try frames[index].pixels.withUnsafeBytes { bytes in try texture.upload(pixels: bytes) }
            uploaded = index
        }
        if let directTarget { try effect.render(into: directTarget) } else { try effect.render(into: try stage) }
    }

    public func release() {
        pan.isEnabled = false  // a drag still held ends here (cancelled), not in the next show
        inputView.removeFromSuperview()
        effect.release()
        lazyStage.release()
        texture.release()
    }
}
