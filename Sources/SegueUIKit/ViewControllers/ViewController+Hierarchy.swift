extension ViewController {
    /// The nearest navigation controller among this controller and its ancestors (UIKit's
    /// `navigationController`), nil outside a navigation stack.
    public var navigationController: NavigationController? { nearestAncestor(NavigationController.self) }

    /// The nearest tab bar controller among this controller and its ancestors.
    public var tabBarController: TabBarController? { nearestAncestor(TabBarController.self) }

    private func nearestAncestor<T: ViewController>(_ type: T.Type) -> T? {
        var current: ViewController? = self
        while let controller = current {
            if let match = controller as? T { return match }
            current = controller.parent
        }
        return nil
    }

    /// UIKit's `transition(from:to:duration:options:animations:completion:)` for custom
    /// containers: both must be children of this controller and `from`'s view must be shown.
    /// Adds `to`'s view beside `from`'s (in the same superview, above it), runs `animations`
    /// over `duration` with the curve of `options`, then removes `from`'s view and calls
    /// `completion`. When this controller is on screen the two children get their appearance
    /// callbacks (will at the start, did at the end). Containment calls (`willMove`,
    /// `addChild`, `didMove`, `removeFromParent`) stay the caller's, as in UIKit.
    /// A bad request is reported and `completion(false)` runs.
    public func transition(
        from fromViewController: ViewController, to toViewController: ViewController, duration: Double,
        options: AnimationOptions = [], animations: (() -> Void)?, completion: ((Bool) -> Void)?
    ) {
        guard fromViewController.parent === self, toViewController.parent === self, fromViewController !== toViewController,
            let superview = fromViewController.viewIfLoaded?.superview
        else {
            transitionDiagnostics.report(
                "\(name).transition(from: \(fromViewController.name), to: \(toViewController.name)): both must be distinct children "
                    + "of \(name) and the from view must be in a superview; ignored")
            completion?(false)
            return
        }
        let fromView = fromViewController.view
        let visible = appearanceState == .appeared
        childAppearanceSuspensions += 1
        if visible {
            fromViewController.beginAppearanceTransition(false, animated: duration > 0)
            toViewController.beginAppearanceTransition(true, animated: duration > 0)
        }
        superview.insertSubview(toViewController.view, aboveSubview: fromView)
        childAppearanceSuspensions -= 1
        View.animate(withDuration: duration, options: options, animations: { animations?() }, completion: { [weak self] finished in
            self?.childAppearanceSuspensions += 1
            fromView.removeFromSuperview()
            self?.childAppearanceSuspensions -= 1
            if visible {
                fromViewController.endAppearanceTransition()
                toViewController.endAppearanceTransition()
            }
            completion?(finished)
        })
    }
}

/// Identity, as NSObject's default `isEqual:` gives UIKit's controllers (`presented == self`).
extension ViewController: Equatable {
    public nonisolated static func == (lhs: ViewController, rhs: ViewController) -> Bool { lhs === rhs }
}

extension ViewController {
    /// Where this controller's problems are reported: its view's window's diagnostics, or
    /// `TransitionDiagnostics.shared` while its view is in no window (or not loaded).
    public var transitionDiagnostics: TransitionDiagnostics { viewIfLoaded?.transitionDiagnostics ?? .shared }
}
