import SegueUIKit
import SegueTesting
import Testing

/// UIKit's responder chain for keys, text and the scroll wheel (UIResponder's documentation:
/// a view's next responder is its view controller if it is one's root view, else its superview;
/// a presented controller's is the presenting one), and the window's redraw mark.
@Suite("Responders and the window's redraw mark", .tags(.pure))
@MainActor
struct ResponderTests {
    final class RecordingView: View {
        var log: [String] = []
        var accepts = true
        var handlesKeys = true
        override var canBecomeFirstResponder: Bool { accepts }
        override func pressesBegan(_ press: KeyPress) {
            guard handlesKeys else { return super.pressesBegan(press) }
            log.append("\(name) began \(press.key.name)\(press.isRepeat ? " repeat" : "")")
        }
        override func pressesEnded(_ press: KeyPress) { log.append("\(name) ended \(press.key.name)") }
        override func insertText(_ text: String) { log.append("\(name) text \(text)") }
        override func scrollWheel(_ event: ScrollWheelEvent) { log.append("\(name) scroll \(event.delta.y)") }
    }

    final class RecordingController: ViewController {
        var log: [String] = []
        override func pressesBegan(_ press: KeyPress) { log.append("controller began \(press.key.name)") }
        override func insertText(_ text: String) { log.append("controller text \(text)") }
        override func scrollWheel(_ event: ScrollWheelEvent) { log.append("controller scroll") }
    }

    func makeWindow() -> (Window, RecordingController, RecordingView, RecordingView) {
        let window = Window(size: Size(width: 200, height: 100))
        let controller = RecordingController()
        window.rootViewController = controller
        let outer = RecordingView(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "outer")
        let inner = RecordingView(frame: Rect(x: 10, y: 10, width: 50, height: 50), name: "inner")
        controller.view.addSubview(outer)
        outer.addSubview(inner)
        return (window, controller, outer, inner)
    }

    @Test func keysAndTextGoToTheFirstResponder() {
        let (window, controller, outer, inner) = makeWindow()
        #expect(inner.becomeFirstResponder())
        #expect(inner.isFirstResponder && window.firstResponder === inner)
        window.deliver(KeyPress(key: .character("A"), phase: .began))
        window.deliver(KeyPress(key: .character("A"), phase: .repeated))
        window.deliver(KeyPress(key: .character("A"), phase: .ended))
        window.deliverText("é")
        #expect(inner.log == ["inner began A", "inner began A repeat", "inner ended A", "inner text é"])
        #expect(outer.log.isEmpty && controller.log.isEmpty)
    }

    @Test func whatAResponderDoesNotHandleGoesUpTheChainToTheController() {
        let (window, controller, outer, inner) = makeWindow()
        inner.handlesKeys = false
        outer.handlesKeys = false
        inner.becomeFirstResponder()
        window.deliver(KeyPress(key: .escape, phase: .began))
        // inner → outer → the controller's root view → the controller.
        #expect(controller.log == ["controller began Escape"])
        #expect(inner.nextResponder === outer)
        #expect(outer.nextResponder === controller.view)
        #expect(controller.view.nextResponder === controller)
    }

    @Test func withoutAFirstResponderKeysGoToTheControllerOnScreen() {
        let (window, controller, _, inner) = makeWindow()
        window.deliver(KeyPress(key: .tab, phase: .began))
        window.deliverText("x")
        #expect(controller.log == ["controller began Tab", "controller text x"])
        #expect(inner.log.isEmpty)
    }

    @Test func onlyAcceptingRespondersInTheWindowBecomeFirst() {
        let (window, _, outer, inner) = makeWindow()
        outer.accepts = false
        #expect(!outer.becomeFirstResponder())
        let loose = RecordingView(name: "loose")
        #expect(!loose.becomeFirstResponder())  // in no window
        #expect(inner.becomeFirstResponder())
        #expect(inner.resignFirstResponder())
        #expect(window.firstResponder == nil)
        // A first responder removed from the window stops being it.
        inner.becomeFirstResponder()
        inner.removeFromSuperview()
        #expect(window.firstResponder == nil)
    }

    @Test func theScrollWheelGoesToTheViewUnderThePointer() {
        let (window, controller, outer, inner) = makeWindow()
        window.deliver(ScrollWheelEvent(location: Point(x: 20, y: 20), delta: Point(x: 0, y: -1)))
        window.deliver(ScrollWheelEvent(location: Point(x: 80, y: 80), delta: Point(x: 0, y: 2)))
        window.deliver(ScrollWheelEvent(location: Point(x: 150, y: 50), delta: Point(x: 0, y: 3)))
        #expect(inner.log == ["inner scroll -1.0"])
        #expect(outer.log == ["outer scroll 2.0"])
        #expect(controller.log == ["controller scroll"])  // the controller's own view, outside both
    }

    @Test func everyChangeAFrameWouldShowMarksTheWindow() {
        let (window, _, outer, inner) = makeWindow()
        let changes: [(String, () -> Void)] = [
            ("center", { inner.center = Point(x: 30, y: 31) }), ("alpha", { inner.alpha = 0.5 }),
            ("transform", { inner.transform = Transform3D(scaleX: 2, y: 2, z: 1) }),
            ("background", { inner.backgroundColor = Color(red: 1, green: 0, blue: 0) }),
            ("bounds", { inner.bounds = Rect(x: 0, y: 0, width: 40, height: 40) }), ("hidden", { inner.isHidden = true }),
            ("anchor", { inner.anchorPoint = Point(x: 0, y: 0) }), ("corner", { inner.cornerRadius = 4 }),
            ("clips", { inner.clipsToBounds = true }), ("group opacity", { inner.allowsGroupOpacity = false }),
            ("content", { inner.content = nil }), ("display", { inner.setNeedsDisplay() }), ("layout", { inner.setNeedsLayout() }),
            ("add", { outer.addSubview(View(name: "new")) }), ("remove", { inner.removeFromSuperview() }),
            ("front", { outer.bringSubviewToFront(outer.subviews[0]) }), ("back", { outer.sendSubviewToBack(outer.subviews.last!) }),
        ]
        for (name, change) in changes {
            window.needsDisplay = false
            change()
            #expect(window.needsDisplay, "\(name) did not mark the window")
        }
        // A view in no window marks nothing (and does not trap).
        window.needsDisplay = false
        let loose = View(name: "loose")
        loose.alpha = 0.3
        loose.addSubview(View())
        #expect(!window.needsDisplay)
    }
}
