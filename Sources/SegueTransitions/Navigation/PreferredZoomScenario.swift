import SegueUIKit

extension TransitionScenario {
    /// iOS 18's zoom (`preferredTransition = .zoom(sourceViewProvider:)`) as a scenario: the
    /// first screen shows a thumbnail of the second (a quarter of the width, near its lower left
    /// corner, as a cell of a grid would be), and the second is pushed growing out of it
    /// (`segue play preferred-zoom`, `segue render --effect preferred-zoom`,
    /// `TransitionSnapshots.transition(named: "preferred-zoom", …)`). The thumbnail shows the
    /// second screen's picture, so the zoom looks as a photo opening does.
    static let preferredZoom = TransitionScenario(
        name: "preferred-zoom",
        summary: "iOS 18: push with preferredTransition = .zoom { the thumbnail }; the screen grows out of a thumbnail (0.5 s)",
        duration: 0.5
    ) { window, from, to in
        let size = window.rootView.bounds.size
        let thumbnail = View(frame: thumbnailFrame(in: size), name: "thumbnail")
        thumbnail.content = to.view.content
        thumbnail.backgroundColor = to.view.backgroundColor
        from.view.addSubview(thumbnail)
        to.preferredTransition = .zoom { _ in thumbnail }
        // No delegate animator: the navigation controller uses the pushed screen's preferred transition.
        push(window, from, to, delegate: FixedNavigationDelegate(push: nil, pop: nil))
    }

    /// Where the thumbnail sits on a screen of `size`: a quarter of the width, the screen's
    /// aspect, its margin an eighth of its width from the left and bottom edges.
    public static func thumbnailFrame(in size: Size) -> Rect {
        let width = (size.width / 4).rounded(), height = (size.height / 4).rounded()
        return Rect(x: (width / 8).rounded(), y: size.height - height - (width / 8).rounded(), width: width, height: height)
    }
}
