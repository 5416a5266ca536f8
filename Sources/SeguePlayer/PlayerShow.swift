import SegueColor
import SegueEffects
import SegueGL
import SegueImage
import SegueUIKit
import SegueTransitions

/// One thing the window plays (an effect between two pictures, or a view-controller scenario).
/// It draws at its stage size: straight into the window when the window has that size, else
/// into its own offscreen `stage`, which the window composites (letterboxed when its aspect
/// differs from the window's) below the overlay.
@MainActor
public protocol PlayerShow: AnyObject {
    var name: String { get }
    var timeline: PlayerTimeline { get set }
    /// The size the show draws at, in pixels.
    var stageSize: (width: Int, height: Int) { get }
    /// The offscreen picture of the show, made on first use: a show drawn straight into the
    /// window never allocates it.
    var stage: OffscreenTarget { get throws }
    /// When set (the window has the stage's size), frames go straight into the window: one
    /// full-window pass fewer than drawing the stage and compositing it.
    var directTarget: DefaultFramebufferTarget? { get set }
    /// True while a pointer drives the show (a drag or a gesture-driven transition).
    var isInteracting: Bool { get }
    /// True while a gesture-driven transition plays out after its release (still interacting).
    var isSettling: Bool { get }
    /// The progress the overlay shows: the timeline's, or a gesture-driven transition's own.
    var shownProgress: Double { get }
    /// What the overlay says the show runs with: a gl-transition's parameters as `name=value`.
    var parameters: [String] { get }
    /// The window's drawable size changed. Effects keep their picture (the window letterboxes
    /// it); scenarios lay their scene out again at the new size.
    func windowResized(width: Int, height: Int) throws
    /// Where the show's gesture recognizers are: the player puts it over the stage in its window
    /// (`StageInputView.place`), and the host's dispatcher delivers the pointer to them as to any
    /// app's, in stage pixels (top-left origin).
    var inputView: StageInputView { get }
    /// Called after the pointer changed the show (a press, a move, a release): the player draws
    /// a frame to show it.
    var pointerChanged: (@MainActor () -> Void)? { get set }
    /// Whether a later frame would show something else with no input: the timeline playing or
    /// settling, a gesture's transition animating. False under a pointer resting mid-drag: the
    /// player then draws only when the pointer moves.
    var isMovingWithTime: Bool { get }
    /// Moves on by `seconds` of display time (the timeline applies its speed) and draws the stage
    /// (or, for an effect filling the window, the window).
    func draw(advancing seconds: Double) throws
    func release()
    /// Paused, moves `frames` of the show's own frames (an edit's preview: one frame of the
    /// edit) and returns true; false for a show without frames of its own, which the player
    /// then steps by display frames.
    func step(ownFrames frames: Int) -> Bool
    /// Where the show is, as the overlay says it instead of the progress (an edit's preview: its
    /// time and frame, "00:03.47 / 00:10.00  frame 104"); nil: the progress.
    var positionText: String? { get }
}

extension PlayerShow {
    public func step(ownFrames frames: Int) -> Bool { false }
    public var positionText: String? { nil }
    public var parameters: [String] { [] }
    public var isSettling: Bool { false }
    public var isMovingWithTime: Bool { timeline.isMoving }
}

/// A show's offscreen stage, allocated when first asked for (never while the show draws
/// straight into the window) and again after a resize.
@MainActor
final class LazyStage {
    private let device: GLDevice
    private let stencil: Bool
    private(set) var size: (width: Int, height: Int)
    private var made: OffscreenTarget?

    init(device: GLDevice, size: (width: Int, height: Int), stencil: Bool) {
        self.device = device
        self.size = size
        self.stencil = stencil
    }

    var target: OffscreenTarget {
        get throws {
            if let made { return made }
            let target = try device.makeOffscreenTarget(width: size.width, height: size.height, stencil: stencil)
            made = target
            return target
        }
    }

    /// Drops the target of the old size (the next use makes one of the new size).
    func resize(width: Int, height: Int) {
        guard width != size.width || height != size.height else { return }
        release()
        size = (width, height)
    }

    func release() {
        made?.release()
        made = nil
    }
}

/// Drag to scrub a timeline: the progress follows the pointer's horizontal translation since the
/// press (one stage width = the whole transition), and the release finishes or cancels it by
/// `PixelDissolvePanInteraction.shouldFinish` (a flick by its direction, otherwise by position).
/// Fed by a show's pan recognizer, in its input view's coordinates (stage pixels).
@MainActor
final class TimelineScrub {
    enum Change {
        case hold(Double)
        /// `speed`: the pan's horizontal velocity at the release, in widths a second.
        case release(finish: Bool, speed: Double)
    }

    private let progress: @MainActor () -> Double
    private let apply: @MainActor (Change) -> Void
    private var startProgress = 0.0
    private(set) var isDragging = false

    /// `progress` reads where the timeline is; `apply` holds or releases it.
    init(progress: @escaping @MainActor () -> Double, apply: @escaping @MainActor (Change) -> Void) {
        self.progress = progress
        self.apply = apply
    }

    func handle(_ pan: PanGestureRecognizer, in view: View) {
        let width = max(1, view.bounds.width)
        switch pan.state {
        case .began:
            isDragging = true
            startProgress = progress()
            apply(.hold(startProgress + pan.translation(in: view).x / width))
        case .changed:
            apply(.hold(startProgress + pan.translation(in: view).x / width))
        case .ended, .cancelled:
            isDragging = false
            let velocity = pan.velocity(in: view).x / width
            let finish = pan.state == .ended && PixelDissolvePanInteraction.shouldFinish(percent: progress(), velocity: velocity)
            apply(.release(finish: finish, speed: velocity))
        default:
            break
        }
    }

    /// Applies a change to `timeline` and says what happened (for `--trace-scrub`).
    static func apply(_ change: Change, to timeline: inout PlayerTimeline) -> String {
        switch change {
        case .hold(let progress):
            timeline.hold(at: progress)
            return "scrub \(timeline.progress)"
        case .release(let finish, let speed):
            let at = timeline.progress
            timeline.release(settlingTo: finish ? 1 : 0)
            // The speed the decision saw: a flick's test can tell a slow release from a wrong rule.
            let outcome = timeline.isPaused ? "paused" : finish ? "finish" : "cancel"
            return "release \(at) \(outcome) speed \((speed * 100).rounded() / 100)"
        }
    }

    /// A press landing on a playing show grabs its timeline where it is (UIKit's interruptible
    /// model: touch-down stops a running animation), also mid-settle; a paused or finished one
    /// stays as it is. Says what happened, nil when nothing did.
    static func grab(_ timeline: inout PlayerTimeline) -> String? {
        guard timeline.isMoving else { return nil }
        timeline.hold(at: timeline.progress)
        return "grab \(timeline.progress)"
    }

    /// A grabbing press let go without a drag: playback goes on from where it was held.
    static func letGo(_ timeline: inout PlayerTimeline) -> String? {
        guard timeline.isHeld else { return nil }
        timeline.endSeek()
        return "let go \(timeline.progress)"
    }
}

extension PlayerShow {
    /// The pan a timeline show puts on its input view: a drag scrubs through `scrub`; a press
    /// grabs a playing timeline where it lands and, let go without a drag, lets it play on
    /// (`trace` hears `grab` and `let go`). Every change asks the player for a frame.
    @MainActor
    func addScrubbingPan(_ scrub: TimelineScrub, trace: @escaping (String) -> Void) -> GrabbingPanGestureRecognizer {
        let pan = GrabbingPanGestureRecognizer { [unowned self] pan in
            scrub.handle(pan, in: inputView)
            pointerChanged?()
        }
        pan.onTouchDown = { [unowned self] _ in
            if let line = TimelineScrub.grab(&timeline) { trace(line) }
            pointerChanged?()
        }
        pan.onReleaseWithoutPan = { [unowned self] _ in
            if let line = TimelineScrub.letGo(&timeline) { trace(line) }
            pointerChanged?()
        }
        inputView.addGestureRecognizer(pan)
        return pan
    }
}

/// An effect of the catalog (the pixel dissolve, a gl-transition) between two pictures uploaded
/// at their own size: the effect fits them to the stage (the window's size when the show starts)
/// by its resize mode; the window letterboxes the stage when its aspect changes.
@MainActor
public final class EffectShow: PlayerShow {
    public let name: String
    public var timeline: PlayerTimeline
    private let lazyStage: LazyStage
    private let effect: any TransitionEffect
    private let transition: NamedTransition
    private let textures: [Texture]
    private var scrub: TimelineScrub!
    private let trace: (String) -> Void
    public var directTarget: DefaultFramebufferTarget?
    public let inputView = StageInputView(name: "effect.input")
    private var pan: GrabbingPanGestureRecognizer!
    public var pointerChanged: (@MainActor () -> Void)?

    /// `transition` between `from` and `to` (uploaded at their own size; `onReduced` hears of a
    /// picture reduced to fit the GL's textures, with its label) at a stage of `size`, playing
    /// ping-pong over `duration` seconds; `trace` hears what the pointer did (`scrub`, `release`, `settled`).
    public init(transition: NamedTransition, device: GLDevice, from: RGBAImage, to: RGBAImage, labels: (from: String, to: String),
                size: (width: Int, height: Int), duration: Double, blendSpace: BlendSpace = .srgb, trace: @escaping (String) -> Void,
                onReduced: @escaping (PictureReduction, String) -> Void = { _, _ in }) throws {
        name = transition.name
        self.transition = transition
        self.trace = trace
        timeline = PlayerTimeline(duration: duration, loopMode: .pingPong)
        // Premultiplied once, on load, as the GPU pipeline works (docs/ARCHITECTURE.md).
        let fromTexture = try PictureFitting.texture(from.premultipliedAlpha(), device: device, label: labels.from, onReduced: onReduced)
        let toTexture: Texture
        do {
            toTexture = try PictureFitting.texture(to.premultipliedAlpha(), device: device, label: labels.to, onReduced: onReduced)
        } catch {
            fromTexture.release()
            throw error
        }
        textures = [fromTexture, toTexture]
        do {
            effect = try transition.makeEffect(device: device, from: fromTexture, to: toTexture, mode: .fused, blendSpace: blendSpace)
        } catch {
            for texture in textures { texture.release() }
            throw error
        }
        lazyStage = LazyStage(device: device, size: size, stencil: false)
        scrub = TimelineScrub(
            progress: { [unowned self] in timeline.progress },
            apply: { [unowned self] change in self.trace(TimelineScrub.apply(change, to: &timeline)) })
        pan = addScrubbingPan(scrub, trace: trace)
    }

    public var isInteracting: Bool { scrub.isDragging }
    /// A released drag playing on to its end or back (RELEASED, as a scenario's settle reads).
    public var isSettling: Bool { timeline.isSettling }
    public var shownProgress: Double { timeline.progress }
    /// Every parameter with the value it runs with: given by `--param` or a preset, else its default.
    public var parameters: [String] {
        guard case .glTransition(let source, let values, let textures) = transition.kind else { return [] }
        return source.parameters.compactMap { parameter in
            if let value = values.first(where: { $0.name == parameter.name })?.value { return "\(parameter.name)=\(value.description)" }
            if textures.contains(where: { $0.name == parameter.name }) { return nil }  // a picture, not a value
            return "\(parameter.name)=\(parameter.defaultValue.description)"
        }
    }
    public var stageSize: (width: Int, height: Int) { lazyStage.size }
    public var stage: OffscreenTarget { get throws { try lazyStage.target } }

    public func windowResized(width: Int, height: Int) throws {}

    public func draw(advancing seconds: Double) throws {
        let wasSettling = timeline.isSettling
        timeline.advance(by: seconds)
        if wasSettling && !timeline.isSettling { trace("settled \(timeline.progress)") }
        effect.progress = Float(timeline.progress)
        if let directTarget { try effect.render(into: directTarget) } else { try effect.render(into: try stage) }
    }

    public func release() {
        pan.isEnabled = false  // a drag still held ends here (cancelled), not in the next show
        inputView.removeFromSuperview()
        effect.release()
        lazyStage.release()
        for texture in textures { texture.release() }
    }
}
