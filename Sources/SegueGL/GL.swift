@preconcurrency import CEpoxy

/// The one thin wrapper over libepoxy. epoxy's `glFoo` names are C macros that Swift
/// cannot import, so every GL call in Segue goes through `epoxy_glFoo` here and nowhere
/// else. GL constants import as `Int32`; they are converted to `GLenum` once, below.
public enum GL {
    public typealias Enum = UInt32

    // MARK: Constants (converted once from the Int32 imports)

    public static let texture2D = Enum(GL_TEXTURE_2D)
    public static let texture0 = Enum(GL_TEXTURE0)
    public static let rgba = Enum(GL_RGBA)
    public static let rgba8 = Int32(GL_RGBA8)
    public static let unsignedByte = Enum(GL_UNSIGNED_BYTE)
    public static let textureMinFilter = Enum(GL_TEXTURE_MIN_FILTER)
    public static let textureMagFilter = Enum(GL_TEXTURE_MAG_FILTER)
    public static let textureWrapS = Enum(GL_TEXTURE_WRAP_S)
    public static let textureWrapT = Enum(GL_TEXTURE_WRAP_T)
    public static let nearest = Int32(GL_NEAREST)
    public static let linear = Int32(GL_LINEAR)
    public static let clampToEdge = Int32(GL_CLAMP_TO_EDGE)
    public static let unpackAlignment = Enum(GL_UNPACK_ALIGNMENT)
    public static let packAlignment = Enum(GL_PACK_ALIGNMENT)
    public static let framebuffer = Enum(GL_FRAMEBUFFER)
    public static let colorAttachment0 = Enum(GL_COLOR_ATTACHMENT0)
    public static let framebufferComplete = Enum(GL_FRAMEBUFFER_COMPLETE)
    public static let vertexShader = Enum(GL_VERTEX_SHADER)
    public static let fragmentShader = Enum(GL_FRAGMENT_SHADER)
    public static let compileStatus = Enum(GL_COMPILE_STATUS)
    public static let linkStatus = Enum(GL_LINK_STATUS)
    public static let infoLogLength = Enum(GL_INFO_LOG_LENGTH)
    public static let triangles = Enum(GL_TRIANGLES)
    public static let colorBufferBit = Enum(GL_COLOR_BUFFER_BIT)
    public static let blend = Enum(GL_BLEND)
    public static let depthTest = Enum(GL_DEPTH_TEST)
    public static let vendor = Enum(GL_VENDOR)
    public static let renderer = Enum(GL_RENDERER)
    public static let version = Enum(GL_VERSION)
    public static let maxTextureSize = Enum(GL_MAX_TEXTURE_SIZE)
    public static let samplerBinding = Enum(GL_SAMPLER_BINDING)
    public static let noError = Enum(GL_NO_ERROR)
    public static let triangleStrip = Enum(GL_TRIANGLE_STRIP)
    public static let stencilTest = Enum(GL_STENCIL_TEST)
    public static let scissorTest = Enum(GL_SCISSOR_TEST)
    public static let stencilBufferBit = Enum(GL_STENCIL_BUFFER_BIT)
    public static let zero = Enum(GL_ZERO)
    public static let one = Enum(GL_ONE)
    public static let sourceAlpha = Enum(GL_SRC_ALPHA)
    public static let oneMinusSourceAlpha = Enum(GL_ONE_MINUS_SRC_ALPHA)
    public static let equal = Enum(GL_EQUAL)
    public static let always = Enum(GL_ALWAYS)
    public static let keep = Enum(GL_KEEP)
    public static let increment = Enum(GL_INCR)
    public static let decrement = Enum(GL_DECR)
    public static let renderbuffer = Enum(GL_RENDERBUFFER)
    public static let depth24Stencil8 = Enum(GL_DEPTH24_STENCIL8)
    public static let depthStencilAttachment = Enum(GL_DEPTH_STENCIL_ATTACHMENT)

    /// GL error codes by name, for messages.
    public static func errorName(_ code: Enum) -> String {
        switch Int32(bitPattern: code) {
        case GL_INVALID_ENUM: return "GL_INVALID_ENUM"
        case GL_INVALID_VALUE: return "GL_INVALID_VALUE"
        case GL_INVALID_OPERATION: return "GL_INVALID_OPERATION"
        case GL_INVALID_FRAMEBUFFER_OPERATION: return "GL_INVALID_FRAMEBUFFER_OPERATION"
        case GL_OUT_OF_MEMORY: return "GL_OUT_OF_MEMORY"
        default: return "GL error 0x" + String(code, radix: 16)
        }
    }

    /// Framebuffer status codes by name, for messages.
    public static func framebufferStatusName(_ status: Enum) -> String {
        switch Int32(bitPattern: status) {
        case GL_FRAMEBUFFER_COMPLETE: return "GL_FRAMEBUFFER_COMPLETE"
        case GL_FRAMEBUFFER_UNDEFINED: return "GL_FRAMEBUFFER_UNDEFINED"
        case GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT: return "GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT"
        case GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT:
            return "GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT"
        case GL_FRAMEBUFFER_UNSUPPORTED: return "GL_FRAMEBUFFER_UNSUPPORTED"
        case GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE: return "GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE"
        default: return "framebuffer status 0x" + String(status, radix: 16)
        }
    }

    // MARK: State and queries

    public static func getError() -> Enum { epoxy_glGetError() }
    public static func getString(_ name: Enum) -> String {
        guard let p = epoxy_glGetString(name) else { return "" }
        return String(cString: p)
    }
    public static func getInteger(_ name: Enum) -> Int32 {
        var value: Int32 = 0
        epoxy_glGetIntegerv(name, &value)
        return value
    }
    public static func enable(_ cap: Enum) { epoxy_glEnable(cap) }
    public static func disable(_ cap: Enum) { epoxy_glDisable(cap) }
    public static func viewport(_ x: Int32, _ y: Int32, _ width: Int32, _ height: Int32) {
        epoxy_glViewport(x, y, width, height)
    }
    /// The rectangle (bottom-left origin) that clears and draws are limited to while `scissorTest` is enabled.
    public static func scissor(_ x: Int32, _ y: Int32, _ width: Int32, _ height: Int32) {
        epoxy_glScissor(x, y, width, height)
    }
    public static func clearColor(_ r: Float, _ g: Float, _ b: Float, _ a: Float) {
        epoxy_glClearColor(r, g, b, a)
    }
    public static func clear(_ mask: Enum) { epoxy_glClear(mask) }
    public static func finish() { epoxy_glFinish() }
    public static func flush() { epoxy_glFlush() }
    public static func pixelStore(_ name: Enum, _ value: Int32) { epoxy_glPixelStorei(name, value) }

    public static func blendFunc(_ source: Enum, _ destination: Enum) { epoxy_glBlendFunc(source, destination) }
    public static func blendFuncSeparate(color source: Enum, _ destination: Enum, alpha alphaSource: Enum, _ alphaDestination: Enum) {
        epoxy_glBlendFuncSeparate(source, destination, alphaSource, alphaDestination)
    }
    public static func colorMask(_ enabled: Bool) {
        let v: GLboolean = enabled ? 1 : 0
        epoxy_glColorMask(v, v, v, v)
    }
    public static func stencilFunc(_ function: Enum, reference: Int32, mask: UInt32 = 0xFF) {
        epoxy_glStencilFunc(function, reference, mask)
    }
    public static func stencilOp(fail: Enum, depthFail: Enum, pass: Enum) { epoxy_glStencilOp(fail, depthFail, pass) }
    public static func clearStencil(_ value: Int32) { epoxy_glClearStencil(value) }

    // MARK: Renderbuffers

    public static func genRenderbuffer() -> RenderbufferName { generated(epoxy_glGenRenderbuffers) }
    public static func deleteRenderbuffer(_ name: RenderbufferName) { delete(name, epoxy_glDeleteRenderbuffers) }
    /// A depth + stencil renderbuffer attached to the bound framebuffer.
    public static func attachDepthStencil(_ renderbuffer: RenderbufferName, width: Int32, height: Int32) {
        epoxy_glBindRenderbuffer(GL.renderbuffer, renderbuffer.rawValue)
        epoxy_glRenderbufferStorage(GL.renderbuffer, depth24Stencil8, width, height)
        epoxy_glFramebufferRenderbuffer(framebuffer, depthStencilAttachment, GL.renderbuffer, renderbuffer.rawValue)
    }

    // MARK: Textures

    public static func genTexture() -> TextureName { generated(epoxy_glGenTextures) }
    public static func deleteTexture(_ name: TextureName) { delete(name, epoxy_glDeleteTextures) }
    public static func activeTexture(unit: Int) { epoxy_glActiveTexture(texture0 + Enum(unit)) }
    public static func bindTexture(_ name: TextureName) { epoxy_glBindTexture(texture2D, name.rawValue) }
    public static func texParameter(_ name: Enum, _ value: Int32) {
        epoxy_glTexParameteri(texture2D, name, value)
    }
    /// A sampler object (GL 3.3 / ES 3.0): sampling state bound to a texture unit that overrides
    /// the bound texture's own filter and wrap for `texture()` lookups (texelFetch ignores it).
    public static func genSampler() -> SamplerName { generated(epoxy_glGenSamplers) }
    public static func deleteSampler(_ name: SamplerName) { delete(name, epoxy_glDeleteSamplers) }
    public static func samplerParameter(_ sampler: SamplerName, _ name: Enum, _ value: Int32) {
        epoxy_glSamplerParameteri(sampler.rawValue, name, value)
    }
    /// Binds `sampler` to texture unit `unit` (0 unbinds: the texture's own state applies again).
    public static func bindSampler(unit: Int, _ sampler: SamplerName) { epoxy_glBindSampler(UInt32(unit), sampler.rawValue) }
    /// Allocates RGBA8 storage; `pixels` may be nil (contents undefined).
    public static func texImageRGBA8(width: Int32, height: Int32, pixels: UnsafeRawPointer?) {
        epoxy_glTexImage2D(texture2D, 0, rgba8, width, height, 0, rgba, unsignedByte, pixels)
    }
    /// Replaces `height` rows from row `y` (0: the whole texture's first rows).
    public static func texSubImageRGBA8(x: Int32 = 0, y: Int32 = 0, width: Int32, height: Int32, pixels: UnsafeRawPointer) {
        epoxy_glTexSubImage2D(texture2D, 0, x, y, width, height, rgba, unsignedByte, pixels)
    }

    // MARK: Framebuffers

    public static func genFramebuffer() -> FramebufferName { generated(epoxy_glGenFramebuffers) }
    public static func deleteFramebuffer(_ name: FramebufferName) { delete(name, epoxy_glDeleteFramebuffers) }
    public static func bindFramebuffer(_ name: FramebufferName) { epoxy_glBindFramebuffer(framebuffer, name.rawValue) }
    public static func framebufferTexture(_ texture: TextureName) {
        epoxy_glFramebufferTexture2D(framebuffer, colorAttachment0, texture2D, texture.rawValue, 0)
    }
    public static func checkFramebufferStatus() -> Enum {
        epoxy_glCheckFramebufferStatus(framebuffer)
    }
    public static func readPixelsRGBA8(
        width: Int32, height: Int32, into buffer: UnsafeMutableRawPointer
    ) {
        epoxy_glReadPixels(0, 0, width, height, rgba, unsignedByte, buffer)
    }

    // MARK: Shaders and programs

    public static func createShader(_ stage: Enum) -> ShaderName { ShaderName(rawValue: epoxy_glCreateShader(stage)) }
    public static func deleteShader(_ name: ShaderName) { epoxy_glDeleteShader(name.rawValue) }
    public static func shaderSource(_ shader: ShaderName, _ source: String) {
        source.withCString { cString in
            var pointer: UnsafePointer<GLchar>? = cString
            epoxy_glShaderSource(shader.rawValue, 1, &pointer, nil)
        }
    }
    public static func compileShader(_ shader: ShaderName) { epoxy_glCompileShader(shader.rawValue) }
    public static func shaderParameter(_ shader: ShaderName, _ name: Enum) -> Int32 { parameter(shader, name, epoxy_glGetShaderiv) }
    public static func shaderInfoLog(_ shader: ShaderName) -> String { infoLog(shader, epoxy_glGetShaderiv, epoxy_glGetShaderInfoLog) }
    public static func createProgram() -> ProgramName { ProgramName(rawValue: epoxy_glCreateProgram()) }
    public static func deleteProgram(_ name: ProgramName) { epoxy_glDeleteProgram(name.rawValue) }
    public static func attachShader(_ program: ProgramName, _ shader: ShaderName) {
        epoxy_glAttachShader(program.rawValue, shader.rawValue)
    }
    public static func detachShader(_ program: ProgramName, _ shader: ShaderName) {
        epoxy_glDetachShader(program.rawValue, shader.rawValue)
    }
    public static func linkProgram(_ program: ProgramName) { epoxy_glLinkProgram(program.rawValue) }
    public static func programParameter(_ program: ProgramName, _ name: Enum) -> Int32 { parameter(program, name, epoxy_glGetProgramiv) }
    public static func programInfoLog(_ program: ProgramName) -> String { infoLog(program, epoxy_glGetProgramiv, epoxy_glGetProgramInfoLog) }
    public static func useProgram(_ program: ProgramName) { epoxy_glUseProgram(program.rawValue) }
    public static func uniformLocation(_ program: ProgramName, _ name: String) -> Int32 {
        epoxy_glGetUniformLocation(program.rawValue, name)
    }
    public static func uniform1i(_ location: Int32, _ value: Int32) { epoxy_glUniform1i(location, value) }
    public static func uniform1f(_ location: Int32, _ value: Float) { epoxy_glUniform1f(location, value) }
    public static func uniform2f(_ location: Int32, _ x: Float, _ y: Float) {
        epoxy_glUniform2f(location, x, y)
    }
    public static func uniform3f(_ location: Int32, _ x: Float, _ y: Float, _ z: Float) {
        epoxy_glUniform3f(location, x, y, z)
    }
    /// A 4x4 matrix from 16 floats in the order GLSL reads columns.
    public static func uniformMatrix4(_ location: Int32, _ values: UnsafePointer<Float>) {
        epoxy_glUniformMatrix4fv(location, 1, 0, values)
    }
    /// An int, ivec2, ivec3 or ivec4 uniform (also bool vectors, as 0/1).
    public static func uniformInts(_ location: Int32, _ values: [Int32]) {
        values.withUnsafeBufferPointer { p in
            switch values.count {
            case 1: epoxy_glUniform1iv(location, 1, p.baseAddress)
            case 2: epoxy_glUniform2iv(location, 1, p.baseAddress)
            case 3: epoxy_glUniform3iv(location, 1, p.baseAddress)
            case 4: epoxy_glUniform4iv(location, 1, p.baseAddress)
            default: break
            }
        }
    }
    /// A mat2, mat3 or mat4 uniform from column-major floats (GLSL's order).
    public static func uniformMatrix(_ location: Int32, dimension: Int, _ values: [Float]) {
        guard values.count == dimension * dimension else { return }
        values.withUnsafeBufferPointer { p in
            switch dimension {
            case 2: epoxy_glUniformMatrix2fv(location, 1, 0, p.baseAddress)
            case 3: epoxy_glUniformMatrix3fv(location, 1, 0, p.baseAddress)
            case 4: epoxy_glUniformMatrix4fv(location, 1, 0, p.baseAddress)
            default: break
            }
        }
    }
    public static func uniform4f(_ location: Int32, _ x: Float, _ y: Float, _ z: Float, _ w: Float) {
        epoxy_glUniform4f(location, x, y, z, w)
    }

    // MARK: Vertex arrays and drawing

    public static func genVertexArray() -> VertexArrayName { generated(epoxy_glGenVertexArrays) }
    public static func deleteVertexArray(_ name: VertexArrayName) { delete(name, epoxy_glDeleteVertexArrays) }
    public static func bindVertexArray(_ name: VertexArrayName) { epoxy_glBindVertexArray(name.rawValue) }
    public static func drawTriangles(first: Int32, count: Int32) {
        epoxy_glDrawArrays(triangles, first, count)
    }
    public static func drawTriangleStrip(first: Int32, count: Int32) {
        epoxy_glDrawArrays(triangleStrip, first, count)
    }

    // MARK: Object names: one of a kind made, deleted or queried through that kind's entry points

    private typealias NameEntryPoint = @convention(c) (Int32, UnsafeMutablePointer<UInt32>?) -> Void
    private typealias ConstNameEntryPoint = @convention(c) (Int32, UnsafePointer<UInt32>?) -> Void
    private typealias ParameterEntryPoint = @convention(c) (UInt32, Enum, UnsafeMutablePointer<Int32>?) -> Void
    private typealias InfoLogEntryPoint = @convention(c) (UInt32, Int32, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<GLchar>?) -> Void

    /// A new name from a `glGen*` entry point.
    private static func generated<Kind>(_ generate: NameEntryPoint) -> GLName<Kind> {
        var name: UInt32 = 0
        generate(1, &name)
        return GLName(rawValue: name)
    }
    /// Deletes `name` through a `glDelete*` entry point.
    private static func delete<Kind>(_ name: GLName<Kind>, _ delete: ConstNameEntryPoint) {
        var name = name.rawValue
        delete(1, &name)
    }
    /// A shader's or program's parameter through `glGetShaderiv` or `glGetProgramiv`.
    private static func parameter<Kind>(_ object: GLName<Kind>, _ name: Enum, _ query: ParameterEntryPoint) -> Int32 {
        var value: Int32 = 0
        query(object.rawValue, name, &value)
        return value
    }
    /// A shader's or program's info log: its length through `query`, its text through `fetch`.
    private static func infoLog<Kind>(_ object: GLName<Kind>, _ query: ParameterEntryPoint, _ fetch: InfoLogEntryPoint) -> String {
        let length = parameter(object, infoLogLength, query)
        guard length > 1 else { return "" }
        var buffer = [GLchar](repeating: 0, count: Int(length))
        var written: Int32 = 0
        fetch(object.rawValue, length, &written, &buffer)
        let bytes = buffer.prefix(Int(written)).map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
