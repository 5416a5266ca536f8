// GL through Segue's wrapper with names as UInt32s, as written against 779ddb1: made, bound,
// checked and deleted by their integers, and the GPU objects' names read as integers.
import SegueGL
import SegueHeadless

/// What a GL library of one's own keeps of Segue's objects: their bare names.
public struct ForeignNames {
    public var texture: UInt32
    public var framebuffer: UInt32
    public var program: UInt32
}

public func roundTrip() throws -> Bool {
    let context = try HeadlessEGLContext()
    let device = try GLDevice(context: context)
    defer { device.release() }

    let name: UInt32 = GL.genTexture()
    GL.bindTexture(name)
    GL.texImageRGBA8(width: 4, height: 4, pixels: nil)
    GL.bindTexture(0)
    let alive = GL.exists(.texture, name)
    GL.deleteTexture(name)

    let framebuffer: UInt32 = GL.genFramebuffer()
    GL.bindFramebuffer(framebuffer)
    GL.framebufferTexture(name)
    GL.bindFramebuffer(0)
    GL.deleteFramebuffer(framebuffer)

    let shader: UInt32 = GL.createShader(GL.vertexShader)
    GL.shaderSource(shader, "void main() {}")
    GL.compileShader(shader)
    let compiled = GL.shaderParameter(shader, GL.compileStatus) != 0
    let program: UInt32 = GL.createProgram()
    GL.attachShader(program, shader)
    GL.linkProgram(program)
    _ = GL.programInfoLog(program)
    GL.detachShader(program, shader)
    GL.deleteShader(shader)
    GL.deleteProgram(program)
    return alive && compiled
}

/// A target's and a texture's names handed to code that wants integers.
public func names(of target: OffscreenTarget, program: ShaderProgram) -> ForeignNames {
    let framebuffer: UInt32 = target.framebufferName
    GL.bindFramebuffer(target.framebufferName)
    GL.useProgram(program.name)
    _ = GL.uniformLocation(program.name, "progress")
    return ForeignNames(texture: target.texture.name, framebuffer: framebuffer, program: program.name)
}

/// Whether a target's depth and stencil renderbuffer is still alive.
public func stencilAlive(_ target: OffscreenTarget) -> Bool {
    target.hasStencil && GL.exists(.renderbuffer, target.depthStencilName)
}
