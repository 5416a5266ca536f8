import SegueTiming
import SegueImage
import SegueUIKit
import SegueStage
import SegueTesting
import Testing

/// Shared elements as pictures (headless GL, 160×120): the three pairs pushed with the app's own
/// cross-fade animator, scrubbed by a percent-driven interaction to 0, 0.5 and 1. The frames
/// match their goldens; the first also matches the list drawn before the push and the last the
/// detail drawn after it (the flight starts and ends on the screens' own pixels).
@MainActor
@Suite("Shared elements (headless GL)", .serialized, .tags(.gl))
struct SharedElementPictureTests {
    /// The app's animator: the arriving screen fades in over the leaving one, linearly, 1 s.
    final class CrossFade: ViewControllerAnimatedTransitioning, NavigationControllerDelegate {
        let interaction = PercentDrivenInteractiveTransition()

        func transitionDuration(using context: (any ViewControllerContextTransitioning)?) -> Double { 1 }

        func animateTransition(using context: any ViewControllerContextTransitioning) {
            guard let toView = context.view(forKey: .to), let fromView = context.view(forKey: .from),
                let toController = context.viewController(forKey: .to) else { return context.completeTransition(true) }
            toView.frame = context.finalFrame(for: toController)
            context.containerView.addSubview(toView)
            toView.alpha = 0
            View.animate(withDuration: 1, options: .curveLinear, animations: {
                toView.alpha = 1
                fromView.alpha = 0
            }, completion: { _ in
                fromView.alpha = 1
                context.completeTransition(!context.transitionWasCancelled)
            })
        }

        func animationController(for operation: NavigationOperation, from: ViewController, to: ViewController)
            -> (any ViewControllerAnimatedTransitioning)? { self }
        func interactionController(for animator: any ViewControllerAnimatedTransitioning)
            -> (any ViewControllerInteractiveTransitioning)? { interaction }
    }

    /// Snapshot filtering and the flying views' own clips at the rounded corners: a few pixels.
    static let tolerance = ImageTolerance(maxDifference: 8, meanDifference: 0.3, outlierFraction: 0.002)

    @Test func framesAtTheStartTheMiddleAndTheEndMatchTheirGoldens() throws {
        try HeadlessStage.run(width: 160, height: 120) { stage in
            let rig = SharedElementScene.Rig(window: stage.window)
            let animator = CrossFade()
            rig.navigation.delegate = animator
            let list = try stage.step()
            rig.navigation.pushViewController(rig.detail, animated: true)
            var frames: [RGBAImage] = []
            for percent in [0.0, 0.5, 1.0] {
                animator.interaction.update(percent)
                frames.append(try stage.step())
            }
            #expect(rig.overlay != nil && rig.navigation.isTransitioning)
            GoldenImage.check(frames, named: "shared-elements", tolerance: Self.tolerance)
            animator.interaction.finish()
            try stage.play(0.5)
            #expect(!rig.navigation.isTransitioning && rig.overlay == nil)
            let detail = try stage.step()
            if let mismatch = Self.tolerance.mismatch(actual: frames[0], expected: list) {
                Issue.record("progress 0 is not the list: \(mismatch)")
            }
            if let mismatch = Self.tolerance.mismatch(actual: frames[2], expected: detail) {
                Issue.record("progress 1 is not the detail: \(mismatch)")
            }
            // Half-way the photo's flying picture is between the two ends: its centre pixel is the photo's colour.
            let size = stage.window.rootView.bounds.size
            let middle = Rect.interpolate(
                SharedElementScene.ListView.layout(size)[0], SharedElementScene.DetailView.layout(size)[0], 0.5)
            let pixel = frames[1][Int(middle.midX), Int(middle.midY)]
            let photo = SharedElementScene.photoColor
            #expect(abs(Double(pixel.x) - photo.red * 255) <= 3 && abs(Double(pixel.y) - photo.green * 255) <= 3, "\(pixel)")
        }
    }

    /// The pictures are GPU textures: each flight's are released once it ends, so twenty pushes
    /// and pops leave as many GL objects and cached textures as two did.
    @Test func flightsLeaveNoTexturesBehind() throws {
        try HeadlessStage.run(width: 160, height: 120) { stage in
            let rig = SharedElementScene.Rig(window: stage.window)
            try stage.step()
            var counts: [(objects: Int, textures: Int)] = []
            for round in 1...20 {
                rig.navigation.pushViewController(rig.detail, animated: true)
                try stage.step()
                #expect(rig.overlay != nil, "round \(round) flies")
                try stage.play(0.5)
                _ = rig.navigation.popViewController(animated: true)
                try stage.play(0.5)
                #expect(rig.overlay == nil && !rig.navigation.isTransitioning)
                if round == 2 || round == 20 { counts.append((stage.device.liveObjects, stage.compositor.cachedTextureCount)) }
            }
            #expect(counts[0].objects == counts[1].objects && counts[0].textures == counts[1].textures, "\(counts)")
        }
    }
}
