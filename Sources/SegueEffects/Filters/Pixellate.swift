import SegueShaders

/// GPUImage's pixellate filter: the picture is cut into square cells and each cell shows the
/// input at its centre.
public final class Pixellate: ScalarFilter {
    // Reads its input once per pixel (at the cell centre), so it fuses.
    public static let kind = FilterKind(
        name: "pixellate", footprint: .perPixel, functions: ShaderLibrary.pixellate,
        uniforms: [UniformDeclaration("cellSize", .float)]
    ) { px, inputs, uniforms in "\(inputs[0])(segue_pixellate(\(px), \(uniforms[0])))" }

    /// Cell width as a fraction of the frame width (GPUImage's `fractionalWidthOfAPixel`).
    /// Cells are square in pixels. 0 (or less) passes the input through unchanged.
    public var fractionalWidthOfAPixel: Float { get { parameter } set { parameter = newValue } }

    public init(input: any EffectNode, fractionalWidthOfAPixel: Float = 0.05) {
        super.init(kind: Self.kind, input: input, parameter: fractionalWidthOfAPixel)
    }

    /// The cell width in pixels for a frame `width` pixels wide (what the shader receives).
    public static func cellSize(fractionalWidthOfAPixel: Float, frameWidth: Int) -> Float {
        max(0, fractionalWidthOfAPixel) * Float(frameWidth)
    }

    public override func uniformValue(frame: FrameInfo) -> Float {
        Self.cellSize(fractionalWidthOfAPixel: fractionalWidthOfAPixel, frameWidth: frame.width)
    }
}
