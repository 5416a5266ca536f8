import Foundation
import SegueAnimation
import SegueEffects
import SegueGL
import SegueImage
import SeguePlayer
import SegueGLFW
import SegueScene
import SegueTransitions

/// The window of `segue play` and `segue demo`: plays one show at a time (N/P switch through
/// every built-in without reopening), reads keys and the pointer, draws the show (straight into
/// the window when it has the show's size, else its stage letterboxed: the aspect is kept however
/// the window is resized) with the overlay above it, and measures frame times.
///
/// Display time comes from a real clock. `SEGUE_PLAY_FRAME_STEP=seconds` makes every frame
/// advance exactly that much instead (scripted tests; 0 stands time still, so only drags and
/// keys move the transition); frame-time statistics stay real.
@MainActor
final class WindowPlayer {
    struct Setup {
        var names: [String]
        var startIndex: Int
        /// Makes the effect entry for a name (parameters apply to the first show only).
        var effectEntry: (String, Bool) throws -> EffectCatalog.Entry?
        /// The pictures at their own size (each show fits them to its stage by `resize`).
        var from: RGBAImage
        var to: RGBAImage
        /// What the pictures are called in a notice (a path, or "the sample").
        var labels: (from: String, to: String)
        var resize: ResizeMode
        var options: WindowOptions
    }

    private let window: GLFWWindowContext
    private let device: GLDevice
    private let compositor: Compositor
    private let setup: Setup
    private let trace: (String) -> Void
    private var index: Int
    private var show: (any PlayerShow)?
    private let root = View(name: "windowRoot")
    private let stageView = View(name: "stage")
    private let overlay: PlayerOverlay
    private var overlayShown: Bool
    private var stats = FrameStats()
    private var windowSize = (width: 0, height: 0)
    /// The window's framebuffer, resized with the window.
    private let framebuffer = DefaultFramebufferTarget(width: 0, height: 0)
    /// Whether the show draws straight into the window (it has the window's size).
    private var drawsDirect = false
    /// When the status line was last made (-1: make it on the next frame).
    private var statusRefresh = -1.0
    private var wasInteracting = false
    private var wasSettling = false
    private var speedIndex = 2
    /// The repeat mode chosen by `--loop` or L (nil: each show's own default).
    private var loopMode: PlayerTimeline.LoopMode?
    /// True from a press on the overlay's progress bar until its release: the pointer seeks.
    private var seeking = false
    private let fixedStep: Double?
    private var displayTime = 0.0

    init(window: GLFWWindowContext, device: GLDevice, setup: Setup, trace: @escaping (String) -> Void) throws {
        self.window = window
        self.device = device
        self.setup = setup
        self.trace = trace
        compositor = try Compositor(device: device)
        overlay = PlayerOverlay(longestName: setup.names.max { $0.count < $1.count } ?? "")
        loopMode = setup.options.loop
        index = setup.startIndex
        overlayShown = !setup.options.noOverlay
        let step = ProcessInfo.processInfo.environment["SEGUE_PLAY_FRAME_STEP"].flatMap(Double.init)
        fixedStep = step.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        // No background: the clear colour is black, and a full-window quad would cost a pass.
        root.addSubview(stageView)
        root.addSubview(overlay.view)
    }

    /// Runs until the window closes (close button, Q or Escape, `--seconds`, or the window was
    /// destroyed by another client) and writes `--stats`.
    func run() throws {
        defer { release() }
        try switchShow(to: index)
        let clock = RealClock()
        var last = clock.now
        var frames = 0
        var quit = false
        while !window.shouldClose && !quit {
            let now = clock.now
            if frames > 0 { stats.record(frameSeconds: now - last, endingAt: now) }
            // A real clock, but a stall (window mapping, a debugger) does not skip the transition.
            let step = fixedStep ?? min(now - last, 0.1)
            last = now
            displayTime += step
            for event in window.pollEvents() {
                switch event {
                case .key(let key):
                    guard let action = PlayerAction.action(for: key.key, isRepeat: key.isRepeat) else { continue }
                    quit = try perform(action) || quit
                    statusRefresh = -1  // the status line shows what the key changed at once
                case .pointer(let pointer): handlePointer(pointer)
                }
            }
            try followWindowSize()
            guard let show else { break }
            do {
                try show.draw(advancing: step)
                try compose(show, now: now)
                try window.present()
            } catch {
                if windowWasDestroyed() { break }
                throw error
            }
            frames += 1
            if let seconds = setup.options.seconds, now >= seconds { break }
        }
        try writeStats()
    }

    /// A window destroyed by another client (`xdotool windowclose`) fails its frame (llvmpipe
    /// cannot allocate a back buffer for it) before the X server's error about it is read: read
    /// events for a moment, and if the window is gone the failure is the close, not an error.
    private func windowWasDestroyed() -> Bool {
        for _ in 0..<20 {
            _ = window.pollEvents()
            if window.shouldClose { return true }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return false
    }

    // MARK: Input

    /// Returns true to quit.
    private func perform(_ action: PlayerAction) throws -> Bool {
        guard let show else { return true }
        switch action {
        case .quit: return true
        case .togglePause:
            show.timeline.togglePause()
            trace("\(show.timeline.isPaused ? "pause" : "resume") \(show.timeline.progress)")
        case .step(let frames):
            guard show.timeline.isPaused else { return false }
            show.timeline.step(frames, frameSeconds: frameSeconds)
            trace("step \(show.timeline.progress)")
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
            let count = setup.names.count
            try switchShow(to: ((index + offset) % count + count) % count)
        case .toggleOverlay:
            overlayShown.toggle()
        case .toggleFullscreen:
            window.setFullscreen(!window.isFullscreen)
            trace("fullscreen \(window.isFullscreen ? "on" : "off")")
        case .screenshot:
            let path = try PlayerScreenshot.save(show, into: setup.options.screenshots)
            print("Saved \(path)")
            fflush(nil)
            trace("screenshot \(path)")
        case .replay:
            show.timeline.replay()
            trace("replay")
        }
        return false
    }

    /// One display frame: the fixed step, else 1/60 s.
    private var frameSeconds: Double { fixedStep.flatMap { $0 > 0 ? $0 : nil } ?? 1.0 / 60 }

    private func handlePointer(_ event: PointerEvent) {
        guard let show else { return }
        // A press on the overlay's progress bar seeks (and its drag goes on seeking) instead of
        // reaching the show: the bar is where the progress is, not the picture.
        if event.kind == .down, !show.isInteracting, overlayShown,
           let progress = overlay.seekProgress(at: Point(x: event.x, y: event.y)) {
            seeking = true
            show.timeline.hold(at: progress)
            trace("seek \(show.timeline.progress)")
            return
        }
        if seeking {
            // Off the bar the x still seeks (clamped), as a slider's thumb follows the pointer.
            if let progress = overlay.seekProgress(atX: event.x) { show.timeline.hold(at: progress) }
            if event.kind == .up {
                seeking = false
                show.timeline.endSeek()
            }
            trace("seek \(show.timeline.progress)")
            return
        }
        // Window pixels to stage pixels (the stage may be letterboxed and scaled).
        let fit = stageView.frame
        guard fit.width > 0, fit.height > 0 else { return }
        let stage = show.stageSize
        let point = Point(
            x: (event.x - fit.minX) * Double(stage.width) / fit.width,
            y: (event.y - fit.minY) * Double(stage.height) / fit.height)
        show.pointer(event.kind, at: point, time: displayTime)
    }

    // MARK: Shows

    /// Shows `setup.names[newIndex]`. Another show (N/P) takes over the timeline where it is —
    /// progress, direction, speed, paused or not — so effects can be compared at one frame.
    private func switchShow(to newIndex: Int) throws {
        let previous = show?.timeline
        show?.release()
        show = nil
        index = newIndex
        let name = setup.names[newIndex]
        let size = window.drawableSize.map { (max(1, $0.width), max(1, $0.height)) } ?? (setup.options.size.width, setup.options.size.height)
        var made: any PlayerShow
        if let entry = try setup.effectEntry(name, newIndex == setup.startIndex) {
            made = try EffectShow(
                transition: entry.transition, device: device, from: setup.from, to: setup.to, labels: setup.labels,
                size: size, duration: setup.options.duration ?? 2, trace: trace, onReduced: Self.printReduction)
        } else if let scenario = TransitionScenario.named(name) {
            made = try ScenarioShow(
                scenario: scenario, device: device, compositor: compositor, from: setup.from, to: setup.to,
                labels: setup.labels, resize: setup.resize, size: size, duration: setup.options.duration, trace: trace,
                onReduced: Self.printReduction)
        } else {
            throw CLIError("unknown effect '\(name)'; see `segue render --list`")
        }
        if let loopMode { made.timeline.loopMode = loopMode }
        made.timeline.speed = PlayerTimeline.speeds[speedIndex]
        if let previous { made.timeline.continueFrom(previous) }
        show = made
        try layoutStage()
        window.setTitle("Segue — \(name)")
        statusRefresh = -1
        if windowSize.width > 0 { stats.show(effect: name, width: windowSize.width, height: windowSize.height) }
        trace("effect \(name)")
        if previous != nil { trace("continue \(made.timeline.isPaused ? "paused" : "playing") \(made.timeline.progress)") }
    }

    /// A picture larger than this GL's textures: the notice on stderr, even with `--quiet`.
    private static func printReduction(_ reduction: PictureReduction, label: String) {
        PictureFitting.printNotice(reduction, label: label)
    }

    private func followWindowSize() throws {
        guard let size = window.drawableSize, size.width > 0, size.height > 0 else { return }
        guard size != windowSize else { return }
        let first = windowSize.width == 0
        windowSize = size
        root.frame = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
        overlay.layout(in: root.bounds.size)
        framebuffer.resize(width: size.width, height: size.height)
        try show?.windowResized(width: size.width, height: size.height)
        try layoutStage()
        if let show { stats.show(effect: show.name, width: size.width, height: size.height) }
        if !first { trace("resize \(size.width)x\(size.height)") }
    }

    /// How the show reaches the window: straight in when it has the window's size, else its
    /// stage, letterboxed. Decided when the window's size or the show changes, not per frame.
    private func layoutStage() throws {
        guard let show, windowSize.width > 0 else { return }
        let size = show.stageSize
        drawsDirect = size == windowSize
        show.directTarget = drawsDirect ? framebuffer : nil
        let fit = Self.aspectFit(width: size.width, height: size.height, in: windowSize)
        stageView.frame = fit  // also maps the pointer to stage pixels
        guard !drawsDirect else {
            stageView.content = nil
            return
        }
        let stage = try show.stage
        stageView.content = .texture(stage.texture)
        // Pixel for pixel when the stage fills the window; smooth when the window scales it.
        stage.texture.setFilter(fit.width == Double(size.width) && fit.height == Double(size.height) ? .nearest : .linear)
    }

    // MARK: Drawing

    /// Draws the stage (unless the show drew straight into the window) and the overlay.
    private func compose(_ show: any PlayerShow, now: Double) throws {
        overlay.view.isHidden = !overlayShown
        if overlayShown { updateOverlay(show, now: now) }
        guard drawsDirect else { return try compositor.render(root, into: framebuffer, clearColor: .black) }
        // The picture is in the window already: only the overlay's band is cleared and drawn.
        guard overlayShown else { return }
        stageView.isHidden = true
        defer { stageView.isHidden = false }
        let band = overlay.view.frame
        GL.enable(GL.scissorTest)
        GL.scissor(0, 0, Int32(windowSize.width), Int32(band.height.rounded(.up)))  // the window's bottom rows
        defer { GL.disable(GL.scissorTest) }
        try compositor.render(root, into: framebuffer, clearColor: .black)
    }

    /// The largest rect of the stage's aspect inside the window, centred, on whole pixels.
    static func aspectFit(width: Int, height: Int, in window: (width: Int, height: Int)) -> Rect {
        let scale = min(Double(window.width) / Double(width), Double(window.height) / Double(height))
        let w = (Double(width) * scale).rounded(), h = (Double(height) * scale).rounded()
        return Rect(x: ((Double(window.width) - w) / 2).rounded(.down), y: ((Double(window.height) - h) / 2).rounded(.down), width: w, height: h)
    }

    /// The bar follows the progress every frame; the status line is made four times a second
    /// (readable numbers, and its text image is uploaded rarely) and at once when the state
    /// changes (a key, a drag starting or ending, another show).
    private func updateOverlay(_ show: any PlayerShow, now: Double) {
        overlay.update(progress: show.shownProgress)
        if show.isInteracting != wasInteracting || show.isSettling != wasSettling {
            wasInteracting = show.isInteracting
            wasSettling = show.isSettling
            statusRefresh = -1
        }
        guard now - statusRefresh >= 0.25 else { return }
        statusRefresh = now
        let timeline = show.timeline
        let state: PlayerStatus.State = show.isSettling ? .settle : show.isInteracting || seeking ? .drag : timeline.isPaused ? .paused
            : timeline.isStopped ? .done : timeline.direction > 0 ? .play : .reverse
        let s = stats.lastSecond
        overlay.update(status: PlayerStatus(
            index: index, count: setup.names.count, name: show.name, parameters: show.parameters, state: state,
            speed: PlayerTimeline.speedLabels[speedIndex], loop: timeline.loopMode.rawValue, progress: show.shownProgress,
            fps: s.fps, p50: s.p50, p99: s.p99))
    }

    private func writeStats() throws {
        guard let path = setup.options.stats else { return }
        let summary = stats.summary(vsyncRequested: setup.options.vsync == .on, refreshHz: window.monitorRefreshRate)
        try FrameStats.write(summary, to: path)
        print(String(
            format: "%d frames drawn; frame time p50 %.2f ms, p99 %.2f ms, max %.2f ms (%@)",
            summary.framesDrawn, summary.p50Milliseconds, summary.p99Milliseconds, summary.maxMilliseconds, path))
    }

    private func release() {
        show?.release()
        show = nil
        compositor.release()
    }
}
