/// UIKit's automatic appearance forwarding for custom containers: when a child controller's
/// view enters or leaves its parent's view while the parent is on screen, the child gets its
/// appearance callbacks without the container calling `beginAppearanceTransition` itself.
///
/// It applies when the parent's `shouldAutomaticallyForwardAppearanceMethods` is true (the
/// default) and the parent does not drive its children's appearance itself: the built-in
/// containers (navigation, tab bar, swipe) send the callbacks around their transitions, and
/// `transition(from:to:…)` sends them at its start and end.
///
/// Timing: a view added to an appeared parent gets `viewWillAppear` and `viewDidAppear` at
/// once (UIKit sends the did-callback at the end of the run loop turn, before anything is
/// drawn); added to an appearing parent it gets `viewWillAppear` now and `viewDidAppear` with
/// the parent's. Removal mirrors it.
extension ViewController {
    /// Called by `View` after `view` changed superview (`oldSuperview` nil: it had none).
    static func viewDidMove(_ view: View, from oldSuperview: View?) {
        guard let child = view.owningViewController, let parent = child.parent,
            parent.shouldAutomaticallyForwardAppearanceMethods, !parent.drivesChildAppearance,
            parent.childAppearanceSuspensions == 0, let parentView = parent.viewIfLoaded
        else { return }
        let wasInside = oldSuperview?.isDescendant(of: parentView) ?? false
        let isInside = view.isDescendant(of: parentView)
        guard wasInside != isInside else { return }
        switch parent.appearanceState {
        case .appeared:
            child.beginAppearanceTransition(isInside, animated: false)
            child.endAppearanceTransition()
        case .appearing where isInside, .disappearing where !isInside:
            // The parent's own end forwards the did-callback to the children in this state.
            child.beginAppearanceTransition(isInside, animated: false)
        default:
            break
        }
    }
}
