@preconcurrency import CEpoxy
import Logging

/// What kind of GL object a live entry is (each is deleted by its own GL call).
public enum GPUObjectKind: String, Sendable, CaseIterable {
    case texture, program, shader, framebuffer, renderbuffer, sampler, vertexArray
}

/// A GL object made through a device and not yet released.
public struct LiveGPUObject: Sendable, Hashable, CustomStringConvertible {
    public let kind: GPUObjectKind
    /// The GL name (the raw integer: the list holds every kind).
    public let name: UInt32
    /// GPU bytes it holds (textures and renderbuffers; 0 for the rest).
    public let bytes: Int

    public var description: String { bytes > 0 ? "\(kind) \(name) (\(bytes) bytes)" : "\(kind) \(name)" }
}

/// Every GL object a device made and nobody released yet, by kind and name: what
/// `GLDevice.release()` frees and reports, and what `liveObjects` counts.
struct GPUObjectRegistry {
    private struct Key: Hashable {
        let kind: GPUObjectKind
        let name: UInt32
    }

    private var objects: [Key: LiveGPUObject] = [:]

    var count: Int { objects.count }
    var all: [LiveGPUObject] { objects.values.sorted { ($0.kind.rawValue, $0.name) < ($1.kind.rawValue, $1.name) } }

    mutating func insert<Kind>(_ name: GLName<Kind>, bytes: Int) {
        let key = Key(kind: Kind.kind, name: name.rawValue)
        objects[key] = LiveGPUObject(kind: Kind.kind, name: name.rawValue, bytes: bytes)
    }

    /// Forgets an object; returns it if it was live (a second release finds nothing).
    mutating func remove<Kind>(_ name: GLName<Kind>) -> LiveGPUObject? {
        objects.removeValue(forKey: Key(kind: Kind.kind, name: name.rawValue))
    }

    mutating func removeAll() -> [LiveGPUObject] {
        let left = all
        objects.removeAll()
        return left
    }

    /// Deletes an object with the GL call of its kind (the device's context must be current).
    static func delete(_ object: LiveGPUObject) {
        let name = object.name
        switch object.kind {
        case .texture: GL.deleteTexture(TextureName(rawValue: name))
        case .program: GL.deleteProgram(ProgramName(rawValue: name))
        case .shader: GL.deleteShader(ShaderName(rawValue: name))
        case .framebuffer: GL.deleteFramebuffer(FramebufferName(rawValue: name))
        case .renderbuffer: GL.deleteRenderbuffer(RenderbufferName(rawValue: name))
        case .sampler: GL.deleteSampler(SamplerName(rawValue: name))
        case .vertexArray: GL.deleteVertexArray(VertexArrayName(rawValue: name))
        }
    }
}

/// What `GLDevice.release()` found: objects still alive (freed by it now), or a context it could
/// not make current (nothing could be freed).
public struct GLDeviceReleaseReport: Sendable {
    /// Objects made through the device whose owners never released them. The device deleted them.
    public let leaked: [LiveGPUObject]
    /// Set when the device's context could not be made current: no GL object was deleted.
    public let contextError: GLError?

    public var isClean: Bool { leaked.isEmpty && contextError == nil }
}

let glLogger = Logger(label: "segue.gl")

extension GL {
    /// Whether `name` names a live object of its kind in the current context (glIsTexture and
    /// its kin): leak and release checks.
    public static func exists<Kind>(_ name: GLName<Kind>) -> Bool { exists(Kind.kind, rawName: name.rawValue) }

    /// Whether a listed object is still alive in the current context.
    public static func exists(_ object: LiveGPUObject) -> Bool { exists(object.kind, rawName: object.name) }

    static func exists(_ kind: GPUObjectKind, rawName name: UInt32) -> Bool {
        switch kind {
        case .texture: epoxy_glIsTexture(name) != 0
        case .program: epoxy_glIsProgram(name) != 0
        case .shader: epoxy_glIsShader(name) != 0
        case .framebuffer: epoxy_glIsFramebuffer(name) != 0
        case .renderbuffer: epoxy_glIsRenderbuffer(name) != 0
        case .sampler: epoxy_glIsSampler(name) != 0
        case .vertexArray: epoxy_glIsVertexArray(name) != 0
        }
    }
}
