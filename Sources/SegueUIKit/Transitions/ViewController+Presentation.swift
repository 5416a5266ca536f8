/// What `present` and `dismiss` do before the window's driver takes over: find the presenter,
/// the target and the window.
extension ViewController {
    /// A child asks its outermost container to present (UIKit's presentation context is the
    /// full-screen ancestor), so the whole container leaves the screen, not just the child.
    func requestPresentation(of viewController: ViewController, animated: Bool, completion: (() -> Void)?) {
        var presenter = self
        while let parent = presenter.parent { presenter = parent }
        guard let window = presenter.presentationWindow else {
            transitionDiagnostics.report("\(name) is not in a window; present(\(viewController.name)) ignored")
            return
        }
        window.transitionDriver.present(viewController, from: presenter, animated: animated, completion: completion)
    }

    /// Dismisses the controller this one (or its nearest ancestor) presented, else the
    /// presented controller this one is (or is inside), as UIKit does.
    func requestDismissal(animated: Bool, completion: (() -> Void)?) {
        var target: ViewController?
        var current: ViewController? = self
        while let controller = current, target == nil {
            target = controller.directlyPresented ?? (controller.directPresenter != nil ? controller : nil)
            current = controller.parent
        }
        guard let target, let window = target.presentationWindow else {
            transitionDiagnostics.report("\(name) has nothing to dismiss")
            return
        }
        window.transitionDriver.dismiss(target, animated: animated, completion: completion)
    }

    /// The window this controller's presentations run in. A full-screen presentation takes the
    /// presenter's view out of the window, so the views of the whole presentation chain are
    /// tried: the topmost presented controller's view is the one on screen.
    var presentationWindow: Window? {
        var top = self
        while let next = top.directlyPresented { top = next }
        var candidate: ViewController? = top
        while let controller = candidate {
            if let window = Window.containing(controller.view) { return window }
            candidate = controller.directPresenter ?? controller.parent
        }
        return nil
    }
}
