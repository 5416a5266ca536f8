import SegueUIKit

/// An invisible view that fills a transition's container and calls `resized` with the
/// container's new size when the window is resized mid-transition (at the next layout pass,
/// before the frame is drawn), so an animator whose geometry depends on the container's size
/// (the cube's shared edge, one width along) can follow it. Takes no touches; the animator
/// removes it when the transition ends.
@MainActor
final class ContainerSizeFollower: View {
    private let resized: @MainActor (Size) -> Void
    private var followedSize: Size

    init(in container: View, resized: @escaping @MainActor (Size) -> Void) {
        self.resized = resized
        followedSize = container.bounds.size
        super.init(frame: Rect(origin: .zero, size: container.bounds.size), name: "containerSizeFollower")
        isUserInteractionEnabled = false
        autoresizesToFillSuperview = true
        container.addSubview(self)
    }

    override func layoutSubviews() {
        guard let size = superview?.bounds.size, size != followedSize else { return }
        followedSize = size
        resized(size)
    }
}
