import SegueAnimation
import SegueEffects
import SegueGL
import SegueShaders

/// UIKit's page curls of `View.transition(with:...)` and `transition(from:to:...)`, drawn on the
/// GPU from the two snapshots by the page-curl shader (Shaders/glsl/page_curl.glsl): curl up
/// lifts the old look from its bottom edge and rolls it off the top over the new one; curl down
/// is the same shader played backwards with the looks swapped, the new look unrolling down over
/// the old one. A display link of the superview's window renders one frame of the effect per
/// tick (the progress eased in and out, as UIKit's default curve) into a texture a view shows.
@MainActor
final class PageCurlRun {
    /// Curl up (the old look lifts away) or down (the new look comes down over it).
    enum Direction { case up, down }

    let effect: GLTransitionEffect
    let output: OffscreenTarget
    let effectView: View
    let direction: Direction
    let duration: Double
    let start: Double
    var link: DisplayLink?
    let completion: (Bool) -> Void

    /// Makes the effect over `before`'s frame in `superview`; nil (the reason reported) when
    /// there is no compositor or the GPU objects cannot be made.
    static func start(
        _ direction: Direction, duration: Double, before: View, after: View, in superview: View,
        completion: @escaping (Bool) -> Void
    ) -> PageCurlRun? {
        guard case .texture(let old) = before.content, case .texture(let new) = after.content,
            let device = Window.containing(superview)?.snapshotCompositor?.glDevice
        else {
            superview.transitionDiagnostics.report("page curl: no snapshot textures or compositor; the change shows at once")
            return nil
        }
        do {
            let source = try GLTransitionSource.parse(ShaderLibrary.pageCurl, name: "pagecurl")
            let output = try device.makeOffscreenTarget(width: old.width, height: old.height)
            let effect: GLTransitionEffect
            do {
                // Curl down: the new look is the page, played from 1 back to 0.
                let (from, to) = direction == .up ? (old, new) : (new, old)
                effect = try GLTransitionEffect(device: device, source: source, from: from, to: to, resizeMode: .stretch)
            } catch {
                output.release()  // nothing half-made stays on the GPU
                throw error
            }
            let effectView = View(frame: before.frame, name: "pageCurl")
            effectView.content = .texture(output.texture)
            superview.addSubview(effectView)
            let run = PageCurlRun(
                effect: effect, output: output, effectView: effectView, direction: direction, duration: duration,
                start: superview.animationEngine.now, completion: completion)
            run.render(progress: 0)
            run.link = superview.animationEngine.addDisplayLink { now in run.tick(now) }
            return run
        } catch {
            superview.transitionDiagnostics.report("page curl could not start: \(error); the change shows at once")
            return nil
        }
    }

    private init(
        effect: GLTransitionEffect, output: OffscreenTarget, effectView: View, direction: Direction, duration: Double,
        start: Double, completion: @escaping (Bool) -> Void
    ) {
        (self.effect, self.output, self.effectView, self.direction) = (effect, output, effectView, direction)
        (self.duration, self.start, self.completion) = (duration, start, completion)
    }

    /// The shader's progress at a fraction of the curl (0: the old look, 1: the new one).
    func shaderProgress(_ fraction: Double) -> Float {
        Float(direction == .up ? fraction : 1 - fraction)
    }

    private func render(progress fraction: Double) {
        effect.progress = shaderProgress(fraction)
        do {
            try effect.render(into: output)
        } catch {
            effectView.transitionDiagnostics.report("page curl frame failed: \(error)")
        }
    }

    private func tick(_ now: Double) {
        let t = duration > 0 ? (now - start) / duration : 1
        render(progress: TimingCurve.easeInOut.value(at: t))
        guard t >= 1 else { return }
        link?.invalidate()
        link = nil
        effectView.removeFromSuperview()
        // GPU objects go on the GL thread, now; the snapshots' textures go with their views.
        effect.release()
        output.release()
        completion(true)
    }
}
