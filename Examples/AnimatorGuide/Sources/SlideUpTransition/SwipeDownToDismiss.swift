import Segue

/// The interaction controller: a pan down on the sheet dismisses it, following the finger.
/// Released past `threshold` of the container's height, or flicked down, the dismissal
/// finishes; otherwise it is cancelled and the sheet slides back up.
@MainActor
public final class SwipeDownToDismiss: PercentDrivenInteractiveTransition {
    /// The part of the height past which a release finishes the dismissal.
    public static let threshold = 0.3
    /// Points a second downwards that count as a flick.
    public static let flickVelocity = 800.0

    /// True from the pan's start to its end: the delegate vends this controller only then.
    public private(set) var isInteracting = false
    private weak var sheet: ViewController?

    /// Adds the pan to `sheet`'s view.
    public init(sheet: ViewController) {
        self.sheet = sheet
        super.init()
        sheet.view.addGestureRecognizer(PanGestureRecognizer { [weak self] pan in self?.handle(pan) })
    }

    private func handle(_ pan: PanGestureRecognizer) {
        // Measured in the container, which stays put while the sheet moves with the finger.
        guard let sheet, let container = sheet.view.superview else { return }
        let height = max(container.bounds.height, 1)
        let percent = min(max(pan.translation(in: container).y / height, 0), 1)
        switch pan.state {
        case .began:
            isInteracting = true
            sheet.dismiss(animated: true)
        case .changed:
            update(percent)
        case .ended:
            isInteracting = false
            if percent > Self.threshold || pan.velocity(in: container).y > Self.flickVelocity { finish() } else { cancel() }
        case .cancelled, .failed:
            isInteracting = false
            cancel()
        default:
            break
        }
    }
}
