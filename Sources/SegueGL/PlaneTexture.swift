@preconcurrency import CEpoxy

/// One plane of a Y'CbCr picture as stored by the decoder: codes in a normalised 8-bit (`R8`)
/// or 16-bit (`R16`) texture, read with `texelFetch` (no filtering) and scaled back to codes by
/// the shader (× 255 or × 65535: exact in a float), with a plain `sampler2D` (measured on
/// llvmpipe: no slower than the integer formats).
public final class PlaneTexture {
    public let name: TextureName
    public let width: Int
    public let height: Int
    /// 1 for 8-bit planes, 2 for 9…16-bit ones (little-endian, as ffmpeg's `…le` formats).
    public let bytesPerSample: Int
    public private(set) var isReleased = false
    private let device: GLDevice

    init(device: GLDevice, name: TextureName, width: Int, height: Int, bytesPerSample: Int) {
        (self.device, self.name, self.width, self.height, self.bytesPerSample) = (device, name, width, height, bytesPerSample)
    }

    public var byteCount: Int { width * height * bytesPerSample }

    /// Replaces the plane's codes: `byteCount` bytes, rows top first, no padding.
    public func upload(_ samples: UnsafeRawBufferPointer) throws(GLError) {
        guard !isReleased else { throw GLError.released(object: "PlaneTexture \(name)") }
        guard let base = samples.baseAddress, samples.count >= byteCount else {
            throw GLError.invalidPixelData(expectedBytes: byteCount, actualBytes: samples.count)
        }
        GL.bindTexture(name)
        GL.pixelStore(GL.unpackAlignment, 1)
        epoxy_glTexSubImage2D(GL.texture2D, 0, 0, 0, Int32(width), Int32(height), Enum(GL_RED), type, base)
        GL.pixelStore(GL.unpackAlignment, 4)
        device.countUpload()
        try device.checkError("glTexSubImage2D (plane)")
    }

    public func release() {
        guard !isReleased else { return }
        isReleased = true
        device.deleteObject(name)
    }

    private typealias Enum = GL.Enum
    private var type: Enum { bytesPerSample == 1 ? Enum(GL_UNSIGNED_BYTE) : Enum(GL_UNSIGNED_SHORT) }
}

extension GLDevice {
    /// An integer plane of `width` x `height` samples of `bytesPerSample` bytes (contents undefined).
    public func makePlaneTexture(width: Int, height: Int, bytesPerSample: Int) throws(GLError) -> PlaneTexture {
        try validateSize(width: width, height: height)
        let name = GL.genTexture()
        objectCreated(name, bytes: width * height * bytesPerSample)
        let plane = PlaneTexture(device: self, name: name, width: width, height: height, bytesPerSample: bytesPerSample)
        GL.bindTexture(name)
        GL.texParameter(GL.textureWrapS, GL.clampToEdge)
        GL.texParameter(GL.textureWrapT, GL.clampToEdge)
        // Codes are fetched, never filtered.
        GL.texParameter(GL.textureMinFilter, GL.nearest)
        GL.texParameter(GL.textureMagFilter, GL.nearest)
        let (internalFormat, type) = bytesPerSample == 1
            ? (Int32(GL_R8), GL.Enum(GL_UNSIGNED_BYTE)) : (Int32(GL_R16), GL.Enum(GL_UNSIGNED_SHORT))
        epoxy_glTexImage2D(GL.texture2D, 0, internalFormat, Int32(width), Int32(height), 0, GL.Enum(GL_RED), type, nil)
        do {
            try checkError("glTexImage2D plane \(width)x\(height)")
        } catch {
            plane.release()
            throw error
        }
        return plane
    }
}
