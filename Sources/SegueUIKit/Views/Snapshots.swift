import SegueGL

/// Why `View.makeSnapshotView(afterScreenUpdates:)` could not make a snapshot.
public enum SnapshotError: Error, Equatable, CustomStringConvertible {
    /// The view is in no window, so no compositor can draw it.
    case notInWindow(view: String)
    /// Its window has no compositor attached or rendering it: call `window.attach(_:)` first.
    case noCompositor(view: String)
    /// The compositor failed to render the view.
    case renderingFailed(view: String, reason: String)

    public var description: String {
        switch self {
        case .notInWindow(let view): "snapshot of '\(view)': the view is in no window"
        case .noCompositor(let view):
            "snapshot of '\(view)': no compositor attached to its window; call window.attach(_:) first"
        case .renderingFailed(let view, let reason): "snapshot of '\(view)' failed: \(reason)"
        }
    }
}

extension Window {
    /// The compositor snapshots of this window's views use: the one attached with `attach(_:)`
    /// or the one that last rendered the window. Never another window's: which GL context a
    /// view belongs to is its window's to say.
    public var snapshotCompositor: (any WindowRenderer)? { compositor }
}

extension View {
    /// UIKit's `snapshotView(afterScreenUpdates:)`: a new view showing this view's subtree,
    /// rendered once into a texture (scaling the snapshot scales its subviews). Both values of
    /// `afterScreenUpdates` draw the view as it is on screen now (its presentation values):
    /// there is no pending screen update to wait for. Works before the window's first frame
    /// once a compositor is attached to the window; the errors say what is missing.
    public func makeSnapshotView(afterScreenUpdates: Bool = true) throws(SnapshotError) -> View {
        guard let window = Window.containing(self) else { throw .notInWindow(view: name) }
        guard let compositor = window.snapshotCompositor else { throw .noCompositor(view: name) }
        do {
            return try compositor.snapshot(of: self)
        } catch {
            throw .renderingFailed(view: name, reason: "\(error)")
        }
    }

    /// The same, nil on failure (the reason goes to the window's diagnostics), as UIKit returns nil.
    public func snapshotView(afterScreenUpdates: Bool = true) -> View? {
        do {
            return try makeSnapshotView(afterScreenUpdates: afterScreenUpdates)
        } catch {
            transitionDiagnostics.report("snapshotView: \(error)")
            return nil
        }
    }
}
