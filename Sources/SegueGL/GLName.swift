/// A GL object's name tagged with the kind of object it names. GL hands out bare integers for
/// every kind, and a texture's name bound as a framebuffer is a silent bug there; here it does
/// not compile. `rawValue` is the integer GL uses, for interop with other GL code
/// (`GLDevice.adoptTexture(name:)` takes one made elsewhere).
public struct GLName<Kind: GLObjectKind>: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Name 0: no object (binding it unbinds; framebuffer 0 is a window's default framebuffer).
    public static var none: GLName { GLName(rawValue: 0) }

    public var isNone: Bool { rawValue == 0 }

    public var description: String { "\(Kind.kind) \(rawValue)" }
}

/// The kinds a `GLName` can name; each says which registry kind it is.
public protocol GLObjectKind: Sendable {
    static var kind: GPUObjectKind { get }
}

public enum TextureObject: GLObjectKind { public static var kind: GPUObjectKind { .texture } }
public enum ProgramObject: GLObjectKind { public static var kind: GPUObjectKind { .program } }
public enum ShaderObject: GLObjectKind { public static var kind: GPUObjectKind { .shader } }
public enum FramebufferObject: GLObjectKind { public static var kind: GPUObjectKind { .framebuffer } }
public enum RenderbufferObject: GLObjectKind { public static var kind: GPUObjectKind { .renderbuffer } }
public enum SamplerObject: GLObjectKind { public static var kind: GPUObjectKind { .sampler } }
public enum VertexArrayObject: GLObjectKind { public static var kind: GPUObjectKind { .vertexArray } }

public typealias TextureName = GLName<TextureObject>
public typealias ProgramName = GLName<ProgramObject>
public typealias ShaderName = GLName<ShaderObject>
public typealias FramebufferName = GLName<FramebufferObject>
public typealias RenderbufferName = GLName<RenderbufferObject>
public typealias SamplerName = GLName<SamplerObject>
public typealias VertexArrayName = GLName<VertexArrayObject>
