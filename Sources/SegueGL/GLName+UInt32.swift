// GL names as bare UInt32s, as they were before 1.0, deprecated: every GL object's name is a
// `GLName<Kind>` now (`TextureName`, `FramebufferName`, …; `rawValue` is GL's integer). Code that
// passes a UInt32 where a typed name is taken, or reads a typed name as a UInt32, builds with a
// warning that names the typed call. The overloads that return a UInt32 are disfavoured, so
// `let name = GL.genTexture()` is a `TextureName`; the UInt32 one is picked only where a UInt32 is
// wanted (`let name: UInt32 = GL.genTexture()`, a C function's argument). CHANGELOG.md, 1.0.0.

extension GL {
    @available(*, deprecated, message: "GL names are typed: use `genRenderbuffer()`, a `RenderbufferName` (`rawValue` is the UInt32)")
    @_disfavoredOverload
    public static func genRenderbuffer() -> UInt32 { genRenderbuffer().rawValue }
    @available(*, deprecated, message: "GL names are typed: use `deleteRenderbuffer(RenderbufferName(rawValue: name))`")
    public static func deleteRenderbuffer(_ name: UInt32) { deleteRenderbuffer(RenderbufferName(rawValue: name)) }
    @available(*, deprecated, message: "GL names are typed: use `attachDepthStencil(RenderbufferName(rawValue: renderbuffer), width:height:)`")
    public static func attachDepthStencil(_ renderbuffer: UInt32, width: Int32, height: Int32) { attachDepthStencil(RenderbufferName(rawValue: renderbuffer), width: width, height: height) }
    @available(*, deprecated, message: "GL names are typed: use `genTexture()`, a `TextureName` (`rawValue` is the UInt32)")
    @_disfavoredOverload
    public static func genTexture() -> UInt32 { genTexture().rawValue }
    @available(*, deprecated, message: "GL names are typed: use `deleteTexture(TextureName(rawValue: name))`")
    public static func deleteTexture(_ name: UInt32) { deleteTexture(TextureName(rawValue: name)) }
    @available(*, deprecated, message: "GL names are typed: use `bindTexture(TextureName(rawValue: name))`")
    public static func bindTexture(_ name: UInt32) { bindTexture(TextureName(rawValue: name)) }
    @available(*, deprecated, message: "GL names are typed: use `genSampler()`, a `SamplerName` (`rawValue` is the UInt32)")
    @_disfavoredOverload
    public static func genSampler() -> UInt32 { genSampler().rawValue }
    @available(*, deprecated, message: "GL names are typed: use `deleteSampler(SamplerName(rawValue: name))`")
    public static func deleteSampler(_ name: UInt32) { deleteSampler(SamplerName(rawValue: name)) }
    @available(*, deprecated, message: "GL names are typed: use `samplerParameter(SamplerName(rawValue: sampler), _:_:)`")
    public static func samplerParameter(_ sampler: UInt32, _ name: Enum, _ value: Int32) { samplerParameter(SamplerName(rawValue: sampler), name, value) }
    @available(*, deprecated, message: "GL names are typed: use `bindSampler(unit:_:)` with `SamplerName(rawValue: sampler)` (`.none` unbinds)")
    public static func bindSampler(unit: Int, _ sampler: UInt32) { bindSampler(unit: unit, SamplerName(rawValue: sampler)) }
    @available(*, deprecated, message: "GL names are typed: use `genFramebuffer()`, a `FramebufferName` (`rawValue` is the UInt32)")
    @_disfavoredOverload
    public static func genFramebuffer() -> UInt32 { genFramebuffer().rawValue }
    @available(*, deprecated, message: "GL names are typed: use `deleteFramebuffer(FramebufferName(rawValue: name))`")
    public static func deleteFramebuffer(_ name: UInt32) { deleteFramebuffer(FramebufferName(rawValue: name)) }
    @available(*, deprecated, message: "GL names are typed: use `bindFramebuffer(FramebufferName(rawValue: name))` (`.none` for the default framebuffer)")
    public static func bindFramebuffer(_ name: UInt32) { bindFramebuffer(FramebufferName(rawValue: name)) }
    @available(*, deprecated, message: "GL names are typed: use `framebufferTexture(TextureName(rawValue: texture))`")
    public static func framebufferTexture(_ texture: UInt32) { framebufferTexture(TextureName(rawValue: texture)) }
    @available(*, deprecated, message: "GL names are typed: use `createShader(_:)`, a `ShaderName` (`rawValue` is the UInt32)")
    @_disfavoredOverload
    public static func createShader(_ stage: Enum) -> UInt32 { createShader(stage).rawValue }
    @available(*, deprecated, message: "GL names are typed: use `deleteShader(ShaderName(rawValue: name))`")
    public static func deleteShader(_ name: UInt32) { deleteShader(ShaderName(rawValue: name)) }
    @available(*, deprecated, message: "GL names are typed: use `shaderSource(ShaderName(rawValue: shader), _:)`")
    public static func shaderSource(_ shader: UInt32, _ source: String) { shaderSource(ShaderName(rawValue: shader), source) }
    @available(*, deprecated, message: "GL names are typed: use `compileShader(ShaderName(rawValue: shader))`")
    public static func compileShader(_ shader: UInt32) { compileShader(ShaderName(rawValue: shader)) }
    @available(*, deprecated, message: "GL names are typed: use `shaderParameter(ShaderName(rawValue: shader), _:)`")
    public static func shaderParameter(_ shader: UInt32, _ name: Enum) -> Int32 { shaderParameter(ShaderName(rawValue: shader), name) }
    @available(*, deprecated, message: "GL names are typed: use `shaderInfoLog(ShaderName(rawValue: shader))`")
    public static func shaderInfoLog(_ shader: UInt32) -> String { shaderInfoLog(ShaderName(rawValue: shader)) }
    @available(*, deprecated, message: "GL names are typed: use `createProgram()`, a `ProgramName` (`rawValue` is the UInt32)")
    @_disfavoredOverload
    public static func createProgram() -> UInt32 { createProgram().rawValue }
    @available(*, deprecated, message: "GL names are typed: use `deleteProgram(ProgramName(rawValue: name))`")
    public static func deleteProgram(_ name: UInt32) { deleteProgram(ProgramName(rawValue: name)) }
    @available(*, deprecated, message: "GL names are typed: use `attachShader(ProgramName(rawValue: program), ShaderName(rawValue: shader))`")
    public static func attachShader(_ program: UInt32, _ shader: UInt32) { attachShader(ProgramName(rawValue: program), ShaderName(rawValue: shader)) }
    @available(*, deprecated, message: "GL names are typed: use `detachShader(ProgramName(rawValue: program), ShaderName(rawValue: shader))`")
    public static func detachShader(_ program: UInt32, _ shader: UInt32) { detachShader(ProgramName(rawValue: program), ShaderName(rawValue: shader)) }
    @available(*, deprecated, message: "GL names are typed: use `linkProgram(ProgramName(rawValue: program))`")
    public static func linkProgram(_ program: UInt32) { linkProgram(ProgramName(rawValue: program)) }
    @available(*, deprecated, message: "GL names are typed: use `programParameter(ProgramName(rawValue: program), _:)`")
    public static func programParameter(_ program: UInt32, _ name: Enum) -> Int32 { programParameter(ProgramName(rawValue: program), name) }
    @available(*, deprecated, message: "GL names are typed: use `programInfoLog(ProgramName(rawValue: program))`")
    public static func programInfoLog(_ program: UInt32) -> String { programInfoLog(ProgramName(rawValue: program)) }
    @available(*, deprecated, message: "GL names are typed: use `useProgram(ProgramName(rawValue: program))`")
    public static func useProgram(_ program: UInt32) { useProgram(ProgramName(rawValue: program)) }
    @available(*, deprecated, message: "GL names are typed: use `uniformLocation(ProgramName(rawValue: program), _:)`")
    public static func uniformLocation(_ program: UInt32, _ name: String) -> Int32 { uniformLocation(ProgramName(rawValue: program), name) }
    @available(*, deprecated, message: "GL names are typed: use `genVertexArray()`, a `VertexArrayName` (`rawValue` is the UInt32)")
    @_disfavoredOverload
    public static func genVertexArray() -> UInt32 { genVertexArray().rawValue }
    @available(*, deprecated, message: "GL names are typed: use `deleteVertexArray(VertexArrayName(rawValue: name))`")
    public static func deleteVertexArray(_ name: UInt32) { deleteVertexArray(VertexArrayName(rawValue: name)) }
    @available(*, deprecated, message: "GL names are typed: use `bindVertexArray(VertexArrayName(rawValue: name))`")
    public static func bindVertexArray(_ name: UInt32) { bindVertexArray(VertexArrayName(rawValue: name)) }
    @available(*, deprecated, message: "GL names are typed: use `exists(_:)` with a typed name (`exists(TextureName(rawValue: name))`) or a `LiveGPUObject`")
    public static func exists(_ kind: GPUObjectKind, _ name: UInt32) -> Bool { exists(kind, rawName: name) }
}

extension GLDevice {
    @available(*, deprecated, message: "GL names are typed: use `adoptTexture(name: TextureName(rawValue: name), width:height:)`")
    public func adoptTexture(name: UInt32, width: Int, height: Int) throws(GLError) -> Texture {
        try adoptTexture(name: TextureName(rawValue: name), width: width, height: height)
    }
}

extension RenderTarget {
    /// The framebuffer's name as the UInt32 it was before 1.0.
    @available(*, deprecated, message: "GL names are typed: use `framebufferName`, a `FramebufferName` (`framebufferName.rawValue` is the UInt32)")
    @_disfavoredOverload
    public var framebufferName: UInt32 {
        let name: FramebufferName = framebufferName
        return name.rawValue
    }
}

/// The GPU objects whose names were UInt32s before 1.0 (`Texture.name`, `ShaderProgram.name`,
/// `OffscreenTarget.depthStencilName`): their deprecated UInt32 views hang on this, as a type
/// cannot declare two properties of one name. Nothing else conforms.
@available(*, deprecated, message: "GL names are typed: use `TextureName`, `ProgramName` and `RenderbufferName` (`rawValue` is the UInt32)")
public protocol UntypedGLNames: AnyObject {}

@available(*, deprecated, message: "GL names are typed: use `TextureName`, `ProgramName` and `RenderbufferName` (`rawValue` is the UInt32)")
extension Texture: UntypedGLNames {}
@available(*, deprecated, message: "GL names are typed: use `TextureName`, `ProgramName` and `RenderbufferName` (`rawValue` is the UInt32)")
extension ShaderProgram: UntypedGLNames {}
@available(*, deprecated, message: "GL names are typed: use `TextureName`, `ProgramName` and `RenderbufferName` (`rawValue` is the UInt32)")
extension OffscreenTarget: UntypedGLNames {}

@available(*, deprecated, message: "GL names are typed: use `name`, a `TextureName` (`name.rawValue` is the UInt32)")
extension UntypedGLNames where Self: Texture {
    @available(*, deprecated, message: "GL names are typed: use `name`, a `TextureName` (`name.rawValue` is the UInt32)")
    @_disfavoredOverload
    public var name: UInt32 {
        let name: TextureName = (self as Texture).name
        return name.rawValue
    }
}

@available(*, deprecated, message: "GL names are typed: use `name`, a `ProgramName` (`name.rawValue` is the UInt32)")
extension UntypedGLNames where Self: ShaderProgram {
    @available(*, deprecated, message: "GL names are typed: use `name`, a `ProgramName` (`name.rawValue` is the UInt32)")
    @_disfavoredOverload
    public var name: UInt32 {
        let name: ProgramName = (self as ShaderProgram).name
        return name.rawValue
    }
}

@available(*, deprecated, message: "GL names are typed: use `depthStencilName`, a `RenderbufferName` (`depthStencilName.rawValue` is the UInt32)")
extension UntypedGLNames where Self: OffscreenTarget {
    @available(*, deprecated, message: "GL names are typed: use `depthStencilName`, a `RenderbufferName` (`depthStencilName.rawValue` is the UInt32)")
    @_disfavoredOverload
    public var depthStencilName: UInt32 {
        let name: RenderbufferName = (self as OffscreenTarget).depthStencilName
        return name.rawValue
    }
}
