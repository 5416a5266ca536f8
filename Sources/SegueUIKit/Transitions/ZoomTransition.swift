/// The zoom a controller prefers (`ViewControllerTransition.zoom`): it vends an animator for
/// each zoom and owns the drag on the zoomed screen that dismisses it or grabs a running zoom.
@MainActor
final class ZoomTransition {
    let options: ZoomOptions
    let sourceViewProvider: @MainActor (ZoomSourceContext) -> View?
    /// The zoom now running (in or out), if any.
    weak var running: ZoomTransitionAnimator?
    /// Set while the drag starts a dismissal: that zoom starts interactively.
    private var startsInteractively = false
    /// The zoom the finger holds.
    private var held: ZoomTransitionAnimator?
    private var pan: PanGestureRecognizer?

    init(options: ZoomOptions, sourceViewProvider: @escaping @MainActor (ZoomSourceContext) -> View?) {
        self.options = options
        self.sourceViewProvider = sourceViewProvider
    }

    /// The animator (and interaction controller) of one zoom of `zoomed`.
    func animator(zoomingIn: Bool, zoomed: ViewController) -> ZoomTransitionAnimator {
        installDrag(on: zoomed)
        let animator = ZoomTransitionAnimator(zoom: self, zoomingIn: zoomingIn, interactive: startsInteractively)
        running = animator
        return animator
    }

    /// Adds the drag that dismisses `zoomed` or grabs its running zoom to its view (once).
    func installDrag(on zoomed: ViewController) {
        guard pan == nil else { return }
        let pan = makeDrag(for: zoomed)
        zoomed.view.addGestureRecognizer(pan)
        self.pan = pan
    }

    /// A drag for `zoomed`'s zooms. Besides the one on its view, each running zoom puts one on
    /// its container: hit testing sees a shrinking screen where it is going, so a press
    /// elsewhere on screen must still grab it.
    func makeDrag(for zoomed: ViewController) -> PanGestureRecognizer {
        let pan = PanGestureRecognizer(minimumDistance: 10) { [unowned self, unowned zoomed] pan in
            self.dragChanged(pan, zoomed: zoomed)
        }
        pan.name = "\(zoomed.name).zoomDismiss"
        pan.shouldBegin = { [unowned self] pan in
            // A running zoom is grabbed by any drag; a shown screen is dismissed by a drag down.
            if self.running != nil { return true }
            let velocity = pan.velocity(in: nil), translation = pan.translation(in: nil)
            guard translation.y > abs(translation.x) else { return false }
            let context = ZoomInteractionContext(location: pan.location(in: nil), velocity: velocity)
            return self.options.interactiveDismissShouldBegin?(context) ?? true
        }
        return pan
    }

    private func dragChanged(_ pan: PanGestureRecognizer, zoomed: ViewController) {
        switch pan.state {
        case .began:
            if let running {
                running.grab()
                held = running
            } else {
                startsInteractively = true
                startDismissal(of: zoomed)
                startsInteractively = false
                held = running
            }
            held?.follow(translation: pan.translation(in: nil))
        case .changed:
            held?.follow(translation: pan.translation(in: nil))
        case .ended:
            held?.release(velocity: pan.velocity(in: nil))
            held = nil
        case .cancelled, .failed:
            held?.release(velocity: Point(x: 0, y: 0))
            held = nil
        default:
            break
        }
    }

    /// Pops the zoomed screen from its navigation controller, or dismisses it.
    private func startDismissal(of zoomed: ViewController) {
        if let navigation = zoomed.navigationController, navigation.topViewController === zoomed,
            navigation.viewControllers.count > 1 {
            _ = navigation.popViewController(animated: true)
        } else if zoomed.presentingViewController != nil, !zoomed.isBeingPresented, !zoomed.isBeingDismissed {
            zoomed.dismiss(animated: true)
        }
    }
}

extension ViewController {
    /// The animator (and the zoom's interaction controller) of `self`'s preferred transition,
    /// for a push or presentation of `self` (`appearing`), or a pop or dismissal of it.
    func preferredTransitionAnimators(appearing: Bool) -> (
        animator: any ViewControllerAnimatedTransitioning, interaction: (any ViewControllerInteractiveTransitioning)?
    )? {
        if let zoom = preferredTransition?.zoom?.animator(zoomingIn: appearing, zoomed: self) { return (zoom, zoom) }
        if let duration = preferredTransition?.matchedViewsDuration { return (MatchedViewsTransitionAnimator(duration: duration), nil) }
        return nil
    }
}
