extension View {
    /// Attaches `recognizer` to this view, which owns it from now on (UIKit's
    /// `addGestureRecognizer`). Presses that hit this view or a subview reach it through the
    /// window (`Window.pointerDown(at:time:)` …); there is no dispatcher to set up. A recognizer
    /// attached to another view moves here.
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        recognizer.view = self
    }

    /// Detaches `recognizer` (its `view` becomes nil). One following a press leaves it:
    /// cancelled, with its actions, if it had begun; failed if it was undecided.
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard recognizer.view === self else { return }
        recognizer.detachedFromView()
        recognizer.view = nil
    }
}

extension Window {
    /// Pointer input in window coordinates (pixels, top-left origin) with timestamps in
    /// seconds, routed to the recognizers and views under the pointer (see `PointerDispatcher`).
    /// The platform layer passes the button and the modifier keys; a press follows its button
    /// until the release. Handlers run with this window's engine in charge, so what they start
    /// without naming a view of the window (a completion-only `View.animate`) is still timed by it.
    public func pointerDown(at point: Point, time: Double, button: PointerButton = .primary, modifiers: KeyModifiers = []) {
        AnimationTransaction.inCharge(animationEngine) {
            pointerDispatcher.pointerDown(at: point, time: time, button: button, modifiers: modifiers)
        }
    }
    public func pointerMoved(to point: Point, time: Double, modifiers: KeyModifiers = []) {
        AnimationTransaction.inCharge(animationEngine) { pointerDispatcher.pointerMoved(to: point, time: time, modifiers: modifiers) }
    }
    public func pointerUp(at point: Point, time: Double, modifiers: KeyModifiers = []) {
        AnimationTransaction.inCharge(animationEngine) { pointerDispatcher.pointerUp(at: point, time: time, modifiers: modifiers) }
    }
    public func pointerCancelled(time: Double) {
        AnimationTransaction.inCharge(animationEngine) { pointerDispatcher.pointerCancelled(time: time) }
    }

    /// Two-finger presses (`PointerDispatcher.pinchDown(at:_:time:)`), with this window's engine in charge.
    public func pinchDown(at first: Point, _ second: Point, time: Double) {
        AnimationTransaction.inCharge(animationEngine) { pointerDispatcher.pinchDown(at: first, second, time: time) }
    }
    public func pinchMoved(to first: Point, _ second: Point, time: Double) {
        AnimationTransaction.inCharge(animationEngine) { pointerDispatcher.pinchMoved(to: first, second, time: time) }
    }
    public func pinchUp(time: Double) {
        AnimationTransaction.inCharge(animationEngine) { pointerDispatcher.pinchUp(time: time) }
    }
}
