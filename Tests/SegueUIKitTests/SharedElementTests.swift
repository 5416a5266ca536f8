import SegueTiming
import SegueUIKit
import SegueTesting
import Testing

/// Shared elements (`View.transitionID`), GL-free: three matched pairs fly between their
/// frames on a push with no animator of the app's (the navigation's own slide), follow an
/// interactive pop driven by the edge pan (cancelled and finished), retarget when the window is
/// resized mid-flight, and a view missing on one side fades. Each flying frame is checked
/// against the two ends interpolated on the ease-in-out curve at the transition's progress,
/// and every run ends with every view shown at the frame its screen's layout gives it.
@MainActor
@Suite("Shared elements (by id)", .serialized, .tags(.pure))
struct SharedElementTests {
    typealias Scene = SharedElementScene

    /// Every view of both screens shown, at its laid-out frame, nothing left flying.
    static func expectSettled(_ rig: Scene.Rig, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!rig.navigation.isTransitioning, "\(what): the transition ended", sourceLocation: sourceLocation)
        #expect(rig.overlay == nil, "\(what): the flight's overlay is gone", sourceLocation: sourceLocation)
        let size = rig.window.rootView.bounds.size
        // A screen out of the window lays out when it is shown again (UIKit's lazy layout): its
        // pending layout is run first, then its views must be where that layout puts them.
        for screen in [rig.list.view, rig.detail.view] where Window.containing(screen) == nil { screen.layoutIfNeeded() }
        let (list, detail) = (rig.list.view.bounds.size, rig.detail.view.bounds.size)
        for (views, layout) in [(rig.listViews, Scene.ListView.layout(list)), (rig.detailViews, Scene.DetailView.layout(detail))] {
            for (view, frame) in zip(views, layout) {
                #expect(!view.isHidden && view.alpha == 1, "\(what): \(view.name) shown", sourceLocation: sourceLocation)
                #expect(view.frame == frame, "\(what): \(view.name) at \(view.frame), laid out at \(frame)", sourceLocation: sourceLocation)
                #expect(view.presentation.center == view.center && view.presentation.alpha == 1, "\(what): \(view.name) at rest", sourceLocation: sourceLocation)
            }
        }
        let top = rig.navigation.topViewController?.view
        #expect(top?.superview === rig.navigation.containerView && top?.frame == Rect(origin: .zero, size: size), "\(what): the top screen fills the window", sourceLocation: sourceLocation)
        #expect(!rig.window.animationEngine.isAnimating, "\(what): no animation left", sourceLocation: sourceLocation)
    }

    /// Where the flight of pair `index` is at `progress`, from the ends of a window of `size`.
    static func expected(_ index: Int, leaving: [Rect], arriving: [Rect], progress: Double) -> Rect {
        Rect.interpolate(leaving[index], arriving[index], TimingCurve.easeInOut.value(at: progress))
    }

    @Test func threePairsFlyOnAPushAndEndAtTheirFrames() throws {
        let rig = Scene.Rig(size: Size(width: 320, height: 480))
        let size = rig.window.rootView.bounds.size
        let start = rig.window.animationEngine.now
        rig.navigation.pushViewController(rig.detail, animated: true)
        #expect(rig.overlay?.superview === rig.navigation.containerView)
        #expect(rig.navigation.containerView.subviews.last === rig.overlay, "above the rest of the transition")
        for view in rig.listViews + rig.detailViews { #expect(view.isHidden, "\(view.name) hides while its stand-in flies") }
        for (index, id) in Scene.ids.enumerated() {
            #expect(Scene.close(rig.flyer(id)?.frame, Scene.ListView.layout(size)[index]), "\(id) starts at the list's frame")
        }
        // The navigation's slide: 0.35 s.
        while rig.window.animationEngine.now < start + 0.35 / 2 - 1e-9 { rig.frame() }
        let progress = (rig.window.animationEngine.now - start) / 0.35
        for (index, id) in Scene.ids.enumerated() {
            let expected = Self.expected(index, leaving: Scene.ListView.layout(size), arriving: Scene.DetailView.layout(size), progress: progress)
            #expect(Scene.close(rig.flyer(id)?.frame, expected), "\(id) at \(progress): \(String(describing: rig.flyer(id)?.frame)), expected \(expected)")
        }
        // The avatar's corner radius goes from the list's 6 to the detail's 14.
        let radius = 6 + 8 * TimingCurve.easeInOut.value(at: progress)
        #expect(abs((rig.flyer("avatar")?.cornerRadius ?? 0) - radius) < 1e-9)
        rig.run(0.5)
        #expect(rig.navigation.topViewController === rig.detail)
        Self.expectSettled(rig, "push")
    }

    /// The edge pan pops the detail with the navigation's slide (percent-driven): the flight
    /// follows the finger; released short of half-way it plays back and cancels, past it it
    /// finishes; with `resizing`, the window changes size while the finger rests.
    @Test(arguments: [(false, false), (true, false), (false, true), (true, true)])
    func anInteractivePopFollowsTheFingerToEitherEnd(finishes: Bool, resizing: Bool) throws {
        let rig = Scene.Rig(size: Size(width: 320, height: 480))
        rig.navigation.pushViewController(rig.detail, animated: false)
        rig.run(0.1)
        let distance = finishes ? 220.0 : 100.0
        rig.edgeDrag(by: distance, frames: 10, pause: 0.2) {
            #expect(rig.navigation.isTransitioning)
            if resizing {
                rig.window.resize(to: Size(width: 400, height: 300))
                rig.frame()
            }
            // The pop's percent is the finger's distance over the width the drag began with.
            let percent = distance / 320
            let size = rig.window.rootView.bounds.size
            for (index, id) in Scene.ids.enumerated() {
                let expected = Self.expected(index, leaving: Scene.DetailView.layout(size), arriving: Scene.ListView.layout(size), progress: percent)
                #expect(Scene.close(rig.flyer(id)?.frame, expected, 1e-6), "\(id) under the finger: \(String(describing: rig.flyer(id)?.frame)), expected \(expected)")
            }
        }
        rig.run(1)
        #expect(rig.navigation.topViewController === (finishes ? rig.list : rig.detail) as ViewController)
        Self.expectSettled(rig, finishes ? "finished pop" : "cancelled pop")
    }

    @Test func aResizeMidFlightRetargetsBothEnds() throws {
        let rig = Scene.Rig(size: Size(width: 320, height: 480))
        let start = rig.window.animationEngine.now
        rig.navigation.pushViewController(rig.detail, animated: true)
        rig.run(0.1)
        let newSize = Size(width: 480, height: 320)
        rig.window.resize(to: newSize)
        rig.frame()
        let progress = (rig.window.animationEngine.now - start) / 0.35
        for (index, id) in Scene.ids.enumerated() {
            let expected = Self.expected(index, leaving: Scene.ListView.layout(newSize), arriving: Scene.DetailView.layout(newSize), progress: progress)
            #expect(Scene.close(rig.flyer(id)?.frame, expected), "\(id) after the resize: \(String(describing: rig.flyer(id)?.frame)), expected \(expected)")
        }
        rig.run(0.5)
        Self.expectSettled(rig, "push resized mid-flight")
        _ = rig.navigation.popViewController(animated: true)
        rig.run(0.2)
        rig.window.resize(to: Size(width: 300, height: 300))
        rig.run(0.5)
        Self.expectSettled(rig, "pop resized mid-flight")
    }

    @Test func aViewMissingOnOneSideFades() throws {
        let rig = Scene.Rig(size: Size(width: 320, height: 480))
        let badge = View(frame: Rect(x: 200, y: 400, width: 40, height: 20), name: "badge")
        badge.transitionID = "badge"
        badge.alpha = 0.8
        rig.detail.view.addSubview(badge)
        let note = View(frame: Rect(x: 10, y: 400, width: 40, height: 20), name: "note")
        note.transitionID = "note"
        rig.list.view.addSubview(note)
        let start = rig.window.animationEngine.now
        rig.navigation.pushViewController(rig.detail, animated: true)
        #expect(rig.flyer("badge") == nil && rig.flyer("note") == nil, "no partner, no flight")
        #expect(badge.alpha == 0 && note.alpha == 1 && !badge.isHidden && !note.isHidden)
        while rig.window.animationEngine.now < start + 0.35 / 2 - 1e-9 { rig.frame() }
        let eased = TimingCurve.easeInOut.value(at: (rig.window.animationEngine.now - start) / 0.35)
        #expect(abs(badge.alpha - 0.8 * eased) < 1e-9, "the arriving one fades in to its own alpha: \(badge.alpha)")
        #expect(abs(note.alpha - (1 - eased)) < 1e-9, "the leaving one fades out: \(note.alpha)")
        rig.run(0.5)
        #expect(badge.alpha == 0.8 && note.alpha == 1, "both back at their alpha")
        Self.expectSettled(rig, "push with unmatched views")
    }

    /// The style: only the arriving picture scaled, an arc, keyframes, a clip.
    @Test func theStyleChoosesThePictureThePathAndTheClip() throws {
        let rig = Scene.Rig(size: Size(width: 320, height: 480))
        let size = rig.window.rootView.bounds.size
        let clip = View(frame: Rect(x: 0, y: 0, width: 320, height: 200), name: "clip")
        clip.cornerRadius = 8
        rig.detail.view.insertSubview(clip, at: 0)
        rig.detail.detail.photo.sharedElementStyle = SharedElementStyle(content: .scaleIncoming, path: .arc)
        rig.list.list.title.sharedElementStyle = SharedElementStyle(clipView: clip)
        rig.detail.detail.avatar.sharedElementStyle = SharedElementStyle(
            path: .keyframes([SharedElementKeyframe(progress: 0.5, offset: Point(x: 0, y: -40))]), curve: .linear)
        let start = rig.window.animationEngine.now
        rig.navigation.pushViewController(rig.detail, animated: true)
        #expect(rig.flyer("photo")?.subviews.count == 1, "scaleIncoming: the arriving picture alone")
        #expect(rig.flyer("avatar")?.subviews.count == 2, "crossFade: both pictures")
        let clipHost = try #require(rig.overlay?.subviews.first { $0.name == "sharedElement.clip" })
        #expect(clipHost.clipsToBounds && clipHost.frame == clip.frame && clipHost.cornerRadius == 8)
        #expect(rig.flyer("title") == nil && clipHost.subviews.first?.name == "sharedElement.title", "the title flies inside the clip")
        while rig.window.animationEngine.now < start + 0.35 / 2 - 1e-9 { rig.frame() }
        let progress = (rig.window.animationEngine.now - start) / 0.35
        let (a, b) = (Scene.ListView.layout(size)[0], Scene.DetailView.layout(size)[0])
        let t = TimingCurve.easeInOut.value(at: progress), u = 1 - t
        let arc = Point(x: u * u * a.midX + (1 - u * u) * b.midX, y: (1 - t * t) * a.midY + t * t * b.midY)
        let photo = try #require(rig.flyer("photo")).frame
        #expect(abs(photo.midX - arc.x) < 1e-6 && abs(photo.midY - arc.y) < 1e-6, "the arc: \(photo), expected centre \(arc)")
        // Linear timing, and 40 points above the straight line half-way (the keyframe).
        let avatar = try #require(rig.flyer("avatar")).frame
        let (c, d) = (Scene.ListView.layout(size)[2], Scene.DetailView.layout(size)[2])
        let line = Point.interpolate(Point(x: c.midX, y: c.midY), Point(x: d.midX, y: d.midY), progress)
        #expect(abs(avatar.midX - line.x) < 1e-6, "\(avatar.midX) \(line.x)")
        #expect(avatar.midY < line.y - 35 && avatar.midY > line.y - 45, "near the keyframe's 40 points above: \(avatar.midY) against \(line.y)")
        rig.run(0.5)
        Self.expectSettled(rig, "styled push")
    }

    /// A presentation with the app's own animator, and its dismissal, fly the pairs too.
    @Test func aPresentationWithACustomAnimatorFliesThePairs() throws {
        final class Fade: ViewControllerAnimatedTransitioning, ViewControllerTransitioningDelegate {
            func transitionDuration(using context: (any ViewControllerContextTransitioning)?) -> Double { 0.4 }
            func animateTransition(using context: any ViewControllerContextTransitioning) {
                let container = context.containerView
                let presenting = context.viewController(forKey: .to)?.isBeingPresented == true
                let toView = context.view(forKey: .to), fromView = context.view(forKey: .from)
                if presenting, let toView {
                    toView.frame = container.bounds
                    container.addSubview(toView)
                    toView.alpha = 0
                }
                View.animate(withDuration: 0.4, animations: {
                    if presenting { toView?.alpha = 1 } else { fromView?.alpha = 0 }
                }, completion: { _ in
                    fromView?.alpha = 1
                    context.completeTransition(!context.transitionWasCancelled)
                })
            }
            func animationController(forPresented presented: ViewController, presenting: ViewController, source: ViewController)
                -> (any ViewControllerAnimatedTransitioning)? { self }
            func animationController(forDismissed dismissed: ViewController) -> (any ViewControllerAnimatedTransitioning)? { self }
        }
        let rig = Scene.Rig(size: Size(width: 320, height: 480))
        let size = rig.window.rootView.bounds.size
        let fade = Fade()
        rig.detail.transitioningDelegate = fade
        let start = rig.window.animationEngine.now
        rig.navigation.present(rig.detail, animated: true)
        let container = try #require(rig.detail.view.superview)
        let overlay = try #require(container.subviews.last)
        #expect(overlay.name == "sharedElements")
        while rig.window.animationEngine.now < start + 0.2 - 1e-9 { rig.frame() }
        let progress = (rig.window.animationEngine.now - start) / 0.4
        let flyer = try #require(overlay.subviews.first { $0.name == "sharedElement.photo" })
        let expected = Self.expected(0, leaving: Scene.ListView.layout(size), arriving: Scene.DetailView.layout(size), progress: progress)
        #expect(Scene.close(flyer.frame, expected), "\(flyer.frame) against \(expected)")
        rig.run(0.5)
        #expect(overlay.superview == nil && rig.navigation.presentedViewController === rig.detail)
        rig.detail.dismiss(animated: true)
        rig.run(0.6)
        #expect(rig.navigation.presentedViewController == nil)
        for view in rig.listViews + rig.detailViews { #expect(!view.isHidden && view.alpha == 1, "\(view.name) shown") }
    }

    /// A tab change with the delegate's animator flies the pairs; one without (instant, as
    /// UIKit's tabs) has none and leaves every view shown.
    @Test func aTabChangeFliesThePairs() throws {
        final class Fade: ViewControllerAnimatedTransitioning, TabBarControllerDelegate {
            func transitionDuration(using context: (any ViewControllerContextTransitioning)?) -> Double { 0.4 }
            func animateTransition(using context: any ViewControllerContextTransitioning) {
                guard let toView = context.view(forKey: .to), let to = context.viewController(forKey: .to) else { return }
                toView.frame = context.finalFrame(for: to)
                context.containerView.addSubview(toView)
                toView.alpha = 0
                View.animate(withDuration: 0.4, animations: { toView.alpha = 1 }, completion: { _ in
                    context.completeTransition(!context.transitionWasCancelled)
                })
            }
            func animationController(forTransitionFrom from: ViewController, to: ViewController) -> (any ViewControllerAnimatedTransitioning)? { self }
        }
        let window = Window(size: Size(width: 320, height: 480))
        let list = Scene.ListController(), detail = Scene.DetailController()
        let tabs = TabBarController(viewControllers: [list, detail])
        window.rootViewController = tabs
        window.rootView.layoutIfNeeded()
        let views = [list.list.photo, list.list.title, list.list.avatar, detail.detail.photo, detail.detail.title, detail.detail.avatar]
        tabs.select(index: 1, animated: true)
        window.rootView.layoutIfNeeded()
        #expect(tabs.selectedIndex == 1 && !tabs.isTransitioning && !tabs.containerView.subviews.contains { $0.name == "sharedElements" })
        for view in views { #expect(!view.isHidden && view.alpha == 1, "\(view.name) shown after an instant change") }

        let fade = Fade()
        tabs.delegate = fade
        let start = window.animationEngine.now
        tabs.select(index: 0, animated: true)
        let overlay = try #require(tabs.containerView.subviews.last)
        #expect(overlay.name == "sharedElements")
        while window.animationEngine.now < start + 0.2 - 1e-9 {
            window.animationEngine.advance(to: window.animationEngine.now + 1.0 / 60)
            window.rootView.layoutIfNeeded()
        }
        let size = window.rootView.bounds.size
        let progress = (window.animationEngine.now - start) / 0.4
        let flyer = try #require(overlay.subviews.first { $0.name == "sharedElement.avatar" })
        let expected = Self.expected(2, leaving: Scene.DetailView.layout(size), arriving: Scene.ListView.layout(size), progress: progress)
        #expect(Scene.close(flyer.frame, expected), "\(flyer.frame) against \(expected)")
        for _ in 0..<30 { window.animationEngine.advance(to: window.animationEngine.now + 1.0 / 60) }
        #expect(tabs.selectedIndex == 0 && !tabs.isTransitioning && overlay.superview == nil)
        for view in views { #expect(!view.isHidden && view.alpha == 1, "\(view.name) shown") }
    }

    /// An interaction controller of the app's own (no percent-driven timeline, as the zoom's or
    /// the pixel dissolve's): the flight follows the percent it reports, and after a cancel plays
    /// back from there over the rest of the duration on the completion curve.
    @Test func anInteractionOfTheAppsOwnIsFollowedAndPlayedBack() throws {
        final class Manual: ViewControllerAnimatedTransitioning, ViewControllerInteractiveTransitioning, NavigationControllerDelegate {
            var context: (any ViewControllerContextTransitioning)?
            func transitionDuration(using context: (any ViewControllerContextTransitioning)?) -> Double { 1 }
            func animateTransition(using context: any ViewControllerContextTransitioning) {}
            func startInteractiveTransition(_ context: any ViewControllerContextTransitioning) {
                self.context = context
                if let toView = context.view(forKey: .to), let to = context.viewController(forKey: .to) {
                    toView.frame = context.finalFrame(for: to)
                    context.containerView.addSubview(toView)
                }
            }
            /// Cancels, and completes once the rest (0.4 of 1 s) has played.
            func cancel(at now: Double, in window: Window) {
                context?.cancelInteractiveTransition()
                let context = self.context
                let link = window.animationEngine.addDisplayLink { time in
                    if time >= now + 0.4, context?.transitionWasCancelled == true, (context as? TransitionContext)?.isCompleted == false {
                        context?.completeTransition(false)
                    }
                }
                _ = link
            }
            func animationController(for operation: NavigationOperation, from: ViewController, to: ViewController)
                -> (any ViewControllerAnimatedTransitioning)? { self }
            func interactionController(for animator: any ViewControllerAnimatedTransitioning)
                -> (any ViewControllerInteractiveTransitioning)? { self }
        }
        let rig = Scene.Rig(size: Size(width: 320, height: 480))
        let size = rig.window.rootView.bounds.size
        let manual = Manual()
        rig.navigation.delegate = manual
        rig.navigation.pushViewController(rig.detail, animated: true)
        manual.context?.updateInteractiveTransition(0.4)
        rig.frame()
        let at = { (progress: Double) in
            Self.expected(0, leaving: Scene.ListView.layout(size), arriving: Scene.DetailView.layout(size), progress: progress)
        }
        #expect(Scene.close(rig.flyer("photo")?.frame, at(0.4)), "following the percent: \(String(describing: rig.flyer("photo")?.frame))")
        let released = rig.window.animationEngine.now
        manual.cancel(at: released, in: rig.window)
        rig.run(0.2)
        // Half the rest's time: on ease-in-out, half the way back from 0.4.
        let back = 0.4 - 0.4 * TimingCurve.easeInOut.value(at: (rig.window.animationEngine.now - released) / 0.4)
        #expect(Scene.close(rig.flyer("photo")?.frame, at(back)), "playing back: \(String(describing: rig.flyer("photo")?.frame)), expected \(at(back))")
        rig.run(0.5)
        #expect(rig.navigation.topViewController === rig.list)
        Self.expectSettled(rig, "cancelled by the app's own interaction")
    }

    /// An animator that vends an interruptible animator (iOS 10's way), scrubbed by a
    /// percent-driven interaction: the flight follows its `fractionComplete`, and cancelled or
    /// finished, every view ends at its frame.
    @Test(arguments: [false, true])
    func anInterruptibleAnimatorsFractionIsFollowed(finishes: Bool) throws {
        final class Slide: ViewControllerAnimatedTransitioning, NavigationControllerDelegate {
            let interaction = PercentDrivenInteractiveTransition()
            var animator: PropertyAnimator?
            func transitionDuration(using context: (any ViewControllerContextTransitioning)?) -> Double { 1 }
            func animateTransition(using context: any ViewControllerContextTransitioning) {
                interruptibleAnimator(using: context)?.startAnimation()
            }
            func interruptibleAnimator(using context: any ViewControllerContextTransitioning) -> PropertyAnimator? {
                if let animator { return animator }
                guard let toView = context.view(forKey: .to), let to = context.viewController(forKey: .to) else { return nil }
                let final = context.finalFrame(for: to)
                toView.frame = final.offsetBy(dx: final.width, dy: 0)
                context.containerView.addSubview(toView)
                let animator = PropertyAnimator(duration: 1, curve: .linear) { toView.frame = final }
                animator.addCompletion { _ in
                    context.completeTransition(!context.transitionWasCancelled)
                    self.animator = nil
                }
                self.animator = animator
                return animator
            }
            func animationController(for operation: NavigationOperation, from: ViewController, to: ViewController)
                -> (any ViewControllerAnimatedTransitioning)? { self }
            func interactionController(for animator: any ViewControllerAnimatedTransitioning)
                -> (any ViewControllerInteractiveTransitioning)? { interaction }
        }
        let rig = Scene.Rig(size: Size(width: 320, height: 480))
        let size = rig.window.rootView.bounds.size
        let slide = Slide()
        rig.navigation.delegate = slide
        rig.navigation.pushViewController(rig.detail, animated: true)
        for percent in [0.3, 0.7] {
            slide.interaction.update(percent)
            rig.frame()
            for (index, id) in Scene.ids.enumerated() {
                let expected = Self.expected(index, leaving: Scene.ListView.layout(size), arriving: Scene.DetailView.layout(size), progress: percent)
                #expect(Scene.close(rig.flyer(id)?.frame, expected), "\(id) at \(percent): \(String(describing: rig.flyer(id)?.frame))")
            }
        }
        if finishes { slide.interaction.finish() } else { slide.interaction.cancel() }
        rig.run(1.2)
        #expect(rig.navigation.topViewController === (finishes ? rig.detail : rig.list) as ViewController)
        Self.expectSettled(rig, finishes ? "finished" : "cancelled")
    }
}
