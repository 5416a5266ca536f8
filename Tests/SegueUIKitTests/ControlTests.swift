import SegueUIKit
import Testing
import SegueTesting

/// UIControl's tracking on the touches a control gets (GL-free): touch down, drags with the
/// ~70-point slop UIKit keeps around a control, touch up inside or outside, cancellation.
@MainActor
@Suite("Control tracking (touch up inside, slop, cancel)", .tags(.pure))
struct ControlTests {
    /// root 600 × 400 with a 100 × 40 control at (200, 200).
    static func scene() -> (PointerDispatcher, View, Control, () -> [Control.Event]) {
        AnimationEngine.main.reset(to: 0)
        let root = View(frame: Rect(x: 0, y: 0, width: 600, height: 400), name: "root")
        let control = Control(frame: Rect(x: 200, y: 200, width: 100, height: 40))
        root.addSubview(control)
        final class Box { var events: [Control.Event] = [] }
        let box = Box()
        let names: [Control.Event] = [.touchDown, .touchDragInside, .touchDragOutside, .touchDragEnter, .touchDragExit,
                                      .touchUpInside, .touchUpOutside, .touchCancel]
        for event in names { control.addAction(for: event) { _ in box.events.append(event) } }
        return (PointerDispatcher(root: root), root, control, { box.events })
    }

    @Test func touchUpInsideHighlightsWhilePressed() {
        let (dispatcher, _, control, events) = Self.scene()
        dispatcher.pointerDown(at: Point(x: 250, y: 220), time: 0)
        #expect(control.isHighlighted && control.isTracking && control.isTouchInside)
        dispatcher.pointerMoved(to: Point(x: 260, y: 225), time: 0.05)
        dispatcher.pointerUp(at: Point(x: 260, y: 225), time: 0.1)
        #expect(events() == [.touchDown, .touchDragInside, .touchUpInside])
        #expect(!control.isHighlighted && !control.isTracking)
    }

    @Test func theSlopKeepsANearbyReleaseInside() {
        let (dispatcher, _, control, events) = Self.scene()
        // 60 points right of the bounds (x 300 + 60): still inside, still highlighted.
        dispatcher.pointerDown(at: Point(x: 290, y: 220), time: 0)
        dispatcher.pointerMoved(to: Point(x: 360, y: 220), time: 0.1)
        #expect(control.isHighlighted && control.isTouchInside)
        dispatcher.pointerUp(at: Point(x: 360, y: 220), time: 0.2)
        #expect(events() == [.touchDown, .touchDragInside, .touchUpInside])

        // 80 points below: outside; back in, and out again to release outside.
        let (dispatcher2, _, control2, events2) = Self.scene()
        dispatcher2.pointerDown(at: Point(x: 250, y: 220), time: 0)
        dispatcher2.pointerMoved(to: Point(x: 250, y: 320), time: 0.1)
        #expect(!control2.isHighlighted && !control2.isTouchInside && control2.isTracking)
        dispatcher2.pointerMoved(to: Point(x: 250, y: 300), time: 0.2)  // 60 below: inside
        #expect(control2.isHighlighted)
        dispatcher2.pointerMoved(to: Point(x: 130, y: 220), time: 0.3)  // 70 left of x 200 is the limit; 70 exactly counts
        #expect(control2.isTouchInside)
        dispatcher2.pointerMoved(to: Point(x: 129, y: 220), time: 0.4)
        dispatcher2.pointerUp(at: Point(x: 129, y: 220), time: 0.5)
        #expect(events2() == [.touchDown, .touchDragOutside, .touchDragExit, .touchDragInside, .touchDragEnter,
                              .touchDragInside, .touchDragOutside, .touchDragExit, .touchUpOutside])
        #expect(!control2.isHighlighted && !control2.isTracking)
    }

    @Test func disabledOrSecondaryPressesAreNotTrackedAndARecognizerCancels() {
        let (dispatcher, root, control, events) = Self.scene()
        control.isEnabled = false
        dispatcher.pointerDown(at: Point(x: 250, y: 220), time: 0)
        dispatcher.pointerUp(at: Point(x: 250, y: 220), time: 0.1)
        #expect(events().isEmpty && !control.isHighlighted)
        control.isEnabled = true
        dispatcher.pointerDown(at: Point(x: 250, y: 220), time: 1, button: .secondary)
        dispatcher.pointerUp(at: Point(x: 250, y: 220), time: 1.1)
        #expect(events().isEmpty)

        // A pan on an ancestor begins: the control's press is cancelled, not released.
        var pans = 0
        root.addGestureRecognizer(PanGestureRecognizer { _ in pans += 1 })
        dispatcher.pointerDown(at: Point(x: 250, y: 220), time: 2)
        dispatcher.pointerMoved(to: Point(x: 230, y: 220), time: 2.1)
        #expect(events() == [.touchDown, .touchCancel] && pans == 1 && !control.isHighlighted && !control.isTracking)
        dispatcher.pointerUp(at: Point(x: 230, y: 220), time: 2.2)
        #expect(events() == [.touchDown, .touchCancel])

        // Disabling a control while it tracks cancels the press.
        root.gestureRecognizers.forEach { root.removeGestureRecognizer($0) }
        dispatcher.pointerDown(at: Point(x: 250, y: 220), time: 3)
        control.isEnabled = false
        dispatcher.pointerUp(at: Point(x: 250, y: 220), time: 3.1)
        #expect(events().suffix(2) == [.touchDown, .touchCancel])
    }
}
