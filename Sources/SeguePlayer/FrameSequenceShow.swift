import SegueEffects
import SegueGL
import SegueGLFW
import SegueImage
import SegueUIKit

/// Frames made beforehand (an edit's preview: `segue play edit.json`) played as a show: the
/// timeline runs over the whole sequence at its own rate, a drag scrubs it (one stage width is
/// the whole sequence) and leaves it where it is let go, and every key works as for a
/// transition (pause, step, reverse, speeds, repeat modes, screenshots). The frame on screen is
/// the one nearest the timeline's time, fitted to the stage whole (contain).
@MainActor
public final class FrameSequenceShow: PlayerShow {
    public let name: String
    public var timeline: PlayerTimeline
    public var directTarget: DefaultFramebufferTarget?
    private let frames: [RGBAImage]
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

    /// The index of the frame shown at `progress`: the nearest.
    nonisolated public static func frameIndex(progress: Double, count: Int) -> Int {
        min(max(Int((progress * Double(count - 1)).rounded()), 0), count - 1)
    }

    public var isInteracting: Bool { scrub.isDragging }
    public var shownProgress: Double { timeline.progress }
    public var stageSize: (width: Int, height: Int) { lazyStage.size }
    public var stage: OffscreenTarget { get throws { try lazyStage.target } }

    public func windowResized(width: Int, height: Int) throws {}

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
