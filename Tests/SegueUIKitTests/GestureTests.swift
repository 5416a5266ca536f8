import SegueUIKit
import Testing
import SegueTesting

/// Pan recognition and pointer routing, fed with synthetic event sequences (GL-free).
@MainActor
@Suite("Gestures (pan recognizer, pointer dispatcher)", .tags(.pure))
struct GestureTests {

    /// What the action saw, one entry per call.
    final class Log {
        struct Entry {
            var state: PanGestureRecognizer.State
            var translation: Point
            var velocity: Point
        }
        var entries: [Entry] = []
        var states: [PanGestureRecognizer.State] { entries.map(\.state) }
        /// The last call (a placeholder in .possible when there was none, so that checks fail without trapping).
        var last: Entry { entries.last ?? Entry(state: .possible, translation: .zero, velocity: .zero) }
        var first: Entry { entries.first ?? Entry(state: .possible, translation: .zero, velocity: .zero) }
    }

    static func recognizer(_ log: Log, minimumDistance: Double = 10, in view: View? = nil) -> PanGestureRecognizer {
        PanGestureRecognizer(minimumDistance: minimumDistance) { r in
            log.entries.append(.init(state: r.state, translation: r.translation(in: view), velocity: r.velocity(in: view)))
        }
    }

    static func near(_ a: Double, _ b: Double, relative: Double = 0, absolute: Double = 1e-9) -> Bool {
        abs(a - b) <= max(absolute, relative * abs(b))
    }

    static func near(_ a: Point, _ b: Point, tolerance: Double = 1e-9) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    /// Down at `from`, then `steps` moves of `step` every 1/60 s. Returns the time of the last move.
    @discardableResult
    static func drag(
        _ down: (Point, Double) -> Void, _ move: (Point, Double) -> Void,
        from: Point, step: Point, steps: Int, start: Double = 0
    ) -> Double {
        down(from, start)
        var t = start
        for k in 1...steps {
            t = start + Double(k) / 60
            move(Point(x: from.x + Double(k) * step.x, y: from.y + Double(k) * step.y), t)
        }
        return t
    }

    // MARK: - Recognizer

    @Test func syntheticDragBeginsChangesAndEnds() {
        let log = Log()
        let pan = Self.recognizer(log)
        #expect(pan.state == .possible)
        let last = Self.drag(pan.pointerDown, pan.pointerMoved, from: Point(x: 100, y: 100), step: Point(x: 5, y: 0), steps: 40)
        #expect(pan.location(in: nil) == Point(x: 300, y: 100))
        pan.pointerUp(at: Point(x: 300, y: 100), time: last)

        let states = log.states
        #expect(states.first == .began)
        #expect(states.last == .ended)
        #expect(states.filter { $0 == .began }.count == 1)
        #expect(states.filter { $0 == .ended }.count == 1)
        #expect(states.dropFirst().dropLast().allSatisfy { $0 == .changed })
        // Begins on the move that reaches 10 px (the 2nd); one call per later move, then the end.
        #expect(states.count == 1 + 38 + 1)
        #expect(pan.state == .ended)

        // UIKit reports the full translation from the press at .began.
        let began = log.first
        #expect(began.translation.x >= 10)
        #expect(began.translation == Point(x: 10, y: 0))
        #expect(log.last.translation == Point(x: 200, y: 0))
        #expect(pan.translation(in: nil) == Point(x: 200, y: 0))

        // 5 px per 1/60 s is 300 px/s, on every call during the steady move.
        for entry in log.entries.dropLast() {
            #expect(Self.near(entry.velocity.x, 300, relative: 0.01), "velocity \(entry.velocity)")
            #expect(Self.near(entry.velocity.y, 0, absolute: 1e-6))
        }
        // Released without pausing (same instant as the last move): still moving.
        #expect(Self.near(log.last.velocity.x, 300, relative: 0.01))
    }

    @Test func velocityIsZeroAfterAPauseBeforeRelease() {
        let log = Log()
        let pan = Self.recognizer(log)
        let last = Self.drag(pan.pointerDown, pan.pointerMoved, from: Point(x: 100, y: 100), step: Point(x: 5, y: 0), steps: 40)
        #expect(Self.near(pan.velocity(in: nil).x, 300, relative: 0.01))
        pan.pointerUp(at: Point(x: 300, y: 100), time: last + 0.2)
        #expect(log.states.last == .ended)
        let end = log.last
        #expect(abs(end.velocity.x) < 1 && abs(end.velocity.y) < 1, "velocity \(end.velocity)")
        #expect(end.translation == Point(x: 200, y: 0))

        // A stationary move after a pause reads zero too, and moving again picks up speed.
        let pan2 = Self.recognizer(Log())
        let t = Self.drag(pan2.pointerDown, pan2.pointerMoved, from: .zero, step: Point(x: 0, y: -4), steps: 10)
        #expect(Self.near(pan2.velocity(in: nil).y, -240, relative: 0.01))
        pan2.pointerMoved(to: Point(x: 0, y: -40), time: t + 0.2)
        #expect(pan2.velocity(in: nil) == .zero)
        pan2.pointerMoved(to: Point(x: 0, y: -30), time: t + 0.25)
        #expect(Self.near(pan2.velocity(in: nil).y, 200, relative: 0.01))
    }

    @Test func wiggleBelowHysteresisFailsWithoutAction() {
        let log = Log()
        let pan = Self.recognizer(log)
        pan.pointerDown(at: Point(x: 100, y: 100), time: 0)
        pan.pointerMoved(to: Point(x: 105, y: 100), time: 0.02)
        pan.pointerMoved(to: Point(x: 100, y: 95), time: 0.04)
        pan.pointerMoved(to: Point(x: 96, y: 103), time: 0.06)
        #expect(pan.state == .possible)
        pan.pointerUp(at: Point(x: 100, y: 100), time: 0.08)
        #expect(pan.state == .failed)
        #expect(log.entries.isEmpty)

        // The next press resets it automatically.
        pan.pointerDown(at: Point(x: 0, y: 0), time: 1)
        #expect(pan.state == .possible)
        pan.pointerMoved(to: Point(x: 0, y: 12), time: 1.1)
        #expect(pan.state == .began)
        #expect(log.states == [.began])
        #expect(pan.translation(in: nil) == Point(x: 0, y: 12))
    }

    @Test func translationVelocityAndLocationInAScaledView() throws {
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 400), name: "root")
        let scaled = View(frame: Rect(x: 100, y: 100, width: 100, height: 100), name: "scaled")
        scaled.transform = Transform3D(scaleX: 2, y: 2, z: 1)  // covers 50...250 in the window
        root.addSubview(scaled)

        let log = Log()
        let pan = Self.recognizer(log, in: scaled)
        pan.view = scaled
        let last = Self.drag(pan.pointerDown, pan.pointerMoved, from: Point(x: 150, y: 150), step: Point(x: 4, y: 2), steps: 25)
        #expect(pan.translation(in: nil) == Point(x: 100, y: 50))
        #expect(Self.near(pan.translation(in: scaled), Point(x: 50, y: 25)))
        #expect(Self.near(pan.translation(in: root), Point(x: 100, y: 50)))
        let windowVelocity = pan.velocity(in: nil)
        let viewVelocity = pan.velocity(in: scaled)
        #expect(Self.near(windowVelocity.x, 240, relative: 0.01) && Self.near(windowVelocity.y, 120, relative: 0.01))
        #expect(Self.near(viewVelocity, Point(x: windowVelocity.x / 2, y: windowVelocity.y / 2), tolerance: 1e-6))
        // The action saw the view's space too.
        #expect(Self.near(log.last.velocity.x, 120, relative: 0.01))
        #expect(Self.near(log.last.translation, Point(x: 50, y: 25)))

        // Location: window (250, 200) is the scaled view's bounds point (100, 75).
        #expect(pan.location(in: nil) == Point(x: 250, y: 200))
        #expect(Self.near(pan.location(in: scaled), Point(x: 100, y: 75)))
        #expect(pan.location(in: scaled) == scaled.convert(Point(x: 250, y: 200), from: nil))
        pan.pointerUp(at: Point(x: 250, y: 200), time: last)
        #expect(log.states.last == .ended)
    }

    @Test func setTranslationRebases() {
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 400), name: "root")
        let scaled = View(frame: Rect(x: 100, y: 100, width: 100, height: 100), name: "scaled")
        scaled.transform = Transform3D(scaleX: 2, y: 2, z: 1)
        root.addSubview(scaled)

        var rebased: [Point] = []
        let pan = PanGestureRecognizer { r in
            // Incremental use, as in UIKit samples: read then zero each time.
            guard r.state == .changed else { return }
            rebased.append(r.translation(in: nil))
            r.setTranslation(.zero, in: nil)
        }
        pan.pointerDown(at: Point(x: 100, y: 100), time: 0)
        pan.pointerMoved(to: Point(x: 130, y: 100), time: 0.1)  // began: full 30
        #expect(pan.translation(in: nil) == Point(x: 30, y: 0))
        pan.setTranslation(.zero, in: nil)
        #expect(pan.translation(in: nil) == .zero)
        pan.pointerMoved(to: Point(x: 150, y: 90), time: 0.2)
        pan.pointerMoved(to: Point(x: 153, y: 94), time: 0.3)
        #expect(rebased == [Point(x: 20, y: -10), Point(x: 3, y: 4)])
        #expect(pan.translation(in: nil) == .zero)

        // Rebasing in a scaled view's space: later window moves count half there.
        pan.setTranslation(Point(x: 7, y: -1), in: scaled)
        #expect(Self.near(pan.translation(in: scaled), Point(x: 7, y: -1)))
        #expect(Self.near(pan.translation(in: nil), Point(x: 14, y: -2)))
        // Like UIKit, rebasing resets the velocity.
        #expect(pan.velocity(in: nil) == .zero)
        pan.pointerUp(at: Point(x: 173, y: 94), time: 0.4)
        #expect(Self.near(pan.translation(in: scaled), Point(x: 17, y: -1)))
        #expect(Self.near(pan.translation(in: nil), Point(x: 34, y: -2)))
        #expect(pan.state == .ended)
    }

    @Test func shouldBeginVetoFails() {
        let panel = View(frame: Rect(x: 0, y: 0, width: 200, height: 100), name: "panel")
        let log = Log()
        let pan = Self.recognizer(log)
        pan.view = panel
        var asked = 0
        // Only pans that START on the right half: the press point is location − translation.
        pan.shouldBegin = { r in
            asked += 1
            guard let view = r.view else { return false }
            let start = r.location(in: view).x - r.translation(in: view).x
            return start >= view.bounds.width / 2
        }
        pan.pointerDown(at: Point(x: 50, y: 50), time: 0)
        pan.pointerMoved(to: Point(x: 70, y: 50), time: 0.05)  // 20 px: asked, started on the left: vetoed
        pan.pointerMoved(to: Point(x: 140, y: 50), time: 0.1)  // ignored for the rest of the press
        pan.pointerUp(at: Point(x: 140, y: 50), time: 0.15)
        #expect(pan.state == .failed)
        #expect(asked == 1)
        #expect(log.entries.isEmpty)

        pan.pointerDown(at: Point(x: 150, y: 50), time: 1)
        pan.pointerMoved(to: Point(x: 120, y: 50), time: 1.05)  // moves left, started on the right
        #expect(pan.state == .began)
        #expect(asked == 2)
        pan.pointerUp(at: Point(x: 100, y: 50), time: 1.1)
        #expect(log.states == [.began, .ended])
        #expect(log.last.translation == Point(x: -50, y: 0))
    }

    @Test func disablingMidGestureCancelsOnce() {
        let log = Log()
        let pan = Self.recognizer(log)
        Self.drag(pan.pointerDown, pan.pointerMoved, from: .zero, step: Point(x: 6, y: 0), steps: 4)
        #expect(log.states == [.began, .changed, .changed])
        pan.isEnabled = false
        #expect(pan.state == .cancelled)
        #expect(log.states == [.began, .changed, .changed, .cancelled])
        pan.isEnabled = false
        pan.pointerMoved(to: Point(x: 40, y: 0), time: 0.2)
        pan.pointerUp(at: Point(x: 40, y: 0), time: 0.3)
        #expect(log.states.filter { $0 == .cancelled }.count == 1)
        #expect(log.states.count == 4)

        // Disabled: presses are ignored; enabled again, the next press starts afresh.
        pan.pointerDown(at: .zero, time: 1)
        pan.pointerMoved(to: Point(x: 50, y: 0), time: 1.1)
        #expect(pan.state == .cancelled && log.states.count == 4)
        pan.isEnabled = true
        pan.pointerDown(at: .zero, time: 2)
        #expect(pan.state == .possible)
        pan.pointerMoved(to: Point(x: 50, y: 0), time: 2.1)
        #expect(log.states.last == .began)

        // Disabling from inside the action (e.g. at .began) cancels at once, exactly once.
        let inner = Log()
        let p = PanGestureRecognizer { r in
            inner.entries.append(.init(state: r.state, translation: r.translation(in: nil), velocity: .zero))
            if r.state == .began { r.isEnabled = false }
        }
        Self.drag(p.pointerDown, p.pointerMoved, from: .zero, step: Point(x: 0, y: 11), steps: 3)
        p.pointerUp(at: Point(x: 0, y: 33), time: 1)
        #expect(inner.states == [.began, .cancelled])
        #expect(p.state == .cancelled)
    }

    @Test func pointerCancelledCancelsOrFails() {
        let log = Log()
        let pan = Self.recognizer(log)
        Self.drag(pan.pointerDown, pan.pointerMoved, from: .zero, step: Point(x: 0, y: 5), steps: 5)
        pan.pointerCancelled(time: 0.2)
        #expect(pan.state == .cancelled)
        #expect(log.states == [.began, .changed, .changed, .changed, .cancelled])
        pan.pointerUp(at: .zero, time: 0.3)
        #expect(log.states.count == 5)

        // Before the hysteresis distance, a cancellation fails silently.
        pan.pointerDown(at: .zero, time: 1)
        pan.pointerMoved(to: Point(x: 3, y: 0), time: 1.1)
        pan.pointerCancelled(time: 1.2)
        #expect(pan.state == .failed)
        #expect(log.states.count == 5)

        // reset() returns to .possible without an action call.
        pan.pointerDown(at: .zero, time: 2)
        pan.pointerMoved(to: Point(x: 30, y: 0), time: 2.1)
        #expect(pan.state == .began)
        pan.reset()
        #expect(pan.state == .possible && pan.translation(in: nil) == .zero && pan.velocity(in: nil) == .zero)
        pan.pointerMoved(to: Point(x: 60, y: 0), time: 2.2)  // the press was forgotten
        #expect(pan.state == .possible)
        #expect(log.states.count == 6)
    }

    // MARK: - Dispatcher

    /// root 400x300; back (0,0,200,200) and front (100,100,200,150) overlapping in (100...200, 100...200).
    static func scene() -> (root: View, back: View, front: View) {
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 300), name: "root")
        let back = View(frame: Rect(x: 0, y: 0, width: 200, height: 200), name: "back")
        let front = View(frame: Rect(x: 100, y: 100, width: 200, height: 150), name: "front")
        root.addSubview(back)
        root.addSubview(front)
        return (root, back, front)
    }

    @Test func hitTestingPicksFrontmostVisibleView() {
        let (root, back, front) = Self.scene()
        let dispatcher = PointerDispatcher(root: root)
        #expect(dispatcher.hitTest(Point(x: 150, y: 150)) === front)
        #expect(dispatcher.hitTest(Point(x: 50, y: 50)) === back)
        #expect(dispatcher.hitTest(Point(x: 350, y: 280)) === root)
        #expect(dispatcher.hitTest(Point(x: 500, y: 50)) == nil)
        #expect(dispatcher.hitTest(Point(x: -1, y: 50)) == nil)

        root.bringSubviewToFront(back)
        #expect(dispatcher.hitTest(Point(x: 150, y: 150)) === back)
        root.bringSubviewToFront(front)

        front.isHidden = true
        #expect(dispatcher.hitTest(Point(x: 150, y: 150)) === back)
        #expect(dispatcher.hitTest(Point(x: 250, y: 220)) === root)
        front.isHidden = false
        front.alpha = 0.005
        #expect(dispatcher.hitTest(Point(x: 150, y: 150)) === back)
        front.alpha = 0.01
        #expect(dispatcher.hitTest(Point(x: 150, y: 150)) === front)

        // A hidden ancestor hides its subtree; a subview outside its superview is not hit there (UIKit).
        let child = View(frame: Rect(x: 10, y: 10, width: 20, height: 20), name: "child")
        back.addSubview(child)
        #expect(dispatcher.hitTest(Point(x: 15, y: 15)) === child)
        back.isHidden = true
        #expect(dispatcher.hitTest(Point(x: 15, y: 15)) === root)
        back.isHidden = false
        let outside = View(frame: Rect(x: 250, y: 10, width: 20, height: 20), name: "outside")
        back.addSubview(outside)
        #expect(dispatcher.hitTest(Point(x: 255, y: 15)) === root)
    }

    @Test func hitTestingRespectsTransformsAndBoundsOrigins() {
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 300), name: "root")
        let scaled = View(frame: Rect(x: 100, y: 100, width: 100, height: 100), name: "scaled")
        root.addSubview(scaled)
        let dispatcher = PointerDispatcher(root: root)
        #expect(dispatcher.hitTest(Point(x: 60, y: 60)) === root)
        scaled.transform = Transform3D(scaleX: 2, y: 2, z: 1)  // now covers 50...250
        #expect(dispatcher.hitTest(Point(x: 60, y: 60)) === scaled)
        #expect(dispatcher.hitTest(Point(x: 249, y: 249)) === scaled)
        #expect(dispatcher.hitTest(Point(x: 251, y: 150)) === root)

        // Rotated 45°: the corners of the old frame are now outside, the diamond's tips inside.
        scaled.transform = Transform3D(rotationAngle: Double.pi / 4, x: 0, y: 0, z: 1)
        #expect(dispatcher.hitTest(Point(x: 102, y: 102)) === root)
        #expect(dispatcher.hitTest(Point(x: 150, y: 85)) === scaled)  // tip at y = 150 − 70.7

        // A scrolled superview (bounds origin) moves its subviews.
        scaled.transform = .identity
        let item = View(frame: Rect(x: 0, y: 0, width: 10, height: 10), name: "item")
        scaled.addSubview(item)
        #expect(dispatcher.hitTest(Point(x: 105, y: 105)) === item)
        scaled.bounds = Rect(x: 0, y: 50, width: 100, height: 100)
        #expect(dispatcher.hitTest(Point(x: 105, y: 105)) === scaled)
        #expect(dispatcher.hitTest(Point(x: 105, y: 55)) === root)
    }

    @Test func pressOutsideEveryRecognizersViewReachesNone() {
        let (root, _, front) = Self.scene()
        let dispatcher = PointerDispatcher(root: root)
        let log = Log()
        let pan = Self.recognizer(log)
        dispatcher.add(pan, to: front)
        #expect(pan.view === front)

        // On `back` (not in front's chain), on the root, and outside everything.
        for start in [Point(x: 50, y: 50), Point(x: 350, y: 20), Point(x: 500, y: 500)] {
            Self.drag(dispatcher.pointerDown, dispatcher.pointerMoved, from: start, step: Point(x: 10, y: 0), steps: 10)
            dispatcher.pointerUp(at: Point(x: start.x + 100, y: start.y), time: 1)
            #expect(pan.state == .possible)
        }
        #expect(log.entries.isEmpty)

        // On front it is recognized, with the translation counted from the press.
        let end = Self.drag(dispatcher.pointerDown, dispatcher.pointerMoved, from: Point(x: 150, y: 150), step: Point(x: -5, y: 0), steps: 20)
        dispatcher.pointerUp(at: Point(x: 50, y: 150), time: end)
        #expect(log.states.first == .began && log.states.last == .ended)
        #expect(log.last.translation == Point(x: -100, y: 0))
        #expect(Self.near(log.last.velocity.x, -300, relative: 0.01))

        // Removed: no longer reached, and detached.
        dispatcher.remove(pan)
        #expect(pan.view == nil)
        let count = log.entries.count
        Self.drag(dispatcher.pointerDown, dispatcher.pointerMoved, from: Point(x: 150, y: 150), step: Point(x: -5, y: 0), steps: 20)
        dispatcher.pointerUp(at: Point(x: 50, y: 150), time: 1)
        #expect(log.entries.count == count)
    }

    @Test func deepestRecognizerWinsAndAncestorsFail() {
        let (root, _, front) = Self.scene()
        let dispatcher = PointerDispatcher(root: root)
        let parentLog = Log(), childLog = Log()
        let parentPan = Self.recognizer(parentLog)
        let childPan = Self.recognizer(childLog)
        // Added parent first: order of addition does not matter, depth does.
        dispatcher.add(parentPan, to: root)
        dispatcher.add(childPan, to: front)

        // Press on the child: both are candidates, the child (deepest) begins and wins.
        Self.drag(dispatcher.pointerDown, dispatcher.pointerMoved, from: Point(x: 150, y: 150), step: Point(x: 5, y: 0), steps: 10)
        #expect(childPan.state == .changed)
        #expect(parentPan.state == .failed)
        dispatcher.pointerUp(at: Point(x: 200, y: 150), time: 1)
        #expect(childLog.states.first == .began && childLog.states.last == .ended)
        #expect(parentLog.entries.isEmpty)

        // Press on the root only (outside front): the parent's recognizer alone.
        Self.drag(dispatcher.pointerDown, dispatcher.pointerMoved, from: Point(x: 350, y: 50), step: Point(x: 0, y: 5), steps: 10)
        dispatcher.pointerUp(at: Point(x: 350, y: 100), time: 1)
        #expect(parentLog.states.first == .began && parentLog.states.last == .ended)
        #expect(childPan.lastOutcome == .ended)  // untouched since its last pan
        let childCalls = childLog.entries.count

        // The child vetoes: the parent begins on that same move, with the full translation.
        childPan.shouldBegin = { _ in false }
        let parentCalls = parentLog.entries.count
        Self.drag(dispatcher.pointerDown, dispatcher.pointerMoved, from: Point(x: 150, y: 150), step: Point(x: 5, y: 0), steps: 2)
        #expect(childPan.state == .failed)
        #expect(parentPan.state == .began)
        #expect(parentLog.last.translation == Point(x: 10, y: 0))
        dispatcher.pointerCancelled(time: 0.5)
        #expect(parentPan.lastOutcome == .cancelled)
        #expect(Array(parentLog.states[parentCalls...]) == [.began, .cancelled])
        #expect(childLog.entries.count == childCalls)
        childPan.shouldBegin = nil

        // A release before either begins fails both, silently.
        dispatcher.pointerDown(at: Point(x: 150, y: 150), time: 2)
        dispatcher.pointerMoved(to: Point(x: 153, y: 150), time: 2.1)
        dispatcher.pointerUp(at: Point(x: 153, y: 150), time: 2.2)
        #expect(childPan.lastOutcome == .failed && parentPan.lastOutcome == .failed)
        #expect(childLog.entries.count == childCalls && parentLog.entries.count == parentCalls + 2)
    }

    @Test func firstToBeginWinsAcrossDifferentMinimumDistances() {
        let (root, _, front) = Self.scene()
        let dispatcher = PointerDispatcher(root: root)
        let parentLog = Log(), childLog = Log()
        let parentPan = Self.recognizer(parentLog, minimumDistance: 5)
        let childPan = Self.recognizer(childLog, minimumDistance: 20)
        dispatcher.add(childPan, to: front)
        dispatcher.add(parentPan, to: root)
        Self.drag(dispatcher.pointerDown, dispatcher.pointerMoved, from: Point(x: 150, y: 150), step: Point(x: 5, y: 0), steps: 8)
        dispatcher.pointerUp(at: Point(x: 190, y: 150), time: 1)
        #expect(parentLog.states.first == .began && parentLog.states.last == .ended)
        #expect(parentLog.states.count == 1 + 7 + 1)
        #expect(childPan.lastOutcome == .failed && childLog.entries.isEmpty)
    }

    @Test func hiddenChildPassesPressToParentRecognizer() {
        let (root, back, front) = Self.scene()
        let dispatcher = PointerDispatcher(root: root)
        let log = Log()
        let pan = Self.recognizer(log)
        dispatcher.add(pan, to: back)
        let frontLog = Log()
        dispatcher.add(Self.recognizer(frontLog), to: front)
        front.isHidden = true
        Self.drag(dispatcher.pointerDown, dispatcher.pointerMoved, from: Point(x: 150, y: 150), step: Point(x: 0, y: 5), steps: 4)
        dispatcher.pointerUp(at: Point(x: 150, y: 170), time: 1)
        #expect(log.states == [.began, .changed, .changed, .ended])
        #expect(frontLog.entries.isEmpty)
    }
}
