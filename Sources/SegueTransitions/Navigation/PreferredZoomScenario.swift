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
        duration: 0.5, gesture: preferredZoomGesture
    ) { window, from, to in
        zoomOutOfAThumbnail(window, from, to)
        // No delegate animator: the navigation controller uses the pushed screen's preferred transition.
        push(window, from, to, delegate: FixedNavigationDelegate(push: nil, pop: nil))
    }

    /// In a window (`segue play preferred-zoom`): the second screen shown, a drag down dismisses
    /// it back into the thumbnail, driving the zoom as its own drag does (`driveZoom(with:)`).
    static let preferredZoomGesture = ScenarioGesture(
        summary: "drag down to dismiss: the screen follows the finger, shrinking; on release a flick or a tenth of the height down finishes, else it cancels",
        reversesTimeline: true
    ) { window, from, to in
        zoomOutOfAThumbnail(window, from, to)
        let navigation = push(window, from, to, delegate: FixedNavigationDelegate(push: nil, pop: nil), animated: false)
        // A non-animated push completes on the engine's next frame: run it now.
        window.animationEngine.advance(to: window.animationEngine.now)
        let driven = NavigationGesture(navigation: navigation, finishedStack: [from]) { [weak to] pan, _ in
            _ = to?.driveZoom(with: pan)
        }
        return ScenarioRetainer.kept(driven, with: from)
    }

    /// Puts a thumbnail of `to` on `from` and makes it `to`'s zoom source.
    @MainActor private static func zoomOutOfAThumbnail(_ window: Window, _ from: ViewController, _ to: ViewController) {
        let thumbnail = View(frame: thumbnailFrame(in: window.rootView.bounds.size), name: "thumbnail")
        thumbnail.content = to.view.content
        thumbnail.backgroundColor = to.view.backgroundColor
        from.view.addSubview(thumbnail)
        to.preferredTransition = .zoom { _ in thumbnail }
    }

    /// Where the thumbnail sits on a screen of `size`: a quarter of the width, the screen's
    /// aspect, its margin an eighth of its width from the left and bottom edges.
    public static func thumbnailFrame(in size: Size) -> Rect {
        let width = (size.width / 4).rounded(), height = (size.height / 4).rounded()
        return Rect(x: (width / 8).rounded(), y: size.height - height - (width / 8).rounded(), width: width, height: height)
    }
}
