/// What the GL layer did, counted where it happens, so tests and the benchmark can prove the
/// steady state (no uploads or compiles per frame) instead of assuming it.
public struct GLCounters: Equatable, Sendable, CustomStringConvertible {
    /// Pixel transfers into textures (glTexImage2D with data, glTexSubImage2D).
    public var textureUploads = 0
    /// glCompileShader calls.
    public var shaderCompiles = 0
    /// glLinkProgram calls.
    public var programLinks = 0
    /// glDrawArrays calls.
    public var drawCalls = 0
    /// GL objects created (textures, framebuffers, shaders, programs, vertex arrays).
    public var objectAllocations = 0
    /// GL objects deleted.
    public var objectReleases = 0
    /// glReadPixels calls.
    public var readbacks = 0

    public init() {}

    /// The counts accumulated since `earlier`.
    public func since(_ earlier: GLCounters) -> GLCounters {
        var d = GLCounters()
        d.textureUploads = textureUploads - earlier.textureUploads
        d.shaderCompiles = shaderCompiles - earlier.shaderCompiles
        d.programLinks = programLinks - earlier.programLinks
        d.drawCalls = drawCalls - earlier.drawCalls
        d.objectAllocations = objectAllocations - earlier.objectAllocations
        d.objectReleases = objectReleases - earlier.objectReleases
        d.readbacks = readbacks - earlier.readbacks
        return d
    }

    public var description: String {
        "uploads \(textureUploads), compiles \(shaderCompiles), links \(programLinks), "
            + "draws \(drawCalls), GL objects +\(objectAllocations)/-\(objectReleases), readbacks \(readbacks)"
    }
}
