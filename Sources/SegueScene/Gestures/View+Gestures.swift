extension View {
    /// Attaches `recognizer` to this view, which owns it from now on (UIKit's
    /// `addGestureRecognizer`). Presses that hit this view or a subview reach it through the
    /// window (`Window.pointerDown(at:time:)` …); there is no dispatcher to set up. A recognizer
    /// attached to another view moves here.
    public func addGestureRecognizer(_ recognizer: PanGestureRecognizer) {
        recognizer.view = self
    }

    /// Detaches `recognizer` (its `view` becomes nil). One following a press leaves it:
    /// cancelled, with its action, if it had begun; failed if it was undecided.
    public func removeGestureRecognizer(_ recognizer: PanGestureRecognizer) {
        guard recognizer.view === self else { return }
        recognizer.detachedFromView()
        recognizer.view = nil
    }
}

extension Window {
    /// Pointer input in window coordinates (pixels, top-left origin) with timestamps in
    /// seconds, routed to the recognizers of the views under the pointer (see `PointerDispatcher`).
    public func pointerDown(at point: Point, time: Double) { pointerDispatcher.pointerDown(at: point, time: time) }
    public func pointerMoved(to point: Point, time: Double) { pointerDispatcher.pointerMoved(to: point, time: time) }
    public func pointerUp(at point: Point, time: Double) { pointerDispatcher.pointerUp(at: point, time: time) }
    public func pointerCancelled(time: Double) { pointerDispatcher.pointerCancelled(time: time) }
}
