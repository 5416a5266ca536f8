import SegueUIKit
import SegueTesting
import Testing

/// The swipe container (seed g's custom container) runs no shared-element flight, as
/// SharedElements.md says under "Which containers run it": like a custom container in UIKit it
/// starts the animator with a context of its own and no transition coordinator, and the flight
/// follows a coordinator. The screens are the shared-element tests' own, whose views fly on a
/// push, a presentation and an animated tab change (`SharedElementTests`); here they slide with
/// their screens. Should the container run the flight one day, this fails and the guide changes.
@MainActor
@Suite("Shared elements in the swipe container (none, as documented)", .serialized, .tags(.pure))
struct SwipeContainerSharedElementTests {
    typealias Scene = SharedElementScene

    @Test func aSwipeFliesNothingAndTheViewsSlideWithTheirScreens() {
        let window = Window(size: Size(width: 320, height: 480))
        let list = Scene.ListController(), detail = Scene.DetailController()
        let swipe = SwipeContainerViewController(viewControllers: [list, detail])
        window.rootViewController = swipe
        window.rootView.layoutIfNeeded()
        let views = [list.list.photo, list.list.title, list.list.avatar, detail.detail.photo, detail.detail.title, detail.detail.avatar]
        #expect(views.allSatisfy { $0.transitionID != nil })

        var completed: Bool?
        let start = window.animationEngine.now
        swipe.transition(to: 1, animated: true) { completed = $0 }
        #expect(swipe.isTransitioning)
        // No coordinator: the children see none while the container switches them.
        #expect(list.transitionCoordinator == nil && detail.transitionCoordinator == nil)
        // Half-way through the swipe animator's 0.25 s.
        while window.animationEngine.now < start + 0.125 - 1e-9 {
            window.animationEngine.advance(to: window.animationEngine.now + 1.0 / 60)
            window.rootView.layoutIfNeeded()
        }
        #expect(!swipe.containerView.subviews.contains { $0.name == "sharedElements" }, "no flight's overlay")
        for view in views { #expect(!view.isHidden && view.alpha == 1, "\(view.name) shown in its screen") }
        #expect(detail.detail.photo.superview === detail.view && list.list.photo.superview === list.view)
        // The arriving screen is on its way in from the right, its views with it.
        let arriving = detail.view.presentation
        let left = arriving.center.x - arriving.bounds.width / 2
        #expect(left > 0 && left < 320, "the detail's left edge at \(left)")

        for _ in 0..<30 { window.animationEngine.advance(to: window.animationEngine.now + 1.0 / 60) }
        window.rootView.layoutIfNeeded()
        #expect(completed == true && swipe.selectedIndex == 1 && !swipe.isTransitioning)
        for view in views { #expect(!view.isHidden && view.alpha == 1, "\(view.name) shown") }
    }
}
