import SegueTiming
import SegueUIKit
import Testing

/// Issue 28, defect 8: one documented rule for requests made while a transition runs
/// (PortingUIKitCode.md, "Requests during a transition"). Navigation requests made during a push,
/// a pop or a presentation are deferred, as UIKit defers them (rdar://44091459: the stack is not
/// updated until the running transition ends); a present or dismiss made during a presentation or
/// dismissal is dropped, as UIKit refuses it (rdar://17762871: "Attempt to present … while a
/// presentation is in progress", "Attempt to dismiss … while a presentation or dismiss is in
/// progress"); a present made during a push waits for it. Each deferral and each drop is reported.
@MainActor
@Suite("Requests during a transition", .tags(.pure))
struct TransitionRequestRuleTests {
    private func messages(_ s: ContainerTests.NavScene) -> [String] { s.window.diagnostics.messages }

    @Test func aPushDuringAPushIsDeferred() {
        let s = ContainerTests.makeNav()
        s.nav.pushViewController(s.b, animated: true)
        s.nav.pushViewController(s.c, animated: true)
        #expect(messages(s) == ["push(C) was requested while another transition runs; it is queued and starts when that one completes"])
        #expect(s.nav.viewControllers.map(\.name) == ["A", "B"])
        s.tick(4)
        #expect(s.nav.viewControllers.map(\.name) == ["A", "B", "C"] && s.nav.isTransitioning, "C's push runs after B's")
        s.tick(4)
        #expect(!s.nav.isTransitioning && s.nav.containerView.subviews.map(\.name) == ["C.view"])
    }

    @Test func aPopDuringAPushIsDeferred() {
        let s = ContainerTests.makeNav()
        s.nav.pushViewController(s.b, animated: true)
        #expect(s.nav.popViewController(animated: true) == nil, "deferred: what it pops is not known yet")
        #expect(messages(s).count == 1 && messages(s)[0].hasPrefix("pop was requested while another transition runs"))
        s.tick(4)
        #expect(s.nav.viewControllers.map(\.name) == ["A"] && s.nav.isTransitioning, "the pop runs after the push")
        s.tick(4)
        #expect(!s.nav.isTransitioning && s.nav.containerView.subviews.map(\.name) == ["A.view"] && s.b.parent == nil)
    }

    @Test func aPresentDuringAPresentationIsDropped() {
        let s = ContainerTests.makeNav()
        let first = ViewController(name: "first"), second = ViewController(name: "second")
        var secondCompleted = false
        s.nav.present(first, animated: true)
        s.nav.present(second, animated: true) { secondCompleted = true }
        #expect(messages(s).count == 1 && messages(s)[0].contains("attempt to present second on nav while a presentation is in progress"))
        #expect(messages(s)[0].contains("dropped"))
        s.tick(4)
        #expect(s.nav.presentedViewController === first && second.presentingViewController == nil && !secondCompleted)
    }

    @Test func aDismissDuringAPresentationIsDropped() {
        let s = ContainerTests.makeNav()
        let first = ViewController(name: "first")
        var dismissed = false
        s.nav.present(first, animated: true)
        first.dismiss(animated: true) { dismissed = true }
        #expect(messages(s) == ["attempt to dismiss first while a presentation is in progress; the request is dropped (as UIKit does)"])
        s.tick(4)
        #expect(s.nav.presentedViewController === first && !dismissed, "the presentation stands")
    }

    @Test func aPresentDuringAPushWaitsForIt() {
        let s = ContainerTests.makeNav()
        let sheet = ViewController(name: "sheet")
        var presented = false
        s.nav.pushViewController(s.b, animated: true)
        s.nav.present(sheet, animated: true) { presented = true }
        #expect(messages(s) == [
            "attempt to present sheet on nav while a push, pop or tab change runs in this window; it is queued and starts when that one completes",
        ])
        #expect(s.nav.presentedViewController == nil && !s.window.transitionDriver.isTransitioning)
        s.tick(4)
        #expect(!s.nav.isTransitioning && s.nav.viewControllers.map(\.name) == ["A", "B"], "the push completed first")
        #expect(s.window.transitionDriver.isTransitioning, "then the presentation started")
        s.tick(2)
        #expect(presented && s.nav.presentedViewController === sheet)
    }

    @Test func aPushDuringAPresentationWaitsForIt() {
        let s = ContainerTests.makeNav()
        let sheet = ViewController(name: "sheet")
        s.nav.present(sheet, animated: true)
        s.nav.pushViewController(s.b, animated: true)
        #expect(messages(s) == [
            "push(B) was requested while a presentation or dismissal runs; it is queued and starts when that one completes",
        ])
        #expect(s.nav.viewControllers.map(\.name) == ["A"] && !s.nav.isTransitioning)
        s.tick(2)
        #expect(s.nav.presentedViewController === sheet && !s.window.transitionDriver.isTransitioning)
        #expect(s.nav.viewControllers.map(\.name) == ["A", "B"], "the push ran once the presentation ended")
        s.tick(4)
        #expect(!s.nav.isTransitioning && s.nav.containerView.subviews.map(\.name) == ["B.view"])
    }

    @Test func aPushDuringADismissalWaitsForIt() {
        let s = ContainerTests.makeNav()
        let sheet = ViewController(name: "sheet")
        s.nav.present(sheet, animated: true)
        s.tick(2)
        sheet.dismiss(animated: true)
        s.nav.pushViewController(s.b, animated: true)
        #expect(messages(s) == [
            "push(B) was requested while a presentation or dismissal runs; it is queued and starts when that one completes",
        ])
        s.tick(2)
        #expect(s.nav.presentedViewController == nil && s.nav.viewControllers.map(\.name) == ["A", "B"] && s.nav.isTransitioning)
        s.tick(4)
        #expect(!s.nav.isTransitioning && s.nav.containerView.subviews.map(\.name) == ["B.view"])
    }
}
