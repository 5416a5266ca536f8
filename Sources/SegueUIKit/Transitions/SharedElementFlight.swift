import SegueTiming

/// The shared elements of one transition (`View.transitionID`): started by the system beside
/// whatever animator runs (`TransitionStart`), they follow the transition's progress rather than
/// a clock of their own, so they scrub, pause, reverse on a cancel and finish with it.
///
/// Each pair flies as a stand-in in an overlay above everything in the container: the leaving
/// view's picture (snapshotted before the animator runs) and the arriving one's, in a view whose
/// frame, corner radius and opacity go from one end's to the other's. Both ends hide while it
/// flies. The ends are measured again on every frame from the screens' layout, so a window
/// resized mid-flight retargets the flight. A view whose id has no partner fades where it is.
@MainActor
final class SharedElementFlight {
    /// One pair in flight.
    private struct Pair {
        let from: View, to: View
        let style: SharedElementStyle
        /// The clip (a view at the clip view's frame that clips), or the overlay itself.
        let host: View
        let flyer: View
        let fromPicture: View?
        let toPicture: View
        let keyframes: KeyframePath?
    }

    /// A view whose id has no partner: it fades out (leaving) or in (arriving) from its alpha.
    private struct Fading {
        let view: View
        let alpha: Double
        let appearing: Bool
    }

    private let context: TransitionContext
    private weak var coordinator: TransitionCoordinator?
    private let screens: (from: View, to: View)
    /// Where each screen rests in the container (its origin at the start, or at the end).
    private let restOrigins: (from: Point, to: Point)
    private let overlay = View(name: "sharedElements")
    private var matched: [(from: View, to: View, style: SharedElementStyle, picture: View)] = []
    private var pairs: [Pair] = []
    private var fadings: [Fading] = []
    private var link: DisplayLink?
    /// After the interaction of a transition that has no timeline of its own ended: the rest,
    /// from the percent then to the end it goes to, as the coordinator times it.
    private var settle: (from: Double, to: Double, start: Double, duration: Double, curve: TimingCurve)?
    /// What the last frame showed (progress and measured frames): an unchanged frame sets nothing.
    private var shown: [Double] = []
    private var ended = false
    /// Set by the first frame after the launch.
    private var ticked = false

    /// Before the animator runs: pairs the views of the two screens by id, takes the leaving
    /// views' pictures while they are on screen, hides every paired view (so an animator that
    /// snapshots a screen leaves them out). Nil when the transition is not animated or no view
    /// of either screen carries an id.
    static func prepare(context: TransitionContext, coordinator: TransitionCoordinator) -> SharedElementFlight? {
        guard context.isAnimated, let fromVC = context.viewController(forKey: .from), let toVC = context.viewController(forKey: .to) else {
            return nil
        }
        let fromScreen = context.view(forKey: .from) ?? fromVC.view, toScreen = context.view(forKey: .to) ?? toVC.view
        guard !fromScreen.isDescendant(of: toScreen), !toScreen.isDescendant(of: fromScreen) else { return nil }
        let leaving = identified(in: fromScreen), arriving = identified(in: toScreen)
        guard !leaving.isEmpty || !arriving.isEmpty else { return nil }
        return SharedElementFlight(context: context, coordinator: coordinator, screens: (fromScreen, toScreen), leaving: leaving, arriving: arriving)
    }

    private init(
        context: TransitionContext, coordinator: TransitionCoordinator, screens: (from: View, to: View),
        leaving: [(String, View)], arriving: [(String, View)]
    ) {
        self.context = context
        self.coordinator = coordinator
        self.screens = screens
        let fromFrame = context.viewController(forKey: .from).map { context.initialFrame(for: $0) } ?? .zero
        let toFrame = context.viewController(forKey: .to).map { context.finalFrame(for: $0) } ?? .zero
        restOrigins = (fromFrame == .zero ? .zero : fromFrame.origin, toFrame == .zero ? .zero : toFrame.origin)
        let arrivingByID = Dictionary(arriving.map { ($0.0, $0.1) }, uniquingKeysWith: { first, _ in first })
        let leavingIDs = Set(leaving.map(\.0))
        var paired: Set<String> = []
        for (id, view) in leaving {
            guard let partner = arrivingByID[id] else {
                fadings.append(Fading(view: view, alpha: view.alpha, appearing: false))
                continue
            }
            guard paired.insert(id).inserted else { continue }  // the first of an id on each side flies
            let style = partner.sharedElementStyle ?? view.sharedElementStyle ?? SharedElementStyle()
            matched.append((view, partner, style, Self.picture(of: view)))
        }
        for (id, view) in arriving where !leavingIDs.contains(id) {
            fadings.append(Fading(view: view, alpha: view.alpha, appearing: true))
        }
        View.performWithoutAnimation {
            for pair in matched {
                pair.from.isHidden = true
                pair.to.isHidden = true
            }
            for fading in fadings where fading.appearing { fading.view.alpha = 0 }
        }
    }

    /// After the animator started: the arriving views' pictures (their screen is in place now),
    /// the overlay above the container's views, and the per-frame follower. A transition that
    /// already completed (its animator completed at once) only puts the views back.
    func launch() {
        guard let coordinator, !context.isCompleted else { return end() }
        screens.to.layoutIfNeeded()
        let container = context.containerView
        overlay.frame = container.bounds
        overlay.autoresizesToFillSuperview = true
        overlay.isUserInteractionEnabled = false
        for (from, to, style, fromPicture) in matched {
            to.isHidden = false
            let toPicture = Self.picture(of: to)
            to.isHidden = true
            let flyer = View(name: "sharedElement.\(to.transitionID ?? "")")
            // The pictures round themselves (the view shader's smooth corners, as the views
            // drew theirs); a clip here would be the stencil's hard edge.
            for picture in [fromPicture, toPicture] { picture.clipsToBounds = true }
            let host: View
            if style.clipView != nil {
                host = View(name: "sharedElement.clip")
                host.clipsToBounds = true
                overlay.addSubview(host)
            } else {
                host = overlay
            }
            host.addSubview(flyer)
            let crossFades = style.content == .crossFade
            if crossFades { flyer.addSubview(fromPicture) }
            flyer.addSubview(toPicture)
            pairs.append(Pair(
                from: from, to: to, style: style, host: host, flyer: flyer, fromPicture: crossFades ? fromPicture : nil,
                toPicture: toPicture, keyframes: Self.keyframePath(style.path)))
        }
        matched = []
        container.addSubview(overlay)
        link = container.animationEngine.addFrameFollower { [weak self] now in self?.tick(now) }
        // Kept until the transition ends, cancelled or finished: then every view is back.
        coordinator.animate(alongsideTransition: nil, completion: { _ in self.end() })
        coordinator.notifyWhenInteractionChanges { [weak self] _ in self?.interactionEnded() }
        show(progress(at: container.animationEngine.now))
    }

    // MARK: Progress

    private func tick(_ now: Double) {
        guard !ended else { return }
        ticked = true
        show(progress(at: now))
    }

    /// The transition's progress now (0...1): its timeline's (a percent-driven domain, an
    /// interruptible animator), the interaction's percent, the rest after it, or the clock's.
    private func progress(at now: Double) -> Double {
        guard let coordinator else { return context.transitionWasCancelled ? 0 : 1 }
        if coordinator.interruptibleAnimator != nil || coordinator.timeDomain != nil { return coordinator.percentComplete }
        if context.isInteractive {
            settle = nil
            return context.percentComplete
        }
        if let settle {
            let t = settle.duration > 0 ? min(max((now - settle.start) / settle.duration, 0), 1) : 1
            return settle.from + (settle.to - settle.from) * settle.curve.value(at: t)
        }
        // A timed transition's clock starts once the system started it, after this flight's launch.
        return ticked ? coordinator.percentComplete : 0
    }

    /// An interaction without a timeline of its own ended: the rest plays from where it was.
    private func interactionEnded() {
        guard let coordinator, coordinator.interruptibleAnimator == nil, coordinator.timeDomain == nil else { return }
        let from = context.percentComplete, to: Double = context.transitionWasCancelled ? 0 : 1
        settle = (from, to, context.containerView.animationEngine.now,
                  abs(to - from) * coordinator.transitionDuration / coordinator.completionVelocity, coordinator.completionCurve)
    }

    // MARK: Frames

    /// Shows the flight at `progress`, measuring both ends from the screens' layout now.
    private func show(_ progress: Double) {
        screens.from.layoutIfNeeded()
        screens.to.layoutIfNeeded()
        let container = context.containerView
        if container.subviews.last !== overlay { container.bringSubviewToFront(overlay) }
        let ends = pairs.map { pair in
            (from: restFrame(of: pair.from), to: restFrame(of: pair.to), clip: pair.style.clipView.flatMap { restFrame(of: $0) })
        }
        var measured = [progress]
        for end in ends {
            for rect in [end.from, end.to, end.clip ?? .zero] { measured += [rect.minX, rect.minY, rect.width, rect.height] }
        }
        guard measured != shown else { return }  // a resting finger: nothing to set, no frame asked for
        shown = measured
        View.performWithoutAnimation {
            for (pair, end) in zip(pairs, ends) { place(pair, from: end.from, to: end.to, clip: end.clip, at: progress) }
            let eased = TimingCurve.easeInOut.value(at: progress)
            for fading in fadings { fading.view.alpha = fading.alpha * (fading.appearing ? eased : 1 - eased) }
        }
    }

    private func place(_ pair: Pair, from a: Rect, to b: Rect, clip: Rect?, at progress: Double) {
        let t = pair.style.curve.value(at: progress)
        let size = Size.interpolate(a.size, b.size, t)
        let center = Self.center(on: pair.style.path, keyframes: pair.keyframes, from: Point(x: a.midX, y: a.midY), to: Point(x: b.midX, y: b.midY), at: t)
        var origin = Point(x: center.x - size.width / 2, y: center.y - size.height / 2)
        if let clip, let clipView = pair.style.clipView {
            pair.host.frame = clip
            pair.host.cornerRadius = clipView.cornerRadius
            origin = Point(x: origin.x - clip.minX, y: origin.y - clip.minY)
        }
        pair.flyer.frame = Rect(origin: origin, size: size)
        let radius = pair.from.cornerRadius + (pair.to.cornerRadius - pair.from.cornerRadius) * t
        pair.flyer.cornerRadius = radius
        pair.fromPicture?.cornerRadius = radius
        pair.toPicture.cornerRadius = radius
        pair.flyer.alpha = pair.from.alpha + (pair.to.alpha - pair.from.alpha) * t
        let bounds = Rect(origin: .zero, size: size)
        pair.fromPicture?.frame = bounds
        // The arriving picture fades in over the leaving one, which stays opaque until half-way
        // (an opaque pair mixes without the backdrop showing through) and then fades out.
        pair.fromPicture?.alpha = min(1, 2 * (1 - t))
        pair.toPicture.frame = bounds
        pair.toPicture.alpha = pair.fromPicture == nil ? 1 : t
    }

    /// Where `view` is when its screen rests (the leaving screen where it started, the arriving
    /// one where it ends), in the overlay's coordinates, from the model values (an animator
    /// moving the screen does not move the ends).
    private func restFrame(of view: View) -> Rect {
        let container = context.containerView
        for (screen, origin) in [(screens.from, restOrigins.from), (screens.to, restOrigins.to)] where view.isDescendant(of: screen) {
            guard let rect = Self.rect(of: view, in: screen) else { break }
            return rect.offsetBy(
                dx: origin.x - screen.bounds.minX - container.bounds.minX, dy: origin.y - screen.bounds.minY - container.bounds.minY)
        }
        return view.convert(view.bounds, to: overlay) ?? .zero
    }

    /// `view`'s bounds in `screen`'s coordinates: by adding up frames while every view on the
    /// way is untransformed (every frame, so without the homographies), else by `convert`.
    private static func rect(of view: View, in screen: View) -> Rect? {
        var rect = Rect(origin: .zero, size: view.bounds.size)
        var current = view
        while current !== screen {
            guard current.transform.isIdentity, let parent = current.superview else { return view.convert(view.bounds, to: screen) }
            let frame = current.frame
            rect = rect.offsetBy(dx: frame.minX - parent.bounds.minX, dy: frame.minY - parent.bounds.minY)
            current = parent
        }
        return rect
    }

    private static func center(on path: SharedElementPath, keyframes: KeyframePath?, from a: Point, to b: Point, at t: Double) -> Point {
        switch path {
        case .straight:
            return Point.interpolate(a, b, t)
        case .arc:
            // A quadratic Bézier through (b.x, a.y): along the horizontal first, then the vertical.
            let u = 1 - t
            return Point(x: u * u * a.x + 2 * u * t * b.x + t * t * b.x, y: u * u * a.y + 2 * u * t * a.y + t * t * b.y)
        case .keyframes:
            let line = Point.interpolate(a, b, t)
            guard case .center(let offset)? = keyframes?.value(at: min(max(t, 0), 1)) else { return line }
            return Point(x: line.x + offset.x, y: line.y + offset.y)
        }
    }

    /// The offsets of a keyframed path as Core Animation's cubic keyframes: 0 at both ends.
    private static func keyframePath(_ path: SharedElementPath) -> KeyframePath? {
        guard case .keyframes(let keyframes) = path else { return nil }
        let ordered = keyframes.filter { $0.progress.isFinite && $0.offset.x.isFinite && $0.offset.y.isFinite }
            .map { SharedElementKeyframe(progress: min(max($0.progress, 0), 1), offset: $0.offset) }
            .sorted { $0.progress < $1.progress }
        var stops: [KeyframePath.Stop] = []
        var previous = 0.0
        for keyframe in ordered {
            stops.append(KeyframePath.Stop(start: previous, duration: keyframe.progress - previous, value: .center(keyframe.offset)))
            previous = keyframe.progress
        }
        stops.append(KeyframePath.Stop(start: previous, duration: 1 - previous, value: .center(.zero)))
        return KeyframePath(mode: .cubic, initial: .center(.zero), stops: stops)
    }

    // MARK: Ends

    /// The transition ended (finished or cancelled): the overlay goes, every view is shown as it was.
    private func end() {
        guard !ended else { return }
        ended = true
        link?.invalidate()
        link = nil
        overlay.removeFromSuperview()
        View.performWithoutAnimation {
            for pair in pairs {
                pair.from.isHidden = false
                pair.to.isHidden = false
            }
            for pair in matched {
                pair.from.isHidden = false
                pair.to.isHidden = false
            }
            for fading in fadings { fading.view.alpha = fading.alpha }
        }
        pairs = []
        matched = []
    }

    // MARK: Finding and picturing

    /// The views of `root`'s tree that carry an id, depth first, leaving out hidden subtrees.
    private static func identified(in root: View) -> [(String, View)] {
        guard !root.isHidden else { return [] }
        var found: [(String, View)] = []
        if let id = root.transitionID { found.append((id, root)) }
        for subview in root.subviews { found += identified(in: subview) }
        return found
    }

    /// A picture of `view` and its subviews (a snapshot, drawn once); without a compositor to
    /// draw it (a window never drawn), a stand-in with its background, corner radius and content.
    private static func picture(of view: View) -> View {
        // Drawn square: the picture is rounded with the radius of the moment as it flies (rounded
        // twice, the corners' edge pixels would come out fainter than the view's own).
        let radius = view.cornerRadius
        view.cornerRadius = 0
        defer { view.cornerRadius = radius }
        if let snapshot = try? view.makeSnapshotView(afterScreenUpdates: false) { return snapshot }
        let standIn = View(frame: view.bounds, name: "\(view.name).standIn")
        standIn.backgroundColor = view.backgroundColor
        standIn.cornerRadius = view.cornerRadius
        standIn.clipsToBounds = view.clipsToBounds
        standIn.content = view.content
        return standIn
    }
}
