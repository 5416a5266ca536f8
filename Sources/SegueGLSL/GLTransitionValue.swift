// Parameter types and values of the gl-transitions format, and the small literal language that
// defaults (`// = vec2(0.5)`) and command-line values (`0.5,0.5`) are written in. GL-free.

/// The GLSL type of a transition parameter (a `uniform` the file declares).
public enum GLTransitionValueType: String, Sendable, CaseIterable {
    case float, int, bool, vec2, vec3, vec4, ivec2, ivec3, ivec4, bvec2, bvec3, bvec4, mat2, mat3, mat4, sampler2D

    /// How many scalars a value of this type holds (a `matN` holds N×N); 0 for `sampler2D`.
    public var componentCount: Int {
        switch self {
        case .float, .int, .bool: 1
        case .vec2, .ivec2, .bvec2: 2
        case .vec3, .ivec3, .bvec3: 3
        case .vec4, .ivec4, .bvec4, .mat2: 4
        case .mat3: 9
        case .mat4: 16
        case .sampler2D: 0
        }
    }

    enum ScalarKind: Sendable { case float, int, bool, texture }

    var scalarKind: ScalarKind {
        switch self {
        case .float, .vec2, .vec3, .vec4, .mat2, .mat3, .mat4: .float
        case .int, .ivec2, .ivec3, .ivec4: .int
        case .bool, .bvec2, .bvec3, .bvec4: .bool
        case .sampler2D: .texture
        }
    }

    var isMatrix: Bool { self == .mat2 || self == .mat3 || self == .mat4 }

    /// N for `matN`, 0 otherwise.
    var matrixSize: Int {
        switch self {
        case .mat2: 2
        case .mat3: 3
        case .mat4: 4
        default: 0
        }
    }

    /// The value a parameter without a default gets: all zeros / false, or no texture.
    var zeroValue: GLTransitionValue {
        switch scalarKind {
        case .float: .floats(Array(repeating: 0, count: componentCount))
        case .int: .ints(Array(repeating: 0, count: componentCount))
        case .bool: .bools(Array(repeating: false, count: componentCount))
        case .texture: .texture("")
        }
    }
}

/// A parameter value, flattened to its scalars (matrices column by column, as GLSL lists them).
public enum GLTransitionValue: Sendable, Equatable {
    case floats([Float])
    case ints([Int32])
    case bools([Bool])
    /// A path or name of the texture bound to a `sampler2D` parameter; empty when none is given yet.
    case texture(String)
}

extension GLTransitionValue: CustomStringConvertible {
    /// GLSL-like text: `50`, `0.5`, `vec2(0.5, 0.5)`, `true`, `bvec2(true, false)`, `mat3(...)`.
    /// Four floats print as `vec4(...)`: the value alone cannot tell a `vec4` from a `mat2`.
    public var description: String {
        switch self {
        case .floats(let values):
            let prefix = switch values.count {
            case 9: "mat3"
            case 16: "mat4"
            default: "vec\(values.count)"
            }
            return Self.join(values.map(Self.glslFloat), constructor: prefix)
        case .ints(let values):
            return Self.join(values.map { String($0) }, constructor: "ivec\(values.count)")
        case .bools(let values):
            return Self.join(values.map { String($0) }, constructor: "bvec\(values.count)")
        case .texture(let name):
            return name
        }
    }

    private static func join(_ parts: [String], constructor: String) -> String {
        parts.count == 1 ? parts[0] : "\(constructor)(\(parts.joined(separator: ", ")))"
    }

    /// Swift prints floats as `0.5`, `1.0`, `1e-05`: all valid GLSL float literals.
    private static func glslFloat(_ value: Float) -> String { value.description }
}
