/// `ModalTransitionStyle.partialCurl`: presenting curls a snapshot of the presenter's screen up
/// part way over the presented view, and the curl stays (in the presentation's container, above
/// the presented view, taking no input) until the dismissal uncurls it and removes it.
@MainActor
enum PartialCurl {
    /// How far the page lifts (the page-curl shader's progress): about half the screen shows
    /// the presented view, the top-left part of the presenter stays.
    static let progress = 0.5

    /// The curls shown now, by presented controller, with the snapshot whose texture they curl.
    private static var shown: [ObjectIdentifier: (curl: PageCurl, snapshot: View)] = [:]

    static func curl(_ context: any ViewControllerContextTransitioning, duration: Double, finish: @escaping (Bool) -> Void) {
        let container = context.containerView
        guard let presented = context.viewController(forKey: .to),
            let presenterView = context.view(forKey: .from) ?? context.viewController(forKey: .from)?.view,
            let snapshot = presenterView.snapshotView(afterScreenUpdates: true), case .texture(let page) = snapshot.content,
            let curl = PageCurl(page: page, beneath: nil, frame: container.bounds, in: container, progress: 0)
        else { return finish(true) }
        // A resize while presented stretches the curled page over the new size.
        curl.effectView.autoresizesToFillSuperview = true
        shown[ObjectIdentifier(presented)] = (curl, snapshot)
        curl.animate(to: progress, duration: duration) { finish(true) }
    }

    static func uncurl(_ context: any ViewControllerContextTransitioning, duration: Double, finish: @escaping (Bool) -> Void) {
        guard let presented = context.viewController(forKey: .from), let curl = shown[ObjectIdentifier(presented)]?.curl else {
            return finish(true)
        }
        curl.animate(to: 0, duration: duration) {
            end(context)
            finish(true)
        }
    }

    /// Removes the dismissed controller's curl (also for a dismissal that is not animated).
    static func end(_ context: any ViewControllerContextTransitioning) {
        guard let presented = context.viewController(forKey: .from) else { return }
        shown.removeValue(forKey: ObjectIdentifier(presented))?.curl.release()
    }
}
