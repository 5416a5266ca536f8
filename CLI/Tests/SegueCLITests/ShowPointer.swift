import SeguePlayer
import SegueUIKit

/// What a test's pointer does.
enum ShowPointerKind { case down, moved, up }

/// The shows read the pointer as the player's window gives it to them, through a window's
/// dispatcher to the recognizers on their input view: a test puts the show's input view in a
/// window of the stage's size (stage pixels = window points) and presses there.
@MainActor
extension PlayerShow {
    func pointer(_ kind: ShowPointerKind, at point: Point, time: Double) {
        let window = ShowPointerWindows.window(for: self)
        switch kind {
        case .down: window.pointerDown(at: point, time: time)
        case .moved: window.pointerMoved(to: point, time: time)
        case .up: window.pointerUp(at: point, time: time)
        }
    }
}

/// One window per show under test, its input view placed 1:1 over it.
@MainActor
enum ShowPointerWindows {
    private static var windows: [ObjectIdentifier: Window] = [:]

    static func window(for show: any PlayerShow) -> Window {
        let size = Size(width: Double(show.stageSize.width), height: Double(show.stageSize.height))
        let window = windows[ObjectIdentifier(show)] ?? Window(size: size)
        windows[ObjectIdentifier(show)] = window
        if window.rootView.bounds.size != size { window.resize(to: size) }
        if show.inputView.superview !== window.rootView { window.rootView.addSubview(show.inputView) }
        show.inputView.place(over: Rect(origin: .zero, size: size), stage: show.stageSize)
        return window
    }
}
