// Keys through the responder chain, as written against 779ddb1, when `Responder` was a
// protocol: `any Responder`, a responder of one's own, and names qualified by SegueScene.
import SegueScene

/// Logs what reaches it and passes everything on, as a responder of one's own.
@MainActor
public final class KeyLog: Responder {
    public private(set) var keys: [KeyboardKey] = []
    public let next: (any Responder)?

    public init(next: (any Responder)?) { self.next = next }

    public var nextResponder: (any Responder)? { next }
    public var canBecomeFirstResponder: Bool { false }
    public func pressesBegan(_ press: KeyPress) {
        keys.append(press.key)
        next?.pressesBegan(press)
    }
    public func pressesEnded(_ press: KeyPress) { next?.pressesEnded(press) }
    public func pressesCancelled(_ press: KeyPress) { next?.pressesCancelled(press) }
    public func insertText(_ text: String) { next?.insertText(text) }
    public func scrollWheel(_ event: ScrollWheelEvent) { next?.scrollWheel(event) }
}

/// The names of the responders a key would pass through, first responder first.
@MainActor
public func chain(in window: SegueScene.Window) -> [String] {
    var names: [String] = []
    var responder: (any Responder)? = window.firstResponder ?? window.defaultKeyResponder
    while let current = responder {
        switch current {
        case let view as SegueScene.View: names.append(view.name)
        case let controller as SegueScene.ViewController: names.append(controller.name)
        default: names.append("\(type(of: current))")
        }
        responder = current.nextResponder
    }
    return names
}

/// Hands a key to a responder, as a test of one's own key handling does.
@MainActor
public func send(_ key: KeyboardKey, to responder: any Responder) {
    responder.pressesBegan(KeyPress(key: key, phase: .began))
    responder.pressesEnded(KeyPress(key: key, phase: .ended))
}
