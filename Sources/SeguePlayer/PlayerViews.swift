import SegueGLFW
import SegueScene

/// The player's root view: it tells its controller when its size changed (the window resized,
/// went fullscreen, or moved to a screen of another scale), so the show follows the window.
@MainActor
final class PlayerRootView: View {
    var onLayout: (@MainActor () -> Void)?

    override func layoutSubviews() {
        super.layoutSubviews()
        onLayout?()
    }
}

/// Hands every press, drag and release of the primary button on its view to `handler` as they
/// come, at the point in the view's bounds: the player's shows and the overlay's progress bar
/// read the raw pointer (the shows run their own recognizers at stage size). It recognizes at
/// the press, so nothing else decides over the same press.
@MainActor
final class RawPointerRecognizer: GestureRecognizer {
    var handler: (@MainActor (PointerEvent.Kind, Point) -> Void)?

    override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        forward(.down, touches)
        state = .began
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        forward(.moved, touches)
        state = .changed
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        forward(.up, touches)
        state = .ended
    }

    /// A press cancelled (the window lost focus) ends where it was, as a release there.
    override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        forward(.up, touches)
        state = .cancelled
    }

    private func forward(_ kind: PointerEvent.Kind, _ touches: Set<Touch>) {
        guard let view, let touch = touches.first else { return }
        handler?(kind, touch.location(in: view))
    }
}
