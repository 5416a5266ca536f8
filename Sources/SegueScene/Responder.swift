// `Responder` as SegueScene declared it: a protocol, which `View` and `ViewController` adopted.
// SegueUIKit's `Responder` is a class, their base class (as UIResponder is UIView's), and
// `any Responder` cannot name a class. In a file that imports SegueScene, `Responder` is this
// protocol again, so `any Responder` and a type of one's own that conforms build as before, with a
// warning that names the class. SegueUIKit's class conforms, so what `Window.firstResponder` and
// `nextResponder` return converts to `any Responder`. A file that imports SegueScene together with
// Segue or SegueUIKit sees both and must write `SegueUIKit.Responder` (CHANGELOG.md, 1.0.0).

import SegueInput
import SegueUIKit

/// SegueScene's responder protocol (keys, typed text, the scroll wheel), kept for code written
/// before 1.0. Use the class `SegueUIKit.Responder`: write `Responder` where this says
/// `any Responder`, and subclass it (or `View`, `ViewController`) instead of conforming.
@available(*, deprecated, message: "Responder is a class in SegueUIKit: use `Responder` for `any Responder`, and subclass it instead of conforming")
@MainActor
public protocol Responder: AnyObject {
    var nextResponder: (any Responder)? { get }
    var canBecomeFirstResponder: Bool { get }
    func pressesBegan(_ press: KeyPress)
    func pressesEnded(_ press: KeyPress)
    func pressesCancelled(_ press: KeyPress)
    func insertText(_ text: String)
    func scrollWheel(_ event: ScrollWheelEvent)
}

/// What SegueUIKit's defaults do: nothing becomes first responder unless it says so, and what a
/// responder does not handle goes to `nextResponder`.
@available(*, deprecated, message: "Responder is a class in SegueUIKit: use `Responder` for `any Responder`, and subclass it instead of conforming")
extension Responder {
    public var canBecomeFirstResponder: Bool { false }
    public func pressesBegan(_ press: KeyPress) { nextResponder?.pressesBegan(press) }
    public func pressesEnded(_ press: KeyPress) { nextResponder?.pressesEnded(press) }
    public func pressesCancelled(_ press: KeyPress) { nextResponder?.pressesCancelled(press) }
    public func insertText(_ text: String) { nextResponder?.insertText(text) }
    public func scrollWheel(_ event: ScrollWheelEvent) { nextResponder?.scrollWheel(event) }
}

@available(*, deprecated, message: "Responder is a class in SegueUIKit: use `Responder` for `any Responder`, and subclass it instead of conforming")
extension Responder where Self: SegueUIKit.Responder {
    /// The class's own next responder, as the protocol's type.
    public var nextResponder: (any Responder)? {
        let next: SegueUIKit.Responder? = (self as SegueUIKit.Responder).nextResponder
        return next
    }
}

@available(*, deprecated, message: "Responder is a class in SegueUIKit: use `Responder` for `any Responder`, and subclass it instead of conforming")
extension SegueUIKit.Responder: Responder {}
