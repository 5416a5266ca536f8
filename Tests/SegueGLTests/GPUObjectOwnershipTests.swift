import SegueGL
import SegueHeadless
import Testing
import SegueTesting

/// Ownership of GPU objects: a device's release frees and reports what its owners never
/// released, objects released after their device do nothing (and cannot trap), and a device
/// released while another context is current frees its objects in its own context.
@Suite("GPU object ownership (headless EGL)", .tags(.gl))
struct GPUObjectOwnershipTests {
    @Test func releaseFreesAndReportsWhatIsStillAlive() throws {
        let context = try HeadlessEGLContext()
        defer { context.release() }
        let device = try GLDevice(context: context)
        let released = try device.makeTexture(width: 4, height: 4, pixels: nil)
        let kept = try device.makeOffscreenTarget(width: 8, height: 8, stencil: true)
        let program = try device.makeFullscreenProgram(fragmentBody: "out vec4 color; void main() { color = vec4(1.0); }")
        released.release()
        // Each name keeps its kind: a texture's name is checked with glIsTexture, and so on.
        let leaked: Set<String> = [
            kept.texture.name.description, kept.framebufferName.description,
            kept.depthStencilName.description, program.name.description,
        ]
        #expect(GL.exists(kept.texture.name) && GL.exists(kept.framebufferName))
        #expect(GL.exists(kept.depthStencilName) && GL.exists(program.name))

        let report = device.release()
        #expect(report.contextError == nil)
        #expect(Set(report.leaked.map { "\($0.kind) \($0.name)" }) == leaked)
        #expect(report.leaked.first { $0.kind == .texture }?.bytes == 8 * 8 * 4)
        for object in report.leaked { #expect(!GL.exists(object), "\(object) deleted by the device") }
        #expect(!GL.exists(kept.texture.name) && !GL.exists(kept.framebufferName))
        #expect(!GL.exists(kept.depthStencilName) && !GL.exists(program.name))
        #expect(device.liveObjects == 0 && device.liveGPUBytes == 0)

        // Late releases by the owners: nothing is deleted twice, counters stay whole.
        let releases = device.counters.objectReleases
        kept.release()
        program.release()
        #expect(device.counters.objectReleases == releases)
        #expect(device.release().isClean, "a second release does nothing")
    }

    @Test func objectsOutliveTheirDeviceVariableWithoutTrapping() throws {
        let context = try HeadlessEGLContext()
        defer { context.release() }
        var texture: Texture?
        do {
            let device = try GLDevice(context: context)
            texture = try device.makeTexture(width: 2, height: 2, pixels: nil)
            device.release()
        }
        // The device variable is gone; the texture keeps its device alive, and its release
        // after the device's is a no-op instead of a use of freed memory.
        texture?.release()
        #expect(texture?.isReleased == true)
    }

    @Test func releaseMakesItsOwnContextCurrentFirst() throws {
        let first = try HeadlessEGLContext()
        defer { first.release() }
        let device = try GLDevice(context: first)
        let texture = try device.makeTexture(width: 2, height: 2, pixels: nil)
        let second = try HeadlessEGLContext()
        defer { second.release() }
        try second.makeCurrent()
        #expect(!first.isCurrent)
        let report = device.release()
        #expect(report.contextError == nil && report.leaked.map(\.name) == [texture.name.rawValue])
        try first.makeCurrent()
        #expect(!GL.exists(texture.name))
    }
}
