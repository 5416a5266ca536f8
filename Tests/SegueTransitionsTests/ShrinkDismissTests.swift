import SegueTiming
import SegueGL
import SegueImage
import SegueHeadless
import SegueUIKit
import SegueStage
import SegueTransitions
import SegueTesting
import Testing

/// Example c: the shrinking-snapshot dismissal, rendered headlessly at five times.
@MainActor
@Suite("Shrink dismiss (headless GL)", .tags(.gl))
struct ShrinkDismissTests {
    final class Delegate: ViewControllerTransitioningDelegate {
        let animator = ShrinkDismissAnimator()
        var interaction: PercentDrivenInteractiveTransition?
        func animationController(forDismissed dismissed: ViewController) -> (any ViewControllerAnimatedTransitioning)? { animator }
        func interactionControllerForDismissal(using animator: any ViewControllerAnimatedTransitioning) -> (any ViewControllerInteractiveTransitioning)? { interaction }
    }

    static func hierarchy(_ window: Window) -> String {
        func describe(_ view: View, _ indent: String) -> String {
            ([indent + view.name + (view.isHidden ? " (hidden)" : "")] + view.subviews.map { describe($0, indent + "  ") }).joined(separator: "\n")
        }
        return describe(window.rootView, "")
    }

    @Test func snapshotShrinksToItsCentreWhileTheViewBehindFadesIn() throws {
        let rig = try HeadlessStage(width: 160, height: 120)
        defer { rig.release() }
        let (compositor, target) = (rig.compositor, rig.target)
        let window = Window(size: Size(width: 160, height: 120))
        window.attach(compositor)
        let home = ViewController(name: "home")
        home.view.name = "home.view"
        home.view.backgroundColor = .blue
        window.rootViewController = home
        let detail = ViewController(name: "detail")
        detail.view.name = "detail.view"
        detail.view.backgroundColor = .white
        let badge = View(frame: Rect(x: 0, y: 0, width: 80, height: 60), name: "badge")
        badge.backgroundColor = .red
        detail.view.addSubview(badge)
        let delegate = Delegate()
        detail.transitioningDelegate = delegate
        home.present(detail, animated: false)
        let clock = VirtualClock(step: 0.5)
        try window.renderFrame(at: clock.tick(), compositor: compositor, into: target)
        #expect(home.presentedViewController === detail)
        let presentedHierarchy = Self.hierarchy(window)

        var dismissed = false
        detail.dismiss(animated: true) { dismissed = true }
        for index in 0..<5 {
            if index > 0 { _ = clock.tick() }  // progress 0, 0.25, 0.5, 0.75, 1 of 2 s
            try window.renderFrame(at: clock.now, compositor: compositor, into: target)
            let image = try target.readImage()
            if index == 2 {
                // 1 s of 2 (ease-in-out: half way): the snapshot is 80x60 at (40, 30) and the
                // badge, its top-left quarter, shrank with it; home shows at alpha 0.75.
                #expect(image[45, 35] == SIMD4(255, 0, 0, 255), "the badge shrank with the snapshot")
                #expect(image[110, 80] == SIMD4(255, 255, 255, 255))
                #expect(abs(Int(image[5, 5].z) - 191) <= 1, "home at alpha 0.75: \(image[5, 5])")
            }
            TransitionsGoldenImage.check(image, named: "shrink-dismiss-\(index)", maxDifference: 2, meanDifference: 0.1)
            if index == 3 { #expect(!dismissed, "nothing ends before completeTransition") }
        }
        #expect(dismissed)
        #expect(home.presentedViewController == nil)
        #expect(home.view.alpha == 1 && home.view.superview === window.rootView)
        #expect(window.rootView.subviews.count == 1, "the container is gone")
        #expect(presentedHierarchy.contains("transitionContainer"))
    }

    @Test(arguments: [0.2, 0.5, 0.8])
    func cancelledInteractiveDismissalKeepsThePresentation(percent: Double) throws {
        let rig = try HeadlessStage(width: 80, height: 60)
        defer { rig.release() }
        let (compositor, target) = (rig.compositor, rig.target)
        let window = Window(size: Size(width: 80, height: 60))
        window.attach(compositor)
        let home = ViewController(name: "home")
        window.rootViewController = home
        let detail = ViewController(name: "detail")
        detail.view.backgroundColor = .green
        let delegate = Delegate()
        delegate.interaction = PercentDrivenInteractiveTransition()
        detail.transitioningDelegate = delegate
        home.present(detail, animated: false)
        let clock = VirtualClock(step: 0.5)
        try window.renderFrame(at: clock.tick(), compositor: compositor, into: target)
        let before = Self.hierarchy(window)
        detail.dismiss(animated: true)
        delegate.interaction?.update(percent)
        try window.renderFrame(at: clock.tick(), compositor: compositor, into: target)
        delegate.interaction?.cancel()
        for _ in 0..<6 { try window.renderFrame(at: clock.tick(), compositor: compositor, into: target) }
        #expect(Self.hierarchy(window) == before)
        #expect(home.presentedViewController === detail)
        #expect(!detail.view.isHidden)
    }
}
