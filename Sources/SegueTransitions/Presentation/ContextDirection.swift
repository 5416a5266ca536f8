import SegueUIKit

extension ViewControllerContextTransitioning {
    /// True when the context presents its "to" controller (the "from" one presented it);
    /// false for a dismissal. Read from the context, as animators must.
    var isPresentingTransition: Bool {
        guard let from = viewController(forKey: .from), let to = viewController(forKey: .to) else { return true }
        return to.presentingViewController === from
    }
}
