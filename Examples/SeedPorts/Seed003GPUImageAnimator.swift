// Seed 003 (objc.io issue 5, "View Controller Transitions", translated): the GPUImage
// animator, ported to Segue's API. The seed lists its interface, the display link and the
// `frame:` method; those lines are ported as they are. The setup it describes in words
// ("snapshot both view controllers, upload the pictures to the GPU once, build the filter
// chain, show it in a GPUImageView") is written out here with Segue's equivalents:
//
//     snapshot   view.makeSnapshotView()                 → a View showing a texture
//     texture    GPUImagePicture                          → ImageSource(texture)
//     effect     GPUImagePixellateFilter, dissolve blend  → .pixellated(), .dissolved(into:mix:)
//     output     GPUImageView                             → a View whose content is the
//                                                            texture of an offscreen target
//     frames     CADisplayLink                            → container.animationEngine.addDisplayLink
//
// This file is the recipe README's "Writing your own GPU animator" walks through.
import SegueTiming
import SegueEffects
import SegueGL
import SegueUIKit
import SegueCompositor

@MainActor
final class GPUImageAnimator: ViewControllerAnimatedTransitioning, ViewControllerInteractiveTransitioning {
    // @property (nonatomic) BOOL interactive; @property (nonatomic) CGFloat progress;
    var interactive = false
    var progress: Double = 0
    let duration: Double = 1

    var wantsInteractiveStart: Bool { interactive }

    // What one transition holds: the context, the snapshots (their textures live as long as
    // they do), the filter chain, its renderer and output, the view showing it, the link.
    private var context: (any ViewControllerContextTransitioning)?
    private var snapshots: [View] = []
    private var sourcePixellateFilter: Pixellate!
    private var targetPixellateFilter: Pixellate!
    private var blend: DissolveBlend!
    private var renderer: EffectRenderer?
    private var output: OffscreenTarget?
    private var imageView: View?
    private var displayLink: DisplayLink?
    private var startTime: Double?
    /// Where a finish or cancel plays to once the finger is up (nil while it is down).
    private var settling: (target: Double, from: Double, start: Double)?

    func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?) -> Double { duration }

    func animateTransition(using transitionContext: any ViewControllerContextTransitioning) {
        interactive = false
        setup(transitionContext)
    }

    func startInteractiveTransition(_ transitionContext: any ViewControllerContextTransitioning) {
        interactive = true
        setup(transitionContext)
    }

    /// Snapshot → texture → effect graph → a view showing the output.
    private func setup(_ transitionContext: any ViewControllerContextTransitioning) {
        context = transitionContext
        let container = transitionContext.containerView
        let fromView = transitionContext.view(forKey: .from)!
        let toView = transitionContext.view(forKey: .to)!
        toView.frame = container.bounds
        container.addSubview(toView)
        do {
            // 1. Snapshots: each view is rendered once into a texture.
            let fromSnapshot = try fromView.makeSnapshotView(afterScreenUpdates: false)
            let toSnapshot = try toView.makeSnapshotView(afterScreenUpdates: true)
            guard case .texture(let sourceTexture) = fromSnapshot.content, case .texture(let targetTexture) = toSnapshot.content,
                let device = container.window?.snapshotCompositor?.glDevice
            else { return transitionContext.completeTransition(true) }
            snapshots = [fromSnapshot, toSnapshot]
            // 2. The filter chain: two pixellates mixed by a dissolve (fused into one shader).
            sourcePixellateFilter = ImageSource(sourceTexture).pixellated(0)
            targetPixellateFilter = ImageSource(targetTexture).pixellated(0.1)
            blend = sourcePixellateFilter.dissolved(into: targetPixellateFilter, mix: 0)
            // 3. Its output: an offscreen target, shown by a view over the container.
            // (A NaN or infinite container size is a typed error here, not a trap.)
            let pixels = try container.bounds.size.pixelSize(rounding: .towardZero)
            let output = try device.makeOffscreenTarget(width: pixels.width, height: pixels.height)
            do {
                renderer = try EffectRenderer(device: device, output: blend)
            } catch {
                output.release()
                throw error
            }
            self.output = output
            let imageView = View(frame: container.bounds, name: "gpuImageView")
            imageView.content = .texture(output.texture)
            container.addSubview(imageView)
            self.imageView = imageView
        } catch {
            print("GPUImageAnimator: \(error)")
            return transitionContext.completeTransition(true)
        }
        progress = 0
        startTime = nil
        settling = nil
        triggerRenderOfNextFrame()
        // 4. A display link updates the filters every frame.
        // The display link of the container's window (CADisplayLink on the window's screen).
        self.displayLink = container.animationEngine.addDisplayLink { [weak self] timestamp in self?.frame(timestamp) }
    }

    // - (void)frame:(CADisplayLink*)link
    private func frame(_ timestamp: Double) {
        let startTime = self.startTime ?? timestamp
        self.startTime = startTime
        if let settling {
            let span = abs(settling.target - settling.from) * duration
            let t = span > 0 ? min(max((timestamp - settling.start) / span, 0), 1) : 1
            self.progress = settling.from + (settling.target - settling.from) * t
        } else if !interactive {
            self.progress = max(0, min((timestamp - startTime) / duration, 1))
        }
        self.blend.mix = Float(self.progress)
        self.sourcePixellateFilter.fractionalWidthOfAPixel = Float(self.progress * 0.1)
        self.targetPixellateFilter.fractionalWidthOfAPixel = Float((1 - self.progress) * 0.1)
        triggerRenderOfNextFrame()
        if let settling, self.progress == settling.target { end(completed: settling.target == 1) }
        else if settling == nil, !interactive, self.progress >= 1 { end(completed: true) }
    }

    private func triggerRenderOfNextFrame() {
        guard let renderer, let output else { return }
        do { try renderer.render(into: output) } catch { print("GPUImageAnimator frame: \(error)") }
    }

    // The interaction: the gesture sets the progress; finish and cancel play the rest.
    func updateInteractiveTransition(_ percentComplete: Double) {
        guard interactive, settling == nil else { return }
        progress = min(max(percentComplete, 0), 1)
        context?.updateInteractiveTransition(progress)
    }

    func finishInteractiveTransition() {
        guard interactive, settling == nil else { return }
        context?.finishInteractiveTransition()
        settling = (1, progress, context?.containerView.animationEngine.now ?? 0)
    }

    func cancelInteractiveTransition() {
        guard interactive, settling == nil else { return }
        context?.cancelInteractiveTransition()
        settling = (0, progress, context?.containerView.animationEngine.now ?? 0)
    }

    private func end(completed: Bool) {
        displayLink?.invalidate()
        displayLink = nil
        imageView?.removeFromSuperview()
        imageView = nil
        // GPU objects go now, on the GL thread; the snapshot textures go with their views.
        output?.release()
        output = nil
        renderer?.release()
        renderer = nil
        snapshots = []
        let context = self.context
        self.context = nil
        interactive = false
        context?.completeTransition(completed && !(context?.transitionWasCancelled ?? false))
    }
}
