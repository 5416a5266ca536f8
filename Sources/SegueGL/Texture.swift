@preconcurrency import CEpoxy

/// An RGBA8 texture (RGBA16F for intermediates of effect graphs). Owned textures are deleted by `release()`; adopted ones (made by someone
/// else, e.g. another library) are only borrowed and never deleted here.
public final class Texture {
    public enum Filter: Sendable { case nearest, linear }

    public let name: TextureName
    public let width: Int
    public let height: Int
    /// False for textures adopted from outside: Segue never deletes those.
    public let isOwned: Bool
    public private(set) var isReleased = false
    private let device: GLDevice

    init(device: GLDevice, name: TextureName, width: Int, height: Int, isOwned: Bool) {
        self.device = device
        self.name = name
        self.width = width
        self.height = height
        self.isOwned = isOwned
    }

    /// Replaces the texture's pixels (counted as an upload).
    public func upload(pixels: UnsafeRawBufferPointer) throws(GLError) {
        guard !isReleased else { throw GLError.released(object: "Texture \(name)") }
        let base = try GLError.rgba8Pixels(pixels.baseAddress, byteCount: pixels.count, width: width, height: height)
        GL.bindTexture(name)
        GL.texSubImageRGBA8(width: Int32(width), height: Int32(height), pixels: base)
        device.countUpload()
        try device.checkError("glTexSubImage2D")
    }

    /// Sets the sampling filter used by `texture()` lookups (texel fetches ignore it).
    public func setFilter(_ filter: Filter) {
        let value = filter == .nearest ? GL.nearest : GL.linear
        GL.bindTexture(name)
        GL.texParameter(GL.textureMinFilter, value)
        GL.texParameter(GL.textureMagFilter, value)
    }

    /// Deletes an owned texture; for an adopted one, only forgets it.
    public func release() {
        guard !isReleased else { return }
        isReleased = true
        guard isOwned else { return }
        device.deleteObject(name)
    }
}

extension GLDevice {
    /// A texture holding `pixels` (RGBA8 rows; the first row becomes texture row 0). One upload.
    /// With `pixels` nil the contents are undefined (render targets).
    public func makeTexture(
        width: Int, height: Int, pixels: UnsafeRawBufferPointer?, filter: Texture.Filter = .nearest
    ) throws(GLError) -> Texture {
        try validateSize(width: width, height: height)
        if let pixels { _ = try GLError.rgba8Pixels(pixels.baseAddress, byteCount: pixels.count, width: width, height: height) }
        let name = GL.genTexture()
        objectCreated(name, bytes: width * height * 4)
        let texture = Texture(device: self, name: name, width: width, height: height, isOwned: true)
        GL.bindTexture(name)
        GL.texParameter(GL.textureWrapS, GL.clampToEdge)
        GL.texParameter(GL.textureWrapT, GL.clampToEdge)
        texture.setFilter(filter)
        GL.texImageRGBA8(width: Int32(width), height: Int32(height), pixels: pixels?.baseAddress)
        if pixels != nil { countUpload() }
        do {
            try checkError("glTexImage2D \(width)x\(height)")
        } catch {
            texture.release()
            throw error
        }
        return texture
    }

    /// An RGBA16F texture (contents undefined), nearest-sampled and clamped: a render target
    /// that keeps more than 8 bits between passes.
    public func makeHalfFloatTexture(width: Int, height: Int) throws(GLError) -> Texture {
        try validateSize(width: width, height: height)
        let name = GL.genTexture()
        objectCreated(name, bytes: width * height * RenderTargetDescription.PixelFormat.rgba16f.bytesPerTexel)
        let texture = Texture(device: self, name: name, width: width, height: height, isOwned: true)
        GL.bindTexture(name)
        GL.texParameter(GL.textureWrapS, GL.clampToEdge)
        GL.texParameter(GL.textureWrapT, GL.clampToEdge)
        texture.setFilter(.nearest)
        // GL_HALF_FLOAT: the one type GLES 3.0 pairs with RGBA16F (desktop GL takes any).
        GL.texImage(width: Int32(width), height: Int32(height), internalFormat: GL_RGBA16F, format: GL.rgba, type: GL.Enum(GL_HALF_FLOAT))
        do { try checkError("glTexImage2D \(width)x\(height) RGBA16F") } catch {
            texture.release()
            throw error
        }
        return texture
    }

    /// Wraps a texture made elsewhere. Segue samples it but never deletes it.
    public func adoptTexture(name: TextureName, width: Int, height: Int) throws(GLError) -> Texture {
        try validateSize(width: width, height: height)
        return Texture(device: self, name: name, width: width, height: height, isOwned: false)
    }
}
