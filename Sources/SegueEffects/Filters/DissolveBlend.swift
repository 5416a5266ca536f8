import SegueShaders

/// GPUImage's dissolve blend: `overlay` mixed over `base` by `mix`.
public final class DissolveBlend: Filter {
    public static let kind = FilterKind(
        name: "dissolve", footprint: .perPixel, functions: ShaderLibrary.dissolve,
        uniforms: [UniformDeclaration("mixturePercent", .float)]
    ) { px, inputs, uniforms in "segue_dissolve(\(inputs[0])(\(px)), \(inputs[1])(\(px)), \(uniforms[0]))" }
    public var kind: FilterKind { Self.kind }

    public let base: any EffectNode
    public let overlay: any EffectNode
    /// 0 shows `base`, 1 shows `overlay`; values outside are clamped.
    public var mix: Float

    public init(base: any EffectNode, overlay: any EffectNode, mix: Float = 0.5) {
        self.base = base
        self.overlay = overlay
        self.mix = mix
    }

    public var inputs: [any EffectNode] { [base, overlay] }

    public func writeUniforms(_ writer: inout UniformWriter, frame: FrameInfo) {
        writer.float(min(max(mix, 0), 1))
    }
}
