import Logging
import SegueTiming
import SegueAppHost
import SegueEffects
import SegueGL
import SegueGLFW
import SegueUIKit
import SegueTransitions

/// The root view controller of `PlayerWindow`: the show's stage (letterboxed) under the overlay,
/// keys through the responder chain (`PlayerAction`), the pointer through the host's dispatcher
/// to gesture recognizers, as in any app: the show's on its input view over the stage, the
/// progress bar's on the overlay's band.
///
/// A display link on the window's engine moves display time on while something moves with time
/// (the timeline playing or settling, a gesture's transition animating); a pointer that moves
/// asks for one frame, and one resting mid-drag for none. The show draws in the host's `underlay`,
/// once per frame the host draws: straight into the window when its stage has the window's size
/// (the views are composited over it, no clear, one full-window pass fewer), else into its
/// stage, which `stageView` letterboxes. A paused or finished player has no link, so the host
/// draws nothing until a key or the pointer changes something, and then one frame.
@MainActor
final class PlayerController: ViewController {
    let configuration: PlayerWindow.Configuration
    private unowned let host: WindowHost
    private let report: @MainActor (PlayerWindow.Report) -> Void
    /// Frame times of the run (`--stats`, the overlay's fps).
    private(set) var stats = FrameStats()
    /// The first error that ended the run (a show that failed to draw or to be made).
    private(set) var failure: (any Error)?
    /// The monitor's refresh rate, read while the window exists.
    private(set) var refreshRate: Double?
    private var index: Int
    private var show: (any PlayerShow)?
    private let stageView = View(name: "stage")
    private let overlay: PlayerOverlay
    private var overlayShown: Bool
    private var windowPixels = (width: 0, height: 0)
    /// When the status line was last made (-1: make it on the next draw).
    private var statusRefresh = -1.0
    /// What the overlay's status line shows now (nil: refresh at the next draw).
    private var shownStatus: PlayerStatus?
    private var speedIndex = 2
    /// The repeat mode chosen by the configuration or L (nil: each show's own default).
    private var loopMode: PlayerTimeline.LoopMode?
    /// True from a press on the overlay's progress bar until its release: the pointer seeks.
    private var seeking = false
    private var displayLink: DisplayLink?
    /// The engine time of the link's last tick.
    private var lastTick = 0.0
    /// Display time the link counted that the show has not drawn yet.
    private var pendingSeconds = 0.0
    /// Whether the show draws straight into the window (its stage has the window's size).
    private var drawsDirect = false
    private let wallClock = RealClock()
    private static let logger = Logger(label: "segue.player")

    init(configuration: PlayerWindow.Configuration, host: WindowHost, report: @escaping @MainActor (PlayerWindow.Report) -> Void) {
        self.configuration = configuration
        self.host = host
        self.report = report
        index = configuration.startIndex
        overlay = PlayerOverlay(longestName: configuration.names.max { $0.count < $1.count } ?? "", showCount: configuration.names.count)
        overlayShown = configuration.showsOverlay
        loopMode = configuration.loop
        super.init(name: "player")
        host.willRelease = { [unowned self] in release() }
        host.underlay = { [unowned self] target throws(GLError) in try drawFrame(into: target) }
    }

    static func title(_ name: String) -> String { "Segue — \(name)" }

    override func loadView() {
        let root = PlayerRootView(frame: Rect(x: 0, y: 0, width: Double(configuration.size.width), height: Double(configuration.size.height)), name: "player.view")
        root.onLayout = { [unowned self] in followSize() }
        // No background: the clear colour is black, and a full-window quad would cost a pass.
        root.addSubview(stageView)
        root.addSubview(overlay.view)  // the show's input view goes between them (`switchShow`)
        overlay.view.isHidden = !overlayShown
        let seek = GrabbingPanGestureRecognizer { [unowned self] pan in seekPanned(pan) }
        seek.name = "player.seek"
        seek.onTouchDown = { [unowned self] pan in seekPressed(at: pan.location(in: view)) }
        seek.onReleaseWithoutPan = { [unowned self] _ in seekEnded() }
        overlay.view.addGestureRecognizer(seek)
        view = root
    }

    // MARK: Keys

    override func pressesBegan(_ press: KeyPress) {
        guard let action = PlayerAction.action(for: press.key, isRepeat: press.isRepeat) else { return super.pressesBegan(press) }
        do { try perform(action) } catch { fail(error) }
        shownStatus = nil  // the status line shows what the key changed at once
        showChanged()
    }

    private func perform(_ action: PlayerAction) throws {
        guard let show else { return }
        switch action {
        case .quit: host.requestClose()
        case .togglePause:
            show.timeline.togglePause()
            trace("\(show.timeline.isPaused ? "pause" : "resume") \(show.timeline.progress)")
        case .step(let frames):
            guard show.timeline.isPaused else { return }
            // A show with frames of its own (an edit's preview) steps one of them, else one display frame.
            if !show.step(ownFrames: frames) { show.timeline.step(frames, frameSeconds: frameSeconds) }
            trace("step \(show.timeline.progress)" + (show.positionText.map { " \($0)" } ?? ""))
        case .reverse:
            show.timeline.reverse()
            trace("direction \(show.timeline.direction > 0 ? "forward" : "reverse")")
        case .speed(let index):
            speedIndex = index
            show.timeline.speed = PlayerTimeline.speeds[speedIndex]
            trace("speed \(show.timeline.speed)")
        case .cycleRepeatMode:
            show.timeline.loopMode = show.timeline.loopMode.next
            loopMode = show.timeline.loopMode
            trace("loop \(show.timeline.loopMode.rawValue)")
        case .switchShow(let offset):
            let count = configuration.names.count
            guard count > 1 else { return }  // one show: N and P are not offered, and do nothing
            try switchShow(to: ((index + offset) % count + count) % count)
        case .toggleOverlay:
            overlayShown.toggle()
            overlay.view.isHidden = !overlayShown
        case .toggleFullscreen:
            host.isFullscreen.toggle()
            trace("fullscreen \(host.isFullscreen ? "on" : "off")")
        case .screenshot:
            let path = try PlayerScreenshot.save(show, into: configuration.screenshotFolder)
            report(.screenshotSaved(path: path))
            trace("screenshot \(path)")
        case .replay:
            show.timeline.replay()
            trace("replay")
        }
    }

    /// One display frame: the fixed step, else 1/60 s.
    private var frameSeconds: Double { configuration.timeSource.step.flatMap { $0 > 0 ? $0 : nil } ?? 1.0 / 60 }

    // MARK: Pointer

    /// A press on the overlay's progress bar (the only part of the band that takes presses)
    /// seeks there, and its drag goes on seeking, instead of reaching the show under the band.
    private func seekPressed(at location: Point) {
        defer { showChanged() }
        guard let show, !show.isInteracting, let progress = overlay.seekProgress(at: location) else { return }
        seeking = true
        show.timeline.hold(at: progress)
        trace("seek \(show.timeline.progress)")
    }

    private func seekPanned(_ pan: PanGestureRecognizer) {
        guard seeking, let show else { return }
        // Off the bar the x still seeks (clamped), as a slider's thumb follows the pointer.
        if let progress = overlay.seekProgress(atX: pan.location(in: view).x) { show.timeline.hold(at: progress) }
        trace("seek \(show.timeline.progress)")
        if pan.state == .ended || pan.state == .cancelled { seekEnded() } else { showChanged() }
    }

    private func seekEnded() {
        defer { showChanged() }
        guard seeking, let show else { return }
        seeking = false
        show.timeline.endSeek()
        trace("seek \(show.timeline.progress)")
    }

    // MARK: Driving

    /// Something changed: a frame shows it, and a display link drives the show while it moves.
    private func showChanged() {
        updateDisplayLink()
        host.window.needsDisplay = true
    }

    /// What keeps the display link: the show moving with time (its timeline playing or settling,
    /// a gesture's transition animating). A press, a seek or a drag held still keeps nothing: a
    /// pointer's moves each ask for a frame (`showChanged`), so a resting pointer draws none.
    private var isMoving: Bool {
        guard let show, failure == nil else { return false }
        return show.isMovingWithTime
    }

    private func updateDisplayLink() {
        let engine = host.window.animationEngine
        if isMoving, displayLink == nil {
            lastTick = engine.now
            displayLink = engine.addDisplayLink { [unowned self] time in tick(time) }
        } else if !isMoving, let link = displayLink {
            link.invalidate()
            displayLink = nil
        }
    }

    private func tick(_ time: Double) {
        let elapsed = max(0, time - lastTick)
        lastTick = time
        // Real time, but a stall (window mapping, a debugger) does not skip the transition.
        let step = configuration.timeSource.step == nil ? min(elapsed, 0.1) : elapsed
        pendingSeconds += step
    }

    /// The host's underlay: moves the show on by the time the link counted and draws it, into
    /// the window (true: it filled it) or into its stage (false: the host clears, `stageView`
    /// shows the stage). A GL error goes to the host, which tells a window another client
    /// destroyed (llvmpipe then fails to allocate its buffers) from a real failure.
    private func drawFrame(into window: DefaultFramebufferTarget) throws(GLError) -> Bool {
        guard let show, failure == nil, windowPixels.width > 0 else { return false }
        let seconds = pendingSeconds
        pendingSeconds = 0
        show.directTarget = drawsDirect ? window : nil
        do { try show.draw(advancing: seconds) } catch {
            if let error = error as? GLError { throw error }
            fail(error)
            return false
        }
        if overlayShown { updateOverlay(show) }
        updateDisplayLink()  // a run that paused, stopped or was released lets the window idle
        return drawsDirect
    }

    private func fail(_ error: any Error) {
        Self.logger.debug("the player stops: \(error)")  // the caller reports the error run() throws
        if failure == nil { failure = error }
        updateDisplayLink()
        host.requestClose()
    }

    private func trace(_ line: String) { report(.trace(line)) }

    /// The host drew a frame: its frame time goes into `stats` (the interval since the previous
    /// frame; after an idle wait, the frame's own time). The window's first frame ends no interval.
    func frameDrawn(_ statistics: FrameStatistics) {
        report(.frameDrawn(count: statistics.framesRendered))
        guard statistics.framesRendered > 1 else { return }
        stats.record(frameSeconds: statistics.lastInterval ?? statistics.frameSeconds.last ?? 0, endingAt: wallClock.now)
    }

    // MARK: Shows

    /// Shows `names[newIndex]`. Another show (N/P) takes over the timeline where it is —
    /// progress, direction, speed, paused or not — so effects can be compared at one frame.
    private func switchShow(to newIndex: Int) throws {
        let previous = show?.timeline
        show?.release()
        show = nil
        index = newIndex
        let name = configuration.names[newIndex]
        let size = windowPixels.width > 0 ? windowPixels : configuration.size
        let onReduced: (PictureReduction, String) -> Void = { [report] reduction, label in report(.pictureReduced(reduction, label: label)) }
        var made: any PlayerShow
        let trace: (String) -> Void = { [report] line in report(.trace(line)) }
        if let own = try configuration.makeShow?(name, host.device, size, trace) {
            made = own
        } else if let transition = try configuration.makeTransition(name, newIndex == configuration.startIndex) {
            made = try EffectShow(
                transition: transition, device: host.device, from: configuration.from, to: configuration.to,
                labels: configuration.labels, size: size, duration: configuration.duration ?? 2, blendSpace: configuration.blendSpace,
                trace: trace, onReduced: onReduced)
        } else if let scenario = configuration.catalog.entry(named: name)?.scenario {
            made = try ScenarioShow(
                scenario: scenario, device: host.device, compositor: host.compositor, from: configuration.from, to: configuration.to,
                labels: configuration.labels, resize: configuration.resize, size: size, duration: configuration.duration,
                trace: trace, onReduced: onReduced)
        } else {
            throw PlayerWindowError.unknownShow(name)
        }
        if let loopMode { made.timeline.loopMode = loopMode }
        made.timeline.speed = PlayerTimeline.speeds[speedIndex]
        if let previous { made.timeline.continueFrom(previous) }
        made.pointerChanged = { [unowned self] in showChanged() }
        view.insertSubview(made.inputView, belowSubview: overlay.view)
        show = made
        try layoutStage()
        Self.logger.debug("\(name) at \(made.stageSize.width)x\(made.stageSize.height), \(drawsDirect ? "straight into the window" : "letterboxed stage")")
        host.title = Self.title(name)
        shownStatus = nil
        if windowPixels.width > 0 { stats.show(effect: name, width: windowPixels.width, height: windowPixels.height) }
        self.trace("effect \(name)")
        if previous != nil { self.trace("continue \(made.timeline.isPaused ? "paused" : "playing") \(made.timeline.progress)") }
    }

    /// The root view's size changed: the overlay and the stage follow; the first layout makes
    /// the first show.
    private func followSize() {
        let scale = host.window.contentScale > 0 ? host.window.contentScale : 1
        let bounds = view.bounds
        let pixels = (width: Int((bounds.width * scale).rounded()), height: Int((bounds.height * scale).rounded()))
        guard pixels.width > 0, pixels.height > 0, pixels != windowPixels, failure == nil else { return }
        let first = windowPixels.width == 0
        windowPixels = pixels
        overlay.layout(in: bounds.size)
        do {
            if first {
                refreshRate = host.monitorRefreshRate
                try switchShow(to: index)
            } else {
                try show?.windowResized(width: pixels.width, height: pixels.height)
                try layoutStage()
            }
        } catch { return fail(error) }
        if let show { stats.show(effect: show.name, width: pixels.width, height: pixels.height) }
        if !first { trace("resize \(pixels.width)x\(pixels.height)") }
        showChanged()
    }

    /// How the show reaches the window: straight in when its stage has the window's size, else
    /// the stage letterboxed, pixel for pixel (nearest) when it fills the window, smooth when the
    /// window scales it. Decided when the window's size or the show changes, not per frame.
    private func layoutStage() throws {
        guard let show, windowPixels.width > 0 else { return }
        let size = show.stageSize
        drawsDirect = size == windowPixels
        let fit = StageFitting.aspectFit(width: size.width, height: size.height, in: windowPixels)
        let scale = host.window.contentScale > 0 ? host.window.contentScale : 1
        // Also what maps the pointer to stage pixels.
        stageView.frame = Rect(x: fit.minX / scale, y: fit.minY / scale, width: fit.width / scale, height: fit.height / scale)
        show.inputView.place(over: stageView.frame, stage: size)
        guard !drawsDirect else {
            stageView.content = nil  // a show drawn straight into the window never allocates its stage
            return
        }
        let stage = try show.stage
        stageView.content = .texture(stage.texture)
        stage.texture.setFilter(fit.width == Double(size.width) && fit.height == Double(size.height) ? .nearest : .linear)
    }

    // MARK: Overlay

    /// The bar follows the progress at every draw, and so does the status line whenever what
    /// it says changes (`PlayerStatus.needsRefresh`: the state and the number at once, so the
    /// last frame before the window idles shows DONE or PAUSED; the frame times four times a
    /// second).
    private func updateOverlay(_ show: any PlayerShow) {
        overlay.update(progress: show.shownProgress)
        let timeline = show.timeline
        let state = PlayerStatus.State.of(
            settling: show.isSettling, dragging: show.isInteracting || seeking, paused: timeline.isPaused,
            stopped: timeline.isStopped, direction: timeline.direction)
        let s = stats.lastSecond
        var status = PlayerStatus(
            index: index, count: configuration.names.count, name: show.name, parameters: show.parameters, state: state,
            speed: PlayerTimeline.speedLabels[speedIndex], loop: timeline.loopMode.rawValue, progress: show.shownProgress,
            fps: s.fps, p50: s.p50, p99: s.p99)
        status.position = show.positionText
        let now = wallClock.now
        guard PlayerStatus.needsRefresh(from: shownStatus, to: status, secondsSinceRefresh: now - statusRefresh) else { return }
        statusRefresh = now
        shownStatus = status
        overlay.update(status: status)
    }

    /// Frees the show's GL objects (the host calls it before it releases the window).
    func release() {
        displayLink?.invalidate()
        displayLink = nil
        show?.release()
        show = nil
    }
}
