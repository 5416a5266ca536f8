import SegueTiming

/// One zoom, in (push, present) or out (pop, dismiss): the zoomed screen's view moves and
/// scales between the source view's frame and its own, as UIKit's zoom does, on an animator
/// that a drag can stop at any moment (the screen then follows the finger) and release towards
/// either end. The source view is hidden while the zoom runs.
@MainActor
final class ZoomTransitionAnimator: ViewControllerAnimatedTransitioning, ViewControllerInteractiveTransitioning {
    static let duration = 0.5
    /// Speed (points per second) above which a release counts as a flick.
    static let flickVelocity = 300.0
    /// Scale per second above which a pinch's release counts as a flick.
    static let flickScaleVelocity = 1.0

    private unowned let zoom: ZoomTransition
    let zoomingIn: Bool
    let wantsInteractiveStart: Bool
    private var context: (any ViewControllerContextTransitioning)?
    private var zoomedView: View?
    private var source: View?
    private var dimming: View?
    /// The container's drag and pinch while this zoom runs (see `ZoomTransition.makeDrag(for:)`).
    private var containerGestures: [GestureRecognizer] = []
    /// The zoomed view's frame on screen, and the source view's in the container.
    private(set) var fullFrame = Rect.zero
    private(set) var sourceFrame = Rect.zero
    /// The animator moving the zoomed view now (nil while the finger holds it).
    private var motion: PropertyAnimator?
    /// Where the finger took the zoomed view: its centre and scale, and the latest translation.
    /// `resumes`: a running zoom was grabbed, so a release with little movement goes on its way.
    /// `pinchStart`: the pinch's first midpoint, when fingers hold it.
    private var grabbed: (center: Point, scale: Point, translation: Point, resumes: Bool, pinchStart: Point?)?

    init(zoom: ZoomTransition, zoomingIn: Bool, interactive: Bool) {
        self.zoom = zoom
        self.zoomingIn = zoomingIn
        wantsInteractiveStart = interactive
    }

    func transitionDuration(using context: (any ViewControllerContextTransitioning)?) -> Double { Self.duration }

    func animateTransition(using context: any ViewControllerContextTransitioning) {
        guard prepare(context) else { return context.completeTransition(true) }
        move(toFull: zoomingIn, duration: Self.duration, curve: .easeInOut)
    }

    func startInteractiveTransition(_ context: any ViewControllerContextTransitioning) {
        guard prepare(context) else { return context.completeTransition(true) }
        grab(resuming: false)
    }

    func animationEnded(_ transitionCompleted: Bool) {
        if zoom.running === self { zoom.running = nil }
    }

    // MARK: The finger

    /// Stops the zoom where it is on screen; the finger moves it from here.
    func grab(resuming: Bool = true) {
        guard let context, let zoomedView else { return }
        motion?.stopAnimation(true)
        motion = nil
        context.pauseInteractiveTransition()
        let t = zoomedView.transform
        grabbed = (zoomedView.center, Point(x: t.m11, y: t.m22), Point(x: 0, y: 0), resuming, nil)
        // The coordinator's progress is where the zoom stopped, before any move.
        let towardsSource = shownProgressTowardsSource()
        context.updateInteractiveTransition(zoomingIn ? 1 - towardsSource : towardsSource)
    }

    /// The zoomed view follows the finger, shrinking as it goes down (to 40 % at a screen height).
    func follow(translation: Point) {
        guard let context, let zoomedView, let grab = grabbed else { return }
        grabbed?.translation = translation
        let height = max(context.containerView.bounds.height, 1)
        let shrink = max(0.4, 1 - 0.6 * max(translation.y, 0) / height)
        View.performWithoutAnimation {
            zoomedView.center = Point(x: grab.center.x + translation.x, y: grab.center.y + translation.y)
            zoomedView.transform = Transform3D(scaleX: grab.scale.x * shrink, y: grab.scale.y * shrink, z: 1)
        }
        let towardsSource = shownProgressTowardsSource()
        context.updateInteractiveTransition(zoomingIn ? 1 - towardsSource : towardsSource)
    }

    /// The release: a flick decides; otherwise a drag of a tenth of the screen, down to the
    /// source or up to the full screen; with less movement a grabbed zoom goes on its way and a
    /// drag that began a dismissal cancels it.
    func release(velocity: Point) {
        guard let context, let grab = grabbed else { return }
        grabbed = nil
        let height = max(context.containerView.bounds.height, 1)
        let toSource: Bool
        if velocity.y > Self.flickVelocity {
            toSource = true
        } else if velocity.y < -Self.flickVelocity {
            toSource = false
        } else if abs(grab.translation.y) > height / 10 {
            toSource = grab.translation.y > 0
        } else {
            toSource = grab.resumes ? !zoomingIn : zoomingIn
        }
        settle(toSource: toSource)
    }

    /// Two fingers hold the zoomed view: it scales by the pinch's `scale` (between the source's
    /// size and the full screen's) and its centre follows their `midpoint`.
    func follow(pinchScale scale: Double, midpoint: Point) {
        guard let context, let zoomedView, let grab = grabbed else { return }
        let start = grab.pinchStart ?? midpoint
        grabbed?.pinchStart = start
        let translation = Point(x: midpoint.x - start.x, y: midpoint.y - start.y)
        grabbed?.translation = translation
        let smallest = sourceFrame.width / max(fullFrame.width, 1)
        let factor = min(max(grab.scale.x * scale, smallest), 1) / max(grab.scale.x, 1e-9)
        View.performWithoutAnimation {
            zoomedView.center = Point(x: grab.center.x + translation.x, y: grab.center.y + translation.y)
            zoomedView.transform = Transform3D(scaleX: grab.scale.x * factor, y: grab.scale.y * factor, z: 1)
        }
        let towardsSource = shownProgressTowardsSource()
        context.updateInteractiveTransition(zoomingIn ? 1 - towardsSource : towardsSource)
    }

    /// The fingers lift: closing or opening faster than `flickScaleVelocity` decides; otherwise a
    /// scale a tenth from 1, towards the source below 1, to the full screen above; with less, a
    /// grabbed zoom goes on its way and a pinch that began a dismissal cancels it (the drag's rules).
    func release(pinchScale scale: Double, velocity: Double) {
        guard let grab = grabbed else { return }
        grabbed = nil
        let toSource: Bool
        if velocity < -Self.flickScaleVelocity {
            toSource = true
        } else if velocity > Self.flickScaleVelocity {
            toSource = false
        } else if abs(1 - scale) > 0.1 {
            toSource = scale < 1
        } else {
            toSource = grab.resumes ? !zoomingIn : zoomingIn
        }
        settle(toSource: toSource)
    }

    /// Finishes or cancels the transition and moves the zoomed view to the end it goes to.
    private func settle(toSource: Bool) {
        guard let context else { return }
        let completes = toSource != zoomingIn
        if completes { context.finishInteractiveTransition() } else { context.cancelInteractiveTransition() }
        let towardsSource = shownProgressTowardsSource()
        let remaining = toSource ? 1 - towardsSource : towardsSource
        move(toFull: !toSource, duration: max(0.1, remaining) * Self.duration, curve: .easeOut)
    }

    // MARK: Private

    /// Puts the zoomed view in the container at its start, hides the source. False when the
    /// context lacks its controllers.
    private func prepare(_ context: any ViewControllerContextTransitioning) -> Bool {
        guard let fromVC = context.viewController(forKey: .from), let toVC = context.viewController(forKey: .to) else { return false }
        self.context = context
        let container = context.containerView
        let zoomedVC = zoomingIn ? toVC : fromVC, sourceVC = zoomingIn ? fromVC : toVC
        let zoomedView = context.view(forKey: zoomingIn ? .to : .from) ?? zoomedVC.view
        self.zoomedView = zoomedView
        if zoomingIn {
            let final = context.finalFrame(for: toVC)
            zoomedView.frame = final == .zero ? container.bounds : final
            if zoomedView.superview !== container { container.addSubview(zoomedView) }
        } else if let back = context.view(forKey: .to), back.superview == nil {
            container.insertSubview(back, at: 0)
        }
        if let color = zoom.options.dimmingColor {
            let dimming = View(frame: container.bounds, name: "zoomDimming")
            dimming.backgroundColor = color
            dimming.alpha = zoomingIn ? 0 : 1
            container.insertSubview(dimming, belowSubview: zoomedView)
            self.dimming = dimming
        }
        fullFrame = zoomedView.frame
        sourceVC.viewIfLoaded?.layoutIfNeeded()
        let source = zoom.sourceViewProvider(ZoomSourceContext(sourceViewController: sourceVC, zoomedViewController: zoomedVC))
        sourceFrame = source.flatMap { $0.convert($0.bounds, to: container) }
            ?? fullFrame.insetBy(dx: fullFrame.width / 4, dy: fullFrame.height / 4)
        self.source = source
        source?.isHidden = true
        containerGestures = [zoom.makeDrag(for: zoomedVC), zoom.makePinch(for: zoomedVC)]
        for gesture in containerGestures { container.addGestureRecognizer(gesture) }
        if zoomingIn { View.performWithoutAnimation { place(atFull: false) } }
        return true
    }

    /// The zoomed view's centre and scale at its full frame or at the source's.
    private func place(atFull full: Bool) {
        guard let zoomedView else { return }
        let target = full ? fullFrame : sourceFrame
        zoomedView.center = Point(x: target.midX, y: target.midY)
        zoomedView.transform = full ? .identity : Transform3D(
            scaleX: sourceFrame.width / max(fullFrame.width, 1), y: sourceFrame.height / max(fullFrame.height, 1), z: 1)
        dimming?.alpha = full ? 1 : 0
    }

    private func move(toFull full: Bool, duration: Double, curve: TimingCurve) {
        let animator = PropertyAnimator(duration: duration, curve: curve) { [weak self] in self?.place(atFull: full) }
        animator.addCompletion { [weak self] position in
            guard let self, position == .end else { return }
            self.end(atFull: full)
        }
        motion = animator
        animator.startAnimation()
    }

    /// How far the zoomed view is from its full frame towards the source's, by its width (0...1).
    private func shownProgressTowardsSource() -> Double {
        guard let zoomedView else { return 0 }
        let width = fullFrame.width * zoomedView.presentation.transform.m11
        let span = fullFrame.width - sourceFrame.width
        return abs(span) > 1e-9 ? min(max((fullFrame.width - width) / span, 0), 1) : 0
    }

    private func end(atFull full: Bool) {
        guard let context else { return }
        motion = nil
        source?.isHidden = false
        dimming?.removeFromSuperview()
        for gesture in containerGestures { gesture.view?.removeGestureRecognizer(gesture) }
        containerGestures = []
        // The zoomed view keeps no zoom: it rests at its frame (or leaves at it).
        View.performWithoutAnimation { place(atFull: true) }
        let completed = full == zoomingIn
        self.context = nil
        context.completeTransition(completed && !context.transitionWasCancelled)
    }
}
