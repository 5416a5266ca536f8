import SegueGL

/// A node of an effect graph: an image source or a filter. Graphs are declared by
/// constructing filters with their inputs; the topology is fixed once built (parameters are
/// not), so a compiled graph stays valid while parameters change every frame.
public protocol EffectNode: AnyObject {}

/// An image on the GPU feeding a graph. The texture may be swapped between frames (same
/// structure, no recompile); the caller owns it.
public final class ImageSource: EffectNode {
    public var texture: Texture
    public init(_ texture: Texture) { self.texture = texture }
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

/// A filter with typed Swift parameters. It describes its shader code once (static) and
/// writes its current parameter values each frame through a `UniformWriter`.
public protocol Filter: EffectNode {
    /// A stable name of the kind, used in generated code and diagnostics.
    static var kindName: String { get }
    static var footprint: FilterFootprint { get }
    /// GLSL function definitions the expression calls (from `ShaderLibrary`).
    static var glslFunctions: String { get }
    /// Parameters in the order `writeUniforms` writes them.
    static var uniforms: [UniformDeclaration] { get }
    /// A GLSL expression for this filter's colour at pixel position `px` (a vec2 expression).
    /// `inputs[i]` names a function `vec4 f(vec2 px)` giving input i at any position;
    /// `uniforms[i]` names the uniform of `Self.uniforms[i]`.
    static func glslExpression(px: String, inputs: [String], uniforms: [String]) -> String

    /// The inputs, in order. Read when the graph is compiled, not per frame.
    var inputs: [any EffectNode] { get }
    /// Writes the current parameters in `Self.uniforms` order. Called every frame: must not
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
