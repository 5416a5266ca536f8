import SegueCompositor
import SegueGL
import SegueHeadless

/// Runs `body` with a compositor and a stencilled target of the given size on a headless
/// context, then releases all three: the compositor's tests and the port's tests that draw a
/// window share it.
@MainActor
public func withCompositor(width: Int, height: Int, _ body: @MainActor (Compositor, OffscreenTarget) throws -> Void) throws {
    try HeadlessEGLContext.withDevice { device in
        let compositor = try Compositor(device: device)
        defer { compositor.release() }
        let target = try device.makeOffscreenTarget(width: width, height: height, stencil: true)
        defer { target.release() }
        try body(compositor, target)
    }
}
