import SegueTiming
import SegueEffects
import SegueGL
import SegueImage
import SegueUIKit
import SegueCompositor
import SegueTransitions

/// A built-in view-controller transition in the window. Time is an input: the scene at timeline
/// progress p is the scenario started at 0 and advanced to p × its duration, so playing
/// backwards or scrubbing back rebuilds the scene and advances it once, deterministically.
/// A drag scrubs the timeline — or, for scenarios with one of the seeds' gestures (cube-pop,
/// zoom-push, pixel-dissolve-present; preferred-zoom's drag down dismisses, driving its
/// timeline backwards), drives that gesture live: once the pan begins the scene
/// is set up for it, the window's pointer events reach a `PanGestureRecognizer`, and the
/// transition finishes or cancels as the seed's rules say, in display time; the result then
/// stays on screen a moment. A pan the gesture does not start there scrubs instead.
///
/// The two screens (the pictures fitted to the stage) are GPU textures the show owns, made once
/// per size: a scene rebuilt for every frame of reverse playback uploads nothing.
@MainActor
public final class ScenarioShow: PlayerShow {
    public let name: String
    public var timeline: PlayerTimeline
    private let lazyStage: LazyStage
    public var directTarget: DefaultFramebufferTarget?
    private let scenario: TransitionScenario
    private let gesture: ScenarioGesture?
    private let device: GLDevice
    private let compositor: Compositor
    /// The pictures at their own size, and the screens made of them at the stage's size.
    private let pictures: (from: RGBAImage, to: RGBAImage)
    private let labels: (from: String, to: String)
    private let resize: ResizeMode
    private var screens: (from: OffscreenTarget, to: OffscreenTarget)
    private var scene: Scene?
    /// What the windows of the scenes shown so far reported (each scene has a window of its own).
    public private(set) var reportedProblems: [String] = []
    private var interaction: (any ScenarioInteraction)?
    private var scrub: TimelineScrub!
    public let inputView = StageInputView(name: "scenario.input")
    private var pan: GrabbingPanGestureRecognizer!
    public var pointerChanged: (@MainActor () -> Void)?
    private let trace: (String) -> Void
    private let onReduced: (PictureReduction, String) -> Void
    /// How long a gesture's result stays before the timeline continues.
    public static let gestureResultHold = 1.5

    private final class Scene {
        let window: Window
        let from: ViewController
        let to: ViewController
        var time = 0.0
        init(window: Window, from: ViewController, to: ViewController) {
            self.window = window
            self.from = from
            self.to = to
        }
    }

    /// `duration`: seconds the window takes for the whole transition (nil: the scenario's own);
    /// the scene's time is scaled to it.
    /// `resize`: how each picture fits the screens (see `PictureFitting.screen`); `onReduced`
    /// hears of a picture reduced to fit the GL's textures, with its label. `trace` hears what
    /// the pointer and resizes did (`gesture`, `pan` and `release` with the drag's x and y and the
    /// progress shown, `settled`, `relayout`).
    public init(scenario: TransitionScenario, device: GLDevice, compositor: Compositor, from: RGBAImage, to: RGBAImage,
                labels: (from: String, to: String), resize: ResizeMode,
                size: (width: Int, height: Int), duration: Double?, trace: @escaping (String) -> Void,
                onReduced: @escaping (PictureReduction, String) -> Void = { _, _ in }) throws {
        name = scenario.name
        self.scenario = scenario
        gesture = scenario.gesture
        self.device = device
        self.compositor = compositor
        self.trace = trace
        self.onReduced = onReduced
        pictures = (from, to)
        self.labels = labels
        self.resize = resize
        screens = try Self.screens(pictures, labels: labels, resize: resize, device: device, size: size, onReduced: onReduced)
        lazyStage = LazyStage(device: device, size: size, stencil: true)
        timeline = PlayerTimeline(duration: duration ?? scenario.duration, loopMode: .loop)
        scrub = TimelineScrub(
            progress: { [unowned self] in timeline.progress },
            apply: { [unowned self] change in self.trace(TimelineScrub.apply(change, to: &timeline)) })
        pan = GrabbingPanGestureRecognizer { [unowned self] pan in
            panned(pan)
            pointerChanged?()
        }
        pan.onTouchDown = { [unowned self] _ in
            pressed()
            pointerChanged?()
        }
        pan.onReleaseWithoutPan = { [unowned self] _ in
            if route == .undecided, let line = TimelineScrub.letGo(&timeline) { trace(line) }
            route = .none
            pointerChanged?()
        }
        inputView.addGestureRecognizer(pan)
    }

    public var isInteracting: Bool { scrub.isDragging || interaction != nil }
    public var isSettling: Bool { interaction != nil && route != .gesture }
    public var stageSize: (width: Int, height: Int) { lazyStage.size }
    public var stage: OffscreenTarget { get throws { try lazyStage.target } }

    /// While a gesture drives the transition (its drag and its settle) the timeline stands where
    /// it was: the interaction knows how far the scene on screen is.
    public var shownProgress: Double {
        guard let interaction else { return timeline.progress }
        return gesture?.reversesTimeline == true ? 1 - interaction.percentComplete : interaction.percentComplete
    }

    /// The timeline playing, or the gesture's transition animating or due to land; nothing while
    /// a pointer rests mid-drag (the percent-driven transition holds its animations).
    public var isMovingWithTime: Bool {
        guard let interaction, let scene else { return timeline.isMoving }
        if interaction.phase != .running || route != .gesture { return true }
        let engine = scene.window.animationEngine
        // (Not the scene window's `needsDisplay`: the player draws it, and a move asks for a frame itself.)
        return engine.isMovingWithTime || engine.hasDisplayLinks
            || scene.window.transitionDriver.current.map { !$0.isInteractive } ?? false
    }

    public func windowResized(width: Int, height: Int) throws {
        guard width != stageSize.width || height != stageSize.height else { return }
        let oldScreens = screens
        screens = try Self.screens(pictures, labels: labels, resize: resize, device: device, size: (width, height), onReduced: onReduced)
        // Deleted once the scene shows the new ones (or is gone).
        defer { oldScreens.from.release(); oldScreens.to.release() }
        lazyStage.resize(width: width, height: height)
        let size = Size(width: Double(width), height: Double(height))
        guard let scene else { return }
        guard interaction != nil || Self.followsResize(scenario, scene) else {
            // In the middle of a timed transition the animators hold what they computed at the
            // start size (their animations' from/to frames, the cube's width, snapshots, the
            // pixel dissolve's target): resized through the window, the transition would go on
            // at the old geometry (and drop-down-menu keeps its snapshot when done). The scene
            // at a progress is a pure function of it, so it is rebuilt at the new size instead:
            // what a headless render of that size shows.
            trace("relayout rebuild")
            endScene()
            return
        }
        // At rest, a presentation controller's layout (dimming-presentation), or a live
        // gesture-driven transition: through the window, as UIKit does. The root controller,
        // presented controllers and presentation controllers get `viewWillTransition(to:with:)`
        // with a real coordinator and lay out alongside it; the screens show the pictures
        // fitted anew.
        scene.from.view.content = .texture(screens.from.texture)
        scene.to.view.content = .texture(screens.to.texture)
        scene.window.resize(to: size)
        trace("relayout coordinator")
    }

    /// Whether `Window.resize(to:)` lays the scene out as one started at the new size: always
    /// for some scenarios, for most once nothing runs any more (then the controllers and
    /// containers alone lay out what is on screen, and they follow a resize).
    private static func followsResize(_ scenario: TransitionScenario, _ scene: Scene) -> Bool {
        switch scenario.resizeFidelity {
        case .always: true
        case .whenDone: !scene.window.transitionDriver.isTransitioning && !scene.window.animationEngine.isAnimating
        case .never: false
        }
    }

    /// Where one press goes. The press grabs the playing timeline as it lands; the gesture's
    /// scene replaces the timeline's only once the pan begins and the gesture takes it (the press
    /// snapping the scene to the gesture's start under the old progress was issue 18); a pan the
    /// gesture does not start there (zoom-push on the left half) scrubs the timeline instead, as
    /// in any other show.
    private enum PressRoute { case none, undecided, gesture, scrub, ignored }
    private var route = PressRoute.none

    private func pressed() {
        // A transition still settling from the last gesture finishes first.
        guard interaction.map({ $0.phase != .running }) ?? true else {
            route = .ignored
            return
        }
        route = .undecided
        if let line = TimelineScrub.grab(&timeline) { trace(line) }
    }

    private func panned(_ pan: PanGestureRecognizer) {
        // The gesture's own start has heard the pan's `.began` (it decides whether it starts).
        var heard = false
        if pan.state == .began, route == .undecided {
            route = gesture.map { beginGesture($0, with: pan) } ?? .scrub
            heard = route == .gesture
        }
        switch route {
        case .none, .undecided, .ignored:
            break
        case .scrub:
            scrub.handle(pan, in: inputView)
        case .gesture:
            guard let interaction else { break }
            if !heard { interaction.handle(pan, in: inputView) }
            // What the screen shows: the drag both ways (a zoom's drag is vertical) and the
            // progress the overlay says (`shownProgress`), not the horizontal translation alone.
            let translation = pan.translation(in: inputView)
            let shown = "\(translation.x) \(translation.y) shown \(shownProgress)"
            switch pan.state {
            case .began, .changed: trace("pan \(shown)")
            case .ended, .cancelled: trace("release \(shown)")
            default: break
            }
        }
        if pan.state == .ended || pan.state == .cancelled { route = .none }
    }

    /// The pan began: the gesture's scene is set up and the gesture told; where it starts nothing
    /// the press scrubs the timeline from where it is.
    private func beginGesture(_ gesture: ScenarioGesture, with pan: PanGestureRecognizer) -> PressRoute {
        let (scene, from, to) = makeScene()
        let prepared = gesture.prepare(scene.window, from, to)
        prepared.handle(pan, in: inputView)
        guard prepared.phase != .idle else {
            self.scene = scene
            endScene()
            TransitionScenario.releaseRetainedObjects(in: scene.window)
            return .scrub
        }
        interaction = prepared
        self.scene = scene
        trace("gesture \(gesture.summary)")
        return .gesture
    }

    public func draw(advancing seconds: Double) throws {
        if let interaction, let scene {
            if !timeline.isPaused { scene.time += seconds * timeline.speed }
            let phase = interaction.phase
            guard phase == .finished || phase == .cancelled else {
                return try render(scene)
            }
            // The gesture's transition completed: the timeline takes over at the end it reached.
            trace("settled \(phase == .finished ? "finish" : "cancel")")
            self.interaction = nil
            self.scene = nil
            let atEnd = (phase == .finished) != (gesture?.reversesTimeline == true)
            timeline.land(at: atEnd ? 1 : 0, hold: Self.gestureResultHold)
        }
        let wasSettling = timeline.isSettling
        timeline.advance(by: seconds)
        if wasSettling && !timeline.isSettling { trace("settled \(timeline.progress)") }
        let time = timeline.progress * scenario.duration
        let current: Scene
        if let scene, time >= scene.time - 1e-9 {
            current = scene
        } else {
            current = makeScene(start: true).scene
            scene = current
        }
        current.time = time
        try render(current)
    }

    private func render(_ scene: Scene) throws {
        if let directTarget {
            try scene.window.renderFrame(at: scene.time, compositor: compositor, into: directTarget)
        } else {
            try scene.window.renderFrame(at: scene.time, compositor: compositor, into: try stage)
        }
    }

    /// A fresh scene at time 0, the transition started (timeline) or not (a gesture prepares it).
    private func makeScene(start: Bool = false) -> (scene: Scene, from: ViewController, to: ViewController) {
        endScene()
        // A new window: its engine's clock and its diagnostics start afresh.
        let window = Window(size: Size(width: Double(stageSize.width), height: Double(stageSize.height)))
        window.attach(compositor)
        let from = ViewController(name: "from")
        from.view.content = .texture(screens.from.texture)
        let to = ViewController(name: "to")
        to.view.content = .texture(screens.to.texture)
        window.rootViewController = from
        if start { scenario.start(window, from, to) }
        return (Scene(window: window, from: from, to: to), from, to)
    }

    /// Lets the current scene's animations and transitions run to their end, so animators that
    /// hold GPU objects (the pixel dissolve's effect and target) release them before a rebuild.
    private func endScene() {
        guard let window = scene?.window else { return }
        window.animationEngine.advance(to: window.animationEngine.now + 3600)
        reportedProblems += window.diagnostics.messages
        TransitionScenario.releaseRetainedObjects(in: window)
        scene = nil
    }

    /// The screens at `size`: each picture fitted by `resize` on the GPU, over black.
    private static func screens(
        _ pictures: (from: RGBAImage, to: RGBAImage), labels: (from: String, to: String), resize: ResizeMode,
        device: GLDevice, size: (width: Int, height: Int), onReduced: (PictureReduction, String) -> Void
    ) throws -> (from: OffscreenTarget, to: OffscreenTarget) {
        func screen(_ picture: RGBAImage, label: String) throws -> OffscreenTarget {
            try PictureFitting.screen(
                picture, device: device, width: size.width, height: size.height, mode: resize, label: label, onReduced: onReduced)
        }
        let from = try screen(pictures.from, label: labels.from)
        do {
            return (from, try screen(pictures.to, label: labels.to))
        } catch {
            from.release()
            throw error
        }
    }

    /// The views showing the screens only borrow their textures (the compositor never deletes
    /// a `.texture`); the show deletes them once nothing draws them any more.
    private func releaseScreens() {
        screens.from.release()
        screens.to.release()
    }

    public func release() {
        // A drag still held (N/P or quit in the middle of it) leaves its transition waiting for
        // the pointer, holding the pixel dissolve's GPU objects: the press is cancelled, so the
        // gesture's interaction cancels the transition, and `endScene` lets it settle and release them.
        pan.isEnabled = false
        inputView.removeFromSuperview()
        endScene()
        interaction = nil
        lazyStage.release()
        releaseScreens()
    }
}
