import SegueUIKit
import Testing
import SegueTesting

/// Arbitration among recognizers and touch delivery to views through `PointerDispatcher`
/// (GL-free), against UIKit's documented rules: `require(toFail:)`, simultaneous recognition by
/// delegate, `cancelsTouchesInView`, `delaysTouchesEnded`, the responder chain, and a control
/// keeping its single taps from its ancestors.
@MainActor
@Suite("Gesture arbitration and touch delivery", .tags(.pure))
struct GestureArbitrationTests {
    typealias State = GestureRecognizer.State

    /// Logs the UIResponder touch methods it gets.
    final class TouchLogView: View {
        var log: [String] = []
        var buttons: [PointerButton] = []
        var modifiers: [KeyModifiers] = []
        override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
            log.append("began")
            buttons.append(event.button)
            modifiers.append(event.modifierFlags)
            #expect(touches.first?.phase == .began)
        }
        override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) { log.append("moved") }
        override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) { log.append("ended") }
        override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) { log.append("cancelled") }
    }

    final class Delegate: GestureRecognizerDelegate {
        var simultaneous = false
        var waitFor: GestureRecognizer?
        var shouldBegin = true
        var shouldReceive = true
        func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { shouldBegin }
        func gestureRecognizer(_ g: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { simultaneous }
        func gestureRecognizer(_ g: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool { other === waitFor }
        func gestureRecognizer(_ g: GestureRecognizer, shouldReceive touch: Touch) -> Bool { shouldReceive }
    }

    /// root 400 × 300 with `view` (100, 100, 200, 150) in it.
    static func scene(_ view: View = TouchLogView(frame: Rect(x: 100, y: 100, width: 200, height: 150), name: "view"))
        -> (dispatcher: PointerDispatcher, root: View, view: View) {
        AnimationEngine.main.reset(to: 0)
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 300), name: "root")
        root.addSubview(view)
        return (PointerDispatcher(root: root), root, view)
    }

    static func tap(_ dispatcher: PointerDispatcher, at point: Point, time: Double) {
        dispatcher.pointerDown(at: point, time: time)
        dispatcher.pointerUp(at: point, time: time + 0.05)
    }

    static func drag(_ dispatcher: PointerDispatcher, from start: Point, step: Point, steps: Int, time: Double = 0, release: Bool = true) {
        dispatcher.pointerDown(at: start, time: time)
        var t = time
        for k in 1...steps {
            t = time + Double(k) / 60
            dispatcher.pointerMoved(to: Point(x: start.x + Double(k) * step.x, y: start.y + Double(k) * step.y), time: t)
        }
        if release { dispatcher.pointerUp(at: Point(x: start.x + Double(steps) * step.x, y: start.y + Double(steps) * step.y), time: t) }
    }

    // MARK: - require(toFail:)

    @Test func singleTapWaitsForTheDoubleTapToFail() {
        let (dispatcher, _, view) = Self.scene()
        var singles = 0, doubles = 0
        let single = TapGestureRecognizer { _ in singles += 1 }
        let double = TapGestureRecognizer(numberOfTapsRequired: 2) { _ in doubles += 1 }
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        single.require(toFail: double)

        // One tap: held back until the double tap's interval has passed, then recognized. Until
        // then the gesture is under way (a host that sleeps while idle keeps drawing frames).
        #expect(!dispatcher.isFollowingGesture)
        Self.tap(dispatcher, at: Point(x: 150, y: 150), time: 0)
        #expect(single.state == .possible && singles == 0 && dispatcher.isFollowingGesture)
        dispatcher.advance(to: 0.35)
        #expect(singles == 0 && dispatcher.isFollowingGesture)
        dispatcher.advance(to: 0.41)
        #expect(double.lastOutcome == .failed && single.lastOutcome == .recognized && singles == 1 && doubles == 0)
        #expect(!dispatcher.isFollowingGesture)

        // Two taps: the double tap wins, the single tap fails without its action.
        Self.tap(dispatcher, at: Point(x: 150, y: 150), time: 1)
        Self.tap(dispatcher, at: Point(x: 152, y: 150), time: 1.2)
        #expect(double.lastOutcome == .recognized && single.lastOutcome == .failed && singles == 1 && doubles == 1)
        dispatcher.advance(to: 2)

        // A tap elsewhere (outside the view) ends the wait at once: that press reaches neither.
        Self.tap(dispatcher, at: Point(x: 150, y: 150), time: 3)
        dispatcher.pointerDown(at: Point(x: 20, y: 20), time: 3.1)
        #expect(singles == 2 && double.lastOutcome == .failed)
        dispatcher.pointerUp(at: Point(x: 20, y: 20), time: 3.15)

        // Disabling the double tap while the single one waits lets it through.
        Self.tap(dispatcher, at: Point(x: 150, y: 150), time: 4)
        #expect(singles == 2)
        double.isEnabled = false
        #expect(singles == 3 && single.lastOutcome == .recognized)
    }

    @Test func withoutARequirementBothTapsFire() {
        let (dispatcher, _, view) = Self.scene()
        var log: [String] = []
        view.addGestureRecognizer(TapGestureRecognizer { _ in log.append("single") })
        view.addGestureRecognizer(TapGestureRecognizer(numberOfTapsRequired: 2) { _ in log.append("double") })
        Self.tap(dispatcher, at: Point(x: 150, y: 150), time: 0)
        #expect(log == ["single"], "the single tap does not wait")
        Self.tap(dispatcher, at: Point(x: 150, y: 150), time: 0.2)
        #expect(log == ["single", "single", "double"])
    }

    // MARK: - Delegates

    @Test func simultaneousRecognitionWhenADelegateAllowsIt() {
        let (dispatcher, root, view) = Self.scene()
        var child: [State] = [], parent: [State] = []
        let childPan = PanGestureRecognizer { child.append($0.state) }
        let parentPan = PanGestureRecognizer { parent.append($0.state) }
        view.addGestureRecognizer(childPan)
        root.addGestureRecognizer(parentPan)
        Self.drag(dispatcher, from: Point(x: 150, y: 150), step: Point(x: 5, y: 0), steps: 4)
        #expect(child == [.began, .changed, .changed, .ended] && parent.isEmpty && parentPan.lastOutcome == .failed)

        let delegate = Delegate()
        delegate.simultaneous = true
        parentPan.delegate = delegate  // one side saying yes is enough
        child = []
        Self.drag(dispatcher, from: Point(x: 150, y: 150), step: Point(x: 5, y: 0), steps: 4, time: 1)
        #expect(child == [.began, .changed, .changed, .ended] && parent == [.began, .changed, .changed, .ended])
    }

    @Test func delegateFailureRequirementShouldBeginAndShouldReceive() {
        let (dispatcher, _, view) = Self.scene()
        var panLog: [(State, Double)] = []
        var swipes = 0
        let pan = PanGestureRecognizer { panLog.append(($0.state, $0.translation(in: nil).x)) }
        let swipe = SwipeGestureRecognizer { _ in swipes += 1 }
        let delegate = Delegate()
        delegate.waitFor = swipe
        pan.delegate = delegate
        view.addGestureRecognizer(pan)
        view.addGestureRecognizer(swipe)

        // A fast swipe: recognized; the pan, waiting on it, fails without an action.
        Self.drag(dispatcher, from: Point(x: 120, y: 150), step: Point(x: 15, y: 0), steps: 5)
        #expect(swipes == 1 && pan.lastOutcome == .failed && panLog.isEmpty)

        // A slow drag (120 px/s): the swipe fails once too slow (0.25 s for 50 px), and the
        // pan, held since it reached 10 px, begins then with the full translation.
        Self.drag(dispatcher, from: Point(x: 120, y: 150), step: Point(x: 2, y: 0), steps: 20, time: 1, release: false)
        #expect(swipe.state == .failed && swipes == 1)
        #expect(panLog.first?.0 == .began && panLog.first?.1 == 30, "began on the frame after 0.25 s, at the move before it")
        #expect(panLog.last?.0 == .changed && panLog.last?.1 == 40)
        dispatcher.pointerUp(at: Point(x: 160, y: 150), time: 1.4)
        #expect(panLog.last?.0 == .ended)

        // gestureRecognizerShouldBegin false: failed; shouldReceive false: never a candidate.
        delegate.waitFor = nil
        delegate.shouldBegin = false
        panLog = []
        Self.drag(dispatcher, from: Point(x: 120, y: 150), step: Point(x: 2, y: 0), steps: 10, time: 2)
        #expect(pan.lastOutcome == .failed && panLog.isEmpty)
        delegate.shouldBegin = true
        delegate.shouldReceive = false
        Self.drag(dispatcher, from: Point(x: 120, y: 150), step: Point(x: 2, y: 0), steps: 10, time: 3)
        #expect(pan.lastOutcome == .failed && panLog.isEmpty, "untouched since the last press")
        #expect((view as? TouchLogView)?.log.suffix(2) == ["moved", "ended"], "the view still gets its touches")
    }

    // MARK: - Touches

    @Test func touchesGoToTheHitViewAndUpTheResponderChain() throws {
        let (dispatcher, _, view) = Self.scene()
        let logView = try #require(view as? TouchLogView)
        Self.drag(dispatcher, from: Point(x: 150, y: 150), step: Point(x: 1, y: 0), steps: 2)
        #expect(logView.log == ["began", "moved", "moved", "ended"])

        // A plain subview passes its touches to its superview (UIKit's next responder).
        let plain = View(frame: Rect(x: 10, y: 10, width: 20, height: 20), name: "plain")
        view.addSubview(plain)
        logView.log = []
        Self.tap(dispatcher, at: Point(x: 115, y: 115), time: 1)
        #expect(logView.log == ["began", "ended"])
        // Without user interaction the subtree is skipped by hit testing: the press lands behind.
        view.isUserInteractionEnabled = false
        #expect(dispatcher.hitTest(Point(x: 115, y: 115)) === dispatcher.root)
        view.isUserInteractionEnabled = true

        // A lost pointer cancels.
        logView.log = []
        dispatcher.pointerDown(at: Point(x: 150, y: 150), time: 2)
        dispatcher.pointerCancelled(time: 2.1)
        #expect(logView.log == ["began", "cancelled"])
    }

    @Test func aRecognizerThatWinsCancelsTheViewsTouches() throws {
        let (dispatcher, _, view) = Self.scene()
        let logView = try #require(view as? TouchLogView)
        let pan = PanGestureRecognizer { _ in }
        view.addGestureRecognizer(pan)
        Self.drag(dispatcher, from: Point(x: 150, y: 150), step: Point(x: 4, y: 0), steps: 5)
        // Moves until the pan begins on the third move (12 px), then cancelled and nothing more.
        #expect(logView.log == ["began", "moved", "moved", "cancelled"])

        pan.cancelsTouchesInView = false
        logView.log = []
        Self.drag(dispatcher, from: Point(x: 150, y: 150), step: Point(x: 4, y: 0), steps: 5, time: 1)
        #expect(logView.log == ["began"] + Array(repeating: "moved", count: 5) + ["ended"])

        // A long press that begins as time passes (no event) cancels them too.
        view.removeGestureRecognizer(pan)
        var pressStates: [State] = []
        view.addGestureRecognizer(LongPressGestureRecognizer { pressStates.append($0.state) })
        logView.log = []
        dispatcher.pointerDown(at: Point(x: 150, y: 150), time: 2)
        dispatcher.advance(to: 2.45)
        #expect(pressStates.isEmpty && logView.log == ["began"])
        dispatcher.advance(to: 2.5)
        #expect(pressStates == [.began] && logView.log == ["began", "cancelled"])
        dispatcher.pointerUp(at: Point(x: 150, y: 150), time: 2.6)
        #expect(pressStates == [.began, .ended] && logView.log == ["began", "cancelled"])
    }

    @Test func aReleaseWaitsForRecognizersThatDelayIt() throws {
        let (dispatcher, _, view) = Self.scene()
        let logView = try #require(view as? TouchLogView)
        var doubles = 0
        let double = TapGestureRecognizer(numberOfTapsRequired: 2) { _ in doubles += 1 }
        view.addGestureRecognizer(double)

        // One tap: the view gets its release once the double tap has failed.
        Self.tap(dispatcher, at: Point(x: 150, y: 150), time: 0)
        #expect(logView.log == ["began"])
        dispatcher.advance(to: 0.5)
        #expect(logView.log == ["began", "ended"])

        // A double tap: the first release comes with the second press; the second touch is cancelled.
        logView.log = []
        Self.tap(dispatcher, at: Point(x: 150, y: 150), time: 1)
        Self.tap(dispatcher, at: Point(x: 150, y: 150), time: 1.2)
        #expect(doubles == 1 && logView.log == ["began", "ended", "began", "cancelled"])

        // delaysTouchesEnded off: the release is immediate.
        double.delaysTouchesEnded = false
        logView.log = []
        Self.tap(dispatcher, at: Point(x: 150, y: 150), time: 3)
        #expect(logView.log == ["began", "ended"])
    }

    @Test func buttonsAndModifiersReachRecognizersAndViews() throws {
        let (dispatcher, _, view) = Self.scene()
        let logView = try #require(view as? TouchLogView)
        var states: [State] = []
        let pan = PanGestureRecognizer { states.append($0.state) }
        view.addGestureRecognizer(pan)

        dispatcher.pointerDown(at: Point(x: 150, y: 150), time: 0, button: .secondary, modifiers: [.control])
        dispatcher.pointerMoved(to: Point(x: 190, y: 150), time: 0.1)
        dispatcher.pointerUp(at: Point(x: 190, y: 150), time: 0.2)
        #expect(states.isEmpty, "a secondary-button drag is not a pan")
        #expect(logView.log == ["began", "moved", "ended"] && logView.buttons == [.secondary] && logView.modifiers == [[.control]])

        pan.allowedButtons = [.primary, .middle]
        dispatcher.pointerDown(at: Point(x: 150, y: 150), time: 1, button: .middle, modifiers: [.alternate])
        dispatcher.pointerMoved(to: Point(x: 190, y: 150), time: 1.1, modifiers: [.alternate, .shift])
        #expect(states == [.began] && pan.button == .middle && pan.modifierFlags == [.alternate, .shift])
        dispatcher.pointerUp(at: Point(x: 190, y: 150), time: 1.2)
        #expect(states == [.began, .ended])
    }

    // MARK: - Controls

    @Test func aControlKeepsItsTapsFromAnAncestorsSingleTap() {
        let control = Control(frame: Rect(x: 100, y: 100, width: 100, height: 40), name: "control")
        let (dispatcher, root, _) = Self.scene(control)
        var events: [String] = []
        control.addAction(for: .touchUpInside) { _ in events.append("upInside") }
        control.addAction(for: .touchCancel) { _ in events.append("cancel") }
        root.addGestureRecognizer(TapGestureRecognizer { _ in events.append("rootTap") })
        let rootDouble = TapGestureRecognizer(numberOfTapsRequired: 2) { _ in events.append("rootDouble") }
        root.addGestureRecognizer(rootDouble)

        Self.tap(dispatcher, at: Point(x: 150, y: 120), time: 0)
        dispatcher.advance(to: 1)
        #expect(events == ["upInside"], "the button acts; the root's single tap fails")
        Self.tap(dispatcher, at: Point(x: 20, y: 20), time: 2)
        #expect(events == ["upInside", "rootTap"])
        dispatcher.advance(to: 3)

        // A double tap is not the control's gesture: the ancestor's double tap takes the second press.
        events = []
        Self.tap(dispatcher, at: Point(x: 150, y: 120), time: 4)
        Self.tap(dispatcher, at: Point(x: 150, y: 120), time: 4.2)
        #expect(events == ["upInside", "cancel", "rootDouble"])
    }
}
