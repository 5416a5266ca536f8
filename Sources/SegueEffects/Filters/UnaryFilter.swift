/// A filter of one input whose code is fixed by a kind. Subclass it for filters of your own:
/// give the kind, add typed parameters and override `writeUniforms`.
open class UnaryFilter: Filter {
    public let kind: FilterKind
    public let input: any EffectNode
    public var inputs: [any EffectNode] { [input] }

    public init(kind: FilterKind, input: any EffectNode) {
        self.kind = kind
        self.input = input
    }

    /// Writes nothing: for kinds without uniforms.
    open func writeUniforms(_ writer: inout UniformWriter, frame: FrameInfo) {}
}

/// A filter of one input with one float parameter, written to the kind's one uniform each
/// frame (through `uniformValue(frame:)`, which subclasses override to clamp or convert it).
/// Subclasses expose the parameter under its own name (`Brightness.brightness`).
open class ScalarFilter: UnaryFilter {
    public var parameter: Float

    public init(kind: FilterKind, input: any EffectNode, parameter: Float) {
        self.parameter = parameter
        super.init(kind: kind, input: input)
    }

    open func uniformValue(frame: FrameInfo) -> Float { parameter }

    open override func writeUniforms(_ writer: inout UniformWriter, frame: FrameInfo) {
        writer.float(uniformValue(frame: frame))
    }
}
