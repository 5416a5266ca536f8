import Foundation
import Logging
import SegueTiming
import SegueGL
import SegueGLFW
import SegueUIKit
import SegueCompositor

/// Runs a `Window` in a GLFW window: UIApplication's run loop and the glue between the window
/// system and Segue's window (the renderer never makes a window; this module does).
///
/// ```swift
/// let host = try WindowHost(title: "Hello", size: Size(width: 640, height: 360))
/// try host.run(rootViewController: MyController())
/// ```
///
/// The loop routes events to the window (the primary button's presses to its gesture
/// recognizers, keys and text to the first responder, the scroll wheel to the view under the
/// pointer), follows live resizes with `Window.resize(to:)` and the content scale, and draws
/// with a real clock (or a fixed step per frame, `timeSource`), at most once per display
/// interval. It draws only when something changed or moves: an idle window sleeps in the window
/// system's event wait, drawing no frames. A renderer that fills the window itself draws in
/// `underlay`, under the views.
///
/// Sizes are in points; the framebuffer has `size × contentScale` pixels (crisp on HiDPI, where
/// the window opens `contentScale` times larger in pixels).
@MainActor
public final class WindowHost {
    /// The window the host shows; its root view controller is set by `run`.
    public let window: Window
    /// What the frames drawn so far measured.
    public private(set) var statistics = FrameStatistics()
    /// What shows where no view draws.
    public var clearColor: Color = .black
    /// Called with every window-system event before it is routed (diagnostics, tools).
    public var eventObserver: ((WindowSystemEvent) -> Void)?
    /// Called after each frame is presented, with the statistics so far.
    public var frameObserver: ((FrameStatistics) -> Void)?
    /// Draws the window's pixels under its views, every frame, after animations and display links
    /// advanced and views laid out (see `Window.renderFrame(at:compositor:into:clearColor:underlay:)`):
    /// true when it filled the framebuffer (the views are drawn over it, no clear), false for the
    /// usual clear. For a renderer that draws at the window's size itself: a full-window pass
    /// fewer than drawing offscreen and showing that in a view. Views it changes are drawn in the
    /// same frame (they ask for no other).
    public var underlay: ((DefaultFramebufferTarget) throws(GLError) -> Bool)?
    /// Called once when the host is about to release its window, while its GL context still
    /// exists: free the GL objects made with `device` here (textures, offscreen targets, effects).
    public var willRelease: (() -> Void)?

    /// Draws each frame into an offscreen target and copies it into the window last (set it
    /// before `run`; not used while `underlay` is set). Mesa's software GLX sizes a window's
    /// buffer when a frame first draws into it after a swap, and only a swap makes it look at
    /// the size again: a frame begun before a resize the window system grants while it is drawn
    /// would be swapped at the old size, leaving the window's new part unpainted until the next
    /// frame is ready (0.3-0.45 s when the new layout is costly). With the copy last, the host
    /// looks at the window's size after the frame is drawn, draws it again at a new one, and the
    /// window's buffer is first used by the copy. Costs one full-window textured pass a frame.
    public var drawsOffscreenFirst = false
    /// The target frames are drawn into with `drawsOffscreenFirst`, and the view that shows it in the window.
    private var offscreen: OffscreenTarget?
    private let windowCopy = View(name: "windowHost.copy")

    /// Where the engine's time comes from (set it before `run`): real time by default, or a
    /// fixed step per drawn frame for scripted runs. Statistics measure real time either way.
    public var timeSource = HostClock.real
    /// The GL device of the window's context: make the textures, offscreen targets and effects
    /// that views show (`ViewContent.texture`) with it, on the main actor.
    public let device: GLDevice
    /// The compositor that draws the window; a program drawing view trees of its own into
    /// offscreen targets (a scene inside a view) can use it between frames or in a display link.
    public let compositor: Compositor

    let context: GLFWWindowContext
    let framebuffer: DefaultFramebufferTarget
    /// Seconds between frames while something moves.
    let frameInterval: Double
    let clock = RealClock()
    /// Engine time when the clock started: the engine's time never goes back.
    var timeBase = 0.0
    var closeRequested = false
    /// What `title` reads (GLFW has no getter for it).
    var titleStorage: String
    /// The clock's time at which `run` ends (`requestClose(afterSeconds:)`), nil: none.
    var closeDeadline: Double?
    /// The time (seconds since the run started, on `timeSource`) of the latest frame drawn.
    var lastFrameTime = 0.0
    /// The engine's time now: with a fixed step, the time of the frame on screen.
    var engineNow: Double { timeBase + timeSource.eventTime(realSeconds: clock.now, lastFrame: lastFrameTime) }
    private var hasRun = false
    private var isReleased = false
    /// The button of the press the recognizers follow, nil between presses.
    var pressedButton: PointerButton?
    /// The keys down now (pressed in this window and not yet released or cancelled).
    var heldKeys: Set<KeyboardKey> = []
    /// Ctrl + scroll wheel as a two-finger pinch.
    var wheelPinch = WheelPinch()
    static let logger = Logger(label: "segue.apphost")
    /// How long an idle wait lasts before the window is checked: another client can destroy it
    /// (`xdotool windowclose`) with no event GLFW reports, and an idle window makes no request
    /// that would fail. One round trip to the X server a second; no frame is drawn.
    static let idleCheckInterval = 1.0

    /// Opens a window of `size` points titled `title`. `framesPerSecond`: the most frames drawn
    /// per second while something moves (nil: the monitor's refresh rate, else 60; `.infinity`:
    /// as fast as the driver goes, for benchmarks). `vsync`: swap on the display's refresh.
    public init(title: String, size: Size, framesPerSecond: Double? = nil, vsync: Bool = true) throws(WindowHostError) {
        guard size.width.isFinite, size.height.isFinite, size.width >= 1, size.height >= 1,
              size.width <= 16_384, size.height <= 16_384
        else { throw .badSize(width: size.width, height: size.height) }
        guard ProcessInfo.processInfo.environment["DISPLAY"].map({ !$0.isEmpty }) ?? false else { throw .noDisplay }
        let context: GLFWWindowContext
        do {
            context = try GLFWWindowContext(
                title: title, width: Int(size.width.rounded()), height: Int(size.height.rounded()), vsync: vsync,
                scalesToMonitor: true)
        } catch { throw .windowCreation(error) }
        let device: GLDevice
        do { device = try GLDevice(context: context) } catch {
            context.release()
            throw .windowCreation(error)
        }
        let compositor: Compositor
        do { compositor = try Compositor(device: device) } catch {
            _ = device.release()
            context.release()
            throw .windowCreation(error)
        }
        let pixels = context.drawableSize ?? (Int(size.width), Int(size.height))
        let scale = context.contentScale
        (self.context, self.device, self.compositor) = (context, device, compositor)
        titleStorage = title
        framebuffer = DefaultFramebufferTarget(width: pixels.width, height: pixels.height)
        let rate = framesPerSecond ?? context.refreshRate ?? 60
        frameInterval = rate.isFinite && rate > 0 ? 1 / rate : 0
        window = Window(size: Self.points(pixels: pixels, scale: scale))
        window.contentScale = scale
        window.attach(compositor)
        window.makeKey()
        Self.logger.debug("window \(pixels.width)x\(pixels.height) pixels at scale \(scale), \(rate) frames a second at most")
    }

    /// The engine that animates this window (each window owns its own).
    private var engine: AnimationEngine { window.animationEngine }

    /// Shows `rootViewController` and runs until the window is closed (its close button, the
    /// window manager, another client destroying it, or `requestClose()`), then releases the
    /// window and its GL objects. A host runs once.
    public func run(rootViewController: ViewController) throws(WindowHostError) {
        guard !hasRun, !isReleased else { throw .alreadyRan }
        hasRun = true
        defer { release() }
        window.rootViewController = rootViewController
        timeBase = engine.now
        var nextFrameTime = 0.0
        var lastFrameStart: Double?
        while !shouldEnd {
            let events: [WindowSystemEvent]
            let wait = RedrawPolicy.wait(activity, now: clock.now, nextFrameTime: nextFrameTime)
            // A deadline ends a wait: `requestClose(afterSeconds:)` ends an idle window on time,
            // and a recognizer deciding by time (a long press) does so with no event coming.
            let toClose = closeDeadline.map { $0 - clock.now }, toGesture = secondsToGestureDecision
            let deadline = toClose.map { min($0, toGesture ?? .infinity) } ?? toGesture
            let timeout = RedrawPolicy.timeout(wait, idleCheckInterval: Self.idleCheckInterval, secondsToDeadline: deadline)
            if let timeout { events = context.waitSystemEvents(timeout: timeout) } else { events = context.pollSystemEvents() }
            if wait == .untilEvent {
                lastFrameStart = nil  // the next frame ends an idle stretch, not an interval
                if events.isEmpty { context.confirmWindowExists() }
            }
            if !events.isEmpty {
                // Animations that handlers start begin at the engine's time: bring it to now,
                // or after an idle stretch they would start in the past (and be over at once).
                engine.advance(to: engineNow)
                for event in events { handle(event) }
            }
            // A wheel pinch paused long enough on the frame clock lifts its fingers.
            wheelPinch.advance(to: engineNow, window: window)
            // Main-actor work queued from elsewhere (a task's continuation, a main-queue block, a
            // Foundation timer) gets its turn here: the loop holds the main thread otherwise.
            _ = RunLoop.main.run(mode: .default, before: Date())
            guard !shouldEnd else { break }
            let now = clock.now
            guard RedrawPolicy.shouldRender(activity, now: now, nextFrameTime: nextFrameTime) else { continue }
            let rendered: Double
            do { rendered = try drawFrame(at: now) } catch {
                if windowWasDestroyed() { break }
                throw .gl(error)
            }
            let end = clock.now
            statistics.record(frameSeconds: end - now, renderSeconds: rendered - now, interval: lastFrameStart.map { now - $0 })
            lastFrameStart = now
            nextFrameTime = RedrawPolicy.nextFrameTime(after: now, interval: frameInterval, now: end)
            frameObserver?(statistics)
        }
        Self.logger.debug("closed after \(statistics.framesRendered) frames")
    }

    /// Ends `run` after the events being handled (callable from a key handler, a display link).
    public func requestClose() {
        closeRequested = true
        GLFWWindowContext.wake()
    }

    /// Ends `run` once `seconds` of real time have passed from this call (scripted runs), even
    /// in a window that is idle then. Call it before `run` or while it runs.
    public func requestClose(afterSeconds seconds: Double) {
        closeDeadline = clock.now + max(0, seconds)
    }

    /// Whether the loop is over: a close was asked for, its deadline passed, or the window went.
    private var shouldEnd: Bool {
        closeRequested || context.shouldClose || closeDeadline.map { self.clock.now >= $0 } ?? false
    }

    /// What the window has going on now.
    var activity: SceneActivity {
        SceneActivity(
            // An interactive transition under a resting finger, its animations held, shows the same
            // frame: only its updates (which mark the window) draw.
            needsDisplay: window.needsDisplay, isAnimating: engine.isMovingWithTime, hasDisplayLinks: engine.hasDisplayLinks,
            isTransitioning: window.transitionDriver.current.map { !$0.isInteractive } ?? false,
            isGestureDecisionDue: secondsToGestureDecision.map { $0 <= RedrawPolicy.slack } ?? false)
    }

    /// Seconds until the window's gesture next decides by time (`PointerDispatcher.nextTimedDecision`,
    /// or a wheel pinch's end after its pause), 0 when that has come; nil when only events move
    /// it on. On a fixed-step clock only frames move time on, so a pending decision always asks for them.
    var secondsToGestureDecision: Double? {
        var decision = window.pointerDispatcher.nextTimedDecision
        if let pinchEnd = wheelPinch.nextDecision { decision = min(decision ?? pinchEnd, pinchEnd) }
        guard let decision else { return nil }
        guard timeSource.step == nil else { return 0 }
        return max(0, decision - engineNow)
    }

    /// One frame: the mark is cleared first, so a change made while drawing (an animation's
    /// completion) asks for the next frame.
    /// Returns the clock's time before the present.
    private func drawFrame(at now: Double) throws(GLError) -> Double {
        window.needsDisplay = false
        lastFrameTime = timeSource.frameTime(realSeconds: now, previousFrame: lastFrameTime)
        if drawsOffscreenFirst && underlay == nil {
            try drawOffscreenThenCopy(at: timeBase + lastFrameTime)
        } else {
            try window.renderFrame(
                at: timeBase + lastFrameTime, compositor: compositor, into: framebuffer, clearColor: clearColor, underlay: drawUnderlay)
        }
        let rendered = clock.now
        try context.present()
        return rendered
    }

    /// `drawsOffscreenFirst`'s frame: drawn offscreen at the framebuffer's size, again while the
    /// window's size changed meanwhile (a few times at most), then copied into the window.
    private func drawOffscreenThenCopy(at time: Double) throws(GLError) {
        for _ in 0..<3 {
            try window.renderFrame(at: time, compositor: compositor, into: try offscreenTarget(), clearColor: clearColor)
            guard let pixels = context.drawableSize, pixels.width > 0, pixels.height > 0,
                pixels.width != framebuffer.width || pixels.height != framebuffer.height
            else { break }
            followSurface()
        }
        let target = try offscreenTarget()
        let scale = window.contentScale > 0 ? window.contentScale : 1
        windowCopy.frame = Rect(x: 0, y: 0, width: Double(target.width) / scale, height: Double(target.height) / scale)
        // Set when the target is new only: content set anew is a change the window would count.
        if case .texture(let shown)? = windowCopy.content, shown === target.texture {} else { windowCopy.content = .texture(target.texture) }
        try compositor.render(windowCopy, into: framebuffer, clearColor: nil, scale: scale)
    }

    /// The offscreen target at the framebuffer's size (made again when that changed).
    private func offscreenTarget() throws(GLError) -> OffscreenTarget {
        if let offscreen, offscreen.width == framebuffer.width, offscreen.height == framebuffer.height { return offscreen }
        offscreen?.release()
        offscreen = nil
        let target = try device.makeOffscreenTarget(width: framebuffer.width, height: framebuffer.height, stencil: true)
        offscreen = target
        return target
    }

    /// Runs `underlay`; what it changes in the views is drawn in this frame, so it asks for no other.
    private func drawUnderlay(_ target: DefaultFramebufferTarget) throws(GLError) -> Bool {
        guard let underlay else { return false }
        let marked = window.needsDisplay
        defer { window.needsDisplay = marked }
        return try underlay(target)
    }

    /// A window destroyed by another client (`xdotool windowclose`; `windowkill` cuts the connection, and Xlib ends the process) fails its frame before the X
    /// server's error about it is read: read events for a moment, and if the window is gone the
    /// failure is the close, not an error.
    private func windowWasDestroyed() -> Bool {
        for _ in 0..<20 {
            _ = context.pollSystemEvents()
            if context.shouldClose { return true }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return false
    }

    /// Frees the compositor, the device and the window, in that order. `run` does it when it
    /// ends; call it for a host that will not run. A second call does nothing.
    public func release() {
        guard !isReleased else { return }
        isReleased = true
        willRelease?()
        willRelease = nil
        if pressedButton != nil { window.pointerCancelled(time: engineNow) }
        windowCopy.content = nil
        offscreen?.release()
        offscreen = nil
        compositor.release()
        _ = device.release()
        context.release()
    }

    /// A framebuffer's size in points at `scale` pixels per point.
    static func points(pixels: (width: Int, height: Int), scale: Double) -> Size {
        let scale = scale > 0 && scale.isFinite ? scale : 1
        return Size(width: Double(pixels.width) / scale, height: Double(pixels.height) / scale)
    }
}
