import SegueTiming
import SegueGL
import SegueImage
import SegueHeadless
import SegueUIKit
import SegueCompositor
import SegueTransitions
import SegueTesting
import Testing

/// Examples d (cube rotation) and e (zoom push) driven through a context built by hand, as a
/// custom container would, and rendered headlessly at progress 0, .25, .5, .75 and 1.
@MainActor
@Suite("Push examples d and e (headless GL)", .tags(.gl))
struct PushExamplesTests {
    struct Rig {
        let context: HeadlessEGLContext
        let device: GLDevice
        let compositor: Compositor
        let target: OffscreenTarget
        let window: Window
        let container: View
        let from: ViewController
        let to: ViewController
    }

    static func makeRig() throws -> Rig {
        let context = try HeadlessEGLContext()
        let device = try GLDevice(context: context)
        let compositor = try Compositor(device: device)
        let target = try device.makeOffscreenTarget(width: 160, height: 120, stencil: true)
        let window = Window(size: Size(width: 160, height: 120))
        window.attach(compositor)
        let container = View(frame: Rect(x: 0, y: 0, width: 160, height: 120), name: "container")
        window.rootView.addSubview(container)
        let from = ViewController(name: "from")
        from.view.content = .image(try SampleImages.from(width: 160, height: 120))
        from.view.frame = container.bounds
        container.addSubview(from.view)
        let to = ViewController(name: "to")
        to.view.content = .image(try SampleImages.to(width: 160, height: 120))
        return Rig(context: context, device: device, compositor: compositor, target: target, window: window, container: container, from: from, to: to)
    }

    /// Runs `animator` with a hand-built context and returns the frames at the five progress values.
    static func frames(_ rig: Rig, _ animator: any ViewControllerAnimatedTransitioning, completed: inout Bool?) throws -> [RGBAImage] {
        var result: Bool?
        let context = TransitionContext(
            containerView: rig.container, from: rig.from, to: rig.to, fromView: rig.from.view, toView: rig.to.view,
            completion: { result = $0 })
        context.setFrames(for: rig.to, initial: .zero, final: rig.container.bounds)
        animator.animateTransition(using: context)
        let duration = animator.transitionDuration(using: context)
        var images: [RGBAImage] = []
        for progress in [0.0, 0.25, 0.5, 0.75, 1] {
            try rig.window.renderFrame(at: progress * duration, compositor: rig.compositor, into: rig.target)
            images.append(try rig.target.readImage())
            if progress < 1 { #expect(result == nil, "nothing ends before the duration") }
        }
        completed = result
        return images
    }

    static func release(_ rig: Rig) {
        rig.compositor.release(); rig.target.release(); rig.device.release(); rig.context.release()
    }

    @Test func cubeRotationPush() throws {
        let rig = try Self.makeRig()
        defer { Self.release(rig) }
        let fromImage = try SampleImages.from(width: 160, height: 120), toImage = try SampleImages.to(width: 160, height: 120)
        var completed: Bool?
        let images = try Self.frames(rig, CubeRotationAnimator(operation: .push), completed: &completed)
        #expect(completed == true)
        #expect(RGBAImage.maxDifference(images[0], fromImage) <= 1, "progress 0: the from screen, flat")
        #expect(RGBAImage.maxDifference(images[4], toImage) <= 1, "progress 1: the to screen, flat")
        // Half way both faces are turned 45° away: both show, each narrower than half the width.
        let middle = images[2]
        let fromColumns = (0..<160).filter { x in (0..<120).contains { y in middle[x, y] != SIMD4(0, 0, 0, 255) } }
        #expect(!fromColumns.isEmpty)
        #expect(rig.from.view.superview == nil && rig.to.view.superview === rig.container, "the completion fixes the hierarchy")
        #expect(rig.to.view.transform == .identity && rig.to.view.anchorPoint == Point(x: 0.5, y: 0.5))
        #expect(rig.container.bounds.origin == .zero)
        for (index, image) in images.enumerated() {
            // Perspective edges are rasterized slightly differently by other drivers and may flip
            // fully between two colours: up to 5% of the pixels (the two faces' outlines are about
            // 480 of 19,200) may exceed 2 levels; the picture must agree closely (mean).
            TransitionsGoldenImage.check(
                image, named: "cube-push-\(index)",
                tolerance: ImageTolerance(maxDifference: 2, meanDifference: 0.5, outlierFraction: 0.05))
        }
    }

    @Test func zoomPush() throws {
        let rig = try Self.makeRig()
        defer { Self.release(rig) }
        let toImage = try SampleImages.to(width: 160, height: 120)
        var completed: Bool?
        let images = try Self.frames(rig, ZoomPushAnimator(), completed: &completed)
        #expect(completed == true)
        // Ease-in-out at half time is half way: the to-view at alpha 0.5, the from-view at
        // scale 0.55 about its centre (its corner pixel shows only the to-view over black).
        let corner = images[2][2, 2], expectedCorner = toImage[2, 2]
        #expect(abs(Int(corner.x) - Int(expectedCorner.x) / 2) <= 1 && abs(Int(corner.z) - Int(expectedCorner.z) / 2) <= 1)
        #expect(RGBAImage.maxDifference(images[4], toImage) <= 1)
        #expect(rig.from.view.superview == nil && rig.from.view.transform == .identity)
        for (index, image) in images.enumerated() {
            TransitionsGoldenImage.check(image, named: "zoom-push-\(index)", maxDifference: 2, meanDifference: 0.1)
        }
    }
}
