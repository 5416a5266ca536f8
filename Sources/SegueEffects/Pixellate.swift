import SegueShaders

/// GPUImage's pixellate filter: the picture is cut into square cells and each cell shows the
/// input at its centre.
public final class Pixellate: Filter {
    public static let kindName = "pixellate"
    // Reads its input once per pixel (at the cell centre), so it fuses.
    public static let footprint = FilterFootprint.perPixel
    public static var glslFunctions: String { ShaderLibrary.pixellate }
    public static let uniforms = [UniformDeclaration("cellSize", .float)]

    public let input: any EffectNode
    /// Cell width as a fraction of the frame width (GPUImage's `fractionalWidthOfAPixel`).
    /// Cells are square in pixels. 0 (or less) passes the input through unchanged.
    public var fractionalWidthOfAPixel: Float

    public init(input: any EffectNode, fractionalWidthOfAPixel: Float = 0.05) {
        self.input = input
        self.fractionalWidthOfAPixel = fractionalWidthOfAPixel
    }

    public var inputs: [any EffectNode] { [input] }

    /// The cell width in pixels for a frame `width` pixels wide (what the shader receives).
    public static func cellSize(fractionalWidthOfAPixel: Float, frameWidth: Int) -> Float {
        max(0, fractionalWidthOfAPixel) * Float(frameWidth)
    }

    public static func glslExpression(px: String, inputs: [String], uniforms: [String]) -> String {
        "\(inputs[0])(segue_pixellate(\(px), \(uniforms[0])))"
    }

    public func writeUniforms(_ writer: inout UniformWriter, frame: FrameInfo) {
        writer.float(Self.cellSize(fractionalWidthOfAPixel: fractionalWidthOfAPixel, frameWidth: frame.width))
    }
}
