import SegueTiming
import SegueUIKit
import SegueCompositor
import SegueCompositorTestSupport
import Testing
import SegueTesting

@MainActor
@Suite("Window (root of a displayed tree)", .tags(.gl))
struct WindowTests {
    final class Screen: ViewController {
        var log: [String] = []
        override func viewWillAppear(_ animated: Bool) { log.append("willAppear"); super.viewWillAppear(animated) }
        override func viewDidAppear(_ animated: Bool) { log.append("didAppear"); super.viewDidAppear(animated) }
        override func viewWillDisappear(_ animated: Bool) { log.append("willDisappear"); super.viewWillDisappear(animated) }
        override func viewDidDisappear(_ animated: Bool) { log.append("didDisappear"); super.viewDidDisappear(animated) }
    }

    @Test func rootViewControllerFillsTheWindowAndAppears() {
        let window = Window(size: Size(width: 200, height: 100))
        let first = Screen(name: "first"), second = Screen(name: "second")
        window.rootViewController = first
        #expect(first.view.frame == Rect(x: 0, y: 0, width: 200, height: 100))
        #expect(first.view.superview === window.rootView)
        #expect(first.log == ["willAppear", "didAppear"])
        window.rootViewController = second
        #expect(first.log == ["willAppear", "didAppear", "willDisappear", "didDisappear"])
        #expect(first.view.superview == nil)
        #expect(second.appearanceState == .appeared)
        window.resize(to: Size(width: 50, height: 80))
        #expect(second.view.frame == Rect(x: 0, y: 0, width: 50, height: 80))
    }

    @Test func renderFrameAdvancesAnimationsAndDraws() throws {
        try withCompositor(width: 40, height: 20) { compositor, target in
            let window = Window(size: Size(width: 40, height: 20))
            let screen = Screen(name: "screen")
            screen.view.backgroundColor = .black
            window.rootViewController = screen
            View.animate(withDuration: 1, options: .curveLinear, animations: { screen.view.backgroundColor = .white })
            try window.renderFrame(at: 0.5, compositor: compositor, into: target)
            let middle = try target.readImage()[20, 10]
            #expect(abs(Int(middle.x) - 128) <= 1, "half way from black to white: \(middle)")
            try window.renderFrame(at: 1, compositor: compositor, into: target)
            #expect(try target.readImage()[20, 10] == SIMD4(255, 255, 255, 255))
        }
    }
}
