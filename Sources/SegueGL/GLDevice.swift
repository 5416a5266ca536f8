import SegueShaders

/// The renderer's view of a current GL context: it creates and counts GPU objects, caches
/// programs by key, and draws. It never creates a context; a platform back end hands it one.
///
/// Confined to the thread the context is current on. Every GPU object it makes has one owner
/// and is released explicitly with `release()` on this thread, never from a `deinit`. Objects
/// hold their device strongly, so a release after the device's own is safe (it does nothing:
/// the device freed everything still alive when it was released, and said which).
public final class GLDevice {
    public let context: any GLContext
    public private(set) var counters = GLCounters()
    /// GL objects created through this device and not yet released (leak checks).
    public var liveObjects: Int { registry.count }
    /// Those objects by kind and name.
    public var liveObjectList: [LiveGPUObject] { registry.all }
    private var registry = GPUObjectRegistry()
    /// GPU bytes of the textures and renderbuffers made through this device and not yet
    /// released (adopted textures are not counted: they belong to someone else).
    public private(set) var liveGPUBytes = 0
    /// Intermediate targets shared by the renderers of this device.
    public private(set) lazy var targetPool = RenderTargetPool(device: self)
    public let maxTextureSize: Int
    public let vendor: String
    public let renderer: String
    public let version: String

    /// An empty vertex array: core profiles draw nothing without one bound.
    private var fullscreenVertexArray = VertexArrayName.none
    private var programCache: [String: ShaderProgram] = [:]
    /// LINEAR + CLAMP_TO_EDGE sampling state, made on first use (see `bindLinearSampler`).
    private var linearSampler = SamplerName.none
    /// True once `release()` ran: every object it made is gone, and late releases do nothing.
    public private(set) var isReleased = false

    public init(context: any GLContext) throws(GLError) {
        if !context.isCurrent { try context.makeCurrent() }
        self.context = context
        vendor = GL.getString(GL.vendor)
        renderer = GL.getString(GL.renderer)
        version = GL.getString(GL.version)
        maxTextureSize = Int(GL.getInteger(GL.maxTextureSize))
        // Core profiles draw nothing without a bound vertex array, even an empty one.
        fullscreenVertexArray = GL.genVertexArray()
        objectCreated(fullscreenVertexArray)
        GL.disable(GL.blend)
        GL.disable(GL.depthTest)
        GL.pixelStore(GL.unpackAlignment, 1)
        GL.pixelStore(GL.packAlignment, 1)
        try checkError("GLDevice setup")
    }

    /// One line naming the driver: "llvmpipe (LLVM 15.0.6, 256 bits) — 4.5 (Core Profile) Mesa 22.3.6".
    public var driverDescription: String { "\(renderer) — \(version)" }

    // MARK: Errors

    /// Throws the pending GL error, if any, naming the call that preceded it.
    public func checkError(_ call: @autoclosure () -> String) throws(GLError) {
        let code = GL.getError()
        guard code != GL.noError else { return }
        while GL.getError() != GL.noError {}  // drain the queue so later checks are not confused
        throw GLError.callFailed(call: call(), error: GL.errorName(code))
    }

    /// Like `checkError`, but only in debug builds: release builds stay off the error queue on
    /// the per-frame path.
    @inline(__always)
    public func debugCheckError(_ call: StaticString) throws(GLError) {
        #if DEBUG
        // The name becomes a String only when there is an error: no allocation per frame.
        try checkError(String(describing: call))
        #endif
    }

    // MARK: Sizes

    public func validateSize(width: Int, height: Int) throws(GLError) {
        guard width > 0, height > 0 else {
            throw GLError.invalidSize(width: width, height: height, reason: "both sides must be at least 1 pixel")
        }
        guard width <= maxTextureSize, height <= maxTextureSize else {
            throw GLError.invalidSize(
                width: width, height: height,
                reason: "this GL (\(renderer)) holds textures up to \(maxTextureSize) pixels a side")
        }
    }

    // MARK: Programs

    /// The program cached under `key`, or a new one built by `make` and cached. Keys describe
    /// structure (e.g. an effect graph's shape), so equal structures share one program.
    public func cachedProgram(
        key: String, make: () throws(GLError) -> ShaderProgram
    ) throws(GLError) -> ShaderProgram {
        if let program = programCache[key] { return program }
        let program = try make()
        programCache[key] = program
        return program
    }

    public var cachedProgramCount: Int { programCache.count }

    /// The fullscreen vertex shader's source with this context's header.
    public func shaderSource(_ body: String) -> String { context.shadingLanguage.header + body }

    // MARK: Drawing

    /// Draws one triangle covering the viewport of the bound framebuffer.
    @inline(__always)
    public func drawFullscreen() {
        GL.bindVertexArray(fullscreenVertexArray)
        GL.drawTriangles(first: 0, count: 3)
        counters.drawCalls += 1
    }

    /// Draws a 4-vertex triangle strip with no vertex buffer (the vertex shader makes the
    /// corners from gl_VertexID): one quad of the compositor.
    @inline(__always)
    public func drawQuadStrip() {
        GL.bindVertexArray(fullscreenVertexArray)
        GL.drawTriangleStrip(first: 0, count: 4)
        counters.drawCalls += 1
    }

    /// Waits until the GL has finished every command (benchmarks and readbacks).
    public func finish() { GL.finish() }

    // MARK: Samplers

    /// Makes `texture()` lookups on texture unit `unit` bilinear and clamped to the edge whatever
    /// the bound texture's own filter: effects fitting a picture of another size than the frame
    /// read it this way (as the gl-transitions runtime does), while same-size reads keep the
    /// texture's own state or use texelFetch. Undo with `unbindSampler(unit:)` after drawing, so
    /// other users of the unit see their textures' state again.
    public func bindLinearSampler(unit: Int) {
        if linearSampler.isNone {
            linearSampler = GL.genSampler()
            objectCreated(linearSampler)
            GL.samplerParameter(linearSampler, GL.textureMinFilter, GL.linear)
            GL.samplerParameter(linearSampler, GL.textureMagFilter, GL.linear)
            GL.samplerParameter(linearSampler, GL.textureWrapS, GL.clampToEdge)
            GL.samplerParameter(linearSampler, GL.textureWrapT, GL.clampToEdge)
        }
        GL.bindSampler(unit: unit, linearSampler)
    }

    public func unbindSampler(unit: Int) { GL.bindSampler(unit: unit, .none) }

    // MARK: Release

    /// Releases the device's own objects (vertex array, sampler, cached programs, pooled
    /// targets), then deletes every object made through it that its owner never released and
    /// reports those as leaked (logged under `segue.gl`: as an error in debug builds, where a leak
    /// is a bug to fix, as a warning in release builds). Runs on the GL thread; a context that
    /// is not current is made current first, and if that fails nothing is deleted and the report
    /// says why. A second call does nothing.
    @discardableResult
    public func release() -> GLDeviceReleaseReport {
        guard !isReleased else { return GLDeviceReleaseReport(leaked: [], contextError: nil) }
        if !context.isCurrent {
            do { try context.makeCurrent() } catch {
                glLogger.error("GLDevice.release(): its context cannot be made current (\(error)); \(liveObjects) GL objects left")
                return GLDeviceReleaseReport(leaked: registry.all, contextError: error)
            }
        }
        targetPool.trim()
        for program in programCache.values { program.release() }
        programCache.removeAll()
        deleteObject(fullscreenVertexArray)
        if !linearSampler.isNone { deleteObject(linearSampler) }
        linearSampler = .none
        let leaked = registry.removeAll()
        for object in leaked {
            GPUObjectRegistry.delete(object)
            counters.objectReleases += 1
            liveGPUBytes -= object.bytes
        }
        isReleased = true
        if !leaked.isEmpty {
            let list = leaked.map(\.description).joined(separator: ", ")
            #if DEBUG
            glLogger.error("GLDevice.release(): \(leaked.count) GL objects were never released by their owners: \(list)")
            #else
            glLogger.warning("GLDevice.release(): \(leaked.count) GL objects were never released by their owners: \(list)")
            #endif
        }
        return GLDeviceReleaseReport(leaked: leaked, contextError: nil)
    }

    // MARK: Bookkeeping for GPU objects

    func objectCreated<Kind>(_ name: GLName<Kind>, bytes: Int = 0) {
        counters.objectAllocations += 1
        liveGPUBytes += bytes
        registry.insert(name, bytes: bytes)
    }

    /// Deletes an object made through this device, once: after the device's own release (which
    /// deleted it already) or a second time, nothing happens.
    func deleteObject<Kind>(_ name: GLName<Kind>) {
        guard !isReleased, let object = registry.remove(name) else { return }
        GPUObjectRegistry.delete(object)
        counters.objectReleases += 1
        liveGPUBytes -= object.bytes
    }
    func countUpload() { counters.textureUploads += 1 }

    func countCompile() { counters.shaderCompiles += 1 }
    func countLink() { counters.programLinks += 1 }
    func countReadback() { counters.readbacks += 1 }
}
