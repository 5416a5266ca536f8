@preconcurrency import CEpoxy

/// The storage of a `FormattedTarget`: what a texel holds and how it reads back.
public enum TargetFormat: Sendable, CaseIterable {
    /// 8 bits a channel, RGBA: a picture as PNG and the old encoder input hold it.
    case rgba8
    /// Half floats, RGBA: a blend-space frame kept above 8 bits until the output stage
    /// quantises it (with dither). Reads back as RGBA8.
    case rgba16f
    /// One 8-bit channel: a plane of 8-bit Y'CbCr.
    case r8
    /// One 16-bit normalised channel: a plane of 10-bit Y'CbCr (code values in its low bits).
    case r16
    /// Four 16-bit normalised channels: four neighbouring samples of a 10-bit Y'CbCr plane.
    case rgba16

    var internalFormat: Int32 {
        switch self {
        case .rgba8: GL_RGBA8
        case .rgba16f: GL_RGBA16F
        case .r8: GL_R8
        case .r16: GL_R16
        case .rgba16: GL_RGBA16
        }
    }

    /// What `readPixels` writes per texel.
    public var bytesPerTexel: Int {
        switch self {
        case .rgba8, .rgba16f: 4
        case .r8: 1
        case .r16: 2
        case .rgba16: 8
        }
    }

    /// The format and type of the pixel transfer (storage and read-back).
    var transfer: (format: GL.Enum, type: GL.Enum) {
        switch self {
        case .rgba8, .rgba16f: (GL.rgba, GL.unsignedByte)
        case .r8: (GL.red, GL.unsignedByte)
        case .r16: (GL.red, GL.unsignedShort)
        case .rgba16: (GL.rgba, GL.unsignedShort)
        }
    }
}

/// A texture of a `TargetFormat` with a framebuffer around it: the output stage's planes and
/// the 16-bit frame effects draw into before it. Sampled by its `textureName` (texelFetch),
/// read back tightly packed, top row first. One owner releases it on the GL thread.
public final class FormattedTarget: RenderTarget {
    public let textureName: TextureName
    public let framebufferName: FramebufferName
    public let width: Int
    public let height: Int
    public let format: TargetFormat
    public var flipsVertically: Bool { false }
    public var hasStencil: Bool { false }
    /// Bytes `readPixels` writes.
    public var byteCount: Int { width * height * format.bytesPerTexel }
    private let device: GLDevice
    private var isReleased = false

    fileprivate init(device: GLDevice, textureName: TextureName, framebufferName: FramebufferName, width: Int, height: Int, format: TargetFormat) {
        (self.device, self.textureName, self.framebufferName) = (device, textureName, framebufferName)
        (self.width, self.height, self.format) = (width, height, format)
    }

    /// Reads the target back into the first `byteCount` bytes of `buffer`.
    public func readPixels(into buffer: UnsafeMutableRawBufferPointer) throws(GLError) {
        guard !isReleased else { throw GLError.released(object: "FormattedTarget \(framebufferName)") }
        guard let base = buffer.baseAddress, buffer.count >= byteCount else {
            throw GLError.invalidPixelData(expectedBytes: byteCount, actualBytes: buffer.count)
        }
        GL.bindFramebuffer(framebufferName)
        GL.readPixels(width: Int32(width), height: Int32(height), format: format.transfer.format, type: format.transfer.type, into: base)
        device.countReadback()
        try device.debugCheckError("glReadPixels")
    }

    public func release() {
        guard !isReleased else { return }
        isReleased = true
        device.deleteObject(framebufferName)
        device.deleteObject(textureName)
    }
}

extension GLDevice {
    /// A target of `format`, nearest-sampled and clamped, contents undefined until drawn.
    public func makeTarget(width: Int, height: Int, format: TargetFormat) throws(GLError) -> FormattedTarget {
        try validateSize(width: width, height: height)
        let texture = GL.genTexture()
        objectCreated(texture, bytes: width * height * (format == .rgba16f ? 8 : format.bytesPerTexel))
        let framebuffer = GL.genFramebuffer()
        objectCreated(framebuffer)
        let target = FormattedTarget(
            device: self, textureName: texture, framebufferName: framebuffer, width: width, height: height, format: format)
        GL.bindTexture(texture)
        for parameter in [GL.textureWrapS, GL.textureWrapT] { GL.texParameter(parameter, GL.clampToEdge) }
        for parameter in [GL.textureMinFilter, GL.textureMagFilter] { GL.texParameter(parameter, GL.nearest) }
        GL.texImage(width: Int32(width), height: Int32(height), internalFormat: format.internalFormat,
                    format: format.transfer.format, type: format.transfer.type)
        do { try checkError("glTexImage2D \(width)x\(height) \(format)") } catch {
            target.release()
            throw error
        }
        GL.bindFramebuffer(framebuffer)
        GL.framebufferTexture(texture)
        let status = GL.checkFramebufferStatus()
        guard status == GL.framebufferComplete else {
            target.release()
            throw GLError.framebufferIncomplete(status: GL.framebufferStatusName(status))
        }
        return target
    }
}

extension GL {
    public static let red = Enum(GL_RED)
    public static let unsignedShort = Enum(GL_UNSIGNED_SHORT)

    /// Allocates storage of any format (contents undefined).
    public static func texImage(width: Int32, height: Int32, internalFormat: Int32, format: Enum, type: Enum) {
        epoxy_glTexImage2D(texture2D, 0, internalFormat, width, height, 0, format, type, nil)
    }

    /// Reads the bound framebuffer's colour in `format` and `type`, rows packed by the pack alignment.
    public static func readPixels(width: Int32, height: Int32, format: Enum, type: Enum, into buffer: UnsafeMutableRawPointer) {
        epoxy_glReadPixels(0, 0, width, height, format, type, buffer)
    }

    /// A float array uniform (`uniform float name[n]`).
    public static func uniformFloats(_ location: Int32, _ values: [Float]) {
        values.withUnsafeBufferPointer { epoxy_glUniform1fv(location, Int32(values.count), $0.baseAddress) }
    }
}
