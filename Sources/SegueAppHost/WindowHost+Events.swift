import SegueGL
import SegueGLFW
import SegueScene

/// Routing: window-system events (framebuffer pixels) to the window (points).
extension WindowHost {
    func handle(_ event: WindowSystemEvent) {
        eventObserver?(event)
        let time = timeBase + clock.now
        switch event {
        case .pointer(let pointer): route(pointer, time: time)
        case .scroll(let scroll):
            window.deliver(ScrollWheelEvent(
                location: point(x: scroll.x, y: scroll.y), delta: Point(x: scroll.deltaX, y: scroll.deltaY),
                modifiers: scroll.modifiers, time: time))
        case .key(let key):
            let phase: KeyPress.Phase = switch key.action {
            case .press: .began
            case .repeat: .repeated
            case .release: .ended
            }
            window.deliver(KeyPress(key: key.key, phase: phase, modifiers: key.modifiers, time: time))
        case .text(let scalar): window.deliverText(String(Character(scalar)))
        case .framebufferResized: followSurface()
        case .contentScaleChanged: followSurface()
        case .closeRequested: closeRequested = true
        case .focusChanged(let focused):
            // As UIKit cancels touches when the app resigns active: a press cannot end unseen.
            if !focused && primaryIsDown {
                primaryIsDown = false
                window.pointerCancelled(time: time)
            }
        }
    }

    /// Framebuffer pixels to window points.
    func point(x: Double, y: Double) -> Point {
        let scale = window.contentScale > 0 ? window.contentScale : 1
        return Point(x: x / scale, y: y / scale)
    }

    /// The one place pointer events reach the window's recognizers.
    private func route(_ pointer: PointerEvent, time: Double) {
        let location = point(x: pointer.x, y: pointer.y)
        // MERGE (pointer buttons): once `Window.pointerDown(at:time:)` and its siblings take
        // `button:` and `modifiers:`, pass `pointer.button` and `pointer.modifiers` here and let
        // every button through; until then the recognizers follow the primary button only.
        switch pointer.kind {
        case .down where pointer.button == .primary:
            primaryIsDown = true
            window.pointerDown(at: location, time: time)
        case .moved where primaryIsDown:
            window.pointerMoved(to: location, time: time)
        case .up where pointer.button == .primary && primaryIsDown:
            primaryIsDown = false
            window.pointerUp(at: location, time: time)
        default:
            break
        }
    }

    /// Follows the framebuffer's size and the content scale: the window takes the new size in
    /// points through `Window.resize(to:)` (its coordinator runs, the controllers lay out).
    func followSurface() {
        guard let pixels = context.drawableSize, pixels.width > 0, pixels.height > 0 else { return }  // minimised
        let scale = context.contentScale
        let scaleChanged = scale != window.contentScale
        window.contentScale = scale
        framebuffer.resize(width: pixels.width, height: pixels.height)
        let size = Self.points(pixels: pixels, scale: scale)
        if size != window.rootView.bounds.size { window.resize(to: size) }
        if scaleChanged { Self.logger.debug("content scale \(scale)") }
        window.needsDisplay = true
    }
}
