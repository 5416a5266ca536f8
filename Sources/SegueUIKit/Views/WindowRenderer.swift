import SegueGL

/// What the port asks of whatever draws a window's view tree (SegueCompositor's `Compositor`):
/// the port declares it and never names the renderer, so the renderer sits beside the port
/// rather than inside it (as magnum keeps its scene graph apart from GL).
@MainActor
public protocol WindowRenderer: AnyObject {
    /// The device it draws with (GPU animators and the page curl make their objects on it).
    var glDevice: GLDevice { get }

    /// Draws `root` and its subviews with their presentation values into `target`, `scale`
    /// pixels per point, after clearing it to `clearColor` (nil: draws over its pixels).
    func render(_ root: View, into target: some RenderTarget, clearColor: Color?, scale: Double) throws(GLError)

    /// A new view showing `view`'s subtree drawn once into a texture (`snapshotView`).
    func snapshot(of view: View) throws(GLError) -> View
}
