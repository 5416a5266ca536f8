import SegueTiming
import SegueEffects
import SegueGL
import SegueImage
import SegueHeadless
import SegueUIKit
import SegueCompositor
import SegueTransitions
import Testing
import SegueTesting

/// Example h: the GPU animator, timed and interactive, in a window rendered headlessly.
@MainActor
@Suite("Pixel dissolve transition (headless GL)", .tags(.gl))
struct PixelDissolveTransitionTests {
    final class Delegate: ViewControllerTransitioningDelegate {
        let animator: PixelDissolveTransitionAnimator
        init(animator: PixelDissolveTransitionAnimator) { self.animator = animator }
        func animationController(forPresented presented: ViewController, presenting: ViewController, source: ViewController) -> (any ViewControllerAnimatedTransitioning)? { animator }
        func animationController(forDismissed dismissed: ViewController) -> (any ViewControllerAnimatedTransitioning)? { animator }
        func interactionControllerForPresentation(using animator: any ViewControllerAnimatedTransitioning) -> (any ViewControllerInteractiveTransitioning)? {
            self.animator.isInteractive ? self.animator : nil
        }
        func interactionControllerForDismissal(using animator: any ViewControllerAnimatedTransitioning) -> (any ViewControllerInteractiveTransitioning)? {
            self.animator.isInteractive ? self.animator : nil
        }
    }

    @MainActor struct Rig {
        let context: HeadlessEGLContext
        let device: GLDevice
        let compositor: Compositor
        let target: OffscreenTarget
        let window: Window
        let home: ViewController
        let detail: ViewController
        let clock = VirtualClock(step: 0.25)

        func frame(at time: Double) throws -> RGBAImage {
            try window.renderFrame(at: time, compositor: compositor, into: target)
            return try target.readImage()
        }

        func release() {
            compositor.release(); target.release(); device.release(); context.release()
        }
    }

    static let size = (width: 160, height: 120)

    static func makeRig() throws -> Rig {
        let context = try HeadlessEGLContext()
        let device = try GLDevice(context: context)
        let compositor = try Compositor(device: device)
        let target = try device.makeOffscreenTarget(width: size.width, height: size.height, stencil: true)
        let window = Window(size: Size(width: Double(size.width), height: Double(size.height)))
        window.attach(compositor)
        let home = ViewController(name: "home")
        home.view.content = .image(try SampleImages.from(width: size.width, height: size.height))
        let detail = ViewController(name: "detail")
        detail.view.content = .image(try SampleImages.to(width: size.width, height: size.height))
        let badge = View(frame: Rect(x: 10, y: 10, width: 40, height: 30), name: "badge")
        badge.backgroundColor = .white
        detail.view.addSubview(badge)
        window.rootViewController = home
        return Rig(context: context, device: device, compositor: compositor, target: target, window: window, home: home, detail: detail)
    }

    /// The pixel dissolve of the two screens rendered directly by the effect: the reference.
    static func reference(_ rig: Rig, from: RGBAImage, to: RGBAImage, progress: Float) throws -> RGBAImage {
        let a = try rig.device.makeTexture(image: from), b = try rig.device.makeTexture(image: to)
        let out = try rig.device.makeOffscreenTarget(width: from.width, height: from.height)
        let effect = try PixelDissolve(device: rig.device, from: a, to: b)
        effect.progress = progress
        try effect.render(into: out)
        let image = try out.readImage()
        effect.release(); out.release(); a.release(); b.release()
        return image
    }

    @Test func timedPresentationShowsTheDissolveAndCompletes() throws {
        let rig = try Self.makeRig()
        defer { rig.release() }
        let fromScreen = try rig.frame(at: 0)
        // What the detail screen looks like on its own, for the reference.
        let probe = Window(size: Size(width: Double(Self.size.width), height: Double(Self.size.height)))
        let detailCopy = ViewController(name: "copy")
        detailCopy.view.content = rig.detail.view.content
        let badge = View(frame: Rect(x: 10, y: 10, width: 40, height: 30)); badge.backgroundColor = .white
        detailCopy.view.addSubview(badge)
        probe.rootViewController = detailCopy
        try rig.compositor.render(probe.rootView, into: rig.target)
        let toScreen = try rig.target.readImage()

        let animator = PixelDissolveTransitionAnimator(duration: 1)
        let delegate = Delegate(animator: animator)
        rig.detail.transitioningDelegate = delegate
        var presented = false
        rig.home.present(rig.detail, animated: true) { presented = true }
        let before = rig.device.counters
        TransitionsGoldenImage.check(try rig.frame(at: 0), named: "pixel-dissolve-present-0", maxDifference: 1, meanDifference: 0.05)
        for (step, progress) in [0.25, 0.5, 0.75].enumerated() {
            let image = try rig.frame(at: rig.clock.tick())
            let expected = try Self.reference(rig, from: fromScreen, to: toScreen, progress: Float(progress))
            // Same chain on the same snapshots: only the blend's rounding may differ.
            #expect(RGBAImage.maxDifference(image, expected) <= 1, "step \(step) at progress \(progress)")
            TransitionsGoldenImage.check(image, named: "pixel-dissolve-present-\(step + 1)", maxDifference: 1, meanDifference: 0.05)
        }
        let framesUsed = rig.device.counters.since(before)
        #expect(framesUsed.shaderCompiles == 0, "the chain compiled when the transition started, not per frame")
        #expect(!presented, "nothing ends before completeTransition")
        let last = try rig.frame(at: rig.clock.tick())
        #expect(presented)
        #expect(RGBAImage.maxDifference(last, toScreen) <= 1)
        TransitionsGoldenImage.check(last, named: "pixel-dissolve-present-4", maxDifference: 1, meanDifference: 0.05)
        #expect(rig.home.presentedViewController === rig.detail)
        #expect(rig.detail.view.superview != nil && !rig.detail.view.isHidden)
        #expect(rig.window.diagnostics.messages.isEmpty)
    }

    @Test(arguments: [0.1, 0.35, 0.6, 0.9])
    func interactiveCancelAnimatesBackAndRestoresTheHierarchy(percent: Double) throws {
        let rig = try Self.makeRig()
        defer { rig.release() }
        let fromScreen = try rig.frame(at: 0)
        let hierarchyBefore = rig.window.rootView.subviews.map(\.name)
        let animator = PixelDissolveTransitionAnimator(duration: 1)
        animator.isInteractive = true
        let delegate = Delegate(animator: animator)
        rig.detail.transitioningDelegate = delegate
        rig.home.present(rig.detail, animated: true)
        animator.update(percent)
        let shown = try rig.frame(at: rig.clock.tick())
        #expect(animator.progress == percent)
        #expect(RGBAImage.maxDifference(shown, fromScreen) > 10, "the dissolve is on screen")
        animator.cancel()
        for _ in 0..<5 { _ = try rig.frame(at: rig.clock.tick()) }
        #expect(animator.progress == 0, "cancel animates back to 0")
        #expect(rig.home.presentedViewController == nil)
        #expect(rig.window.rootView.subviews.map(\.name) == hierarchyBefore)
        #expect(RGBAImage.maxDifference(try rig.frame(at: rig.clock.tick()), fromScreen) == 0)
    }

    @Test func interactiveFinishCompletesThePresentation() throws {
        let rig = try Self.makeRig()
        defer { rig.release() }
        let animator = PixelDissolveTransitionAnimator(duration: 1)
        animator.isInteractive = true
        let delegate = Delegate(animator: animator)
        rig.detail.transitioningDelegate = delegate
        rig.home.present(rig.detail, animated: true)
        animator.update(0.7)
        _ = try rig.frame(at: rig.clock.tick())
        animator.finish()
        for _ in 0..<3 { _ = try rig.frame(at: rig.clock.tick()) }
        #expect(animator.progress == 1)
        #expect(rig.home.presentedViewController === rig.detail)
    }
}
