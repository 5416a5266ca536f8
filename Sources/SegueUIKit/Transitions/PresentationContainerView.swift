/// The container view of a presentation: each layout pass of it (its first, a window resize, a
/// `setNeedsLayout()`) is announced to the presentation controller before and after, as
/// UIKit's `containerViewWillLayoutSubviews()` and `containerViewDidLayoutSubviews()`.
final class PresentationContainerView: View {
    weak var presentationController: PresentationController?

    override func layoutSubviews() {
        presentationController?.containerViewWillLayoutSubviews()
        super.layoutSubviews()
        presentationController?.containerViewDidLayoutSubviews()
    }
}
