/// UIResponder's role for keys, typed text and the scroll wheel: the base class of `View` and
/// `ViewController`, as UIResponder is UIView's and UIViewController's. Its `open` methods pass
/// what a subclass does not handle to `nextResponder`, as UIKit's defaults do.
///
/// The chain (UIKit's): a view's next responder is the controller whose root view it is, else
/// its superview; a controller's is the controller that presented it, else its view's superview.
/// The window's root view ends the chain.
@MainActor
open class Responder {
    public init() {}

    /// The next responder in the chain; nil here, `View` and `ViewController` say theirs.
    open var nextResponder: Responder? { nil }
    /// The window this responder is in, for becoming its first responder.
    var responderWindow: Window? { nil }

    /// UIResponder's `canBecomeFirstResponder`: false unless a subclass says otherwise.
    open var canBecomeFirstResponder: Bool { false }
    /// A key went down (or repeats: `press.isRepeat`). The default passes it to `nextResponder`.
    open func pressesBegan(_ press: KeyPress) { nextResponder?.pressesBegan(press) }
    /// A key came up. The default passes it to `nextResponder`.
    open func pressesEnded(_ press: KeyPress) { nextResponder?.pressesEnded(press) }
    /// A held key will not come up here (the window lost the focus). The default passes it on.
    open func pressesCancelled(_ press: KeyPress) { nextResponder?.pressesCancelled(press) }
    /// Typed text (UIKeyInput's `insertText`). The default passes it to `nextResponder`.
    open func insertText(_ text: String) { nextResponder?.insertText(text) }
    /// The scroll wheel over this responder's view (AppKit's `scrollWheel(with:)`). The default
    /// passes it to `nextResponder`.
    open func scrollWheel(_ event: ScrollWheelEvent) { nextResponder?.scrollWheel(event) }

    /// Makes this responder the first responder of its window (it gets keys and text first).
    /// False, and nothing changes, when it is in no window or `canBecomeFirstResponder` is false.
    @discardableResult
    public func becomeFirstResponder() -> Bool { responderWindow?.makeFirstResponder(self) ?? false }

    /// Stops being the first responder (keys go to the window's default target again).
    @discardableResult
    public func resignFirstResponder() -> Bool { responderWindow?.resignFirstResponder(self) ?? false }

    public var isFirstResponder: Bool { responderWindow.map { $0.firstResponder === self } ?? false }
}

extension Window {
    /// The responder that gets keys and text first; nil: they go to `defaultKeyResponder`.
    /// A first responder that leaves the window stops being it.
    public var firstResponder: Responder? {
        guard let responder = firstResponderStorage else { return nil }
        guard Self.isInWindow(responder, self) else {
            firstResponderStorage = nil
            return nil
        }
        return responder
    }

    /// Where keys and text go without a first responder: the controller on screen (the last one
    /// presented from the root view controller, and inside a navigation, tab bar or swipe
    /// container the child it shows, at any depth), else the root view controller, else the
    /// root view. What that controller does not handle goes up UIKit's chain (its view's
    /// superview, so the containers around it, then the presenter).
    public var defaultKeyResponder: Responder {
        var controller = rootViewController
        // Bounded: a controller already visited ends the walk (a presentation loop would
        // otherwise never end).
        var visited: Set<ObjectIdentifier> = []
        while let current = controller, visited.insert(ObjectIdentifier(current)).inserted {
            // Only a child whose view is inside the container's view in this window (not one an
            // animator holds elsewhere) passes what it does not handle up to the container.
            let shown = current.shownChildForKeys.flatMap { child -> ViewController? in
                guard let containerView = current.viewIfLoaded, containerView.window === self,
                    child.viewIfLoaded?.isDescendant(of: containerView) == true else { return nil }
                return child
            }
            guard let next = current.presentedViewController ?? shown else { break }
            controller = next
        }
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

    func makeFirstResponder(_ responder: Responder) -> Bool {
        guard responder.canBecomeFirstResponder, Self.isInWindow(responder, self) else { return false }
        firstResponderStorage = responder
        return true
    }

    func resignFirstResponder(_ responder: Responder) -> Bool {
        guard firstResponderStorage === responder else { return false }
        firstResponderStorage = nil
        return true
    }

    private static func isInWindow(_ responder: Responder, _ window: Window) -> Bool {
        responder.responderWindow === window
    }
}
