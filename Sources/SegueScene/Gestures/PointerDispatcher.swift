/// Routes one pointer's events (window coordinates: the target's pixels, top-left origin, as
/// GLFW reports them; timestamps in seconds) to the pan recognizers of a view tree, UIKit style.
///
/// **Hit testing** (`hitTest`) follows `UIView.hitTest(_:with:)` on the model values (a view
/// being animated is hit where it is going, as in UIKit): starting at the root, a view that is
/// hidden, has `alpha < 0.01`, or does not contain the point in its bounds (the point is mapped
/// with `convert(_:from: nil)`, so transforms, bounds origins and perspective count) is skipped
/// together with its subtree; otherwise its subviews are tried front to back (last subview
/// first) and the first hit wins, else the view itself. As in UIKit, a subview sticking out of
/// its superview's bounds cannot be hit there.
///
/// **Routing**: a press goes to the recognizers attached to the hit view and to its ancestors
/// (`view.addGestureRecognizer`; every window has a dispatcher, `window.pointerDispatcher`)
/// (the candidates), ordered deepest view first and, on one view, in the order they were added.
/// A press that hits nothing, or whose chain has no recognizer, reaches none.
///
/// **Arbitration**: the first candidate to begin wins the press; the others are failed (or
/// cancelled, if somehow already recognizing) at once, and from then on only the winner gets
/// events. Each move is offered to the undecided candidates in order, deepest first, so when
/// several would begin on the same move (e.g. equal minimum distances) the deepest one wins;
/// if it vetoes (`shouldBegin`) or is disabled, it fails and the next one up may begin on that
/// same move. A candidate with a smaller minimum distance can begin first and so win over a
/// deeper one. A release or cancellation without a winner fails every candidate.
@MainActor
public final class PointerDispatcher {
    public let root: View

    /// The recognizers following the current press, deepest view first; empty between presses.
    private var candidates: [PanGestureRecognizer] = []
    /// The candidate that began during the current press.
    private var winner: PanGestureRecognizer?

    public init(root: View) {
        self.root = root
    }

    /// Attaches `recognizer` to `view`: the same as `view.addGestureRecognizer(recognizer)`.
    /// Adding it again moves it.
    public func add(_ recognizer: PanGestureRecognizer, to view: View) {
        view.addGestureRecognizer(recognizer)
    }

    /// Detaches `recognizer` from its view (`view.removeGestureRecognizer`). If it is following
    /// the current press it leaves it: failed if undecided, cancelled (action runs) if it had begun.
    public func remove(_ recognizer: PanGestureRecognizer) {
        if candidates.contains(where: { $0 === recognizer }) {
            candidates.removeAll { $0 === recognizer }
            if winner === recognizer { winner = nil }
        }
        recognizer.view?.removeGestureRecognizer(recognizer)
    }

    // MARK: - Events

    /// Starts a press. A press arriving while another is being followed (a lost release) first
    /// cancels the old one.
    public func pointerDown(at point: Point, time: Double) {
        if !candidates.isEmpty { pointerCancelled(time: time) }
        candidates = recognizersForPress(at: point)
        winner = nil
        for recognizer in candidates { recognizer.pointerDown(at: point, time: time) }
    }

    public func pointerMoved(to point: Point, time: Double) {
        if let winner {
            winner.pointerMoved(to: point, time: time)
            return
        }
        for recognizer in candidates where recognizer.isUndecided {
            recognizer.pointerMoved(to: point, time: time)
            // From .possible a move leads to .began (its action may already have cancelled it),
            // .failed, or nothing. Its action may also have removed it from this dispatcher.
            let began = recognizer.state != .possible && recognizer.state != .failed
            if began, candidates.contains(where: { $0 === recognizer }) {
                declareWinner(recognizer)
                return
            }
        }
    }

    public func pointerUp(at point: Point, time: Double) {
        let targets = winner.map { [$0] } ?? candidates
        endPress()
        for recognizer in targets { recognizer.pointerUp(at: point, time: time) }
    }

    public func pointerCancelled(time: Double) {
        let targets = winner.map { [$0] } ?? candidates
        endPress()
        for recognizer in targets { recognizer.pointerCancelled(time: time) }
    }

    // MARK: - Hit testing

    /// Topmost view containing `point` (window coordinates), or nil (see the type's notes).
    public func hitTest(_ point: Point) -> View? {
        Self.hit(root, point)
    }

    private static func hit(_ view: View, _ point: Point) -> View? {
        guard !view.isHidden, view.alpha >= 0.01,
              let local = view.convert(point, from: nil), view.bounds.contains(local)
        else { return nil }
        for subview in view.subviews.reversed() {
            if let found = hit(subview, point) { return found }
        }
        return view
    }

    // MARK: - Private

    private func recognizersForPress(at point: Point) -> [PanGestureRecognizer] {
        var result: [PanGestureRecognizer] = []
        var current = hitTest(point)
        while let view = current {
            result += view.gestureRecognizers
            current = view.superview
        }
        return result
    }

    private func declareWinner(_ recognizer: PanGestureRecognizer) {
        winner = recognizer
        for other in candidates where other !== recognizer { other.yieldToOtherRecognizer() }
    }

    private func endPress() {
        candidates = []
        winner = nil
    }
}
