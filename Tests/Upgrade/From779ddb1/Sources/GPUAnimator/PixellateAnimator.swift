// WritingAGPUAnimator, as written against 779ddb1: snapshots uploaded once, an effect graph
// driven by the container window's display link; the output's texture name kept as a UInt32
// for a GL library of one's own, and a texture made elsewhere adopted by its UInt32 name.
import SegueEffects
import SegueGL
import SegueScene

@MainActor
public final class PixellateAnimator: ViewControllerAnimatedTransitioning {
    public let duration: Double
    /// The output texture's GL name, for code outside Segue that samples it.
    public private(set) var outputTextureName: UInt32 = 0
    private var snapshots: [View] = []
    private var renderer: EffectRenderer?
    private var output: OffscreenTarget?
    private var overlay: View?
    private var link: DisplayLink?

    public init(duration: Double = 0.6) { self.duration = duration }

    public func transitionDuration(using context: (any ViewControllerContextTransitioning)?) -> Double { duration }

    public func animateTransition(using context: any ViewControllerContextTransitioning) {
        let container = context.containerView
        guard let fromView = context.view(forKey: .from), let toView = context.view(forKey: .to) else {
            return context.completeTransition(true)
        }
        toView.frame = container.bounds
        container.addSubview(toView)
        do {
            let fromSnapshot = try fromView.makeSnapshotView()
            let toSnapshot = try toView.makeSnapshotView()
            guard case .texture(let a) = fromSnapshot.content, case .texture(let b) = toSnapshot.content,
                let device = container.window?.snapshotCompositor?.glDevice
            else { return context.completeTransition(true) }
            snapshots = [fromSnapshot, toSnapshot]
            let pixellate = ImageSource(a).pixellated(0)
            let blend = pixellate.dissolved(into: ImageSource(b), mix: 0)
            let target = try device.makeOffscreenTarget(width: a.width, height: a.height)
            renderer = try EffectRenderer(device: device, output: blend)
            output = target
            outputTextureName = target.texture.name
            let overlay = View(frame: container.bounds, name: "pixellate")
            overlay.content = .texture(target.texture)
            container.addSubview(overlay)
            self.overlay = overlay
            var start: Double?
            link = container.animationEngine.addDisplayLink { [weak self] time in
                guard let self else { return }
                let progress = min(max((time - (start ?? time)) / self.duration, 0), 1)
                start = start ?? time
                blend.mix = Float(progress)
                pixellate.fractionalWidthOfAPixel = Float(progress * 0.05)
                try? self.renderer?.render(into: target)
                if progress >= 1 { self.end(context) }
            }
        } catch {
            context.completeTransition(true)
        }
    }

    private func end(_ context: any ViewControllerContextTransitioning) {
        link?.invalidate()
        overlay?.removeFromSuperview()
        renderer?.release()
        output?.release()
        (link, overlay, renderer, output, snapshots) = (nil, nil, nil, nil, [])
        context.completeTransition(!context.transitionWasCancelled)
    }
}

/// A texture another GL library made, shown by a view: adopted by its UInt32 name.
@MainActor
public func showForeignTexture(_ name: UInt32, width: Int, height: Int, on device: GLDevice, in view: View) throws {
    let texture = try device.adoptTexture(name: name, width: width, height: height)
    view.content = .texture(texture)
}
