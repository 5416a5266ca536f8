/// Where a pass draws: a framebuffer of a size, and which way its rows run.
public protocol RenderTarget: AnyObject {
    var framebufferName: FramebufferName { get }
    var width: Int { get }
    var height: Int { get }
    /// True when the framebuffer's first row is the picture's bottom row (a window's default
    /// framebuffer). Offscreen targets store the picture top row first, like images in memory.
    var flipsVertically: Bool { get }
    /// Whether the framebuffer has a stencil buffer (needed to clip to rotated or rounded shapes).
    var hasStencil: Bool { get }
}

/// A texture with a framebuffer around it: render into it, sample it, or read it back.
public final class OffscreenTarget: RenderTarget {
    public let texture: Texture
    public let framebufferName: FramebufferName
    /// A depth + stencil renderbuffer (`.none` when made without one), for clipping with the stencil.
    public let depthStencilName: RenderbufferName
    public var width: Int { texture.width }
    public var height: Int { texture.height }
    public var flipsVertically: Bool { false }
    public var hasStencil: Bool { !depthStencilName.isNone }
    private let device: GLDevice
    private var isReleased = false

    init(device: GLDevice, texture: Texture, framebufferName: FramebufferName, depthStencilName: RenderbufferName) {
        self.device = device
        self.texture = texture
        self.framebufferName = framebufferName
        self.depthStencilName = depthStencilName
    }

    /// Reads the pixels back as RGBA8, top row first, into `buffer` (width × height × 4 bytes).
    public func readPixels(into buffer: UnsafeMutableRawBufferPointer) throws(GLError) {
        guard !isReleased else { throw GLError.released(object: "OffscreenTarget \(framebufferName)") }
        let base = try GLError.rgba8Pixels(buffer.baseAddress, byteCount: buffer.count, width: width, height: height)
        GL.bindFramebuffer(framebufferName)
        GL.readPixelsRGBA8(width: Int32(width), height: Int32(height), into: base)
        device.countReadback()
        try device.debugCheckError("glReadPixels")
    }

    /// The pixels as a new RGBA8 array, top row first.
    public func readPixels() throws(GLError) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        // withUnsafeMutableBytes rethrows untyped errors; carry the typed one out in a Result.
        let result: Result<Void, GLError> = pixels.withUnsafeMutableBytes { buffer in
            do throws(GLError) { try readPixels(into: buffer); return .success(()) } catch { return .failure(error) }
        }
        try result.get()
        return pixels
    }

    public func release() {
        guard !isReleased else { return }
        isReleased = true
        device.deleteObject(framebufferName)
        if !depthStencilName.isNone { device.deleteObject(depthStencilName) }
        texture.release()
    }
}

/// A window's default framebuffer (framebuffer 0), sized by its context.
public final class DefaultFramebufferTarget: RenderTarget {
    public var framebufferName: FramebufferName { .none }
    public private(set) var width: Int
    public private(set) var height: Int
    public var flipsVertically: Bool { true }
    /// Windows are made with GLFW's default 8 stencil bits.
    public var hasStencil: Bool { true }

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Follows a window resize.
    public func resize(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

extension GLDevice {
    /// An RGBA8 (or `format`) texture of the given size with a complete framebuffer around it.
    /// With `stencil`, a depth + stencil buffer is attached too (the compositor clips with it).
    /// `readPixels` reads any format back as RGBA8.
    public func makeOffscreenTarget(
        width: Int, height: Int, stencil: Bool = false, format: RenderTargetDescription.PixelFormat = .rgba8
    ) throws(GLError) -> OffscreenTarget {
        let texture = format == .rgba8
            ? try makeTexture(width: width, height: height, pixels: nil) : try makeHalfFloatTexture(width: width, height: height)
        let framebuffer = GL.genFramebuffer()
        objectCreated(framebuffer)
        var depthStencil = RenderbufferName.none
        if stencil {
            depthStencil = GL.genRenderbuffer()
            objectCreated(depthStencil, bytes: width * height * 4)  // 24-bit depth + 8-bit stencil
        }
        let target = OffscreenTarget(
            device: self, texture: texture, framebufferName: framebuffer, depthStencilName: depthStencil)
        GL.bindFramebuffer(framebuffer)
        GL.framebufferTexture(texture.name)
        if stencil { GL.attachDepthStencil(depthStencil, width: Int32(width), height: Int32(height)) }
        let status = GL.checkFramebufferStatus()
        guard status == GL.framebufferComplete else {
            target.release()
            throw GLError.framebufferIncomplete(status: GL.framebufferStatusName(status))
        }
        return target
    }

    /// Binds `target` and sets the viewport to all of it.
    @inline(__always)
    public func bind(_ target: some RenderTarget) {
        GL.bindFramebuffer(target.framebufferName)
        GL.viewport(0, 0, Int32(target.width), Int32(target.height))
    }
}
