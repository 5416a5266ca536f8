/// The interactive pop (UINavigationController's `interactivePopGestureRecognizer`): a
/// `ScreenEdgePanGestureRecognizer` from the left edge on the navigation controller's view.
/// It begins only when there is a controller to pop, no transition runs, and the delegate vends
/// no animator for that pop (UIKit's edge pop drives its own slide; a custom animator comes
/// with its own interaction). Began, it pops with a `PercentDrivenInteractiveTransition`:
/// percent = translation.x / view width; released, the pop finishes when flicked right or
/// past half-way (and not flicked back), else it cancels; a cancelled pan cancels.
extension NavigationController {
    /// Speed (points per second) above which a release counts as a flick.
    static let interactivePopFlickVelocity = 300.0

    func configureInteractivePop() {
        let edgePan = interactivePopGestureRecognizer
        edgePan.name = "\(name).interactivePop"
        edgePan.shouldBegin = { [unowned self] _ in self.canBeginInteractivePop }
        edgePan.addAction { [unowned self] pan in self.interactivePopChanged(pan) }
    }

    private var canBeginInteractivePop: Bool {
        guard viewControllers.count > 1, !isTransitioning, let from = topViewController else { return false }
        let to = viewControllers[viewControllers.count - 2]
        // A zoomed screen is dismissed by its own drag (the zoom's), not by the edge slide.
        return from.preferredTransition?.zoom == nil && delegate?.animationController(for: .pop, from: from, to: to) == nil
    }

    private func interactivePopChanged(_ pan: ScreenEdgePanGestureRecognizer) {
        switch pan.state {
        case .began:
            edgePopOffered = PercentDrivenInteractiveTransition()
            popViewController(animated: true)
            edgePopOffered = nil
            edgePopDriving?.update(popPercent(pan))
        case .changed:
            edgePopDriving?.update(popPercent(pan))
        case .ended, .cancelled:
            guard let interaction = edgePopDriving else { return }
            edgePopDriving = nil
            let velocity = pan.velocity(in: view).x
            if pan.state == .ended, Self.interactivePopFinishes(percent: popPercent(pan), velocity: velocity) {
                interaction.finish()
            } else {
                interaction.cancel()
            }
        case .possible, .failed:
            break
        }
    }

    private func popPercent(_ pan: PanGestureRecognizer) -> Double {
        let width = view.bounds.width
        guard width > 0 else { return 0 }
        return min(max(pan.translation(in: view).x / width, 0), 1)
    }

    static func interactivePopFinishes(percent: Double, velocity: Double) -> Bool {
        velocity > interactivePopFlickVelocity || (percent > 0.5 && velocity > -interactivePopFlickVelocity)
    }
}
