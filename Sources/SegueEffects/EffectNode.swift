import SegueGL

/// A node of an effect graph: an image source or a filter. Graphs are declared by
/// constructing filters with their inputs; the topology is fixed once built (parameters are
/// not), so a compiled graph stays valid while parameters change every frame.
public protocol EffectNode: AnyObject {}

/// An image on the GPU feeding a graph. The texture may be swapped between frames (same
/// structure, no recompile); the caller owns it.
///
/// A texture of another size than the target is fitted to it by `resize` (stretch unless set)
/// and sampled bilinearly, clamped to its edge (gl-transitions' sampling), whatever the texture's
/// own filter; a texture of the target's size is read texel for texel, exactly.
public final class ImageSource: EffectNode {
    public var texture: Texture
    public var resize: ResizeMode
    public init(_ texture: Texture, resize: ResizeMode) {
        self.texture = texture
        self.resize = resize
    }
    public convenience init(_ texture: Texture) { self.init(texture, resize: .stretch) }
}

/// How a filter reads its inputs, which decides whether it can be fused into one shader.
public enum FilterFootprint: Sendable {
    /// Reads each input once, at the pixel being shaded or at one position it computes from
    /// it (a cell centre, a displaced point). Such filters fuse: the input's code is called
    /// inline instead of being rendered to a texture first.
    case perPixel
    /// Reads several input positions (blurs, edges): its inputs are rendered to textures in
    /// their own passes, so upstream work is not repeated per tap.
    case neighbourhood
}

/// The GLSL type of a filter parameter.
public enum UniformType: String, Sendable {
    case float, vec2, vec3, vec4, int
}

/// One parameter of a filter as the shader sees it.
public struct UniformDeclaration: Sendable {
    public let name: String
    public let type: UniformType
    public init(_ name: String, _ type: UniformType) {
        self.name = name
        self.type = type
    }
}

/// What a filter knows about the frame it is shaded into.
public struct FrameInfo: Sendable {
    public let width: Int
    public let height: Int
}

/// What a kind of filter contributes to a generated shader: its name, how it reads its inputs,
/// the GLSL functions it calls, its parameters and the expression that computes its colour.
/// Code is generated from kinds alone (never from parameter values), so filters of equal kinds
/// in equal shapes share one compiled program.
public struct FilterKind: Sendable {
    /// A stable name, used in generated code, pass structures and diagnostics (`blend.multiply`).
    public let name: String
    public let footprint: FilterFootprint
    /// GLSL function definitions the expression calls (from `ShaderLibrary`). Equal texts are
    /// included once per program.
    public let functions: String
    /// Parameters in the order `Filter.writeUniforms` writes them.
    public let uniforms: [UniformDeclaration]
    private let makeBody: @Sendable (_ px: String, _ inputs: [String], _ uniforms: [String]) -> String

    /// A kind whose colour is one GLSL expression. `expression(px, inputs, uniforms)` returns
    /// the filter's colour at pixel position `px` (a vec2 expression); `inputs[i]` names a
    /// function `vec4 f(vec2 px)` giving input i at any position, `uniforms[i]` the uniform of
    /// `uniforms[i]`.
    public init(
        name: String, footprint: FilterFootprint, functions: String, uniforms: [UniformDeclaration],
        expression: @escaping @Sendable (_ px: String, _ inputs: [String], _ uniforms: [String]) -> String
    ) {
        self.init(name: name, footprint: footprint, functions: functions, uniforms: uniforms, makeBody: { px, inputs, uniforms in
            "return \(expression(px, inputs, uniforms));"
        })
    }

    private init(
        name: String, footprint: FilterFootprint, functions: String, uniforms: [UniformDeclaration],
        makeBody: @escaping @Sendable (_ px: String, _ inputs: [String], _ uniforms: [String]) -> String
    ) {
        self.name = name
        self.footprint = footprint
        self.functions = functions
        self.uniforms = uniforms
        self.makeBody = makeBody
    }

    /// A kind whose colour needs statements (a loop over taps, say): `body` returns the body of
    /// `vec4 f(vec2 px)`, ending in a `return`, with the same names as `expression`.
    public static func statements(
        name: String, footprint: FilterFootprint, functions: String, uniforms: [UniformDeclaration],
        body: @escaping @Sendable (_ px: String, _ inputs: [String], _ uniforms: [String]) -> String
    ) -> FilterKind {
        FilterKind(name: name, footprint: footprint, functions: functions, uniforms: uniforms, makeBody: body)
    }

    /// A per-pixel colour function of one input: `function(input(px), uniforms…)`.
    public static func colorFunction(
        _ name: String, functions: String, function: String, uniforms: [UniformDeclaration] = []
    ) -> FilterKind {
        FilterKind(name: name, footprint: .perPixel, functions: functions, uniforms: uniforms, expression: { px, inputs, uniforms in
            "\(function)(\(([inputs[0] + "(" + px + ")"] + uniforms).joined(separator: ", ")))"
        })
    }

    /// The body of the node's function `vec4 f(vec2 px)`.
    func functionBody(px: String, inputs: [String], uniforms: [String]) -> String {
        makeBody(px, inputs, uniforms)
    }
}

/// A filter with typed Swift parameters. Its kind describes its shader code (fixed for the
/// filter's life); it writes its current parameter values each frame through a `UniformWriter`.
public protocol Filter: EffectNode {
    var kind: FilterKind { get }
    /// The inputs, in order. Read when the graph is compiled, not per frame.
    var inputs: [any EffectNode] { get }
    /// Writes the current parameters in `kind.uniforms` order. Called every frame: must not
    /// allocate.
    func writeUniforms(_ writer: inout UniformWriter, frame: FrameInfo)
}

/// Writes a filter's parameters straight to the uniform locations resolved when the graph was
/// compiled: no lookups by name and no allocation per frame.
public struct UniformWriter {
    private let locations: UnsafeBufferPointer<Int32>
    private var index: Int

    init(locations: UnsafeBufferPointer<Int32>, start: Int) {
        self.locations = locations
        self.index = start
    }

    private mutating func next() -> Int32 {
        defer { index += 1 }
        return locations[index]
    }

    public mutating func float(_ value: Float) { GL.uniform1f(next(), value) }
    public mutating func vec2(_ value: SIMD2<Float>) { GL.uniform2f(next(), value.x, value.y) }
    public mutating func vec3(_ value: SIMD3<Float>) { GL.uniform3f(next(), value.x, value.y, value.z) }
    public mutating func vec4(_ value: SIMD4<Float>) { GL.uniform4f(next(), value.x, value.y, value.z, value.w) }
    public mutating func int(_ value: Int32) { GL.uniform1i(next(), value) }
}
