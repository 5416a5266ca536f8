import SegueGL
import SegueHeadless
import SegueScene

/// What headless scene tests need: an EGL context, its device, a compositor and an offscreen
/// target with a stencil buffer. Released together, in order, on the test's thread.
@MainActor
public final class HeadlessCompositorRig {
    public let context: HeadlessEGLContext
    public let device: GLDevice
    public let compositor: Compositor
    public let target: OffscreenTarget

    public init(width: Int, height: Int) throws {
        context = try HeadlessEGLContext()
        device = try GLDevice(context: context)
        compositor = try Compositor(device: device)
        target = try device.makeOffscreenTarget(width: width, height: height, stencil: true)
    }

    public func release() {
        compositor.release()
        target.release()
        device.release()
        context.release()
    }
}
