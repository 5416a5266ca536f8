/// UIResponder's role for keys, typed text and the scroll wheel. `View` and `ViewController`
/// are responders; their `open` methods (declared in their classes) pass what they do not
/// handle to `nextResponder`, as UIKit's defaults do.
///
/// The chain (UIKit's): a view's next responder is the controller whose root view it is, else
/// its superview; a controller's is the controller that presented it, else its view's superview.
/// The window's root view ends the chain.
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

extension View: Responder {
    public var nextResponder: (any Responder)? { owningViewController ?? superview }

    /// Makes this view the window's first responder (it gets keys and text first). False, and
    /// nothing changes, when the view is in no window or `canBecomeFirstResponder` is false.
    @discardableResult
    public func becomeFirstResponder() -> Bool { window?.makeFirstResponder(self) ?? false }

    /// Stops being the first responder (keys go to the window's default target again).
    @discardableResult
    public func resignFirstResponder() -> Bool { window?.resignFirstResponder(self) ?? false }

    public var isFirstResponder: Bool { window?.firstResponder === self }
}

extension ViewController: Responder {
    public var nextResponder: (any Responder)? { directPresenter ?? viewIfLoaded?.superview }

    /// Makes this controller the first responder of its view's window (see `View.becomeFirstResponder()`).
    @discardableResult
    public func becomeFirstResponder() -> Bool { viewIfLoaded?.window?.makeFirstResponder(self) ?? false }

    @discardableResult
    public func resignFirstResponder() -> Bool { viewIfLoaded?.window?.resignFirstResponder(self) ?? false }

    public var isFirstResponder: Bool { viewIfLoaded?.window?.firstResponder === self }
}

extension Window {
    /// The responder that gets keys and text first; nil: they go to `defaultKeyResponder`.
    /// A first responder that leaves the window stops being it.
    public var firstResponder: (any Responder)? {
        guard let responder = firstResponderStorage else { return nil }
        guard Self.isInWindow(responder, self) else {
            firstResponderStorage = nil
            return nil
        }
        return responder
    }

    /// Where keys and text go without a first responder: the controller on screen (the last one
    /// presented from the root view controller), else the root view controller, else the root view.
    public var defaultKeyResponder: any Responder {
        var controller = rootViewController
        while let presented = controller?.presentedViewController { controller = presented }
        return controller ?? rootView
    }

    /// Delivers a key press to the first responder (or the default target), which passes it up
    /// its chain unless it handles it.
    public func deliver(_ press: KeyPress) {
        let target = firstResponder ?? defaultKeyResponder
        AnimationTransaction.inCharge(animationEngine) {
            switch press.phase {
            case .began, .repeated: target.pressesBegan(press)
            case .ended: target.pressesEnded(press)
            case .cancelled: target.pressesCancelled(press)
            }
        }
    }

    /// Delivers typed text to the first responder (or the default target).
    public func deliverText(_ text: String) {
        let target = firstResponder ?? defaultKeyResponder
        AnimationTransaction.inCharge(animationEngine) { target.insertText(text) }
    }

    /// Delivers a scroll to the view under the pointer (hit tested as presses are), or to the
    /// root view when nothing is hit; it passes up the chain unless handled.
    public func deliver(_ event: ScrollWheelEvent) {
        let target = pointerDispatcher.hitTest(event.location) ?? rootView
        AnimationTransaction.inCharge(animationEngine) { target.scrollWheel(event) }
    }

    func makeFirstResponder(_ responder: any Responder) -> Bool {
        guard responder.canBecomeFirstResponder, Self.isInWindow(responder, self) else { return false }
        firstResponderStorage = responder
        return true
    }

    func resignFirstResponder(_ responder: any Responder) -> Bool {
        guard firstResponderStorage === responder else { return false }
        firstResponderStorage = nil
        return true
    }

    private static func isInWindow(_ responder: any Responder, _ window: Window) -> Bool {
        switch responder {
        case let view as View: view.window === window
        case let controller as ViewController: controller.viewIfLoaded?.window === window
        default: false
        }
    }
}
