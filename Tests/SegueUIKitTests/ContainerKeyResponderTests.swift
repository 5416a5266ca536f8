import SegueTesting
import SegueUIKit
import Testing

/// Keys without a first responder under the built-in containers. UIKit's responder chain
/// (UIResponder.next: a view's next responder is its controller, a controller's is its view's
/// superview) puts the screen a container shows before the container; the porting guide
/// promises keys go to the controller on screen, so that screen gets them first, without
/// calling `becomeFirstResponder()`, and what it does not handle goes on to the container.
@Suite("Keys under containers", .tags(.pure))
@MainActor
struct ContainerKeyResponderTests {
    final class Log { var entries: [String] = [] }

    final class Screen: ViewController {
        let log: Log
        var handlesKeys = true
        init(_ name: String, _ log: Log) { self.log = log; super.init(name: name) }
        override func pressesBegan(_ press: KeyPress) {
            guard handlesKeys else { return super.pressesBegan(press) }
            log.entries.append("\(name) \(press.key.name)")
        }
        override func insertText(_ text: String) { log.entries.append("\(name) text \(text)") }
    }

    final class LoggingNavigation: NavigationController {
        let log: Log
        init(root: ViewController, _ log: Log) { self.log = log; super.init(rootViewController: root, name: "nav") }
        override func pressesBegan(_ press: KeyPress) { log.entries.append("nav \(press.key.name)") }
    }

    func press(_ window: Window, _ key: KeyboardKey) { window.deliver(KeyPress(key: key, phase: .began)) }

    @Test func theScreenANavigationControllerShowsGetsKeysWithoutBecomingFirstResponder() {
        let log = Log()
        let window = Window(size: Size(width: 320, height: 480))
        let a = Screen("A", log), b = Screen("B", log)
        let nav = LoggingNavigation(root: a, log)
        window.rootViewController = nav
        press(window, .escape)
        window.deliverText("x")
        #expect(log.entries == ["A Escape", "A text x"])
        #expect(window.firstResponder == nil)

        nav.pushViewController(b, animated: true)
        var time = 0.0
        for _ in 0..<40 where nav.isTransitioning {
            time += 0.1
            window.animationEngine.advance(to: time)
        }
        #expect(!nav.isTransitioning)
        log.entries.removeAll()
        press(window, .tab)
        #expect(log.entries == ["B Tab"], "the pushed screen is on screen now")

        // What the screen does not handle goes up the chain to the container.
        b.handlesKeys = false
        log.entries.removeAll()
        press(window, .tab)
        #expect(log.entries == ["nav Tab"])
    }

    @Test func aFirstResponderStillComesFirst() {
        let log = Log()
        let window = Window(size: Size(width: 320, height: 480))
        let a = Screen("A", log)
        window.rootViewController = LoggingNavigation(root: a, log)
        final class Field: View {
            let log: Log
            init(_ log: Log) { self.log = log; super.init(frame: Rect(x: 0, y: 0, width: 10, height: 10), name: "field") }
            override var canBecomeFirstResponder: Bool { true }
            override func pressesBegan(_ press: KeyPress) { log.entries.append("field \(press.key.name)") }
        }
        let field = Field(log)
        a.view.addSubview(field)
        #expect(field.becomeFirstResponder())
        press(window, .escape)
        #expect(log.entries == ["field Escape"])
    }

    @Test func theScreenASwipeContainerShowsGetsKeys() {
        let log = Log()
        let window = Window(size: Size(width: 320, height: 480))
        let left = Screen("left", log), right = Screen("right", log)
        let swipe = SwipeContainerViewController(viewControllers: [left, right], name: "swipe")
        window.rootViewController = swipe
        press(window, .escape)
        #expect(log.entries == ["left Escape"])
        swipe.transition(to: 1, animated: true)
        var time = 0.0
        for _ in 0..<40 where swipe.isTransitioning {
            time += 0.1
            window.animationEngine.advance(to: time)
        }
        #expect(!swipe.isTransitioning)
        log.entries.removeAll()
        press(window, .escape)
        #expect(log.entries == ["right Escape"])
    }

    @Test func theSelectedTabAndAScreenPresentedOverTheContainerGetKeys() {
        let log = Log()
        let window = Window(size: Size(width: 320, height: 480))
        let first = Screen("first", log), second = Screen("second", log)
        let tabs = TabBarController(viewControllers: [first, second], name: "tabs")
        window.rootViewController = tabs
        press(window, .escape)
        #expect(log.entries == ["first Escape"])
        #expect(window.defaultKeyResponder === first)

        let modal = Screen("modal", log)
        first.present(modal, animated: false)
        var time = 0.0
        for _ in 0..<40 where modal.appearanceState != .appeared {
            time += 0.1
            window.animationEngine.advance(to: time)
        }
        log.entries.removeAll()
        press(window, .escape)
        #expect(log.entries == ["modal Escape"], "a presented screen is above the tab")
    }
}
