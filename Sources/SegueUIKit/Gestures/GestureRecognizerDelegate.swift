/// UIGestureRecognizerDelegate: fine-tunes how a recognizer takes part in arbitration. Every
/// method has a default (UIKit's), so a delegate implements only what it changes.
@MainActor
public protocol GestureRecognizerDelegate: AnyObject {
    /// Asked when the recognizer is about to leave `.possible` (begin, or recognize a discrete
    /// gesture). False fails it for the rest of the gesture. Default true.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool
    /// Whether `gestureRecognizer` and `other` may both recognize the same press (true from
    /// either side's delegate is enough). Default false: the first to recognize fails the other.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool
    /// True: `gestureRecognizer` waits for `other` to fail before it recognizes (as `require(toFail:)`). Default false.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool
    /// True: `other` waits for `gestureRecognizer` to fail before it recognizes. Default false.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool
    /// Asked once per press before the recognizer sees it; false keeps the press from it. Default true.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool
}

extension GestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { true }
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { true }
}

/// Identifies an action added with `addAction(_:)`, to remove it again.
public struct GestureActionToken: Hashable, Sendable {
    let value: Int
}

/// Gives `addAction(_:)` the recognizer's own type, so an action on a pan reads its translation
/// without a cast. Every `GestureRecognizer` conforms.
public protocol GestureActionSending: AnyObject {}

extension GestureActionSending where Self: GestureRecognizer {
    /// Adds an action (UIKit's `addTarget(_:action:)`): it runs after every transition to
    /// `.began`, `.changed`, `.ended` (recognized) and `.cancelled`, in the order added. The
    /// recognizer does not keep itself alive through it.
    @MainActor @discardableResult
    public func addAction(_ action: @escaping @MainActor (Self) -> Void) -> GestureActionToken {
        appendAction { [unowned self] _ in action(self) }
    }
}

struct WeakRecognizer {
    weak var recognizer: GestureRecognizer?
}
