import SegueTiming
import SegueUIKit
import SegueTesting
import Testing

/// Each window runs its own animations on its own clock (`Window.animationEngine`): what one
/// window's frames advance, the other's do not see; animations follow their views between windows.
@MainActor
@Suite("State per window: engines, clocks, display links, diagnostics, coordinators", .tags(.pure))
struct WindowEngineTests {
    private static func card(in window: Window, name: String) -> View {
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10), name: name)
        window.rootView.addSubview(view)
        return view
    }

    @Test func eachWindowAdvancesOnlyItsOwnAnimations() {
        let a = Window(size: Size(width: 20, height: 20)), b = Window(size: Size(width: 20, height: 20))
        let cardA = Self.card(in: a, name: "a"), cardB = Self.card(in: b, name: "b")
        View.animate(withDuration: 1, options: .curveLinear, animations: { cardA.alpha = 0 })
        View.animate(withDuration: 1, options: .curveLinear, animations: { cardB.alpha = 0 })
        b.animationEngine.advance(to: 0.75)
        #expect(cardB.presentation.alpha == 0.25)
        #expect(cardA.presentation.alpha == 1, "B's frame does not move A's animation")
        a.animationEngine.advance(to: 0.25)
        #expect(cardA.presentation.alpha == 0.75 && cardB.presentation.alpha == 0.25)
        #expect(a.animationEngine.animationGroupCount == 1 && b.animationEngine.animationGroupCount == 1)
    }

    @Test func aGroupStartsOnTheClockOfItsWindow() {
        let a = Window(size: Size(width: 20, height: 20)), b = Window(size: Size(width: 20, height: 20))
        b.animationEngine.advance(to: 10)
        let cardA = Self.card(in: a, name: "a"), cardB = Self.card(in: b, name: "b")
        var ended: [String] = []
        View.animate(withDuration: 1, options: .curveLinear, animations: { cardA.alpha = 0 }, completion: { _ in ended.append("a") })
        View.animate(withDuration: 1, options: .curveLinear, animations: { cardB.alpha = 0 }, completion: { _ in ended.append("b") })
        a.animationEngine.advance(to: 0.5)
        b.animationEngine.advance(to: 10.5)
        #expect(cardA.presentation.alpha == 0.5 && cardB.presentation.alpha == 0.5)
        a.animationEngine.advance(to: 1)
        #expect(ended == ["a"])
        b.animationEngine.advance(to: 11)
        #expect(ended == ["a", "b"])
    }

    @Test func aDisplayLinkTicksOnlyOnItsWindowsFrames() {
        let a = Window(size: Size(width: 20, height: 20)), b = Window(size: Size(width: 20, height: 20))
        var ticks: [Double] = []
        let link = a.animationEngine.addDisplayLink { ticks.append($0) }
        b.animationEngine.advance(to: 0.5)
        #expect(ticks.isEmpty)
        a.animationEngine.advance(to: 0.25)
        #expect(ticks == [0.25])
        link.invalidate()
    }

    @Test func diagnosticsStayInTheirWindow() {
        let a = Window(size: Size(width: 20, height: 20)), b = Window(size: Size(width: 20, height: 20))
        let rootA = ViewController(name: "rootA"), rootB = ViewController(name: "rootB")
        a.rootViewController = rootA
        b.rootViewController = rootB
        rootB.dismiss(animated: true)
        b.rootView.addSubview(b.rootView)
        #expect(b.diagnostics.messages.count == 2)
        #expect(b.diagnostics.messages.first?.contains("nothing to dismiss") == true)
        #expect(a.diagnostics.messages.isEmpty && a.diagnostics.totalReported == 0)
    }

    @Test func anAnimationStartedInNoWindowRunsOnTheWindowItJoins() {
        let window = Window(size: Size(width: 20, height: 20))
        window.animationEngine.advance(to: 5)
        let loose = View(frame: Rect(x: 0, y: 0, width: 10, height: 10), name: "loose")
        var finished: Bool?
        View.animate(withDuration: 1, options: .curveLinear, animations: { loose.alpha = 0 }, completion: { finished = $0 })
        window.rootView.addSubview(loose)
        #expect(window.animationEngine.animationGroupCount == 1, "the group moved to the window's engine")
        window.animationEngine.advance(to: 5.5)
        #expect(loose.presentation.alpha == 0.5)
        window.animationEngine.advance(to: 6)
        #expect(finished == true && loose.presentation.alpha == 0)
    }

    @Test func aRunningAnimationFollowsItsViewToAnotherWindow() {
        let a = Window(size: Size(width: 20, height: 20)), b = Window(size: Size(width: 20, height: 20))
        b.animationEngine.advance(to: 10)
        let moving = Self.card(in: a, name: "moving")
        View.animate(withDuration: 1, options: .curveLinear, animations: { moving.alpha = 0 })
        a.animationEngine.advance(to: 0.25)
        #expect(moving.presentation.alpha == 0.75)
        b.rootView.addSubview(moving)
        #expect(a.animationEngine.animationGroupCount == 0 && b.animationEngine.animationGroupCount == 1)
        a.animationEngine.advance(to: 0.9)
        #expect(moving.presentation.alpha == 0.75, "A's frames no longer move it")
        b.animationEngine.advance(to: 10.25)
        #expect(moving.presentation.alpha == 0.5, "it kept the 0.25 s it had run")
    }

    @Test func aPropertyAnimatorRunsOnItsViewsWindow() {
        let a = Window(size: Size(width: 20, height: 20)), b = Window(size: Size(width: 20, height: 20))
        a.animationEngine.advance(to: 3)
        let card = Self.card(in: a, name: "card")
        let animator = PropertyAnimator(duration: 1, curve: .linear) { card.alpha = 0 }
        animator.startAnimation()
        b.animationEngine.advance(to: 3.5)
        #expect(card.presentation.alpha == 1)
        a.animationEngine.advance(to: 3.5)
        #expect(card.presentation.alpha == 0.5)
        a.animationEngine.advance(to: 4)
        #expect(animator.state == .inactive && card.presentation.alpha == 0)
    }

    @Test func aBlockThatAnimatesNothingCompletesOnTheWindowWhoseFrameStartedIt() {
        let window = Window(size: Size(width: 20, height: 20))
        window.animationEngine.advance(to: 5)
        var started = false, done = false
        let link = window.animationEngine.addDisplayLink { _ in
            guard !started else { return }
            started = true
            View.animate(withDuration: 1, animations: {}, completion: { _ in done = true })
        }
        window.animationEngine.advance(to: 5.5)
        window.animationEngine.advance(to: 6.4)
        #expect(started && !done, "it started at 5.5, on this window's clock")
        window.animationEngine.advance(to: 6.5)
        #expect(done)
        link.invalidate()
    }

    @Test func coordinatorsAreLentPerController() {
        let a = Window(size: Size(width: 100, height: 100)), b = Window(size: Size(width: 100, height: 100))
        let rootA = ViewController(name: "rootA"), rootB = ViewController(name: "rootB")
        a.rootViewController = rootA
        b.rootViewController = rootB
        a.resize(to: Size(width: 50, height: 50), duration: 1)
        #expect(rootA.transitionCoordinator != nil && rootB.transitionCoordinator == nil)
        b.animationEngine.advance(to: 2)
        #expect(rootA.transitionCoordinator != nil, "B's clock does not end A's resize")
        a.animationEngine.advance(to: 1)
        #expect(rootA.transitionCoordinator == nil)
    }
}
