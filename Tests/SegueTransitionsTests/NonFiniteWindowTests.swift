import SegueTiming
import SegueGL
import SegueHeadless
import SegueUIKit
import SegueStage
import SegueTesting
import SegueTransitions
import Testing

/// A window whose size is NaN or infinite (a broken layout, a bad resize event) must not trap:
/// the GPU animator cannot snapshot it, says so, and completes the transition without the effect.
@MainActor
@Suite("GPU animator in a window of non-finite size", .tags(.gl))
struct NonFiniteWindowTests {
    final class Delegate: ViewControllerTransitioningDelegate {
        let animator = PixelDissolveTransitionAnimator(duration: 0.5)
        func animationController(forPresented presented: ViewController, presenting: ViewController, source: ViewController) -> (any ViewControllerAnimatedTransitioning)? { animator }
    }

    @Test(arguments: [Double.nan, .infinity])
    func presentationCompletesWithADiagnostic(width: Double) throws {
        let rig = try HeadlessStage(width: 32, height: 32)
        defer { rig.release() }
        let window = Window(size: Size(width: width, height: 32))
        window.attach(rig.compositor)
        let home = ViewController(name: "home"), detail = ViewController(name: "detail")
        home.view.backgroundColor = .white
        window.rootViewController = home
        let delegate = Delegate()
        detail.transitioningDelegate = delegate
        var completed = false
        home.present(detail, animated: true) { completed = true }
        for step in 1...4 { try window.renderFrame(at: Double(step) * 0.25, compositor: rig.compositor, into: rig.target) }
        #expect(completed && home.presentedViewController === detail)
        #expect(!window.transitionDriver.isTransitioning)
        #expect(window.diagnostics.messages.count == 1)
        #expect(window.diagnostics.messages.first?.contains("not finite") == true, "\(window.diagnostics.messages)")
        #expect(rig.compositor.cachedTextureCount == 0, "nothing half-made is left on the GPU")
        // Resizing back to a real size renders again.
        window.resize(to: Size(width: 32, height: 32))
        detail.view.backgroundColor = Color(red: 1, green: 0, blue: 0)
        try window.renderFrame(at: 2, compositor: rig.compositor, into: rig.target)
        #expect(try rig.target.readImage()[16, 16] == SIMD4(255, 0, 0, 255))
    }
}
