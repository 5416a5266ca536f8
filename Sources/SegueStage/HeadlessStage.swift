import SegueTiming
import SegueGL
import SegueImage
import SegueUIKit
import SegueCompositor
import SegueHeadless

/// A window rendered headlessly: an EGL context, its device, a compositor, an offscreen target
/// (with the stencil buffer that corner-radius clipping needs) and a virtual clock. The one rig
/// behind tests, offline export and the seed ports.
///
/// The stage owns every GPU object it makes and frees them in order in `release()` (or at the end
/// of `HeadlessStage.run`), on the thread that made them; a stage made on a caller's device
/// leaves that device (and its context) to the caller. Each stage has a window of its own, with
/// its own animation engine and diagnostics (`window.animationEngine`, `window.diagnostics`):
/// its clock starts at 0, and stages in one process (in parallel tests) never see each other's
/// animations, display links or reports.
@MainActor
public final class HeadlessStage {
    public let device: GLDevice
    /// The context the stage made, nil on a caller's device.
    private let ownedContext: HeadlessEGLContext?
    public let compositor: Compositor
    public let target: OffscreenTarget
    public let window: Window
    public let width: Int
    public let height: Int
    /// The virtual clock, in seconds from the stage's start.
    public private(set) var now: Double = 0
    /// Seconds between frames when the stage plays or drags (60 frames a second by default).
    public let frameStep: Double
    /// What shows where no view draws.
    public var clearColor: Color = .black
    private var isReleased = false

    /// Makes the GL objects and a `width`×`height` window; the compositor is attached to the
    /// window, so animators can snapshot views before the first frame.
    public convenience init(width: Int, height: Int, framesPerSecond: Double = 60) throws(HeadlessStageError) {
        guard width > 0, height > 0, width <= 16_384, height <= 16_384 else {
            throw .badSize(width: width, height: height)
        }
        guard framesPerSecond.isFinite, framesPerSecond > 0, framesPerSecond <= 10_000 else {
            throw .badFrameRate(framesPerSecond)
        }
        // Each step frees what the steps before it made when it fails: nothing leaks on a throw.
        let context: HeadlessEGLContext
        do { context = try HeadlessEGLContext() } catch { throw .gl(error) }
        let device: GLDevice
        do { device = try GLDevice(context: context) } catch {
            context.release()
            throw .gl(error)
        }
        do { try self.init(device: device, ownedContext: context, width: width, height: height, framesPerSecond: framesPerSecond) } catch {
            device.release(); context.release()
            throw error
        }
    }

    /// A stage on a device the caller owns (and releases after the stage): for programs that
    /// render other things on the same device.
    public convenience init(device: GLDevice, width: Int, height: Int, framesPerSecond: Double = 60) throws(HeadlessStageError) {
        guard width > 0, height > 0, width <= 16_384, height <= 16_384 else { throw .badSize(width: width, height: height) }
        guard framesPerSecond.isFinite, framesPerSecond > 0, framesPerSecond <= 10_000 else { throw .badFrameRate(framesPerSecond) }
        try self.init(device: device, ownedContext: nil, width: width, height: height, framesPerSecond: framesPerSecond)
    }

    private init(
        device: GLDevice, ownedContext: HeadlessEGLContext?, width: Int, height: Int, framesPerSecond: Double
    ) throws(HeadlessStageError) {
        let compositor: Compositor
        do { compositor = try Compositor(device: device) } catch { throw .gl(error) }
        let target: OffscreenTarget
        do { target = try device.makeOffscreenTarget(width: width, height: height, stencil: true) } catch {
            compositor.release()
            throw .gl(error)
        }
        (self.device, self.ownedContext, self.compositor, self.target) = (device, ownedContext, compositor, target)
        (self.width, self.height, frameStep) = (width, height, 1 / framesPerSecond)
        window = Window(size: Size(width: Double(width), height: Double(height)))
        window.attach(compositor)
        window.makeKey()  // Screen.main.bounds is this window's bounds, as on a device
    }

    /// Runs `body` on a new stage and releases the stage afterwards, whether `body` throws or not.
    public static func run<Result>(
        width: Int, height: Int, framesPerSecond: Double = 60, _ body: (HeadlessStage) throws -> Result
    ) throws -> Result {
        let stage = try HeadlessStage(width: width, height: height, framesPerSecond: framesPerSecond)
        defer { stage.release() }
        return try body(stage)
    }

    /// Advances the animations to the stage's clock, renders the window and reads the picture back.
    @discardableResult
    public func snapshot() throws(GLError) -> RGBAImage {
        // Another stage (its own EGL context) may have drawn since: this stage's objects live in its context.
        if !device.context.isCurrent { try device.context.makeCurrent() }
        try window.renderFrame(at: now, compositor: compositor, into: target, clearColor: clearColor)
        return try target.readImage()
    }

    /// Moves the clock to `time` (never backwards) in one step and renders that frame: what an
    /// export at a chosen time sees, with no frames in between.
    public func snapshot(at time: Double) throws -> RGBAImage {
        guard time.isFinite, time >= now else { throw HeadlessStageError.badTime(time, now: now) }
        now = time
        return try snapshot()
    }

    /// Moves the clock one frame on and renders that frame.
    @discardableResult
    public func step() throws(GLError) -> RGBAImage {
        now += frameStep
        return try snapshot()
    }

    /// Moves the clock to `time` (never backwards) frame by frame, rendering each frame as a
    /// display would (display links and transition checks run once a frame), and returns the
    /// picture at `time`.
    @discardableResult
    public func advance(to time: Double) throws -> RGBAImage {
        guard time.isFinite, time >= now else { throw HeadlessStageError.badTime(time, now: now) }
        var last = try snapshot()
        while now < time - 1e-9 {
            now = min(time, now + frameStep)
            last = try snapshot()
        }
        return last
    }

    /// Plays `seconds` of frames and returns the last picture.
    @discardableResult
    public func play(_ seconds: Double) throws -> RGBAImage { try advance(to: now + seconds) }

    /// Renders any view tree (not only the window's) at the current animation state.
    public func render(_ root: View) throws(GLError) -> RGBAImage {
        try compositor.render(root, into: target, clearColor: clearColor)
        return try target.readImage()
    }

    // MARK: - Pointer input, in window coordinates (one event per frame while dragging)

    public func press(at point: Point) { window.pointerDown(at: point, time: now) }

    /// Moves the pointer one frame later and renders that frame.
    public func move(to point: Point) throws(GLError) {
        now += frameStep
        window.pointerMoved(to: point, time: now)
        try snapshot()
    }

    public func lift(at point: Point) { window.pointerUp(at: point, time: now) }

    /// The window's view tree, one view per line, children indented ("(hidden)" marks hidden views).
    public func hierarchy() -> String {
        func describe(_ view: View, _ indent: String) -> [String] {
            [indent + view.name + (view.isHidden ? " (hidden)" : "")] + view.subviews.flatMap { describe($0, indent + "  ") }
        }
        return describe(window.rootView, "").joined(separator: "\n")
    }

    /// Frees the GPU objects in order (compositor, target, then the device and context if the stage
    /// made them). A second call does nothing.
    public func release() {
        guard !isReleased else { return }
        isReleased = true
        compositor.release()
        target.release()
        if let ownedContext {
            device.release()
            ownedContext.release()
        }
    }
}

/// Why a headless stage could not be made or moved.
public enum HeadlessStageError: Error, Equatable, CustomStringConvertible {
    case badSize(width: Int, height: Int)
    case badFrameRate(Double)
    /// A time that is not finite or is earlier than the clock (the clock never goes back).
    case badTime(Double, now: Double)
    case gl(GLError)

    public var description: String {
        switch self {
        case .badSize(let width, let height): "a stage is 1...16384 pixels on each side, not \(width)x\(height)"
        case .badFrameRate(let rate): "a stage's frame rate is above 0 and at most 10000, not \(rate)"
        case .badTime(let time, let now): "cannot move the stage's clock from \(now) s to \(time) s"
        case .gl(let error): "\(error)"
        }
    }
}
