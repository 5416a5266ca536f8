/// What a host that draws only on change reads: `Window.needsDisplay` is set by every change a
/// frame would show, so an idle window is never redrawn (see `WindowHost` in SegueAppHost).
extension View {
    /// Marks the window this view is in as needing a frame. Called by the model setters, content,
    /// subview changes, `setNeedsLayout()` and `setNeedsDisplay()`; a view in no window marks
    /// nothing. Walks up to the root: views are shallow, and setters are not per-frame work.
    func markWindowNeedsDisplay() {
        root.owningWindow?.needsDisplay = true
    }
}
