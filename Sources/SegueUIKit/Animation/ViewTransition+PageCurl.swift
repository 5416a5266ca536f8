import SegueTiming
import SegueEffects
import SegueGL
import SegueImage
import SegueShaders

/// UIKit's page curls, drawn on the GPU by the page-curl shader (Shaders/glsl/page_curl.glsl)
/// into a texture a view shows: `page` lifts from its bottom edge, the bottom-right corner first,
/// and rolls off the top as the progress goes from 0 to 1, showing `beneath`. `View.transition`'s
/// curl up plays 0 → 1 with the old look as the page; its curl down plays 1 → 0 with the new look
/// as the page (no branch on a mode); `.partialCurl` stops part way and uncurls on dismissal. A
/// display link of the view's window renders one frame per tick, eased in and out (UIKit's curve).
@MainActor
final class PageCurl {
    let effectView: View
    private let effect: GLTransitionEffect
    private let output: OffscreenTarget
    /// A transparent texture this curl made for `beneath` (the live view shows through it).
    private let ownedBeneath: Texture?
    private var link: DisplayLink?
    /// The shader's progress the last frame showed.
    private(set) var progress: Double

    /// A curl of `page` over `beneath` (nil: transparent, so what is under the curl's view shows)
    /// in a view with `frame`, added to `superview`, showing `progress`; nil (the reason reported)
    /// when there is no compositor or the GPU objects cannot be made.
    init?(page: Texture, beneath: Texture?, frame: Rect, in superview: View, progress: Double) {
        guard let device = Window.containing(superview)?.snapshotCompositor?.glDevice else {
            superview.transitionDiagnostics.report("page curl: no compositor for \(superview.name); the change shows at once")
            return nil
        }
        var madeOutput: OffscreenTarget?
        var clear: Texture?
        do {
            let source = try GLTransitionSource.parse(ShaderLibrary.pageCurl, name: "pagecurl")
            let target = try device.makeOffscreenTarget(width: page.width, height: page.height)
            madeOutput = target
            let to = try beneath ?? device.makeTexture(image: RGBAImage(width: 1, height: 1, fill: .zero))
            if beneath == nil { clear = to }
            effect = try GLTransitionEffect(device: device, source: source, from: page, to: to, resizeMode: .stretch)
            (self.output, ownedBeneath) = (target, clear)
        } catch {
            madeOutput?.release()  // nothing half-made stays on the GPU
            clear?.release()
            superview.transitionDiagnostics.report("page curl could not start: \(error); the change shows at once")
            return nil
        }
        effectView = View(frame: frame, name: "pageCurl")
        effectView.content = .texture(output.texture)
        effectView.isUserInteractionEnabled = false
        self.progress = progress
        superview.addSubview(effectView)
        render()
    }

    /// Plays to `target` over `duration`, then calls `completion`. The curl's time starts at the
    /// first frame drawn after this call, as a Core Animation animation starts when its
    /// transaction commits: what the caller does first (the snapshot, the first compile of the
    /// curl's program, which takes llvmpipe most of a second) takes none of the curl's time,
    /// else the first curl of a process would show only its end.
    func animate(to target: Double, duration: Double, completion: @escaping () -> Void) {
        link?.invalidate()
        let (origin, engine) = (progress, effectView.animationEngine)
        var start: Double?
        link = engine.addDisplayLink { [weak self] now in
            guard let self else { return }
            let begin = start ?? now
            start = begin
            let t = duration > 0 ? (now - begin) / duration : 1
            self.progress = origin + (target - origin) * TimingCurve.easeInOut.value(at: t)
            self.render()
            guard t >= 1 else { return }
            self.link?.invalidate()
            self.link = nil
            completion()
        }
    }

    /// Removes the view and releases the GPU objects (on the GL thread, now); the page's and
    /// `beneath`'s textures belong to their snapshots.
    func release() {
        link?.invalidate()
        link = nil
        effectView.removeFromSuperview()
        effect.release()
        output.release()
        ownedBeneath?.release()
    }

    private func render() {
        effect.progress = Float(progress)
        do {
            try effect.render(into: output)
        } catch {
            effectView.transitionDiagnostics.report("page curl frame failed: \(error)")
        }
    }
}

extension View {
    /// `View.transition`'s curls between two snapshot views (their content textures): false when
    /// it could not start (reported), and the change then shows at once.
    static func showPageCurl(
        up: Bool, duration: Double, before: View, after: View, in superview: View, completion: @escaping (Bool) -> Void
    ) -> Bool {
        guard case .texture(let old) = before.content, case .texture(let new) = after.content,
            let curl = PageCurl(page: up ? old : new, beneath: up ? new : old, frame: before.frame, in: superview, progress: up ? 0 : 1)
        else { return false }
        curl.animate(to: up ? 1 : 0, duration: duration) {
            curl.release()
            completion(true)
        }
        return true
    }
}
