@preconcurrency import CEpoxy

/// Two `FormattedTarget`s of one size drawn by a single pass: a framebuffer with the first's
/// texture on colour attachment 0 and the second's on attachment 1 (a fragment shader's
/// `layout(location = 0)` and `layout(location = 1)` outputs). The output stage draws its Cb
/// and Cr planes this way, so what both planes filter from the frame is fetched once. Each
/// target still reads back through its own framebuffer. The targets stay their owner's; the
/// pair releases only its framebuffer, on the GL thread.
package final class TargetPair: RenderTarget {
    package let first: FormattedTarget
    package let second: FormattedTarget
    package let framebufferName: FramebufferName
    package var width: Int { first.width }
    package var height: Int { first.height }
    package var flipsVertically: Bool { false }
    package var hasStencil: Bool { false }
    private let device: GLDevice
    private var isReleased = false

    package init(device: GLDevice, first: FormattedTarget, second: FormattedTarget) throws(GLError) {
        guard first.width == second.width, first.height == second.height else {
            throw GLError.invalidPixelData(expectedBytes: first.byteCount, actualBytes: second.byteCount)
        }
        (self.device, self.first, self.second) = (device, first, second)
        framebufferName = GL.genFramebuffer()
        device.objectCreated(framebufferName)
        GL.bindFramebuffer(framebufferName)
        epoxy_glFramebufferTexture2D(GL.framebuffer, GL.colorAttachment0, GL.texture2D, first.textureName.rawValue, 0)
        epoxy_glFramebufferTexture2D(GL.framebuffer, GL.Enum(GL_COLOR_ATTACHMENT1), GL.texture2D, second.textureName.rawValue, 0)
        let buffers: [GL.Enum] = [GL.colorAttachment0, GL.Enum(GL_COLOR_ATTACHMENT1)]
        buffers.withUnsafeBufferPointer { epoxy_glDrawBuffers(2, $0.baseAddress) }
        let status = GL.checkFramebufferStatus()
        guard status == GL.framebufferComplete else {
            release()
            throw GLError.framebufferIncomplete(status: GL.framebufferStatusName(status))
        }
    }

    package func release() {
        guard !isReleased else { return }
        isReleased = true
        device.deleteObject(framebufferName)
    }
}
