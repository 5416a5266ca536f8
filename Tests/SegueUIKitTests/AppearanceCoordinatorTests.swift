import SegueTiming
import Testing
import SegueTesting

@testable import SegueUIKit

/// Bug 4: `transitionCoordinator` answers inside viewWillAppear / viewWillDisappear (UIKit's
/// usual place for alongside animations) for present, dismiss, push and pop; an animation
/// added there runs with the transition. GL-free, on a virtual clock.
@MainActor
@Suite("transitionCoordinator in the appearance callbacks", .tags(.pure))
struct AppearanceCoordinatorTests {
    final class Probe: ViewController {
        var seen: [String] = []
        let badge = View(frame: Rect(x: 0, y: 0, width: 10, height: 10), name: "badge")

        override func viewDidLoad() {
            super.viewDidLoad()
            view.addSubview(badge)
        }

        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            seen.append("willAppear coordinator \(transitionCoordinator != nil)")
            badge.alpha = 0
            transitionCoordinator?.animate(alongsideTransition: { _ in self.badge.alpha = 1 })
        }

        override func viewWillDisappear(_ animated: Bool) {
            super.viewWillDisappear(animated)
            seen.append("willDisappear coordinator \(transitionCoordinator != nil)")
        }
    }

    static func run(_ window: Window, _ seconds: Double) {
        let engine = window.animationEngine
        let end = engine.now + seconds
        while engine.now < end { engine.advance(to: engine.now + 0.05) }
    }

    @Test func presentAndDismissRegisterTheCoordinatorFirst() {
        let window = Window(size: Size(width: 320, height: 480))
        let home = Probe(name: "home"), modal = Probe(name: "modal")
        window.rootViewController = home
        home.seen.removeAll()
        home.present(modal, animated: true)
        #expect(modal.seen == ["willAppear coordinator true"] && home.seen == ["willDisappear coordinator true"])
        Self.run(window, 0.15)
        #expect(modal.badge.presentation.alpha > 0 && modal.badge.presentation.alpha < 1, "the alongside animation runs with the transition")
        Self.run(window, 0.5)
        #expect(modal.badge.presentation.alpha == 1 && home.presentedViewController === modal)
        modal.seen.removeAll()
        home.seen.removeAll()
        modal.dismiss(animated: true)
        #expect(home.seen == ["willAppear coordinator true"] && modal.seen == ["willDisappear coordinator true"])
        Self.run(window, 0.5)
        #expect(home.presentedViewController == nil && home.view.superview === window.rootView)
    }

    @Test func pushAndPopRegisterTheCoordinatorFirst() {
        let window = Window(size: Size(width: 320, height: 480))
        let first = Probe(name: "first"), second = Probe(name: "second")
        let navigation = NavigationController(rootViewController: first)
        window.rootViewController = navigation
        first.seen.removeAll()
        navigation.pushViewController(second, animated: true)
        #expect(second.seen == ["willAppear coordinator true"] && first.seen == ["willDisappear coordinator true"])
        Self.run(window, 0.15)
        #expect(second.badge.presentation.alpha > 0 && second.badge.presentation.alpha < 1)
        Self.run(window, 0.5)
        first.seen.removeAll()
        second.seen.removeAll()
        navigation.popViewController(animated: true)
        #expect(first.seen == ["willAppear coordinator true"] && second.seen == ["willDisappear coordinator true"])
        Self.run(window, 0.5)
        #expect(navigation.topViewController === first && first.badge.presentation.alpha == 1)
    }
}
