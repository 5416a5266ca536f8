import Foundation
import SegueTiming
import SegueGL
import SegueImage
import SegueHeadless
import SegueUIKit
import SegueCompositor
import SegueStage
import SegueTransitions
import SegueTesting
import Testing


/// DESIGN.md §4 examples a (diagonal), b (slide-up spring), f (dimming presentation
/// controller) and i (drop-down menu), each presented in a 320x480 window rendered headlessly
/// on a virtual clock: goldens at progress 0, 0.25, 0.5, 0.75 and 1, facts checked by hand,
/// and the hierarchy after a finished and after a cancelled (percent-driven) transition.
@MainActor
@Suite("Presentation examples a, b, f, i (headless GL)", .tags(.gl))
struct PresentationExamplesTests {
    /// Goldens were recorded on Mesa llvmpipe. Every quad here is axis-aligned with solid
    /// colours (or a snapshot of them), and every frame time is exact on the virtual clock, so
    /// the renders are deterministic (springs too: they are integrated at a fixed step): allow
    /// rounding only, max 2 per channel and mean 0.1.
    static let goldenMax = 2
    static let goldenMean = 0.1

    static let homeColor = Color(red: 0.2, green: 0.4, blue: 0.8)
    static let homeBadgeColor = Color(red: 1, green: 1, blue: 0)
    static let detailColor = Color(red: 1, green: 0.6, blue: 0)
    static let detailBadgeColor = Color(red: 0.2, green: 0.8, blue: 0.2)
    static let homeRGB = SIMD3<Int>(51, 102, 204)
    static let homeBadgeRGB = SIMD3<Int>(255, 255, 0)
    static let detailRGB = SIMD3<Int>(255, 153, 0)
    static let detailBadgeRGB = SIMD3<Int>(51, 204, 51)

    /// Vends fixed animators and (optionally) interaction controllers.
    final class Delegate: ViewControllerTransitioningDelegate {
        let presentation: any ViewControllerAnimatedTransitioning
        let dismissal: (any ViewControllerAnimatedTransitioning)?
        var presentationInteraction: PercentDrivenInteractiveTransition?
        var dismissalInteraction: PercentDrivenInteractiveTransition?
        init(presentation: any ViewControllerAnimatedTransitioning, dismissal: (any ViewControllerAnimatedTransitioning)?) {
            self.presentation = presentation
            self.dismissal = dismissal
        }
        func animationController(forPresented presented: ViewController, presenting: ViewController, source: ViewController) -> (any ViewControllerAnimatedTransitioning)? { presentation }
        func animationController(forDismissed dismissed: ViewController) -> (any ViewControllerAnimatedTransitioning)? { dismissal }
        func interactionControllerForPresentation(using animator: any ViewControllerAnimatedTransitioning) -> (any ViewControllerInteractiveTransitioning)? { presentationInteraction }
        func interactionControllerForDismissal(using animator: any ViewControllerAnimatedTransitioning) -> (any ViewControllerInteractiveTransitioning)? { dismissalInteraction }
    }

    /// A window with a root controller (blue, a yellow badge) and a controller to present
    /// (orange, a green badge), rendered by a compositor attached before anything is presented.
    @MainActor struct Rig {
        let compositor: Compositor
        let target: OffscreenTarget
        let window: Window
        let home: ViewController
        let detail: ViewController

        @discardableResult
        func frame(at time: Double) throws -> RGBAImage {
            try window.renderFrame(at: time, compositor: compositor, into: target)
            return try target.readImage()
        }

        /// Renders frames on `clock` until no transition runs (at most `seconds`).
        func runUntilIdle(_ clock: VirtualClock, seconds: Double = 5) throws {
            let limit = clock.now + seconds
            while window.transitionDriver.isTransitioning, clock.now < limit {
                try window.renderFrame(at: clock.tick(), compositor: compositor, into: target)
            }
        }
    }

    static func withRig(_ body: (Rig) throws -> Void) throws {
        let rig = try HeadlessStage(width: 320, height: 480)
        defer { rig.release() }
        let (compositor, target) = (rig.compositor, rig.target)
        let window = Window(size: Size(width: 320, height: 480))
        window.attach(compositor)
        let home = ViewController(name: "home")
        home.view.name = "home.view"
        home.view.backgroundColor = homeColor
        let homeBadge = View(frame: Rect(x: 20, y: 40, width: 120, height: 60), name: "home.badge")
        homeBadge.backgroundColor = homeBadgeColor
        home.view.addSubview(homeBadge)
        window.rootViewController = home
        let detail = ViewController(name: "detail")
        detail.view.name = "detail.view"
        detail.view.backgroundColor = detailColor
        let detailBadge = View(frame: Rect(x: 40, y: 20, width: 100, height: 40), name: "detail.badge")
        detailBadge.backgroundColor = detailBadgeColor
        detail.view.addSubview(detailBadge)
        try body(Rig(compositor: compositor, target: target, window: window, home: home, detail: detail))
    }

    /// Views (name, frame, alpha) and the presented controller as text: a lost, duplicated,
    /// moved or faded view changes it.
    static func hierarchy(_ window: Window) -> String {
        func describe(_ view: View, _ indent: String) -> String {
            let f = view.frame
            let line = "\(indent)\(view.name) (\(f.minX), \(f.minY), \(f.width), \(f.height)) alpha \(view.alpha)"
            return ([line] + view.subviews.map { describe($0, indent + "  ") }).joined(separator: "\n")
        }
        let presented = window.rootViewController?.presentedViewController?.name ?? "none"
        return describe(window.rootView, "") + "\npresented: " + presented
    }

    /// The pixel's colour (alpha ignored) is within `tolerance` of `rgb`.
    static func pixel(_ image: RGBAImage, _ x: Int, _ y: Int, is rgb: SIMD3<Int>, tolerance: Int = 1) -> Bool {
        let p = image[x, y]
        return abs(Int(p.x) - rgb.x) <= tolerance && abs(Int(p.y) - rgb.y) <= tolerance && abs(Int(p.z) - rgb.z) <= tolerance
    }

    static func scaled(_ rgb: SIMD3<Int>, by factor: Double) -> SIMD3<Int> {
        SIMD3(Int((Double(rgb.x) * factor).rounded()), Int((Double(rgb.y) * factor).rounded()), Int((Double(rgb.z) * factor).rounded()))
    }

    /// Renders the transition just started at progress 0, 0.25, 0.5, 0.75 and 1 of `duration`
    /// (a clock of duration/32 steps: the quarter times are exact), checks each frame against
    /// its golden and hands it (with its index) to `check`; `step` sees every tick.
    static func renderQuarters(
        _ rig: Rig, duration: Double, golden: String, step: (Double) -> Void = { _ in },
        check: (Int, RGBAImage) -> Void
    ) throws {
        let clock = VirtualClock(step: duration / 32)
        for index in 0...4 {
            if index > 0 {
                for _ in 0..<7 {
                    rig.window.animationEngine.advance(to: clock.tick())
                    step(clock.now)
                }
                clock.tick()
            }
            let image = try rig.frame(at: clock.now)
            step(clock.now)
            TransitionsGoldenImage.check(image, named: "\(golden)-\(index)", maxDifference: goldenMax, meanDifference: goldenMean)
            check(index, image)
        }
        #expect(clock.now == duration)
    }

    /// A percent-driven presentation updated to 0.4 and cancelled leaves the hierarchy, the
    /// controllers and their appearance exactly as before, without the present completion.
    static func cancelPresentation(
        _ rig: Rig, interaction: PercentDrivenInteractiveTransition, midway: () -> Void = {},
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let before = hierarchy(rig.window)
        var completed = false
        rig.home.present(rig.detail, animated: true) { completed = true }
        let clock = VirtualClock(step: 1.0 / 60)
        interaction.update(0.4)
        try rig.frame(at: clock.tick())
        #expect(rig.window.transitionDriver.isTransitioning, sourceLocation: sourceLocation)
        midway()
        interaction.cancel()
        try rig.runUntilIdle(clock)
        #expect(!rig.window.transitionDriver.isTransitioning, sourceLocation: sourceLocation)
        #expect(hierarchy(rig.window) == before, sourceLocation: sourceLocation)
        #expect(rig.home.presentedViewController == nil && rig.detail.presentingViewController == nil, sourceLocation: sourceLocation)
        #expect(!completed, "a cancelled presentation does not run the present completion", sourceLocation: sourceLocation)
        #expect(rig.home.appearanceState == .appeared && rig.detail.appearanceState == .disappeared, sourceLocation: sourceLocation)
        #expect(rig.detail.view.superview == nil, sourceLocation: sourceLocation)
        #expect(rig.window.diagnostics.messages.isEmpty, sourceLocation: sourceLocation)
    }

    // MARK: - a. Diagonal

    @Test func diagonalPresentationSlidesInFromTheLowerRightCorner() throws {
        try Self.withRig { rig in
            let animator = DiagonalPresentAnimator()
            #expect(animator.transitionDuration(using: nil) == 0.5)
            let delegate = Delegate(presentation: animator, dismissal: animator)
            rig.detail.transitioningDelegate = delegate
            var presented = false
            rig.home.present(rig.detail, animated: true) { presented = true }
            try Self.renderQuarters(rig, duration: 0.5, golden: "diagonal-present") { index, image in
                let frame = rig.detail.view.presentation
                let origin = Point(x: frame.center.x - 160, y: frame.center.y - 240)
                switch index {
                case 0:
                    // Entirely outside: its origin is the container's (max x, max y).
                    #expect(origin == Point(x: 320, y: 480))
                    #expect(Self.pixel(image, 319, 479, is: Self.homeRGB))
                    #expect(Self.pixel(image, 30, 50, is: Self.homeBadgeRGB))
                case 2:
                    // Ease-in-out is at 0.5 half way: the origin is the container's centre.
                    #expect(abs(origin.x - 160) < 1e-9 && abs(origin.y - 240) < 1e-9)
                    #expect(Self.pixel(image, 158, 238, is: Self.homeRGB))
                    #expect(Self.pixel(image, 162, 242, is: Self.detailRGB))
                    #expect(Self.pixel(image, 160 + 50, 240 + 30, is: Self.detailBadgeRGB))
                case 4:
                    #expect(presented)
                    #expect(rig.detail.view.frame == Rect(x: 0, y: 0, width: 320, height: 480))
                    #expect(origin == .zero)
                    #expect(Self.pixel(image, 0, 0, is: Self.detailRGB) && Self.pixel(image, 319, 479, is: Self.detailRGB))
                    #expect(Self.pixel(image, 50, 30, is: Self.detailBadgeRGB))
                default:
                    // On the diagonal, moving up and left.
                    #expect(abs(origin.x / 320 - origin.y / 480) < 1e-9 && origin.x > 0 && origin.x < 320)
                }
            }
        }
    }

    @Test func diagonalHierarchyAfterFinishAndAfterCancel() throws {
        try Self.withRig { rig in
            let animator = DiagonalPresentAnimator()
            let delegate = Delegate(presentation: animator, dismissal: animator)
            rig.detail.transitioningDelegate = delegate
            let before = Self.hierarchy(rig.window)
            let clock = VirtualClock(step: 1.0 / 60)

            // Finished presentation: the presented view fills the container, the presenter's view is gone.
            rig.home.present(rig.detail, animated: true)
            try rig.runUntilIdle(clock)
            #expect(Self.hierarchy(rig.window) == """
                window (0.0, 0.0, 320.0, 480.0) alpha 1.0
                  transitionContainer (0.0, 0.0, 320.0, 480.0) alpha 1.0
                    detail.view (0.0, 0.0, 320.0, 480.0) alpha 1.0
                      detail.badge (40.0, 20.0, 100.0, 40.0) alpha 1.0
                presented: detail
                """)

            // Dismissal slides it back out to the corner; half way it is on the diagonal.
            var dismissed = false
            rig.detail.dismiss(animated: true) { dismissed = true }
            clock.advance(by: 0.25)
            rig.window.animationEngine.advance(to: clock.now)
            let center = rig.detail.view.presentation.center
            #expect(abs(center.x - 320) < 1e-9 && abs(center.y - 480) < 1e-9, "half way to the corner")
            try rig.runUntilIdle(clock)
            #expect(dismissed && Self.hierarchy(rig.window) == before)

            // Cancelled presentations: the hierarchy is exactly as before.
            let interaction = PercentDrivenInteractiveTransition()
            delegate.presentationInteraction = interaction
            let frameBefore = rig.detail.view.frame  // where the dismissal left it
            try Self.cancelPresentation(rig, interaction: interaction) {
                let center = rig.detail.view.presentation.center
                #expect(center.x > 160 && center.x < 480 && center.y > 240 && center.y < 720, "part of the way in")
            }
            #expect(rig.detail.view.frame == frameBefore, "the presented view's frame is restored")

            // Cancelled dismissal: still presented, the view back at its frame.
            delegate.presentationInteraction = nil
            rig.home.present(rig.detail, animated: true)
            try rig.runUntilIdle(clock)
            let presentedHierarchy = Self.hierarchy(rig.window)
            let dismissal = PercentDrivenInteractiveTransition()
            delegate.dismissalInteraction = dismissal
            rig.detail.dismiss(animated: true)
            dismissal.update(0.4)
            try rig.frame(at: clock.tick())
            dismissal.cancel()
            try rig.runUntilIdle(clock)
            #expect(Self.hierarchy(rig.window) == presentedHierarchy)
            #expect(rig.home.presentedViewController === rig.detail)
            #expect(rig.detail.view.presentation.center == Point(x: 160, y: 240))
            #expect(rig.window.diagnostics.messages.isEmpty)
        }
    }

    // MARK: - b. Slide-up spring

    @Test func slideUpSpringOvershootsAndRestoresTheFromAlpha() throws {
        try Self.withRig { rig in
            let animator = SlideUpSpringPresentAnimator()
            #expect(animator.transitionDuration(using: nil) == 2.5)
            let delegate = Delegate(presentation: animator, dismissal: nil)
            rig.detail.transitioningDelegate = delegate
            var presented = false
            rig.home.present(rig.detail, animated: true) { presented = true }
            // The spring UIKit's parameters make (settled within 2.5 s), for the expected positions.
            let spring = Spring(dampingRatio: 0.5, duration: 2.5, initialVelocity: 0)
            var highest = Double.infinity
            var lowestHomeAlpha = 1.0
            try Self.renderQuarters(rig, duration: 2.5, golden: "spring-present", step: { time in
                guard !presented else { return }
                let top = rig.detail.view.presentation.center.y - 240
                highest = min(highest, top)
                lowestHomeAlpha = min(lowestHomeAlpha, rig.home.view.presentation.alpha)
                #expect(abs(top - 480 * (1 - spring.value(at: time))) < 1e-6, "at \(time) s")
            }) { index, image in
                let top = rig.detail.view.presentation.center.y - 240
                switch index {
                case 0:
                    // One container height below its final frame; the from view is opaque.
                    #expect(top == 480)
                    #expect(Self.pixel(image, 160, 479, is: Self.homeRGB))
                case 1:
                    // 0.625 s is near the spring's first peak: past the final frame (above it).
                    #expect(top < -40)
                    #expect(Self.pixel(image, 160, Int((480 + top).rounded(.down)) - 4, is: Self.detailRGB))
                    // The home view, faded (its alpha overshoots too) over black, shows below it.
                    #expect(Self.pixel(image, 160, 475, is: Self.scaled(Self.homeRGB, by: rig.home.view.presentation.alpha), tolerance: 2))
                case 4:
                    #expect(presented)
                    #expect(rig.detail.view.frame == Rect(x: 0, y: 0, width: 320, height: 480) && top == 0)
                    #expect(Self.pixel(image, 0, 0, is: Self.detailRGB) && Self.pixel(image, 319, 479, is: Self.detailRGB))
                default:
                    break
                }
            }
            #expect(highest < -60, "the spring overshoots: the view goes past its final frame")
            #expect(abs(lowestHomeAlpha - 0.5) < 0.1, "the from view's alpha springs to about 0.5 (it overshoots too)")
            #expect(rig.home.view.alpha == 1 && rig.home.view.presentation.alpha == 1, "restored to 1 after completion")
            #expect(rig.home.view.superview == nil, "a full-screen presenter's view leaves the hierarchy")
        }
    }

    @Test func slideUpSpringFromAboveComesDown() throws {
        try Self.withRig { rig in
            let animator = SlideUpSpringPresentAnimator(fromAbove: true)
            let delegate = Delegate(presentation: animator, dismissal: animator)
            rig.detail.transitioningDelegate = delegate
            rig.home.present(rig.detail, animated: true)
            let clock = VirtualClock(step: 1.0 / 60)
            rig.window.animationEngine.advance(to: 0)
            #expect(rig.detail.view.presentation.center.y - 240 == -480, "one height above")
            var lowest = -Double.infinity
            while rig.window.transitionDriver.isTransitioning, clock.now < 3 {
                rig.window.animationEngine.advance(to: clock.tick())
                lowest = max(lowest, rig.detail.view.presentation.center.y - 240)
            }
            #expect(lowest > 40, "overshoots downwards")
            #expect(rig.detail.view.frame == Rect(x: 0, y: 0, width: 320, height: 480))
            // The mirror dismissal leaves upwards.
            rig.detail.dismiss(animated: true)
            clock.advance(by: 0.25)
            rig.window.animationEngine.advance(to: clock.now)
            #expect(rig.detail.view.presentation.center.y < 240)
            try rig.runUntilIdle(clock)
            #expect(rig.home.presentedViewController == nil && rig.home.view.alpha == 1)
        }
    }

    @Test func slideUpSpringHierarchyAfterFinishAndAfterCancel() throws {
        try Self.withRig { rig in
            let animator = SlideUpSpringPresentAnimator()
            let delegate = Delegate(presentation: animator, dismissal: animator)
            rig.detail.transitioningDelegate = delegate
            let before = Self.hierarchy(rig.window)
            let clock = VirtualClock(step: 1.0 / 60)

            rig.home.present(rig.detail, animated: true)
            try rig.runUntilIdle(clock)
            #expect(Self.hierarchy(rig.window) == """
                window (0.0, 0.0, 320.0, 480.0) alpha 1.0
                  transitionContainer (0.0, 0.0, 320.0, 480.0) alpha 1.0
                    detail.view (0.0, 0.0, 320.0, 480.0) alpha 1.0
                      detail.badge (40.0, 20.0, 100.0, 40.0) alpha 1.0
                presented: detail
                """)
            #expect(rig.home.view.alpha == 1)
            rig.detail.dismiss(animated: true)
            try rig.runUntilIdle(clock)
            #expect(Self.hierarchy(rig.window) == before)

            let interaction = PercentDrivenInteractiveTransition()
            delegate.presentationInteraction = interaction
            let frameBefore = rig.detail.view.frame  // where the dismissal left it
            try Self.cancelPresentation(rig, interaction: interaction) {
                #expect(rig.home.view.presentation.alpha < 1, "the from view was fading")
            }
            #expect(rig.home.view.alpha == 1 && rig.home.view.presentation.alpha == 1, "the from alpha is restored")
            #expect(rig.detail.view.frame == frameBefore, "the presented view's frame is restored")
        }
    }

    // MARK: - f. Dimming presentation controller

    @Test func dimmingPresentationInsetsThePresentedViewOverADimmingView() throws {
        try Self.withRig { rig in
            let delegate = DimmingTransitioningDelegate()
            delegate.prepare(rig.detail)
            #expect(rig.detail.modalPresentationStyle == .custom)
            var presented = false
            rig.home.present(rig.detail, animated: true) { presented = true }
            guard let controller = delegate.presentationController else {
                Issue.record("no presentation controller was made")
                return
            }
            let dimming = controller.dimmingView
            #expect(dimming.superview === rig.detail.view.superview && dimming.superview != nil, "in the container, behind the presented view")
            #expect(dimming.superview?.subviews.first === dimming)
            let dimmed = { (rgb: SIMD3<Int>, alpha: Double) in Self.scaled(rgb, by: 1 - alpha) }
            // Frames 1–3 were re-recorded for group opacity: the fading presented view is
            // flattened first, so its badge shows over the home screen, not over its own background.
            try Self.renderQuarters(rig, duration: 0.5, golden: "dimming-present") { index, image in
                let alpha = dimming.presentation.alpha
                #expect(rig.detail.view.presentation.bounds.size == Size(width: 220, height: 80))
                switch index {
                case 0:
                    #expect(alpha == 0 && rig.detail.view.presentation.alpha == 0)
                    #expect(Self.pixel(image, 160, 240, is: Self.homeRGB))
                case 2:
                    // Ease-in-out half way: the dimming at 0.25, the presented view at 0.5.
                    #expect(abs(alpha - 0.25) < 1e-9 && abs(rig.detail.view.presentation.alpha - 0.5) < 1e-9)
                    #expect(Self.pixel(image, 5, 5, is: dimmed(Self.homeRGB, 0.25)))
                case 4:
                    #expect(presented)
                    #expect(alpha == 0.5 && dimming.alpha == 0.5)
                    #expect(rig.detail.view.frame == Rect(x: 50, y: 200, width: 220, height: 80))
                    #expect(Self.pixel(image, 5, 5, is: dimmed(Self.homeRGB, 0.5)))
                    #expect(Self.pixel(image, 30, 50, is: dimmed(Self.homeBadgeRGB, 0.5)))
                    #expect(Self.pixel(image, 50, 200, is: Self.detailRGB) && Self.pixel(image, 269, 279, is: Self.detailRGB))
                    #expect(Self.pixel(image, 49, 240, is: dimmed(Self.homeRGB, 0.5)) && Self.pixel(image, 160, 280, is: dimmed(Self.homeRGB, 0.5)))
                    #expect(Self.pixel(image, 50 + 40, 200 + 20, is: Self.detailBadgeRGB))
                default:
                    #expect(alpha > 0 && alpha < 0.5)
                }
            }
            #expect(rig.home.view.superview === rig.window.rootView, "a custom presentation keeps the presenter's view")
            #expect(dimming.frame == Rect(x: 0, y: 0, width: 320, height: 480))
        }
    }

    @Test func dimmingFollowsContainerSizeChanges() throws {
        try Self.withRig { rig in
            let delegate = DimmingTransitioningDelegate()
            delegate.prepare(rig.detail)
            let clock = VirtualClock(step: 1.0 / 60)
            rig.home.present(rig.detail, animated: true)
            try rig.runUntilIdle(clock)
            let dimming = try #require(delegate.presentationController?.dimmingView)
            // Without a transition the layout changes at once.
            rig.window.resize(to: Size(width: 400, height: 600))
            #expect(dimming.frame == Rect(x: 0, y: 0, width: 400, height: 600))
            #expect(dimming.presentation.bounds.size == Size(width: 400, height: 600))
            #expect(rig.detail.view.frame == Rect(x: 50, y: 200, width: 300, height: 200))
            #expect(rig.detail.view.presentation.bounds.size == Size(width: 300, height: 200))
            // During a transition (here a dismissal that is then cancelled) an animated resize
            // (a rotation) runs alongside it over its own duration, through its own coordinator.
            let dismissal = PercentDrivenInteractiveTransition()
            delegate.dismissalInteraction = dismissal
            rig.detail.dismiss(animated: true)
            dismissal.update(0.5)
            rig.window.animationEngine.advance(to: clock.tick())
            rig.window.resize(to: Size(width: 360, height: 500), duration: 0.25)
            rig.window.animationEngine.advance(to: clock.tick())
            #expect(dimming.frame == Rect(x: 0, y: 0, width: 360, height: 500))
            // The dismissal's animator owns the presented view's frame while it runs (issue 19):
            // the layout waits for the end, and is made because the dismissal is cancelled.
            #expect(rig.detail.view.frame == Rect(x: 50, y: 200, width: 300, height: 200))
            #expect(dimming.presentation.bounds.size != Size(width: 360, height: 500), "animating with the resize")
            dismissal.cancel()
            try rig.runUntilIdle(clock)
            rig.window.animationEngine.advance(to: clock.now + 0.25)
            #expect(rig.home.presentedViewController === rig.detail)
            #expect(dimming.presentation.bounds.size == Size(width: 360, height: 500) && dimming.alpha == 0.5)
            #expect(rig.detail.view.presentation.bounds.size == Size(width: 260, height: 100))
            #expect(rig.detail.view.superview?.frame == Rect(x: 0, y: 0, width: 360, height: 500), "the container follows the window")
        }
    }

    @Test func dimmingHierarchyAfterFinishAndAfterCancel() throws {
        try Self.withRig { rig in
            let delegate = DimmingTransitioningDelegate()
            delegate.prepare(rig.detail)
            let before = Self.hierarchy(rig.window)
            let clock = VirtualClock(step: 1.0 / 60)

            rig.home.present(rig.detail, animated: true)
            try rig.runUntilIdle(clock)
            let presentedHierarchy = Self.hierarchy(rig.window)
            #expect(presentedHierarchy == """
                window (0.0, 0.0, 320.0, 480.0) alpha 1.0
                  home.view (0.0, 0.0, 320.0, 480.0) alpha 1.0
                    home.badge (20.0, 40.0, 120.0, 60.0) alpha 1.0
                  transitionContainer (0.0, 0.0, 320.0, 480.0) alpha 1.0
                    dimmingView (0.0, 0.0, 320.0, 480.0) alpha 0.5
                    detail.view (50.0, 200.0, 220.0, 80.0) alpha 1.0
                      detail.badge (40.0, 20.0, 100.0, 40.0) alpha 1.0
                presented: detail
                """)

            // Cancelled dismissal: the dimming is back at 0.5, the view at alpha 1.
            let dismissal = PercentDrivenInteractiveTransition()
            delegate.dismissalInteraction = dismissal
            rig.detail.dismiss(animated: true)
            dismissal.update(0.4)
            try rig.frame(at: clock.tick())
            let dimming = try #require(delegate.presentationController?.dimmingView)
            #expect(dimming.presentation.alpha < 0.5 && dimming.presentation.alpha > 0, "fading out alongside")
            dismissal.cancel()
            try rig.runUntilIdle(clock)
            #expect(Self.hierarchy(rig.window) == presentedHierarchy)
            #expect(dimming.presentation.alpha == 0.5)

            // Completed dismissal: the dimming view fades out alongside and is removed.
            rig.detail.dismiss(animated: true)
            clock.advance(by: 0.25)
            rig.window.animationEngine.advance(to: clock.now)
            #expect(abs(dimming.presentation.alpha - 0.25) < 1e-9)
            try rig.runUntilIdle(clock)
            #expect(dimming.superview == nil)
            #expect(Self.hierarchy(rig.window) == before)

            // Cancelled presentation: the dimming view is gone with everything else.
            let interaction = PercentDrivenInteractiveTransition()
            delegate.presentationInteraction = interaction
            try Self.cancelPresentation(rig, interaction: interaction) {
                let dimming = delegate.presentationController?.dimmingView
                #expect(dimming?.superview != nil && (dimming?.presentation.alpha ?? 0) > 0, "fading in alongside")
            }
            #expect(delegate.presentationController?.dimmingView.superview == nil)
            #expect(rig.detail.view.alpha == 1)
        }
    }

    // MARK: - i. Drop-down menu

    @Test func dropDownMenuSnapshotSlidesDownToRevealTheMenu() throws {
        try Self.withRig { rig in
            let transition = DropDownMenuTransition()
            transition.prepare(rig.detail)
            let homeImage = try rig.frame(at: 0)
            var presented = false
            rig.home.present(rig.detail, animated: true) { presented = true }
            let container = try #require(rig.detail.view.superview)
            let snapshot = try #require(DropDownMenuTransition.snapshot(in: container))
            #expect(container.subviews.map(\.name) == ["detail.view", "home.view.snapshot"], "the snapshot covers the menu")
            try Self.renderQuarters(rig, duration: 0.5, golden: "dropdown-present") { index, image in
                let drop = snapshot.presentation.transform.m42
                switch index {
                case 0:
                    // The snapshot stands exactly where the source was: the screen is unchanged.
                    #expect(drop == 0)
                    #expect(RGBAImage.maxDifference(image, homeImage) <= 1)
                case 2:
                    #expect(abs(drop - 144) < 1e-9, "half of 60% of the height")
                    #expect(Self.pixel(image, 160, 100, is: Self.detailRGB), "the menu shows above")
                    #expect(Self.pixel(image, 30, 40 + 144 + 2, is: Self.homeBadgeRGB), "the snapshot carries the badge down")
                case 4:
                    #expect(presented)
                    #expect(drop == 288)
                    #expect(Self.pixel(image, 160, 287, is: Self.detailRGB) && Self.pixel(image, 160, 288, is: Self.homeRGB))
                    #expect(Self.pixel(image, 50, 30, is: Self.detailBadgeRGB))
                    #expect(Self.pixel(image, 30, 40 + 288 + 2, is: Self.homeBadgeRGB))
                default:
                    #expect(drop > 0 && drop < 288)
                }
            }
            #expect(rig.home.view.superview == nil, "the snapshot stands in for the source")
            #expect(snapshot.superview === container)
        }
    }

    /// A press and release 0.05 s later at `point`: a tap for the window's recognizers.
    static func tap(_ window: Window, at point: Point, time: Double) {
        window.pointerDown(at: point, time: time)
        window.pointerUp(at: point, time: time + 0.05)
    }

    @Test func dropDownMenuHierarchyAfterTapDismissalAndAfterCancel() throws {
        try Self.withRig { rig in
            let transition = DropDownMenuTransition()
            transition.prepare(rig.detail)
            let before = Self.hierarchy(rig.window)
            let clock = VirtualClock(step: 1.0 / 60)

            #expect(!transition.dismissByTappingSnapshot(), "nothing to dismiss yet")
            rig.home.present(rig.detail, animated: true)
            try rig.runUntilIdle(clock)
            let presentedHierarchy = Self.hierarchy(rig.window)
            #expect(presentedHierarchy == """
                window (0.0, 0.0, 320.0, 480.0) alpha 1.0
                  transitionContainer (0.0, 0.0, 320.0, 480.0) alpha 1.0
                    detail.view (0.0, 0.0, 320.0, 480.0) alpha 1.0
                      detail.badge (40.0, 20.0, 100.0, 40.0) alpha 1.0
                    home.view.snapshot (0.0, 288.0, 320.0, 480.0) alpha 1.0
                presented: detail
                """)

            // Cancelled dismissal: the snapshot goes back down.
            let dismissal = PercentDrivenInteractiveTransition()
            transition.dismissalInteraction = dismissal
            Self.tap(rig.window, at: Point(x: 160, y: 400), time: clock.now)
            #expect(rig.window.transitionDriver.isTransitioning, "a tap on the snapshot starts the dismissal")
            dismissal.update(0.4)
            try rig.frame(at: clock.tick())
            dismissal.cancel()
            try rig.runUntilIdle(clock)
            #expect(Self.hierarchy(rig.window) == presentedHierarchy)
            #expect(rig.home.presentedViewController === rig.detail)

            // A tap on the menu does nothing; a tap on the snapshot dismisses, sliding it back up.
            Self.tap(rig.window, at: Point(x: 160, y: 100), time: clock.now)
            #expect(!rig.window.transitionDriver.isTransitioning)
            Self.tap(rig.window, at: Point(x: 160, y: 300), time: clock.now + 0.5)
            #expect(rig.window.transitionDriver.isTransitioning)
            #expect(!transition.dismissByTappingSnapshot(), "ignored while the dismissal runs")
            let snapshot = try #require(rig.detail.view.superview.flatMap { DropDownMenuTransition.snapshot(in: $0) })
            #expect(rig.home.view.superview === rig.window.rootView, "the source's view is back under the container")
            clock.advance(by: 0.25)
            rig.window.animationEngine.advance(to: clock.now)
            #expect(abs(snapshot.presentation.transform.m42 - 144) < 1e-9, "half way back up")
            try rig.runUntilIdle(clock)
            #expect(snapshot.superview == nil, "the snapshot is removed")
            #expect(Self.hierarchy(rig.window) == before)
            #expect(rig.home.presentedViewController == nil && rig.home.appearanceState == .appeared)

            // Cancelled presentation: the snapshot goes with everything else.
            let interaction = PercentDrivenInteractiveTransition()
            transition.presentationInteraction = interaction
            var midwaySnapshot: View?
            try Self.cancelPresentation(rig, interaction: interaction) {
                midwaySnapshot = rig.detail.view.superview.flatMap { DropDownMenuTransition.snapshot(in: $0) }
                #expect(midwaySnapshot != nil && midwaySnapshot!.presentation.transform.m42 > 0, "part of the way down")
            }
            #expect(midwaySnapshot?.superview == nil)
            #expect(rig.window.diagnostics.messages.isEmpty)
        }
    }
}
