import SegueUIKit

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

/// A pan that also tells of its press as it lands and of a release that never panned: UIKit's
/// interruptible-animation pattern (a `UIPanGestureRecognizer` subclass whose `touchesBegan`
/// grabs the running animation, so a finger held still stops it on touch-down). The player's
/// shows grab their timeline with it, and the overlay's progress bar seeks from the press.
@MainActor
final class GrabbingPanGestureRecognizer: PanGestureRecognizer {
    /// The press landed (before any move decides the pan).
    var onTouchDown: (@MainActor (GrabbingPanGestureRecognizer) -> Void)?
    /// The press ended or was cancelled without the pan beginning (a click, a press held still).
    var onReleaseWithoutPan: (@MainActor (GrabbingPanGestureRecognizer) -> Void)?

    init(minimumDistance: Double = 1, action: @escaping @MainActor (PanGestureRecognizer) -> Void) {
        super.init(minimumDistance: minimumDistance)
        addAction(action)
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        super.touchesBegan(touches, with: event)
        onTouchDown?(self)
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        let panned = state == .began || state == .changed
        super.touchesEnded(touches, with: event)
        if !panned { onReleaseWithoutPan?(self) }
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        let panned = state == .began || state == .changed
        super.touchesCancelled(touches, with: event)
        if !panned { onReleaseWithoutPan?(self) }
    }
}

/// Where a show reads the pointer: a view without content over the stage in the player's window,
/// its bounds the stage's pixels and its transform the letterbox's scale, so the host's
/// dispatcher delivers presses to the show's recognizers as to any app's, and they read
/// locations and translations in stage pixels (`translation(in: inputView)`).
@MainActor
public final class StageInputView: View {
    /// Places the view over `fit` (points in its superview) showing a stage of `stage` pixels.
    public func place(over fit: Rect, stage: (width: Int, height: Int)) {
        let width = Double(max(1, stage.width)), height = Double(max(1, stage.height))
        transform = .identity
        bounds = Rect(x: 0, y: 0, width: width, height: height)
        center = Point(x: fit.midX, y: fit.midY)
        transform = Transform3D(scaleX: fit.width / width, y: fit.height / height, z: 1)
    }
}
