import SegueTiming
import SegueEffects
import SegueGL
import SegueUIKit

/// objc.io's GPUImage transition animator (DESIGN.md §3, example h): one object that is both
/// the animator and the interaction controller. At the start it snapshots the from- and
/// to-views once (each becomes a texture once), builds the fused pixel-dissolve chain, and
/// shows its output in a view over the container. A display link sets the progress every
/// frame — from the clock, or from `update(_:)` while interactive — and renders the next frame:
/// only three uniforms change. `finish()` animates to 1 and `cancel()` to 0 (the original
/// left cancel undone), then the transition completes or is cancelled.
@MainActor
public final class PixelDissolveTransitionAnimator: ViewControllerAnimatedTransitioning, ViewControllerInteractiveTransitioning {
    public let duration: Double
    /// When true (set before the transition starts), progress follows `update(_:)`.
    public var isInteractive = false
    public var completionSpeed: Double = 1
    public var completionCurve: TimingCurve = .linear
    public var wantsInteractiveStart: Bool { isInteractive }
    /// The progress shown by the last frame.
    public private(set) var progress: Double = 0

    private var session: Session?

    /// What one transition holds on the GPU and in the hierarchy.
    private final class Session {
        let context: any ViewControllerContextTransitioning
        let effect: PixelDissolve
        let output: OffscreenTarget
        let effectView: View
        let snapshots: [View]
        let hidden: [View]
        var link: DisplayLink?
        var startTime: Double
        var settle: (from: Double, to: Double, start: Double, duration: Double)?
        init(context: any ViewControllerContextTransitioning, effect: PixelDissolve, output: OffscreenTarget,
             effectView: View, snapshots: [View], hidden: [View], startTime: Double) {
            self.context = context
            self.effect = effect
            self.output = output
            self.effectView = effectView
            self.snapshots = snapshots
            self.hidden = hidden
            self.startTime = startTime
        }
    }

    public init(duration: Double = 1) {
        self.duration = max(0.01, duration)
    }

    public func transitionDuration(using context: (any ViewControllerContextTransitioning)?) -> Double { duration }

    public func animateTransition(using context: any ViewControllerContextTransitioning) { start(context) }

    public func startInteractiveTransition(_ context: any ViewControllerContextTransitioning) { start(context) }

    /// Interactive: shows `percent` (0...1) on the next frame.
    public func update(_ percent: Double) {
        guard let session, session.settle == nil else { return }
        progress = min(max(percent.isNaN ? 0 : percent, 0), 1)
        session.context.updateInteractiveTransition(progress)
        session.link?.isPaused = false  // the next frame shows it
    }

    /// Interactive: plays the rest to 1 over `(1 − progress) × duration / completionSpeed`.
    public func finish() { settle(to: 1) }

    /// Interactive: plays back to 0 over `progress × duration / completionSpeed`, then cancels.
    public func cancel() { settle(to: 0) }

    // MARK: Private

    private func start(_ context: any ViewControllerContextTransitioning) {
        let container = context.containerView
        guard let fromController = context.viewController(forKey: .from), let toController = context.viewController(forKey: .to),
            let compositor = Window.containing(container)?.snapshotCompositor
        else {
            container.transitionDiagnostics.report("pixel dissolve: no window compositor for the container; completing without the effect")
            return context.completeTransition(true)
        }
        let fromView = context.view(forKey: .from) ?? fromController.view
        let toView = context.view(forKey: .to) ?? toController.view
        if toView.superview == nil {
            toView.frame = context.finalFrame(for: toController) == .zero ? container.bounds : context.finalFrame(for: toController)
            container.addSubview(toView)
        }
        let device = compositor.glDevice
        do {
            // Snapshot both views once; their textures are uploaded (rendered) once.
            let fromSnapshot = try compositor.snapshot(of: fromView)
            let toSnapshot = try compositor.snapshot(of: toView)
            guard case .texture(let fromTexture) = fromSnapshot.content, case .texture(let toTexture) = toSnapshot.content else {
                return context.completeTransition(true)
            }
            let pixels = try container.bounds.size.pixelSize(rounding: .towardZero)
            let output = try device.makeOffscreenTarget(width: pixels.width, height: pixels.height)
            let effect: PixelDissolve
            do {
                effect = try PixelDissolve(device: device, from: fromTexture, to: toTexture)
            } catch {
                output.release()  // nothing half-made stays on the GPU
                throw error
            }
            let effectView = View(frame: container.bounds, name: "pixelDissolve")
            // A resize while the effect runs stretches its picture over the new size (no black band).
            effectView.autoresizesToFillSuperview = true
            effectView.content = .texture(output.texture)
            container.addSubview(effectView)
            let hidden = [fromView, toView].filter { !$0.isHidden }
            for view in hidden { view.isHidden = true }
            let session = Session(
                context: context, effect: effect, output: output, effectView: effectView,
                snapshots: [fromSnapshot, toSnapshot], hidden: hidden, startTime: container.animationEngine.now)
            self.session = session
            progress = 0
            render(session)
            // The display link of the container's window: it ticks on that window's frames only.
            session.link = container.animationEngine.addDisplayLink { [weak self] now in self?.tick(now) }
        } catch {
            container.transitionDiagnostics.report("pixel dissolve could not start: \(error)")
            context.completeTransition(true)
        }
    }

    private func tick(_ now: Double) {
        guard let session else { return }
        if let settle = session.settle {
            let t = settle.duration > 0 ? min(max((now - settle.start) / settle.duration, 0), 1) : 1
            progress = settle.from + (settle.to - settle.from) * completionCurve.value(at: t)
            render(session)
            if t >= 1 { end(session, completed: settle.to == 1) }
        } else if !session.context.isInteractive {
            progress = min(max((now - session.startTime) / duration, 0), 1)
            render(session)
            if progress >= 1 { end(session, completed: true) }
        } else {
            // Interactive, following `update`: this frame shows the latest percent, and the link
            // rests until the next update (a resting finger draws no frames).
            render(session)
            session.link?.isPaused = true
        }
    }

    private func settle(to target: Double) {
        guard let session, session.settle == nil else { return }
        if target == 1 { session.context.finishInteractiveTransition() } else { session.context.cancelInteractiveTransition() }
        let distance = abs(target - progress)
        let speed = completionSpeed > 0 ? completionSpeed : 1
        session.settle = (progress, target, session.context.containerView.animationEngine.now, distance * duration / speed)
        session.link?.isPaused = false
    }

    private func render(_ session: Session) {
        session.effect.progress = Float(progress)
        do {
            try session.effect.render(into: session.output)
        } catch {
            session.context.containerView.transitionDiagnostics.report("pixel dissolve frame failed: \(error)")
        }
    }

    private func end(_ session: Session, completed: Bool) {
        session.link?.invalidate()
        session.effectView.removeFromSuperview()
        for view in session.hidden { view.isHidden = false }
        // GPU objects go on the GL thread, now; the snapshot textures go with their views.
        session.effect.release()
        session.output.release()
        self.session = nil
        let context = session.context
        context.completeTransition(completed && !context.transitionWasCancelled)
    }
}
