import SegueGL
import SegueGLFW
import SegueUIKit

/// Routing: window-system events (framebuffer pixels) to the window (points).
extension WindowHost {
    func handle(_ event: WindowSystemEvent) {
        eventObserver?(event)
        let time = engineNow
        switch event {
        case .pointer(let pointer): route(pointer, time: time)
        case .scroll(let scroll):
            // Ctrl + wheel is the desktop's pinch (as browsers map a trackpad's): see `WheelPinch`.
            if scroll.modifiers.contains(.control), pressedButton == nil {
                wheelPinch.wheel(at: point(x: scroll.x, y: scroll.y), notches: scroll.deltaY, time: time, window: window)
                return
            }
            wheelPinch.lift(time: time, window: window)
            window.deliver(ScrollWheelEvent(
                location: point(x: scroll.x, y: scroll.y), delta: Point(x: scroll.deltaX, y: scroll.deltaY),
                modifiers: scroll.modifiers, time: time))
        case .key(let key):
            let phase: KeyPress.Phase
            switch key.action {
            case .press:
                heldKeys.insert(key.key)
                phase = .began
            case .repeat: phase = .repeated
            case .release:
                // A key cancelled by a focus loss: GLFW's release after it is not the user's.
                guard heldKeys.remove(key.key) != nil else { return }
                if key.key == .leftControl || key.key == .rightControl { wheelPinch.lift(time: time, window: window) }
                phase = .ended
            }
            window.deliver(KeyPress(key: key.key, phase: phase, modifiers: key.modifiers, time: time))
        case .text(let scalar): window.deliverText(String(Character(scalar)))
        case .framebufferResized: followSurface()
        case .contentScaleChanged: followSurface()
        case .closeRequested: closeRequested = true
        case .focusChanged(let focused):
            // As UIKit cancels touches when the app resigns active: a press cannot end unseen.
            // Keys held then are cancelled too (pressesCancelled), not ended by the releases
            // GLFW makes up for them.
            guard !focused else { return }
            wheelPinch.lift(time: time, window: window)
            if pressedButton != nil {
                pressedButton = nil
                window.pointerCancelled(time: time)
            }
            let cancelled = heldKeys
            heldKeys.removeAll()
            for key in cancelled.sorted(by: { String(describing: $0) < String(describing: $1) }) {
                window.deliver(KeyPress(key: key, phase: .cancelled, time: time))
            }
        }
    }

    /// Framebuffer pixels to window points.
    func point(x: Double, y: Double) -> Point {
        let scale = window.contentScale > 0 ? window.contentScale : 1
        return Point(x: x / scale, y: y / scale)
    }

    /// The one place pointer events reach the window's recognizers. Every button goes through
    /// (recognizers filter by `allowedButtons`); a press follows the button that started it, and
    /// only that button's release ends it (a second button pressed meanwhile is not a new press).
    private func route(_ pointer: PointerEvent, time: Double) {
        let location = point(x: pointer.x, y: pointer.y)
        switch pointer.kind {
        case .down where pressedButton == nil:
            guard let button = pointer.button else { return }
            wheelPinch.lift(time: time, window: window)
            pressedButton = button
            window.pointerDown(at: location, time: time, button: button, modifiers: pointer.modifiers)
        case .moved where pressedButton != nil:
            window.pointerMoved(to: location, time: time, modifiers: pointer.modifiers)
        case .up where pressedButton != nil && pointer.button == pressedButton:
            pressedButton = nil
            window.pointerUp(at: location, time: time, modifiers: pointer.modifiers)
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
