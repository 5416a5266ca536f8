/// The zoom a controller prefers (`ViewControllerTransition.zoom`): it vends an animator for
/// each zoom and owns the drag and the pinch on the zoomed screen that dismiss it or grab a
/// running zoom.
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
    /// The press holds the zoom it stopped, and has not dragged yet.
    private var pressHolds = false
    private var pan: PanGestureRecognizer?
    private var pinch: PinchGestureRecognizer?

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

    /// Adds the drag and the pinch that dismiss `zoomed` or grab its running zoom to its view (once).
    func installDrag(on zoomed: ViewController) {
        guard pan == nil else { return }
        let pan = makeDrag(for: zoomed), pinch = makePinch(for: zoomed)
        zoomed.view.addGestureRecognizer(pan)
        zoomed.view.addGestureRecognizer(pinch)
        (self.pan, self.pinch) = (pan, pinch)
    }

    /// A pinch for `zoomed`'s zooms (on its view, and on the container while a zoom runs, as
    /// the drag): fingers closing (scale < 1) shrink the screen towards its source.
    func makePinch(for zoomed: ViewController) -> PinchGestureRecognizer {
        let pinch = PinchGestureRecognizer { [unowned self, unowned zoomed] pinch in
            self.pinchChanged(pinch, zoomed: zoomed)
        }
        pinch.name = "\(zoomed.name).zoomPinch"
        return pinch
    }

    private func pinchChanged(_ pinch: PinchGestureRecognizer, zoomed: ViewController) {
        switch pinch.state {
        case .began:
            // A shown screen is dismissed by fingers closing; a running zoom is grabbed either way.
            guard running != nil || pinch.scale < 1 else { return }
            take(zoomed)
            held?.follow(pinchScale: pinch.scale, midpoint: pinch.location(in: nil))
        case .changed:
            held?.follow(pinchScale: pinch.scale, midpoint: pinch.location(in: nil))
        case .ended:
            held?.release(pinchScale: pinch.scale, velocity: pinch.velocity)
            held = nil
        case .cancelled, .failed:
            held?.release(pinchScale: 1, velocity: 0)
            held = nil
        default:
            break
        }
    }

    /// The finger takes the running zoom, or starts an interactive dismissal of `zoomed`.
    private func take(_ zoomed: ViewController) {
        if let running {
            running.grab()
            held = running
        } else {
            startsInteractively = true
            startDismissal(of: zoomed)
            startsInteractively = false
            held = running
        }
    }

    /// A drag for `zoomed`'s zooms. Besides the one on its view, each running zoom puts one on
    /// its container: hit testing sees a shrinking screen where it is going, so a press
    /// elsewhere on screen must still grab it.
    func makeDrag(for zoomed: ViewController) -> PanGestureRecognizer {
        let pan = ZoomDragRecognizer(minimumDistance: 10) { [unowned self, unowned zoomed] pan in
            self.dragChanged(pan, zoomed: zoomed)
        }
        pan.name = "\(zoomed.name).zoomDismiss"
        pan.shouldBegin = { [unowned self] pan in self.dragBegins(pan) }
        pan.pressed = { [unowned self] in self.pressed() }
        pan.liftedWithoutDrag = { [unowned self] in self.liftedWithoutDrag() }
        return pan
    }

    /// A press on a running zoom stops it where it is on screen, as a touch down pauses UIKit's
    /// interruptible animator; a drag then moves it. A press on a screen at rest starts nothing
    /// (only a drag down dismisses), so taps on the screen's controls are untouched.
    private func pressed() {
        guard let running, held == nil else { return }
        running.grab()
        held = running
        pressHolds = true
    }

    /// The press that stopped a zoom lifted (or lost to another recognizer, a tap) without
    /// dragging: the zoom goes on its way from where it stood.
    private func liftedWithoutDrag() {
        guard pressHolds else { return }
        pressHolds = false
        held?.release(velocity: Point(x: 0, y: 0))
        held = nil
    }

    /// A running zoom is grabbed by any drag; a shown screen is dismissed by a drag down that
    /// the options' `interactiveDismissShouldBegin` allows.
    private func dragBegins(_ pan: PanGestureRecognizer) -> Bool {
        if running != nil { return true }
        let velocity = pan.velocity(in: nil), translation = pan.translation(in: nil)
        guard translation.y > abs(translation.x) else { return false }
        let context = ZoomInteractionContext(location: pan.location(in: nil), velocity: velocity)
        return options.interactiveDismissShouldBegin?(context) ?? true
    }

    /// A pan of the caller's drives `zoomed`'s zooms as the zoom's own drag does
    /// (`ViewController.driveZoom(with:)`); false when it drives nothing.
    func drive(with pan: PanGestureRecognizer, zoomed: ViewController) -> Bool {
        if pan.state == .began {
            guard held == nil, dragBegins(pan) else { return false }
        } else if held == nil {
            return false
        }
        dragChanged(pan, zoomed: zoomed)
        return true
    }

    private func dragChanged(_ pan: PanGestureRecognizer, zoomed: ViewController) {
        switch pan.state {
        case .began:
            // The press may have stopped the zoom already; the drag carries it from there.
            if !pressHolds || held == nil { take(zoomed) }
            pressHolds = false
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
    /// Segue's addition (UIKit has none): a pan recognizer of the caller's — on a view of
    /// another window, as `segue play`'s — drives this controller's zoom (`preferredTransition =
    /// .zoom`) as the zoom's own drag does: at `.began` a drag down starts an interactive
    /// dismissal (any drag grabs a running zoom), later states move and release it. The pan's
    /// window coordinates are taken as this controller's window's. Returns whether the pan
    /// drives the zoom (false: no zoom preferred, or a `.began` that starts nothing).
    @discardableResult
    public func driveZoom(with pan: PanGestureRecognizer) -> Bool {
        preferredTransition?.zoom?.drive(with: pan, zoomed: self) ?? false
    }

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

/// The zoom's drag, which also hears the press land and lift: a press stops a running zoom at
/// once (UIKit's interruptible animators pause on touch down), not only a drag of 10 points.
@MainActor
private final class ZoomDragRecognizer: PanGestureRecognizer {
    var pressed: (@MainActor () -> Void)?
    var liftedWithoutDrag: (@MainActor () -> Void)?

    init(minimumDistance: Double, action: @escaping @MainActor (PanGestureRecognizer) -> Void) {
        super.init(minimumDistance: minimumDistance)
        addAction(action)
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        super.touchesBegan(touches, with: event)
        pressed?()
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        super.touchesEnded(touches, with: event)
        liftedWithoutDrag?()
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        super.touchesCancelled(touches, with: event)
        liftedWithoutDrag?()
    }

    /// Also when another recognizer won the press (a tap) and this one never heard it lift.
    override func reset() {
        super.reset()
        liftedWithoutDrag?()
    }
}
