import SegueUIKit

/// Example i (AppCoda's `MenuTransitionManager`): one object that is both the transitioning
/// delegate and the animator. Presenting, the menu (the presented view) is put at its final
/// frame and a snapshot of the source (the presenting controller's view, `snapshotView()`)
/// is put over it, then slides down by the menu's height (`menuHeightFraction` of the
/// container) to reveal the menu. The snapshot stays, standing in for the source, while the
/// menu is shown; tapping it dismisses: the snapshot carries a `TapGestureRecognizer` whose
/// action is `dismissByTappingSnapshot()`, as the seed's tap recognizer on its snapshot does.
/// Dismissing, the snapshot slides back up and is removed.
///
/// The animator finds the snapshot in the context's container (by `snapshotTag`); it keeps no
/// state about a running transition.
@MainActor
public final class DropDownMenuTransition: OneShotInteractionVending, ViewControllerAnimatedTransitioning {
    /// The snapshot's tag in the container.
    public static let snapshotTag = 0x5E6E_D0D0

    public let duration: Double
    /// How far the snapshot drops, as a fraction of the container's height (the menu's height).
    public let menuHeightFraction: Double
    public let options: AnimationOptions
    /// Vended for the next presentation only.
    public var presentationInteraction: (any ViewControllerInteractiveTransitioning)?
    /// Vended for the next dismissal only.
    public var dismissalInteraction: (any ViewControllerInteractiveTransitioning)?
    /// The menu this object last presented (weak), for tap-to-dismiss.
    public private(set) weak var menuViewController: ViewController?

    public init(duration: Double = 0.5, menuHeightFraction: Double = 0.6, options: AnimationOptions = .curveEaseInOut) {
        self.duration = max(0, duration)
        self.menuHeightFraction = min(max(menuHeightFraction, 0), 1)
        self.options = options
    }

    /// Makes `menu` use this object as its transitioning delegate (weak: keep this alive), with
    /// the `.custom` style, so that its `DropDownMenuPresentationController` keeps the snapshot
    /// at the window's size when the window is resized.
    public func prepare(_ menu: ViewController) {
        menu.modalPresentationStyle = .custom
        menu.transitioningDelegate = self
        menuViewController = menu
    }

    /// How far the snapshot drops in `container`.
    public func dropDistance(in container: View) -> Double { menuHeightFraction * container.bounds.height }

    // MARK: Tap to dismiss

    /// Dismisses the presented menu, as a tap on the snapshot does. Ignored while a transition
    /// runs or when the menu is not presented; returns whether a dismissal was requested.
    @discardableResult
    public func dismissByTappingSnapshot(animated: Bool = true) -> Bool {
        guard let menu = menuViewController, let presenting = menu.presentingViewController,
            presenting.presentedViewController === menu, menu.transitionCoordinator == nil
        else { return false }
        menu.dismiss(animated: animated)
        return true
    }

    /// The snapshot in `container`, if one is there.
    public static func snapshot(in container: View) -> View? {
        container.subviews.last { $0.tag == snapshotTag }
    }

    // MARK: Delegate

    public func animationController(
        forPresented presented: ViewController, presenting: ViewController, source: ViewController
    ) -> (any ViewControllerAnimatedTransitioning)? {
        menuViewController = presented
        return self
    }

    public func animationController(forDismissed dismissed: ViewController) -> (any ViewControllerAnimatedTransitioning)? { self }

    /// For a `.custom` presentation (`prepare(_:)`): the controller that takes the source's view
    /// out once the menu is shown, as a full-screen presentation does, and follows resizes.
    public func presentationController(
        forPresented presented: ViewController, presenting: ViewController?, source: ViewController
    ) -> PresentationController? {
        DropDownMenuPresentationController(presentedViewController: presented, presenting: presenting, transition: self)
    }

    // MARK: Animator

    public func transitionDuration(using context: (any ViewControllerContextTransitioning)?) -> Double { duration }

    public func animateTransition(using context: any ViewControllerContextTransitioning) {
        if context.isPresentingTransition { present(context) } else { dismiss(context) }
    }

    /// A snapshot of `source` placed over it in `container` (a plain view of its colour when no
    /// snapshot can be made; the reason is reported by `snapshotView`).
    func makeSnapshot(of source: View, in container: View) -> View {
        let frame = source.convert(source.bounds, to: container) ?? source.frame
        let snapshot = source.snapshotView() ?? {
            let stand = View(name: "\(source.name).snapshot")
            stand.backgroundColor = source.backgroundColor
            return stand
        }()
        snapshot.frame = frame
        snapshot.tag = Self.snapshotTag
        snapshot.addGestureRecognizer(TapGestureRecognizer { [weak self] _ in self?.dismissByTappingSnapshot() })
        return snapshot
    }

    private func present(_ context: any ViewControllerContextTransitioning) {
        let container = context.containerView
        guard let menuController = context.viewController(forKey: .to), let menuView = context.view(forKey: .to),
            let sourceController = context.viewController(forKey: .from)
        else { return context.completeWithoutAnimation() }
        // The source's view is in the transition (full screen) or stays behind it (custom).
        let source = context.view(forKey: .from) ?? sourceController.view
        let originalFrame = menuView.frame
        container.addSubview(menuView)
        menuView.frame = context.finalFrame(for: menuController)
        let snapshot = makeSnapshot(of: source, in: container)
        container.addSubview(snapshot)
        let drop = dropDistance(in: container)
        View.animate(withDuration: transitionDuration(using: context), options: options, animations: {
            snapshot.transform = Transform3D(translationX: 0, y: drop, z: 0)
        }, completion: { _ in
            context.endPresentation(of: menuView) {
                snapshot.removeFromSuperview()
                menuView.frame = originalFrame
            }
        })
    }

    private func dismiss(_ context: any ViewControllerContextTransitioning) {
        let container = context.containerView
        guard let menuView = context.view(forKey: .from) else { return context.completeWithoutAnimation() }
        let snapshot: View
        if let existing = Self.snapshot(in: container) {
            snapshot = existing
        } else if let sourceController = context.viewController(forKey: .to) {
            // No snapshot left (the menu was presented some other way): make one, dropped.
            snapshot = makeSnapshot(of: context.view(forKey: .to) ?? sourceController.view, in: container)
            snapshot.transform = Transform3D(translationX: 0, y: dropDistance(in: container), z: 0)
            container.addSubview(snapshot)
        } else {
            return context.completeWithoutAnimation()
        }
        let start = snapshot.transform
        View.animate(withDuration: transitionDuration(using: context), options: options, animations: {
            snapshot.transform = .identity
        }, completion: { _ in
            let success = !context.transitionWasCancelled
            if success {
                snapshot.removeFromSuperview()
                menuView.removeFromSuperview()
            } else {
                snapshot.transform = start
            }
            context.completeTransition(success)
        })
    }
}

/// The drop-down's presentation controller (UIKit's role for a `.custom` presentation): the
/// menu fills the container, the source's view leaves the window once the menu is shown (the
/// snapshot stands in for it), and when the container's size changes with the menu at rest (a
/// window resize, as UIKit lays a presentation's container out again) the snapshot is taken
/// again of the source laid out at the new size and dropped by the new height's fraction, so
/// the screen is the one a window of that size shows. While a transition runs its animator owns
/// the snapshot; a size that changed meanwhile is followed when it ends.
@MainActor
public final class DropDownMenuPresentationController: PresentationController {
    public private(set) weak var transition: DropDownMenuTransition?

    public init(presentedViewController: ViewController, presenting: ViewController?, transition: DropDownMenuTransition) {
        self.transition = transition
        super.init(presentedViewController: presentedViewController, presenting: presenting)
    }

    public override var shouldRemovePresentersView: Bool { true }

    public override func containerViewWillLayoutSubviews() {
        guard let container = containerView, let transition, !presentedViewController.isBeingPresented,
            !presentedViewController.isBeingDismissed, let old = DropDownMenuTransition.snapshot(in: container),
            old.bounds.size != container.bounds.size, let source = presentingViewController?.view, source.superview == nil
        else { return }
        // The source is out of the window: it comes into the container, under the menu, for as
        // long as it takes to lay it out at the container's size and draw it.
        View.performWithoutAnimation {
            container.insertSubview(source, at: 0)
            // A source that fills the window fills it at its new size (the driver does so too when it comes back).
            if source === Window.containing(container)?.rootViewController?.view || source.autoresizesToFillSuperview {
                source.frame = container.bounds
            }
            source.layoutIfNeeded()
            let snapshot = transition.makeSnapshot(of: source, in: container)
            source.removeFromSuperview()
            old.removeFromSuperview()
            snapshot.transform = Transform3D(translationX: 0, y: transition.dropDistance(in: container), z: 0)
            container.addSubview(snapshot)
        }
    }

    public override func presentationTransitionDidEnd(_ completed: Bool) {
        if completed { containerView?.setNeedsLayout() }
    }

    public override func dismissalTransitionDidEnd(_ completed: Bool) {
        if !completed { containerView?.setNeedsLayout() }
    }
}
